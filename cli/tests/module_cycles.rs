//! The command's modules depend on each other one way: no module names an item of a module
//! that, directly or through others, names one of its own.
//!
//! A module is a file of `cli/src`; module A depends on module B when A names something through
//! B's path (`crate::b::x`, `super::x`, a child's `b::x`, or `b` in a `use` group such as
//! `use crate::{b, c}`). Code under `#[cfg(test)]` is left out, as `cargo modules dependencies`
//! leaves it out by default.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `[]` for `main.rs`, `["output", "json"]` for
/// `output/json.rs`.
type Module = Vec<String>;

/// The modules of the crate whose sources are `files` (a path under `src` and its text), each
/// with the modules it depends on.
fn dependencies(files: &[(PathBuf, String)]) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules: BTreeMap<Module, &str> = files
        .iter()
        .map(|(path, text)| (module_of(path), text.as_str()))
        .collect();
    let mut graph = BTreeMap::new();
    for (module, text) in &modules {
        let text = without_tests(text);
        let mut named = BTreeSet::new();
        for path in paths(&text) {
            if let Some(target) = resolve(module, &path, &modules)
                && &target != module
            {
                named.insert(target);
            }
        }
        graph.insert(module.clone(), named);
    }
    graph
}

fn module_of(path: &Path) -> Module {
    let mut parts: Module = path
        .with_extension("")
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|last| last == "mod" || last == "main")
    {
        parts.pop();
    }
    parts
}

/// `text` without its `#[cfg(test)]` items (a module, or the one item that follows).
fn without_tests(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        if line.trim() != "#[cfg(test)]" {
            // Comments name no item (a doc link may name a module without using it).
            kept.push(line.split("//").next().unwrap_or_default());
            at += 1;
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let closing = format!("{indent}}}");
        at += 1;
        if lines
            .get(at)
            .is_some_and(|item| item.trim_end().ends_with(';'))
        {
            at += 1;
            continue;
        }
        while at < lines.len() && lines[at] != closing {
            at += 1;
        }
        at += 1;
    }
    kept.join("\n")
}

/// Every path of two segments or more in `text` (`a::b::c`), and each path a `use` group
/// makes (`use crate::{a, b::c}` gives `crate::a` and `crate::b::c`).
fn paths(text: &str) -> Vec<Vec<String>> {
    let bytes = text.as_bytes();
    let is_ident = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if !is_ident(bytes[at]) || (at > 0 && is_ident(bytes[at - 1])) {
            at += 1;
            continue;
        }
        let mut segments = Vec::new();
        let mut end = at;
        loop {
            let start = end;
            while end < bytes.len() && is_ident(bytes[end]) {
                end += 1;
            }
            segments.push(text[start..end].to_owned());
            if text[end..].starts_with("::{") {
                let group = &text[end + 3..end + 3 + group_len(&text[end + 3..])];
                for item in paths_of_group(group) {
                    found.push([segments.clone(), item].concat());
                }
                break;
            }
            if !text[end..].starts_with("::") || !bytes.get(end + 2).copied().is_some_and(is_ident)
            {
                break;
            }
            end += 2;
        }
        if segments.len() > 1 {
            found.push(segments);
        }
        at = end.max(at + 1);
    }
    found
}

/// The length of a `use` group's inside, up to its closing brace.
fn group_len(text: &str) -> usize {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return at,
            '}' => depth -= 1,
            _ => {}
        }
    }
    text.len()
}

/// The paths of the items of a `use` group (`a, b::c, d::{e, f}, g as h`).
fn paths_of_group(group: &str) -> Vec<Vec<String>> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&group[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    let mut paths = Vec::new();
    for item in items {
        let item = item.split(" as ").next().unwrap_or_default().trim();
        if item.is_empty() {
            continue;
        }
        match item.split_once("::{") {
            Some((head, inner)) => {
                let head: Vec<String> = head.split("::").map(str::to_owned).collect();
                let inner = inner.strip_suffix('}').unwrap_or(inner);
                for tail in paths_of_group(inner) {
                    paths.push([head.clone(), tail].concat());
                }
            }
            None => paths.push(item.split("::").map(str::to_owned).collect()),
        }
    }
    paths
}

/// The module of the crate that `path`, written in `module`, goes through last (`None` for a
/// path into another crate).
fn resolve(module: &Module, path: &[String], modules: &BTreeMap<Module, &str>) -> Option<Module> {
    let (mut base, rest): (Module, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (module.clone(), &path[1..]),
        Some("super") => {
            let supers = path
                .iter()
                .take_while(|segment| *segment == "super")
                .count();
            let base = module[..module.len().saturating_sub(supers)].to_vec();
            (base, &path[supers..])
        }
        Some(first) => {
            // A child module of this one (the crate root's modules are named bare there).
            let child = [module.clone(), vec![first.to_owned()]].concat();
            if !modules.contains_key(&child) {
                return None;
            }
            (module.clone(), path)
        }
        None => return None,
    };
    for segment in rest {
        let deeper = [base.clone(), vec![segment.clone()]].concat();
        if !modules.contains_key(&deeper) {
            break;
        }
        base = deeper;
    }
    Some(base)
}

