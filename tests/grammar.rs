//! `grammar/fen.ebnf` checked by behaviour, with a small EBNF interpreter (`tests/ebnf/`):
//!
//! 1. strings generated from the strict grammar parse with no diagnostic at all, with exactly
//!    the nodes the productions name, and have exactly one derivation;
//! 2. fenlint parses an input with no diagnostic exactly when the strict grammar accepts it, and
//!    with no error exactly when the lenient grammar accepts it, over the inputs of the other
//!    tests, the property tests' near-FENs and seeded mutations;
//! 3. every code the grammar's comments cite is in the registry, every function they name
//!    exists, and every production a doc comment in `src/parse/` quotes is quoted as the
//!    grammar has it.
//!
//! A change of either side alone fails (2); `a_changed_grammar_is_caught` shows it for a few
//! changes of the grammar.

#[path = "ebnf/mod.rs"]
mod ebnf;
#[path = "support/properties.rs"]
mod properties;
#[path = "support/vectors.rs"]
mod vectors;

use std::collections::BTreeSet;
use std::path::Path;

use ebnf::Grammar;
use vectors::unescape;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn grammar_text() -> String {
    std::fs::read_to_string(root().join("grammar/fen.ebnf")).unwrap()
}

fn grammar() -> Grammar {
    Grammar::parse(&grammar_text()).unwrap()
}

/// Every node of the parse of `input` whose kind is in `kinds`, as `(kind, start, end)`.
fn tree_nodes(input: &str, kinds: &BTreeSet<String>) -> Vec<(String, usize, usize)> {
    dump_nodes(&fenlint::parse(input).tree().dump(), kinds)
}

/// Every node of a tree dump whose kind is in `kinds`, as `(kind, start, end)`.
fn dump_nodes(dump: &str, kinds: &BTreeSet<String>) -> Vec<(String, usize, usize)> {
    let mut nodes = Vec::new();
    for line in dump.lines() {
        let line = line.trim_start();
        let Some((kind, rest)) = line.split_once('@') else {
            continue;
        };
        if !kinds.contains(kind) {
            continue;
        }
        let span = rest.split(' ').next().unwrap();
        let (start, end) = span.split_once("..").unwrap();
        nodes.push((
            kind.to_owned(),
            start.parse().unwrap(),
            end.parse().unwrap(),
        ));
    }
    nodes.sort();
    nodes
}

/// The kinds the strict productions name with `[node …]`, `[tokens …]` or `[runs …]`.
fn named_kinds(grammar: &Grammar) -> BTreeSet<String> {
    named_kinds_from(grammar, "fen")
}

