//! Writes a railroad diagram (SVG) of every production of `grammar/fen.ebnf` to
//! `grammar/railroad/<production>.svg`: `cargo run --example railroad`. `tests/railroad.rs`
//! checks that the committed diagrams are up to date.

#[path = "../tests/ebnf/mod.rs"]
mod ebnf;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("grammar/fen.ebnf")).expect("grammar/fen.ebnf");
    let grammar = ebnf::Grammar::parse(&text).expect("a readable grammar");
    let dir = root.join("grammar/railroad");
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("removing the old diagrams");
    }
    std::fs::create_dir_all(&dir).expect("grammar/railroad/");
    for (name, svg) in ebnf::diagram::diagrams(&grammar) {
        std::fs::write(dir.join(format!("{name}.svg")), svg).expect("writing a diagram");
    }
}