/// The cycles of `graph`: each strongly connected set of two modules or more (Tarjan).
fn cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'g Module, usize>,
        low: BTreeMap<&'g Module, usize>,
        stack: Vec<&'g Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, module: &'g Module) {
            let number = self.index.len();
            self.index.insert(module, number);
            self.low.insert(module, number);
            self.stack.push(module);
            for next in self.graph.get(module).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[module].min(self.low[next]);
                    self.low.insert(module, low);
                } else if self.stack.contains(&next) {
                    let low = self.low[module].min(self.index[next]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut set = Vec::new();
                while let Some(top) = self.stack.pop() {
                    set.push(top.clone());
                    if top == module {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for module in graph.keys() {
        if !walk.index.contains_key(module) {
            walk.visit(module);
        }
    }
    walk.found
}

/// The sources of `cli/src`, less the language server's test files (`#[cfg(test)] mod tests;`).
fn sources() -> Vec<(PathBuf, String)> {
    sources_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The sources of the library, `src` at the top of the repository.
fn library_sources() -> Vec<(PathBuf, String)> {
    sources_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../src"))
}

/// The `.rs` files under `root` (less folders and files named `tests`), by path from `root`.
fn sources_under(root: &Path) -> Vec<(PathBuf, String)> {
    let root = root.to_path_buf();
    let mut found = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "tests" {
                    folders.push(path);
                }
            } else if name.ends_with(".rs") && name != "tests.rs" {
                let text = std::fs::read_to_string(&path).unwrap();
                found.push((path.strip_prefix(&root).unwrap().to_path_buf(), text));
            }
        }
    }
    found
}

/// The cycles of `graph`, each as the names of its modules.
fn named_cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    cycles(graph)
        .iter()
        .map(|cycle| cycle.iter().map(name).collect())
        .collect()
}

fn name(module: &Module) -> String {
    ["crate"]
        .into_iter()
        .chain(module.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

#[test]
fn the_commands_modules_have_no_import_cycle() {
    let graph = dependencies(&sources());
    assert!(graph.len() > 20, "{:?}", graph.keys().collect::<Vec<_>>());
    // The walk sees the dependencies it should: the output reads findings, checks read lines.
    let depends = |from: &[&str], on: &[&str]| {
        let key: Module = from.iter().map(|s| s.to_string()).collect();
        let target: Module = on.iter().map(|s| s.to_string()).collect();
        graph[&key].contains(&target)
    };
    assert!(depends(&["output", "json"], &["finding"]));
    assert!(depends(&["lint"], &["lines"]));
    assert!(depends(&["command", "check"], &["command"]));
    let found = named_cycles(&graph);
    assert!(found.is_empty(), "import cycles: {found:?}");
}

/// The library's modules depend on each other one way too, but for one dependency against the
/// stages kept on purpose: the code registry (`diagnostics::code`) reads each rule's name,
/// severity and documentation from the rule's own file (`validate::rules::…`), so that a rule is
/// one file. Without the registry's edges into the rules, there is no cycle; with them, the
/// only cycles go through the registry.
#[test]
fn the_librarys_modules_have_no_import_cycle_but_through_the_code_registry() {
    let mut graph = dependencies(&library_sources());
    assert!(graph.len() > 40, "{:?}", graph.keys().collect::<Vec<_>>());
    let registry: Module = vec!["diagnostics".into(), "code".into()];
    let into_rules =
        |target: &Module| target.starts_with(&["validate".to_string(), "rules".to_string()]);
    assert!(
        graph[&registry].iter().any(into_rules),
        "the registry reads the rules' declarations"
    );
    let with_registry = named_cycles(&graph);
    for cycle in &with_registry {
        assert!(
            cycle
                .iter()
                .any(|module| module == "crate::diagnostics::code"),
            "a cycle not through the registry: {cycle:?}"
        );
    }
    if let Some(edges) = graph.get_mut(&registry) {
        edges.retain(|target| !into_rules(target));
    }
    let found = named_cycles(&graph);
    assert!(found.is_empty(), "import cycles: {found:?}");
}

/// The walk finds a cycle through a `use` group, through `super`, and through a bare child,
/// and leaves out what tests and comments name.
#[test]
fn cycles_are_found_through_every_kind_of_path() {
    let crate_of = |files: &[(&str, &str)]| {
        let files: Vec<(PathBuf, String)> = files
            .iter()
            .map(|(path, text)| (PathBuf::from(path), text.to_string()))
            .collect();
        cycles(&dependencies(&files))
            .iter()
            .map(|cycle| cycle.iter().map(name).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    };
    let found = crate_of(&[
        ("main.rs", "mod a;\nmod b;\nuse crate::{a::One, b};\n"),
        ("a.rs", "pub fn one() { crate::b::two() }\n"),
        ("b.rs", "use crate::{c, a::{self, One}};\n"),
        ("c.rs", "// crate::b::two\n"),
    ]);
    assert_eq!(found, [vec!["crate::a", "crate::b"]]);
    let found = crate_of(&[
        ("main.rs", "mod d;\n"),
        ("d/mod.rs", "mod e;\npub const X: u8 = e::Y;\n"),
        ("d/e.rs", "pub const Y: u8 = super::X;\n"),
    ]);
    assert_eq!(found, [vec!["crate::d", "crate::d::e"]]);
    let found = crate_of(&[
        ("main.rs", "mod f;\nmod g;\n"),
        ("f.rs", "use crate::g::x;\n"),
        (
            "g.rs",
            "pub fn x() {}\n#[cfg(test)]\nmod tests {\n    use crate::f;\n}\n",
        ),
    ]);
    assert!(found.is_empty(), "{found:?}");
}