/// The kinds the productions reachable from `start` name with `[node …]`, `[tokens …]` or
/// `[runs …]`.
fn named_kinds_from(grammar: &Grammar, start: &str) -> BTreeSet<String> {
    grammar
        .reachable(start)
        .iter()
        .map(|name| grammar.get(name).unwrap())
        .flat_map(|p| [p.node(), p.tokens(), p.runs()])
        .flatten()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_strict_and_lenient_grammars_are_separate_and_complete() {
    let grammar = grammar();
    // The strict language has three start symbols: a FEN, an EPD record and a FEN tag pair.
    let mut strict = grammar.reachable("fen");
    strict.extend(grammar.reachable("epd_record"));
    strict.extend(grammar.reachable("fen_tag_pair"));
    let mut lenient = grammar.reachable("lenient_fen");
    lenient.extend(grammar.reachable("lenient_epd_record"));
    lenient.extend(grammar.reachable("lenient_fen_tag_pair"));
    assert!(
        strict.iter().all(|name| !name.starts_with("lenient_")),
        "the strict grammar uses a lenient production: {strict:?}"
    );
    for production in &grammar.productions {
        assert!(
            strict.contains(&production.name) || lenient.contains(&production.name),
            "`{}` is used by none of `fen`, `epd_record`, `fen_tag_pair` and the lenient start symbols",
            production.name
        );
        if production.name.starts_with("lenient_") || !strict.contains(&production.name) {
            assert!(
                production.line > grammar.get("lenient_fen").unwrap().line - 1,
                "lenient production `{}` outside the LENIENT section",
                production.name
            );
        }
    }
    // Each lenient production names the warning (or advice) it draws, and never an error.
    for name in &lenient {
        if strict.contains(name) || name == "lenient_rank" || name.starts_with("lenient_squares_") {
            continue;
        }
        let production = grammar.get(name).unwrap();
        let codes = cited_codes(&production.comment);
        assert!(!codes.is_empty(), "`{name}` names no warning");
        for code in codes {
            let code = fenlint::Code::from_name(&code).unwrap();
            assert!(
                code.default_severity() < fenlint::Severity::Error,
                "`{name}` cites {code}, which is an error"
            );
        }
    }
}

/// (1) Generated strings parse with no diagnostic, with the nodes the productions name, and
/// have one derivation.
#[test]
fn generated_strings_parse_cleanly_with_the_nodes_the_productions_name() {
    let grammar = grammar();
    let kinds = named_kinds(&grammar);
    for kind in [
        "FEN",
        "PLACEMENT",
        "RANK",
        "PIECE",
        "SQUARES",
        "CASTLING_RIGHT",
        "NUMBER",
    ] {
        assert!(kinds.contains(kind), "no production names {kind}");
    }
    let mut rng = fastrand::Rng::with_seed(0x6e6f_6465);
    let mut seen = BTreeSet::new();
    for _ in 0..3000 {
        let (input, mut nodes) = grammar.generate("fen", &mut rng);
        let parse = fenlint::parse(&input);
        assert_clean(&input, parse.diagnostics());
        nodes.sort();
        assert_eq!(nodes, tree_nodes(&input, &kinds), "{input:?}");
        assert_eq!(
            grammar.derivations("fen", &input),
            1,
            "{input:?} has several derivations"
        );
        drop(parse);
        seen.insert(input);
    }
    assert!(
        seen.len() > 2900,
        "too few distinct strings: {}",
        seen.len()
    );
}

/// The EPD codes for constraints the grammar leaves to rules, as it does a position's legality:
/// repeated opcodes, lengths, the operands of `hmvc` and `fmvn`, the forms of operands, and the
/// `;` missing between two operations, which only those forms tell.
const EPD_RULES: [&str; 14] = [
    "epd::operand::coordinate_move",
    "epd::operand::illegal_move",
    "epd::operand::invalid",
    "epd::operation::unseparated",
    "epd::operand::mate_count",
    "epd::operand::san_spelling",
    "epd::operand::unquoted",
    "epd::counter::conflict",
    "epd::opcode::duplicate",
    "epd::opcode::too_long",
    "epd::operand::string_too_long",
    "epd::record::too_long",
    "epd::counter::invalid",
    "fen::counter::leading_zero",
];

/// The validator that reads `tree`'s placement field as the grammar does: as crazyhouse when
/// it has slash holdings, which fenlint takes for holdings only when something says crazyhouse
/// (otherwise a ninth rank, `fen::placement::too_many_ranks`; see the `placement` production).
fn reading(tree: &fenlint::SyntaxTree<'_>) -> fenlint::Validator {
    let slash = tree
        .holdings()
        .is_some_and(|holdings| holdings.form() == fenlint::syntax::HoldingsForm::Slash);
    if slash {
        fenlint::Validator::new().variant(fenlint::position::Variant::Crazyhouse)
    } else {
        fenlint::Validator::new()
    }
}

/// The codes of `record` as an EPD record that are about its syntax: every code but the
/// position's rules and [`EPD_RULES`].
fn epd_syntax_codes(record: &str) -> Vec<&'static str> {
    let validator = reading(fenlint::parse_epd_record(record).tree());
    fenlint::epd::check(record, 0, &validator)
        .diagnostics()
        .iter()
        .map(|d| d.code())
        .filter(|code| !code.is_rule() && !EPD_RULES.contains(&code.name()))
        .map(|code| code.name())
        .collect()
}

