//! `grammar/README.md` cannot go stale: its rule section is generated from the registry (each
//! rule's code, severity and documentation; `FENLINT_BLESS=1 cargo test --test grammar_readme`
//! rewrites it), every production of `grammar/fen.ebnf` is explained in it with its diagram,
//! and every code it names exists.

#[path = "ebnf/mod.rs"]
mod ebnf;

use std::path::Path;

const START: &str = "<!-- rules:start -->";
const END: &str = "<!-- rules:end -->";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The rule section: one entry per validator rule, from the registry.
fn rules_section() -> String {
    let mut out = String::new();
    for code in fenlint::Code::ALL.iter().filter(|code| code.is_rule()) {
        let severity = match code.default_severity() {
            fenlint::Severity::Error => "error",
            fenlint::Severity::Warning => "warning",
            _ => "advice",
        };
        out.push_str(&format!(
            "\n#### `{}`\n\n*{severity}*: {}.\n",
            code.name(),
            code.summary()
        ));
        for line in code.docs().lines().skip(1) {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let line = line
                .replace("What:", "\n- **What it checks:**")
                .replace("Why:", "\n- **Why:**")
                .replace("Bad:", "\n- **Fails:**")
                .replace("Good:", "\n- **Fixed:**");
            if line.starts_with('\n') {
                out.push_str(&line);
            } else {
                out.push(' ');
                out.push_str(&line);
            }
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_rule_section_is_the_registry() {
    let path = root().join("grammar/README.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = text.split_once(START).expect("the rules:start marker");
    let (_, tail) = rest.split_once(END).expect("the rules:end marker");
    let expected = format!("{head}{START}\n{}\n{END}{tail}", rules_section());
    if std::env::var_os("FENLINT_BLESS").is_some() && text != expected {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    assert!(
        text == expected,
        "the rule section of grammar/README.md is not the registry's: run `FENLINT_BLESS=1 cargo test --test grammar_readme`"
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
