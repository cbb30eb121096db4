//! `grammar/README.md` cannot go stale: its code section is generated from the registry (each
//! code's severity, documentation and examples; `FENLINT_BLESS=1 cargo test --test
//! grammar_readme` rewrites it), every code's url points at its section, every production of `grammar/fen.ebnf` is explained in it with its diagram,
//! and every code it names exists.

#[path = "ebnf/mod.rs"]
mod ebnf;

use std::path::Path;

const START: &str = "<!-- rules:start -->";
const END: &str = "<!-- rules:end -->";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The code section: one entry per code, from the registry ([`fenlint::Code::explanation`]):
/// the grammar's codes, the validator's rules, then the EPD and PGN readers' codes.
fn codes_section() -> String {
    type Member = fn(&fenlint::Code) -> bool;
    let groups: [(&str, Member); 3] = [
        ("The grammar's codes", |code| {
            !code.is_rule() && code.name().starts_with("fen::")
        }),
        ("The semantic rules", |code| code.is_rule()),
        ("The EPD and PGN readers' codes", |code| {
            !code.name().starts_with("fen::")
        }),
    ];
    let mut out = String::new();
    for (title, member) in groups {
        out.push_str(&format!("\n### {title}\n"));
        for code in fenlint::Code::ALL.iter().filter(|code| member(code)) {
            out.push_str(&format!(
                "\n#### `{}`\n\n{}",
                code.name(),
                code.explanation()
            ));
        }
    }
    out
}

/// The anchor rustdoc (and GitHub) give a heading: its text in lower case, spaces as `-`,
/// without what is not a letter, a digit, `_` or `-`.
fn heading_anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_code_has_a_section_its_url_points_at() {
    let text = std::fs::read_to_string(root().join("grammar/README.md")).unwrap();
    let headings: Vec<&str> = text
        .lines()
        .filter_map(|line| line.trim_start_matches('#').strip_prefix(' '))
        .collect();
    let base = format!(
        "https://docs.rs/fenlint/{}/fenlint/grammar/index.html#",
        env!("CARGO_PKG_VERSION")
    );
    for code in fenlint::Code::ALL {
        let heading = format!("`{}`", code.name());
        assert!(
            text.contains(&format!("\n#### {heading}\n")),
            "grammar/README.md has no section for {code}"
        );
        let anchor = heading_anchor(&heading);
        assert_eq!(code.url(), format!("{base}{anchor}"), "{code}");
        // The anchor is the heading's own: no other heading of the page derives the same one
        // (rustdoc would number the second).
        let same = headings
            .iter()
            .filter(|other| heading_anchor(other) == anchor)
            .count();
        assert_eq!(same, 1, "{code}: {same} headings give the anchor {anchor}");
    }
    // miette's url of a diagnostic is its code's address.
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 x - - 0 1");
    let diagnostic = &lint.diagnostics()[0];
    let url = miette::Diagnostic::url(diagnostic).map(|url| url.to_string());
    assert_eq!(url, Some(format!("{base}fenside_to_moveinvalid")));
}

#[test]
fn the_code_section_is_the_registry() {
    let path = root().join("grammar/README.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = text.split_once(START).expect("the rules:start marker");
    let (_, tail) = rest.split_once(END).expect("the rules:end marker");
    let expected = format!("{head}{START}\n{}\n{END}{tail}", codes_section());
    if std::env::var_os("FENLINT_BLESS").is_some() && text != expected {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    assert!(
        text == expected,
        "the code section of grammar/README.md is not the registry's: run `FENLINT_BLESS=1 cargo test --test grammar_readme`"
    );
}

#[test]
fn every_production_is_explained_with_its_diagram() {
    let text = std::fs::read_to_string(root().join("grammar/README.md")).unwrap();
    let grammar =
        ebnf::Grammar::parse(&std::fs::read_to_string(root().join("grammar/fen.ebnf")).unwrap())
            .unwrap();
    for production in &grammar.productions {
        let name = &production.name;
        // A family (`squares_1` … `squares_8`) is explained once, as `squares_N`.
        let family = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let explained = text.contains(&format!("`{name}`"))
            || (family != name && text.contains(&format!("`{family}N`")));
        assert!(explained, "grammar/README.md does not explain `{name}`");
        assert!(
            text.contains(&format!("railroad/{name}.svg")),
            "grammar/README.md does not link railroad/{name}.svg"
        );
    }
}

#[test]
fn every_code_the_readme_names_exists() {
    let text = std::fs::read_to_string(root().join("grammar/README.md")).unwrap();
    let mut count = 0;
    for prefix in ["`fen::", "`epd::", "`pgn::"] {
        for (at, _) in text.match_indices(prefix) {
            let code: String = text[at + 1..].chars().take_while(|&c| c != '`').collect();
            if code.matches("::").count() == 2 && !code.contains(' ') && !code.ends_with('*') {
                assert!(
                    fenlint::Code::from_name(&code).is_some(),
                    "grammar/README.md names unknown {code}"
                );
                count += 1;
            }
        }
    }
    assert!(count > 60, "{count}");
}