/// (1) for EPD: records generated from `epd_record` parse with no syntax diagnostic, with the
/// nodes the productions name, and have one derivation; the EPD checks find no fault of syntax
/// in them.
#[test]
fn generated_epd_records_parse_cleanly_with_the_nodes_the_productions_name() {
    let grammar = grammar();
    let kinds = named_kinds_from(&grammar, "epd_record");
    for kind in [
        "EPD_RECORD",
        "OPERATION",
        "OPCODE",
        "OPERAND",
        "QUOTED_STRING",
        "SYMBOL",
        "SEMICOLON",
        "PLACEMENT",
        "EN_PASSANT",
    ] {
        assert!(kinds.contains(kind), "no EPD production names {kind}");
    }
    let mut rng = fastrand::Rng::with_seed(0x0065_7064);
    let mut seen = BTreeSet::new();
    let (mut operations, mut strings, mut escapes) = (0, 0, 0);
    for _ in 0..2000 {
        let (input, mut nodes) = grammar.generate("epd_record", &mut rng);
        let parse = fenlint::parse_epd_record(&input);
        assert_clean(&input, parse.diagnostics());
        assert_eq!(parse.tree().to_string(), input);
        let syntax = epd_syntax_codes(&input);
        assert!(syntax.is_empty(), "{input:?} draws {syntax:?}");
        nodes.sort();
        assert_eq!(nodes, dump_nodes(&parse.tree().dump(), &kinds), "{input:?}");
        assert_eq!(
            grammar.derivations("epd_record", &input),
            1,
            "{input:?} has several derivations"
        );
        operations += parse.tree().operations().count();
        strings += usize::from(input.contains('"'));
        escapes += usize::from(input.contains('\\'));
        drop(parse);
        seen.insert(input);
    }
    assert!(
        seen.len() > 1900,
        "too few distinct records: {}",
        seen.len()
    );
    assert!(
        operations > 1000 && strings > 200 && escapes > 20,
        "{operations} {strings} {escapes}"
    );
}

/// (1) for the PGN tag pair: tag pairs generated from `fen_tag_pair` parse with no diagnostic,
/// with the nodes the productions name and one derivation, and a PGN file of them draws only
/// the position's rules and advice on the game's tags.
#[test]
fn generated_fen_tag_pairs_parse_cleanly_with_the_nodes_the_productions_name() {
    let grammar = grammar();
    let mut kinds = named_kinds_from(&grammar, "fen_tag_pair");
    // The FEN's fields are the tag pair's children: the tree has no FEN node here.
    assert!(kinds.remove("FEN"));
    for kind in ["FEN_TAG_PAIR", "TAG_NAME", "PLACEMENT", "FULLMOVE_NUMBER"] {
        assert!(kinds.contains(kind), "no tag pair production names {kind}");
    }
    let mut rng = fastrand::Rng::with_seed(0x0074_6167);
    for _ in 0..1000 {
        let (input, mut nodes) = grammar.generate("fen_tag_pair", &mut rng);
        let parse = fenlint::parse_fen_tag_pair(&input);
        assert_clean(&input, parse.diagnostics());
        assert_eq!(parse.tree().to_string(), input);
        nodes.retain(|(kind, ..)| kinds.contains(kind));
        nodes.sort();
        assert_eq!(nodes, dump_nodes(&parse.tree().dump(), &kinds), "{input:?}");
        assert_eq!(grammar.derivations("fen_tag_pair", &input), 1, "{input:?}");
        // The value's diagnostics are the FEN's, in the tag pair and in a PGN file.
        let value = &input[input.find('"').unwrap() + 1..input.rfind('"').unwrap()];
        assert!(fenlint::parse(value).diagnostics().is_empty(), "{value:?}");
        let pgn = format!("[SetUp \"1\"]\n{input}\n\n*\n");
        let syntax: Vec<_> = fenlint::pgn::lint_pgn(&pgn, 0, &reading(parse.tree()))
            .iter()
            .map(|d| d.code())
            .filter(|code| !code.is_rule() && code.name() != "pgn::variant::unknown")
            .map(|code| code.name())
            .collect();
        assert!(syntax.is_empty(), "{pgn:?} draws {syntax:?}");
    }
    // Departures from the shape of the tag pair are malformed.
    for bad in [
        "[Fen \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
        "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"",
        "[FEN 8/8/8/8/8/8/8/8 w - - 0 1]",
        "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"] x",
    ] {
        assert!(!grammar.accepts("fen_tag_pair", bad), "{bad:?}");
        let codes: Vec<_> = fenlint::parse_fen_tag_pair(bad)
            .diagnostics()
            .iter()
            .map(|d| d.code().name())
            .collect();
        assert!(codes.contains(&"pgn::tag::malformed"), "{bad:?}: {codes:?}");
    }
}

