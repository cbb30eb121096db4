//! Reading the conformance vectors of `grammar/conformance/`, shared by the tests that run
//! them, and by the example that writes them (`examples/conformance.rs`).
#![allow(dead_code)]

/// The escapes of the vector files: `\t`, `\n`, `\r`, `\\` and `\u{…}`.
pub fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(
                    u32::from_str_radix(&code, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap(),
                );
            }
            other => panic!("bad escape \\{other:?} in {text:?}"),
        }
    }
    out
}

/// The dialect column of `valid.tsv`: `castling=…`, `holdings=…`, `checks=…` and `promoted`,
/// those the FEN shows, joined by `,`; `-` when it shows none.
pub fn dialect_column(dialect: &fenlint::syntax::Dialect) -> String {
    let name = |value: &dyn std::fmt::Debug| format!("{value:?}").to_lowercase();
    let mut parts = Vec::new();
    if let Some(castling) = dialect.castling {
        parts.push(format!("castling={}", name(&castling)));
    }
    if let Some(holdings) = dialect.holdings {
        parts.push(format!("holdings={}", name(&holdings)));
    }
    if let Some(checks) = dialect.checks {
        parts.push(format!("checks={}", name(&checks)));
    }
    if dialect.promoted_markers {
        parts.push("promoted".to_owned());
    }
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(",")
    }
}
