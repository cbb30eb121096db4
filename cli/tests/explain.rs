//! `fenlint explain CODE` prints the code's section of `grammar/README.md`, word for word, and
//! the address of that section, for every code.

use assert_cmd::Command;

/// The text of `code`'s section of the grammar reference, below its heading.
fn section<'a>(readme: &'a str, code: &str) -> &'a str {
    let heading = format!("\n#### `{code}`\n\n");
    let (_, after) = readme
        .split_once(&heading)
        .unwrap_or_else(|| panic!("grammar/README.md has no section for {code}"));
    let end = ["\n#### ", "\n### ", "\n<!--"]
        .iter()
        .filter_map(|marker| after.find(marker))
        .min()
        .unwrap_or(after.len());
    after[..end].trim_end()
}

#[test]
fn explain_prints_the_section_of_the_grammar_reference() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar/README.md"),
    )
    .unwrap();
    for code in fenlint::Code::ALL {
        let output = Command::cargo_bin("fenlint")
            .unwrap()
            .args(["explain", code.name()])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert!(output.status.success(), "{code}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let expected = format!(
            "{}\n\n{}\n\n{}\n",
            code.name(),
            section(&readme, code.name()),
            code.url()
        );
        assert_eq!(stdout, expected, "{code}");
    }
}