/// (2) for the conventions of real EPD files: records generated from `lenient_epd_record` draw
/// no error about their syntax (warnings and advice only), and records of the strict grammar
/// are among them.
#[test]
fn lenient_epd_records_draw_no_syntax_error() {
    let grammar = grammar();
    let mut rng = fastrand::Rng::with_seed(0x6c65_6e69);
    let (mut counters, mut perft, mut unterminated) = (0, 0, 0);
    for _ in 0..1500 {
        let (input, _) = grammar.generate("lenient_epd_record", &mut rng);
        let validator = reading(fenlint::parse_epd_record(&input).tree());
        let errors: Vec<_> = fenlint::epd::check(&input, 0, &validator)
            .diagnostics()
            .iter()
            .filter(|d| d.severity() == fenlint::Severity::Error)
            .map(|d| d.code())
            .filter(|code| !code.is_rule() && !EPD_RULES.contains(&code.name()))
            .map(|code| code.name())
            .collect();
        assert!(errors.is_empty(), "{input:?} draws {errors:?}");
        let codes: Vec<_> = fenlint::epd::lint_epd(&input, 0, &validator)
            .iter()
            .map(|d| d.code().name())
            .collect();
        counters += usize::from(codes.contains(&"epd::fields::move_counters"));
        perft += usize::from(codes.contains(&"epd::operation::leading_semicolon"));
        unterminated += usize::from(codes.contains(&"epd::operation::unterminated"));
    }
    assert!(
        counters > 100 && perft > 100 && unterminated > 100,
        "{counters} {perft} {unterminated}"
    );
    for _ in 0..200 {
        let (input, _) = grammar.generate("epd_record", &mut rng);
        assert!(grammar.accepts("lenient_epd_record", &input), "{input:?}");
    }
    // Each convention, written out.
    for record in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1; bm Kd2;",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25",
        "4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 25;",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\"",
        "4k3/8/8/8/8/8/8/4K3 w - - id \"a\"b;",
    ] {
        assert!(!grammar.accepts("epd_record", record), "{record:?}");
        assert!(grammar.accepts("lenient_epd_record", record), "{record:?}");
    }
}

/// (2) for EPD: a record the grammar accepts draws no fault of syntax, among the records of the
/// other tests, `examples/suite.epd`, generated records and seeded mutations of them; and a
/// mutation that breaks the syntax is rejected by both. A change of either side alone fails it.
#[test]
fn fenlint_reads_epd_records_as_the_grammar_does() {
    let grammar = grammar();
    let mut rng = fastrand::Rng::with_seed(0x0065_7065);
    let suite = std::fs::read_to_string(root().join("examples/suite.epd")).unwrap();
    let mut inputs: Vec<String> = suite.lines().map(str::to_owned).collect();
    let tests = std::fs::read_to_string(root().join("tests/epd.rs")).unwrap();
    inputs.extend(
        string_literals(&tests)
            .into_iter()
            .filter(|s| s.contains('/')),
    );
    for _ in 0..1500 {
        inputs.push(grammar.generate("epd_record", &mut rng).0);
    }
    let originals = inputs.len();
    for index in 0..originals {
        for _ in 0..2 {
            let mutated = mutate(&inputs[index], &mut rng);
            inputs.push(mutated);
        }
    }
    let (mut accepted, mut rejected) = (0, 0);
    for input in &inputs {
        let syntax = epd_syntax_codes(input);
        if grammar.accepts("epd_record", input) {
            accepted += 1;
            assert!(
                syntax.is_empty(),
                "{input:?} is in the grammar but draws {syntax:?}"
            );
        } else {
            // Outside the strict grammar: a fault of syntax, or a lenient form, which draws its
            // code (a warning such as `fen::counter::leading_zero` among them).
            let validator = reading(fenlint::parse_epd_record(input).tree());
            let drawn = fenlint::epd::check(input, 0, &validator)
                .diagnostics()
                .iter()
                .any(|d| !d.code().is_rule());
            assert!(drawn, "{input:?} is outside the grammar but draws nothing");
            rejected += usize::from(!syntax.is_empty());
        }
    }
    assert!(accepted > 1500 && rejected > 1000, "{accepted} {rejected}");
    // Changes of the EPD grammar alone, each caught: records it now accepts draw a fault.
    let text = grammar_text();
    for (from, to) in [
        // An operation without `;`.
        (
            "operation ::= opcode ( epd_blank operand )* epd_blank? \";\"",
            "operation ::= opcode ( epd_blank operand )* epd_blank? \";\"?",
        ),
        // An opcode starting with a digit.
        (
            "opcode ::= [A-Za-z] [A-Za-z0-9_]*",
            "opcode ::= [A-Za-z0-9] [A-Za-z0-9_]*",
        ),
        // A string without its closing quote.
        (
            "string ::= '\"' ( string_char | escape )* '\"'",
            "string ::= '\"' ( string_char | escape )* '\"'?",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let changed = Grammar::parse(&text.replacen(from, to, 1)).unwrap();
        let caught = inputs.iter().any(|input| {
            changed.accepts("epd_record", input) && !epd_syntax_codes(input).is_empty()
        });
        assert!(caught, "changing `{from}` to `{to}` goes unnoticed");
    }
}

/// String literals in the other test files (with `{}` standing for the start placement, as
/// `tests/diagnostics.rs` writes them) and the lines of `examples/positions.fen`.
fn test_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for entry in std::fs::read_dir(root().join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("grammar.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        inputs.extend(
            string_literals(&text)
                .into_iter()
                .filter(|s| s.contains('/') && s.len() < 200),
        );
    }
    let examples = std::fs::read_to_string(root().join("examples/positions.fen")).unwrap();
    inputs.extend(examples.lines().map(str::to_owned));
    inputs.iter().map(|s| s.replace("{}", START)).collect()
}

