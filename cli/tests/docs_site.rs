//! The documentation that is read most stays true: the site's rules index lists exactly the
//! registry, every rule has its page, the README's sample report is what the command prints, and
//! the README's links into the repository resolve.

mod common;

use std::path::{Path, PathBuf};

use fenlint::Code;

/// The top of the repository.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The rules index lists every code of the registry, in registry order, with its severity
/// (and whether it is reported once per file or off by default), its summary and its page.
#[test]
fn the_rules_index_is_the_registry() {
    let index = std::fs::read_to_string(root().join("docs/src/rules/index.md")).unwrap();
    let rows: Vec<&str> = index
        .lines()
        .filter(|line| line.starts_with("| [`"))
        .collect();
    let expected: Vec<String> = Code::ALL
        .iter()
        .map(|code| {
            let page = code.name().replace("::", ".");
            let mut severity = code.default_severity().to_string();
            if code.once_per_file() {
                severity.push_str(", once per file");
            }
            if !code.is_on_by_default() {
                severity.push_str(", off by default");
            }
            format!(
                "| [`{}`]({page}.md) | {severity} | {} |",
                code.name(),
                code.summary()
            )
        })
        .collect();
    assert_eq!(rows, expected);
    for code in Code::ALL {
        let page = root().join(format!(
            "docs/src/rules/{}.md",
            code.name().replace("::", ".")
        ));
        let text = std::fs::read_to_string(&page)
            .unwrap_or_else(|error| panic!("{}: {error}", page.display()));
        assert!(
            text.contains(&format!("# `{}`", code.name())),
            "{}",
            page.display()
        );
        assert!(text.contains("## Allowing it"), "{}", page.display());
    }
}

/// The README's sample report is the command's output for the command it shows.
#[test]
fn the_readme_sample_is_what_the_command_prints() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("```text\n$ fenlint check --fen '")
        .expect("the README shows a report");
    let block = &readme[start + "```text\n".len()..];
    let block = &block[..block.find("```").unwrap()];
    let (command, output) = block.split_once('\n').unwrap();
    let fen = command
        .strip_prefix("$ fenlint check --fen '")
        .and_then(|rest| rest.strip_suffix('\''))
        .unwrap();
    let run = common::fenlint_in(&root(), &["check", "--fen", fen], None);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, output);
    // The picture beside it is of the same position.
    let picture =
        std::fs::read_to_string(root().join("docs/src/generated/check-opposite.svg")).unwrap();
    assert!(picture.contains(&format!("<title>{fen}</title>")));
}

/// Every relative link of the README names a file or folder of the repository.
#[test]
fn the_readme_links_resolve() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut links = 0;
    for (at, _) in readme.match_indices("](") {
        let target = &readme[at + 2..];
        let target = &target[..target.find(')').unwrap()];
        if target.contains("://") {
            continue;
        }
        let path = target.split('#').next().unwrap();
        assert!(
            root().join(path).exists(),
            "README links to {target}, which does not exist"
        );
        links += 1;
    }
    assert!(links > 10, "{links} links");
}
