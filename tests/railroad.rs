//! The railroad diagrams in `grammar/railroad/` are those `cargo run --example railroad` draws
//! from `grammar/fen.ebnf` now: one per production, none left over.

#[path = "ebnf/mod.rs"]
mod ebnf;

#[test]
fn the_railroad_diagrams_are_up_to_date() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let grammar =
        ebnf::Grammar::parse(&std::fs::read_to_string(root.join("grammar/fen.ebnf")).unwrap())
            .unwrap();
    let diagrams = ebnf::diagram::diagrams(&grammar);
    assert_eq!(diagrams.len(), grammar.productions.len());
    let dir = root.join("grammar/railroad");
    for (name, svg) in &diagrams {
        let committed =
            std::fs::read_to_string(dir.join(format!("{name}.svg"))).unwrap_or_default();
        assert!(
            committed == *svg,
            "grammar/railroad/{name}.svg is out of date: run `cargo run --example railroad`"
        );
        assert!(svg.starts_with("<svg"), "{name}");
    }
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut expected: Vec<String> = diagrams
        .iter()
        .map(|(name, _)| format!("{name}.svg"))
        .collect();
    expected.sort();
    assert_eq!(
        files, expected,
        "grammar/railroad/ holds diagrams of productions that are gone"
    );
}