/// The `"…"` literals of Rust source, with the usual escapes read; good enough for a corpus.
fn string_literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            // A char literal such as '"' must not open a string.
            let rest: String = chars.clone().take(3).collect();
            if rest.starts_with("\"'") {
                chars.next();
                chars.next();
            }
            continue;
        }
        if c != '"' {
            continue;
        }
        let mut literal = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => literal.push('\n'),
                    Some('t') => literal.push('\t'),
                    Some('r') => literal.push('\r'),
                    Some('0') => literal.push('\0'),
                    Some('u') => {
                        let code: String =
                            chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                        if let Some(c) =
                            u32::from_str_radix(&code, 16).ok().and_then(char::from_u32)
                        {
                            literal.push(c);
                        }
                    }
                    Some('\n') => {
                        while chars.peek().is_some_and(|c| c.is_whitespace()) {
                            chars.next();
                        }
                    }
                    Some(other) => literal.push(other),
                    None => break,
                },
                other => literal.push(other),
            }
        }
        out.push(literal);
    }
    out
}

/// The inputs of the conformance vectors (`grammar/conformance/*.tsv`), where implementations
/// disagree.
fn conformance_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for file in ["valid.tsv", "invalid.tsv"] {
        let Ok(text) = std::fs::read_to_string(root().join("grammar/conformance").join(file))
        else {
            continue;
        };
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && l.split('\t').nth(1) == Some("fen"))
        {
            let input = line.split('\t').next().unwrap_or_default();
            inputs.push(unescape(input));
        }
    }
    inputs
}

/// Text the mutations insert: FEN characters, the whitespace set's edges and troublemakers.
const ALPHABET: &[&str] = &[
    "/", " ", "  ", "\t", "\u{a0}", "\u{2028}", "\u{3000}", "\u{200b}", "\u{1f}", "\u{85}",
    "\u{feff}", "-", "+", "~", "[", "]", "0", "1", "2", "3", "4", "7", "8", "9", "K", "Q", "k",
    "q", "A", "H", "a", "h", "e", "P", "p", "N", "B", "R", "w", "b", "e3", "e6", "E3", "3+3",
    "+0+0", "00", "01", "11", "[-]", "[]",
];

fn mutate(text: &str, rng: &mut fastrand::Rng) -> String {
    let mut text = text.to_owned();
    for _ in 0..rng.usize(1..=2) {
        let mut at = rng.usize(..=text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + 1).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let piece = ALPHABET[rng.usize(..ALPHABET.len())];
        match rng.u8(..3) {
            0 => text.insert_str(at, piece),
            1 => text.replace_range(at..end, ""),
            _ => text.replace_range(at..end, piece),
        }
    }
    text
}

