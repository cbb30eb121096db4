//! Railroad diagrams (SVG) of the productions of a grammar read by `tests/ebnf/`, drawn with the
//! `railroad` crate. Shared by `examples/railroad.rs` (which writes them to `grammar/railroad/`)
//! and `tests/railroad.rs` (which checks that the committed files are up to date).

use railroad::{
    Choice, Diagram, End, Node, NonTerminal, Optional, Repeat, Sequence, SimpleStart, Start,
    Stylesheet, Terminal,
};

use super::{Expr, Grammar};

fn node(expr: &Expr) -> Box<dyn Node> {
    match expr {
        Expr::Literal(text) => Box::new(Terminal::new(text.clone())),
        Expr::Class(_) => Box::new(Terminal::new(expr.to_ebnf())),
        Expr::Ref(name) => Box::new(NonTerminal::new(name.clone())),
        Expr::Seq(items) => Box::new(Sequence::new(items.iter().map(node).collect())),
        Expr::Alt(items) => Box::new(Choice::new(items.iter().map(node).collect())),
        Expr::Opt(inner) => Box::new(Optional::new(node(inner))),
        Expr::Star(inner) => Box::new(Optional::new(Repeat::new(node(inner), railroad::Empty))),
        Expr::Plus(inner) => Box::new(Repeat::new(node(inner), railroad::Empty)),
    }
}

/// `(production name, SVG)` for every production, in file order.
pub fn diagrams(grammar: &Grammar) -> Vec<(String, String)> {
    grammar
        .productions
        .iter()
        .map(|production| {
            let start: Box<dyn Node> =
                if production.name == "fen" || production.name == "lenient_fen" {
                    Box::new(Start)
                } else {
                    Box::new(SimpleStart)
                };
            let body = Sequence::new(vec![start, node(&production.expr), Box::new(End)]);
            let diagram = Diagram::new_with_stylesheet(body, &Stylesheet::Light);
            (production.name.clone(), format!("{diagram}\n"))
        })
        .collect()
}
