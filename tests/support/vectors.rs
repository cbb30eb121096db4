//! Reading the conformance vectors of `grammar/conformance/`, shared by the tests that run
//! them.

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