/// The corpus of (2): the other tests' inputs, near-FENs of the property tests, generated
/// strings and seeded mutations of all of them.
fn corpus(grammar: &Grammar) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(0x00c0_ffee);
    let mut inputs = test_inputs();
    inputs.extend(conformance_inputs());
    for castling in [
        "kqKQ", "qK", "kK", "hH", "QK", "KQkq", "HAha", "KHQ", "KK", "-", "--", "K-",
    ] {
        inputs.push(format!("{START} w {castling} - 0 1"));
    }
    for _ in 0..1500 {
        let bytes: Vec<u8> = (0..12).map(|_| rng.u8(..)).collect();
        inputs.push(properties::near_fen(&bytes));
    }
    for _ in 0..800 {
        inputs.push(grammar.generate("fen", &mut rng).0);
    }
    for _ in 0..800 {
        let strict = grammar.generate("fen", &mut rng).0;
        inputs.push(lenient_variant(&strict, &mut rng));
    }
    let bases = inputs.clone();
    for _ in 0..6000 {
        let base = &bases[rng.usize(..bases.len())];
        inputs.push(mutate(base, &mut rng));
    }
    inputs.sort();
    inputs.dedup();
    inputs
}

/// A strict FEN with one of the tolerated departures of the LENIENT section.
fn lenient_variant(strict: &str, rng: &mut fastrand::Rng) -> String {
    const SPACES: &[&str] = &[
        "\t", "  ", "\u{a0}", "\u{2028}", "\u{3000}", "\u{85}", "\u{b}", "\u{1680}", "\u{202f}",
    ];
    let space = SPACES[rng.usize(..SPACES.len())];
    let fields: Vec<&str> = strict.split(' ').collect();
    match rng.u8(..6) {
        0 => format!("{space}{strict}"),
        1 => format!("{strict}{space}"),
        2 => fields.join(space),
        3 => fields[..rng.usize(1..fields.len())].join(" "),
        4 => {
            // A digit split in two: `4` as `13`.
            let board = strict.find([' ', '[']).unwrap();
            let digits: Vec<usize> = (0..board)
                .filter(|&i| (b'2'..=b'8').contains(&strict.as_bytes()[i]))
                .collect();
            match digits.get(rng.usize(..digits.len().max(1))) {
                Some(&at) => {
                    let digit = strict.as_bytes()[at] - b'0';
                    let first = rng.u8(1..digit);
                    format!(
                        "{}{}{}{}",
                        &strict[..at],
                        first,
                        digit - first,
                        &strict[at + 1..]
                    )
                }
                _ => format!("\u{feff}{strict}"),
            }
        }
        _ => {
            // Leading zeros on a counter.
            let mut fields: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
            let counters: Vec<usize> = (4..fields.len())
                .filter(|&i| fields[i].bytes().all(|b| b.is_ascii_digit()))
                .collect();
            if let Some(&i) = counters.get(rng.usize(..counters.len().max(1))) {
                fields[i].insert(0, '0');
            }
            fields.join(" ")
        }
    }
}

/// The inputs on which the grammar and fenlint disagree, with what each said.
fn disagreements(grammar: &Grammar, inputs: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for input in inputs {
        let parse = fenlint::parse(input);
        let clean = parse.diagnostics().is_empty();
        let strict = grammar.accepts("fen", input);
        if clean != strict {
            out.push(format!(
                "{input:?}: grammar {}, fenlint {:?}",
                if strict { "accepts" } else { "rejects" },
                parse
                    .diagnostics()
                    .iter()
                    .map(|d| d.code().name())
                    .collect::<Vec<_>>()
            ));
        }
        let no_error = !parse.has_errors();
        let lenient = grammar.accepts("lenient_fen", input);
        if no_error != lenient {
            out.push(format!(
                "{input:?}: lenient grammar {}, fenlint {:?}",
                if lenient { "accepts" } else { "rejects" },
                parse
                    .diagnostics()
                    .iter()
                    .map(|d| d.code().name())
                    .collect::<Vec<_>>()
            ));
        }
    }
    out
}

