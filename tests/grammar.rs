//! `grammar/fen.ebnf` is the source of truth: every production has a combinator of the same
//! name in `src/parse/` that quotes it in its doc comment, and every quoted production is in the
//! grammar.

use std::collections::BTreeMap;
use std::path::Path;

/// Collapses runs of whitespace, so that line breaks in doc comments do not matter.
fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `name ::= body` productions of the EBNF file; a production runs until a blank line or a
/// comment.
fn productions() -> BTreeMap<String, String> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/fen.ebnf"))
            .unwrap();
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    let mut in_comment = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if in_comment || trimmed.starts_with("/*") {
            in_comment = !trimmed.ends_with("*/");
            continue;
        }
        if trimmed.is_empty() {
            if let Some((name, body)) = current.take() {
                out.insert(name, normalise(&body));
            }
            continue;
        }
        if let Some((name, body)) = trimmed.split_once("::=") {
            if let Some((name, body)) = current.take() {
                out.insert(name, normalise(&body));
            }
            current = Some((
                name.trim().to_owned(),
                format!("{} ::= {}", name.trim(), body),
            ));
        } else if let Some((_, body)) = current.as_mut() {
            body.push(' ');
            body.push_str(trimmed);
        }
    }
    if let Some((name, body)) = current {
        out.insert(name, normalise(&body));
    }
    out
}

/// For every `fn name` in `src/parse/`, the doc comment right above it.
fn documented_functions() -> BTreeMap<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/parse");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut doc = String::new();
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some(comment) = trimmed.strip_prefix("///") {
                doc.push(' ');
                doc.push_str(comment);
            } else if let Some(pos) = trimmed.find("fn ") {
                let name: String = trimmed[pos + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.insert(name, normalise(&doc));
                doc.clear();
            } else if !trimmed.starts_with("#[") {
                doc.clear();
            }
        }
    }
    out
}

#[test]
fn every_production_has_a_combinator_that_quotes_it() {
    let productions = productions();
    assert!(
        productions.len() >= 20,
        "too few productions: {productions:?}"
    );
    let functions = documented_functions();
    for (name, production) in &productions {
        let doc = functions
            .get(name)
            .unwrap_or_else(|| panic!("no `fn {name}` in src/parse for production {name}"));
        assert!(
            doc.contains(&format!("`{production}`")),
            "the doc comment of `fn {name}` does not quote `{production}`: {doc}"
        );
    }
}

#[test]
fn every_quoted_production_is_in_the_grammar() {
    let productions = productions();
    for (name, doc) in documented_functions() {
        if doc.starts_with(&format!("`{name} ::=")) {
            assert!(
                productions.contains_key(&name),
                "`fn {name}` quotes a production that grammar/fen.ebnf does not have"
            );
        }
    }
}
