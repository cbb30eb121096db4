//! The documentation that is read most stays true: the site's rules index lists exactly the
//! registry, every rule has its page, the README's sample report is what the command prints, the
//! README's commands and the flags it and the site's written pages name are the command's, and
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

/// The README's commands, as a shell would split them: every line of its code blocks that runs
/// the command (`fenlint …`, or `cargo run -- …` at the top of the repository), without the
/// comment after it, in words (a word in single quotes is one word).
fn readme_commands(readme: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut fenced = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            continue;
        }
        let Some(start) = line
            .find("fenlint ")
            .map(|at| at + "fenlint ".len())
            .or_else(|| {
                line.find("cargo run -- ")
                    .map(|at| at + "cargo run -- ".len())
            })
        else {
            continue;
        };
        let command = &line[start..];
        let command = command.split(" #").next().unwrap_or(command);
        let mut words = Vec::new();
        for (n, part) in command.split('\'').enumerate() {
            if n % 2 == 1 {
                words.push(part.to_owned());
            } else {
                words.extend(part.split_whitespace().map(str::to_owned));
            }
        }
        commands.push(words);
    }
    commands
}

/// Every command the README shows is one the command takes: its subcommand and flags parse
/// (`--help` after them prints the subcommand's help only when everything before it does). Every
/// flag the README and the site's written pages name in passing (`--diff`, `--no-config`) is a
/// flag of the command or of a subcommand.
#[test]
fn the_readme_commands_and_flags_exist() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands = readme_commands(&readme);
    assert!(commands.len() >= 6, "{commands:?}");
    for words in &commands {
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--help");
        let run = common::fenlint_in(&root(), &args, None);
        assert_eq!(run.code, 0, "fenlint {}: {}", words.join(" "), run.stderr);
    }
    let helps: String = [
        &["--help"][..],
        &["check", "--help"],
        &["fmt", "--help"],
        &["show", "--help"],
        &["explain", "--help"],
        &["lsp", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
    ]
    .iter()
    .map(|args| common::fenlint_in(&root(), args, None).stdout)
    .collect();
    // The site's written pages: those the docs generator does not write.
    let mut pages = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs/src")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "md")
            && path.file_name().is_some_and(|name| name != "SUMMARY.md")
        {
            pages.push(path);
        }
    }
    let mut flags = 0;
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for (at, _) in text.match_indices("`--") {
            let flag: String = text[at + 1..]
                .chars()
                .take_while(|&c| c == '-' || c.is_ascii_alphanumeric())
                .collect();
            // `--- a/PATH` is a diff's header, not a flag.
            if !flag[2..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                continue;
            }
            assert!(
                helps.contains(&format!("{flag} "))
                    || helps.contains(&format!("{flag}\n"))
                    || helps.contains(&format!("{flag}=")),
                "{} names `{flag}`, which the command does not have",
                page.display()
            );
            flags += 1;
        }
    }
    assert!(flags >= 20, "{flags} flags");
}