/// (2) fenlint draws no diagnostic exactly on the strict language, and no error exactly on the
/// lenient language.
#[test]
fn fenlint_accepts_exactly_the_language_of_the_grammar() {
    let grammar = grammar();
    let inputs = corpus(&grammar);
    assert!(inputs.len() > 5000, "{}", inputs.len());
    let clean = inputs
        .iter()
        .filter(|i| fenlint::parse(i).diagnostics().is_empty())
        .count();
    let warned = inputs
        .iter()
        .filter(|i| {
            let parse = fenlint::parse(i);
            !parse.has_errors() && !parse.diagnostics().is_empty()
        })
        .count();
    // Both languages are well represented, and so are the rejected inputs.
    assert!(
        clean > 1000 && warned > 300 && inputs.len() - clean - warned > 1500,
        "{clean} {warned}"
    );
    let disagreements = disagreements(&grammar, &inputs);
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(20)].join("\n")
    );
}

/// A few changes of the grammar alone, each caught by the corpus.
#[test]
fn a_changed_grammar_is_caught() {
    let text = grammar_text();
    let grammar = grammar();
    let inputs = corpus(&grammar);
    // fenlint's verdicts, once: no diagnostic, no error.
    let verdicts: Vec<(bool, bool)> = inputs
        .iter()
        .map(|input| {
            let parse = fenlint::parse(input);
            (parse.diagnostics().is_empty(), !parse.has_errors())
        })
        .collect();
    let changes = [
        // Castling letters in any order within a side.
        (
            "white_castling black_castling? | black_castling",
            "white_castling black_castling? | black_castling | black_castling white_castling",
        ),
        // A digit after a digit.
        (
            "squares_2 ::= \"2\" | \"1\" occupied_1",
            "squares_2 ::= \"2\" | \"1\" squares_1",
        ),
        // Leading zeros in the counters.
        ("number ::= \"0\" | [1-9] [0-9]*", "number ::= [0-9]+"),
        // A four-check count.
        ("check_count ::= [0-3]", "check_count ::= [0-4]"),
        // Tabs between fields.
        ("separator ::= \" \"", "separator ::= [#x20#x9]"),
        // Empty bracket holdings as `[-]` no more.
        (
            "\"[\" ( dash | holding_piece* ) \"]\"",
            "\"[\" holding_piece* \"]\"",
        ),
    ];
    for (from, to) in changes {
        assert!(text.contains(from), "{from}");
        let changed = Grammar::parse(&text.replacen(from, to, 1)).unwrap();
        let caught = inputs
            .iter()
            .zip(&verdicts)
            .any(|(input, &(clean, no_error))| {
                changed.accepts("fen", input) != clean
                    || changed.accepts("lenient_fen", input) != no_error
            });
        assert!(caught, "changing `{from}` to `{to}` goes unnoticed");
    }
}

/// Every `fen::…`, `epd::…` or `pgn::…` code in `comment`.
fn cited_codes(comment: &str) -> Vec<String> {
    let mut codes = Vec::new();
    for prefix in ["fen::", "epd::", "pgn::"] {
        let mut rest = comment;
        while let Some(at) = rest.find(prefix) {
            let code: String = rest[at..]
                .chars()
                .take_while(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_' || *c == ':'
                })
                .collect();
            rest = &rest[at + prefix.len()..];
            let code = code.trim_end_matches(':');
            // `fen::en_passant::*` names a group of rules, not a code.
            if code.matches("::").count() == 2 {
                codes.push(code.to_owned());
            } else {
                assert!(
                    rest.starts_with(|c: char| c.is_ascii_lowercase()),
                    "malformed code `{code}`"
                );
            }
        }
    }
    codes
}

/// (3) The codes the comments cite are in the registry.
#[test]
fn every_code_the_grammar_cites_is_in_the_registry() {
    let grammar = grammar();
    let cited: Vec<String> = grammar
        .comments
        .iter()
        .flat_map(|c| cited_codes(c))
        .collect();
    assert!(cited.len() > 40, "{cited:?}");
    for code in &cited {
        assert!(
            fenlint::Code::from_name(code).is_some(),
            "grammar/fen.ebnf cites unknown code {code}"
        );
    }
    // Every syntax code of a FEN is cited somewhere in the grammar (not the suppression codes:
    // comments in files, which are no part of a FEN).
    for code in fenlint::Code::ALL {
        let name = code.name();
        if name.starts_with("fen::")
            && !code.is_rule()
            && !name.starts_with("fen::input::")
            && !name.starts_with("fen::suppression::")
        {
            assert!(
                cited.iter().any(|c| c == name),
                "grammar/fen.ebnf does not cite {name}"
            );
        }
    }
}

/// (3) The functions the comments name (`src/….rs#name`) exist, and every production a doc
/// comment in `src/` quotes is quoted as the grammar writes it.
#[test]
fn every_function_the_grammar_names_exists_and_quotes_agree() {
    let grammar = grammar();
    let mut named = 0;
    for comment in &grammar.comments {
        let mut rest = comment.as_str();
        while let Some(at) = rest.find("src/") {
            let reference: String = rest[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '#'))
                .collect();
            rest = &rest[at + 4..];
            let reference = reference.trim_end_matches('.');
            let Some((file, function)) = reference.split_once('#') else {
                continue;
            };
            let source = std::fs::read_to_string(root().join(file))
                .unwrap_or_else(|_| panic!("grammar/fen.ebnf names missing file {file}"));
            assert!(
                source.contains(&format!("fn {function}("))
                    || source.contains(&format!("fn {function}<")),
                "grammar/fen.ebnf names `{function}`, which is not a function of {file}"
            );
            named += 1;
        }
    }
    assert!(named >= 20, "{named}");

    // Doc comments that quote a production quote it exactly.
    let mut quotes = 0;
    let mut quoted = BTreeSet::new();
    for entry in std::fs::read_dir(root().join("src/parse")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut doc = String::new();
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some(comment) = trimmed.strip_prefix("///") {
                doc.push(' ');
                doc.push_str(comment.trim());
                continue;
            }
            let doc_text = std::mem::take(&mut doc);
            let doc_text = doc_text.trim();
            let Some(quote) = doc_text.strip_prefix('`').and_then(|d| d.split('`').next()) else {
                continue;
            };
            let Some((name, _)) = quote.split_once(" ::= ") else {
                continue;
            };
            let production = grammar.get(name.trim()).unwrap_or_else(|| {
                panic!("src/parse quotes `{name}`, which the grammar does not have")
            });
            assert_eq!(
                quote, production.text,
                "src/parse quotes `{name}` differently"
            );
            quoted.insert(name.trim().to_owned());
            quotes += 1;
        }
    }
    assert!(quotes >= 10, "{quotes}");
    // Every EPD production implemented by a function is quoted by it.
    let fen = grammar.reachable("fen");
    for name in grammar.reachable("epd_record") {
        let production = grammar.get(&name).unwrap();
        if !fen.contains(&name) && production.comment.contains("Implemented by") {
            assert!(
                quoted.contains(&name),
                "no doc comment in src/parse quotes `{name}`"
            );
        }
    }
}

/// The reader handles comments anywhere, inline ones included.
#[test]
fn the_reader_skips_inline_comments() {
    let grammar = Grammar::parse(
        "/* a */ a ::= \"x\" /* inline [node X] */ b? /* fen::castling::order */\n b ::= [#x20-#x21] /* end */",
    )
    .unwrap();
    assert_eq!(grammar.get("a").unwrap().text, "a ::= \"x\" b?");
    assert_eq!(grammar.get("a").unwrap().node(), Some("X"));
    assert!(grammar.accepts("a", "x!"));
    assert!(grammar.accepts("a", "x"));
    assert!(!grammar.accepts("a", "x\""));
    assert_eq!(grammar.comments.len(), 4);
    assert!(Grammar::parse("a ::= b").is_err());
    assert!(Grammar::parse("a ::= \"x\" a ::= \"y\"").is_err());
    // Ambiguity is counted.
    let ambiguous = Grammar::parse("a ::= \"x\"* \"x\"*").unwrap();
    assert_eq!(ambiguous.derivations("a", "xx"), 3);
}

/// Fails unless `input`, a string the grammar generated, drew no diagnostic.
fn assert_clean(input: &str, diagnostics: &[fenlint::Diagnostic]) {
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code().name()).collect();
    assert!(
        codes.is_empty(),
        "{input:?} is in the grammar but draws {codes:?}"
    );
}
