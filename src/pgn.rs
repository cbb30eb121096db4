//! PGN files: the `[FEN "..."]` tag of every game, linted in place, and the tags that go with it
//! (`SetUp`, PGN §9.7.1, and `Variant`).
//!
//! [`read`] splits a PGN file into games and tag pairs (PGN §8.1) without reading the movetext
//! beyond what separates games: brace comments `{...}`, `;` comments and `%` escape lines are
//! skipped, so a `[` inside them is no tag, and a tag pair after movetext, or after a blank
//! line that ends a game of tags without moves, starts a new game.
//! [`lint_pgn`] lints each `FEN` tag pair, read with [`crate::parse_fen_tag_pair_at`], with the
//! [`Validator`], as the variant the game's `Variant` tag names (which wins over the validator's
//! own setting), and checks the `SetUp` and `Variant` tags. Every span is an absolute byte offset into the
//! file, given the file's offset `base`.
//!
//! ```
//! let pgn = "[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n1. Kd2 *\n";
//! let diagnostics = fenlint::pgn::lint_pgn(pgn, 0, &fenlint::Validator::new());
//! assert_eq!(diagnostics[0].code().name(), "fen::side_to_move::invalid");
//! assert_eq!(&pgn[diagnostics[0].span().range()], "x");
//! ```

use std::borrow::Cow;

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::diagnostics::text::shown;
use crate::diagnostics::{Capped, Code, Diagnostic, PGN_GAME, limit};
use crate::position::Variant;
use crate::{Span, Validator};

/// A PGN file read into games and their tag pairs, with the diagnostics of reading it
/// (malformed tag pairs, an unclosed comment).
///
/// ```
/// let pgn = fenlint::pgn::read("[White \"A\"]\n1. e4 *\n[White \"B\"]\n1. d4 *\n", 0);
/// assert_eq!(pgn.games().len(), 2);
/// assert_eq!(pgn.games()[1].tag("White").unwrap().value(), "B");
/// assert!(pgn.diagnostics().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Pgn<'a> {
    games: Vec<Game<'a>>,
    comments: Vec<Span>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Pgn<'a> {
    /// The games, in order; a game is listed when it has at least one tag pair.
    pub fn games(&self) -> &[Game<'a>] {
        &self.games
    }

    /// The diagnostics of reading the file, with default severities.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Where each closed brace comment `{...}` is, braces included, in order (where
    /// [suppression comments](crate::suppression) are found).
    ///
    /// ```
    /// let text = "{ a } [Event \"{ not a comment }\"]\n1. e4 {b} *\n";
    /// let pgn = fenlint::pgn::read(text, 0);
    /// let comments: Vec<&str> = pgn.comments().iter().map(|span| &text[span.range()]).collect();
    /// assert_eq!(comments, ["{ a }", "{b}"]);
    /// ```
    pub fn comments(&self) -> &[Span] {
        &self.comments
    }
}

/// One game's tag pairs.
///
/// ```
/// let pgn = fenlint::pgn::read("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*", 0);
/// let game = &pgn.games()[0];
/// assert_eq!(game.tags().len(), 2);
/// assert_eq!(game.tag("FEN").unwrap().value(), "8/8/8/8/8/8/8/8 w - - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<'a> {
    tags: Vec<Tag<'a>>,
    /// The names of the game's malformed tag pairs, where a name could be read.
    malformed: Vec<&'a str>,
    /// Where the game's text ends (after its last tag pair or movetext).
    end: usize,
}

impl<'a> Game<'a> {
    /// The tag pairs, in order.
    pub fn tags(&self) -> &[Tag<'a>] {
        &self.tags
    }

    /// The first tag pair named `name` (names are case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&Tag<'a>> {
        self.tags.iter().find(|tag| tag.name == name)
    }

    /// Where the game is: from its first tag pair to where the next game starts (or the end of
    /// the text), the blank lines after its movetext included.
    ///
    /// ```
    /// let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n*\n";
    /// let pgn = fenlint::pgn::read(text, 0);
    /// let spans: Vec<&str> = pgn.games().iter().map(|game| &text[game.span().range()]).collect();
    /// assert_eq!(spans, ["[Event \"a\"]\n\n1. e4 *\n\n", "[Event \"b\"]\n*\n"]);
    /// ```
    pub fn span(&self) -> Span {
        let start = self.tags.first().map_or(self.end, |tag| tag.span().start);
        Span::new(start, self.end.max(start))
    }
}

/// One tag pair, `[Name "value"]`.
///
/// ```
/// let text = "[Event \"Say \\\"hi\\\"\"]";
/// let pgn = fenlint::pgn::read(text, 0);
/// let tag = &pgn.games()[0].tags()[0];
/// assert_eq!(tag.name(), "Event");
/// assert_eq!(tag.value(), "Say \\\"hi\\\"");
/// assert_eq!(tag.unescaped(), "Say \"hi\"");
/// assert_eq!(&text[tag.value_span().range()], tag.value());
/// assert_eq!(tag.span(), fenlint::Span::new(0, text.len()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    name: &'a str,
    name_span: Span,
    value: &'a str,
    value_span: Span,
    span: Span,
}

impl<'a> Tag<'a> {
    /// The tag name.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// Where the name is.
    pub fn name_span(&self) -> Span {
        self.name_span
    }

    /// The value as written between the quotes, escapes included. A value with quotes that
    /// no `\` escapes (`pgn::tag::unescaped_quote`) runs to the last quote before the `]`
    /// that ends its line, the quotes inside it kept, as python-chess reads it.
    ///
    /// ```
    /// let pgn = fenlint::pgn::read("[Annotator \"Lopez \"Battle Royale\"\"]\n*", 0);
    /// assert_eq!(pgn.games()[0].tag("Annotator").unwrap().value(), "Lopez \"Battle Royale\"");
    /// assert_eq!(pgn.diagnostics()[0].code().name(), "pgn::tag::unescaped_quote");
    /// ```
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// Where the value is (between the quotes).
    pub fn value_span(&self) -> Span {
        self.value_span
    }

    /// The whole tag pair, from `[` to `]`.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The value with `\"` and `\\` unescaped; borrowed when it has no escapes.
    pub fn unescaped(&self) -> Cow<'a, str> {
        crate::pgn_string::unescape(self.value)
    }
}

/// A `Variant` tag value that names no variant fenlint knows.
///
/// ```
/// let error = fenlint::pgn::variant_of("Atomic").unwrap_err();
/// assert_eq!(error.to_string(), "unknown variant `Atomic`");
/// assert_eq!(error.name(), "Atomic");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(String);

impl UnknownVariant {
    /// The name as the tag gives it.
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown variant `{}`", self.0)
    }
}

impl std::error::Error for UnknownVariant {}

/// The variant a `Variant` tag value names: `Ok(Some(_))` for a known variant, `Ok(None)` for
/// names that leave the choice to the FEN (`From Position`), an error for unknown names. Case,
/// spaces, `-` and `_` do not count, and the names GUIs write for each variant are known, as
/// python-chess knows them (`Normal`, `Classical` and `Illegal` for standard chess, `ZH` and
/// `House` for crazyhouse). King of the Hill, standard chess with one more way to win, is
/// standard chess for its positions.
///
/// ```
/// use fenlint::position::Variant;
/// assert_eq!(fenlint::pgn::variant_of("Fischer Random"), Ok(Some(Variant::Chess960)));
/// assert_eq!(fenlint::pgn::variant_of("3-check"), Ok(Some(Variant::ThreeCheck)));
/// assert_eq!(fenlint::pgn::variant_of("From Position"), Ok(None));
/// assert_eq!(fenlint::pgn::variant_of("normal"), Ok(Some(Variant::Standard)));
/// assert_eq!(fenlint::pgn::variant_of("ZH"), Ok(Some(Variant::Crazyhouse)));
/// assert_eq!(fenlint::pgn::variant_of("King of the Hill"), Ok(Some(Variant::Standard)));
/// assert!(fenlint::pgn::variant_of("Atomic").is_err());
/// ```
pub fn variant_of(name: &str) -> Result<Option<Variant>, UnknownVariant> {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "standard" | "chess" | "normal" | "classical" | "illegal" => Ok(Some(Variant::Standard)),
        // Standard chess with one more way to win (the king on a centre square): its
        // positions are standard chess positions.
        "kingofthehill" | "koth" => Ok(Some(Variant::Standard)),
        "chess960" | "fischerandom" | "fischerrandom" => Ok(Some(Variant::Chess960)),
        "crazyhouse" | "house" | "zh" => Ok(Some(Variant::Crazyhouse)),
        "threecheck" | "3check" | "threecheckchess" => Ok(Some(Variant::ThreeCheck)),
        "fromposition" => Ok(None),
        _ => Err(UnknownVariant(name.to_owned())),
    }
}

/// Lints every game of a PGN file that starts at byte offset `base`: the `FEN` tag values, the
/// `SetUp` and `Variant` tags, and the tag pairs themselves. Severity overrides of `validator`
/// apply to the `pgn::` codes too. The diagnostics are ordered by span.
///
/// ```
/// // A game without `SetUp` in a file whose other games write it.
/// let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n*\n\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
/// let diagnostics = fenlint::pgn::lint_pgn(pgn, 0, &fenlint::Validator::new());
/// assert_eq!(diagnostics[0].code().name(), "pgn::setup::missing");
/// assert_eq!(diagnostics[0].fix().unwrap().replacement(), "[SetUp \"1\"]\n");
/// ```
pub fn lint_pgn(text: &str, base: usize, validator: &Validator) -> Vec<Diagnostic> {
    let pgn = read(text, base);
    let mut diagnostics = pgn.diagnostics;
    // python-chess, cutechess, fastchess and lichess read `[FEN]` alone: a missing `SetUp`
    // is reported only in a file whose other games write it.
    let setup_written = pgn.games.iter().any(|game| {
        game.tag("SetUp").is_some_and(|setup| setup.value == "1") && game.tag("FEN").is_some()
    });
    for game in &pgn.games {
        let mut found = Vec::new();
        let mut own = Vec::new();
        lint_game(
            text,
            base,
            game,
            validator,
            setup_written,
            &mut own,
            &mut found,
        );
        found.extend(own.into_iter().filter_map(|diagnostic| {
            let severity = validator.severity_of(diagnostic.code())?;
            Some(diagnostic.with_severity(severity))
        }));
        limit(&mut found, 0, PGN_GAME, Span::empty(game.end));
        diagnostics.extend(found);
    }
    diagnostics.sort_by_key(Diagnostic::span);
    diagnostics
}

/// The name spans of each tag name that `tags` has more than once, in the order of their second
/// occurrence; each name's spans in order. Found in one pass, in constant time a tag.
fn repeated_tags<'a>(tags: &[Tag<'a>]) -> Vec<(&'a str, Vec<Span>)> {
    let mut seen: HashMap<&'a str, usize> = HashMap::with_capacity(tags.len());
    let mut spans: Vec<(&'a str, Vec<Span>)> = Vec::with_capacity(tags.len());
    for tag in tags {
        match seen.entry(tag.name) {
            Entry::Occupied(at) => {
                if let Some((_, of_name)) = spans.get_mut(*at.get()) {
                    of_name.push(tag.name_span);
                }
            }
            Entry::Vacant(slot) => {
                slot.insert(spans.len());
                spans.push((tag.name, vec![tag.name_span]));
            }
        }
    }
    let mut repeated: Vec<(&'a str, Vec<Span>)> = spans
        .into_iter()
        .filter(|(_, of_name)| of_name.len() > 1)
        .collect();
    repeated.sort_by_key(|(_, of_name)| of_name.get(1).copied());
    repeated
}

/// How many repeats of a tag after its second get a label of their own.
const MAX_REPEATS_LABELLED: usize = 8;

/// `pgn::tag::duplicate` for the tag `name` at `spans` (two or more, in order): one report,
/// on the second, with the first and the later ones.
fn duplicate_tag(name: &str, spans: &[Span]) -> Option<Diagnostic> {
    let (&first, rest) = spans.split_first()?;
    let (&second, later) = rest.split_first()?;
    let times = match spans.len() {
        2 => "twice".to_owned(),
        count => format!("{count} times"),
    };
    let mut diagnostic = Diagnostic::new(
        Code::PgnTagDuplicate,
        format!(
            "tag `{}` {times} in one game, expected it at most once",
            shown(name)
        ),
    )
    .primary(second, "repeated here")
    .secondary(first, "first here");
    // A few of the later ones are labelled; the message counts them all.
    for &again in later.iter().take(MAX_REPEATS_LABELLED) {
        diagnostic = diagnostic.secondary(again, "and again");
    }
    Some(diagnostic.help("A tag name appears at most once per game (PGN §8.1); readers keep the first or the last. Keep one."))
}

/// Lints one game: FEN values into `diagnostics` (severities already applied), the tag
/// problems into `own`.
fn lint_game(
    text: &str,
    base: usize,
    game: &Game<'_>,
    validator: &Validator,
    setup_written: bool,
    own: &mut Vec<Diagnostic>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for (name, spans) in repeated_tags(&game.tags) {
        own.extend(duplicate_tag(name, &spans));
    }

    let game_validator = variant_validator(game, validator, own);
    let validator = game_validator.as_ref().unwrap_or(validator);

    let fens: Vec<&Tag<'_>> = game.tags.iter().filter(|tag| tag.name == "FEN").collect();
    for tag in &fens {
        // The whole tag pair, read into one tree; the value alone if the pair is not in `text`.
        let pair = text.get(tag.span.start.saturating_sub(base)..tag.span.end.saturating_sub(base));
        let parse = match pair {
            Some(pair) => crate::parse_fen_tag_pair_at(pair, tag.span.start),
            None => crate::parse_at(tag.value, tag.value_span.start),
        };
        diagnostics.extend_from_slice(validator.lint_parse(parse).diagnostics());
    }

    setup_tag(text, base, game, fens.first().copied(), setup_written, own);
}

/// The validator for the FEN of `game` when its `Variant` tag says how to read it: `validator`
/// set to that variant, or, for a variant fenlint does not know, to the syntax alone (with
/// `pgn::variant::unknown` added to `own`); `None` to use `validator` as it is.
fn variant_validator(
    game: &Game<'_>,
    validator: &Validator,
    own: &mut Vec<Diagnostic>,
) -> Option<Validator> {
    let tag = game.tag("Variant")?;
    match variant_of(&tag.unescaped()) {
        Ok(Some(variant)) => Some(validator.clone().variant(variant)),
        Ok(None) => None,
        // A game without a `FEN` tag has no position for the variant to matter to.
        Err(_) if game.tag("FEN").is_none() => Some(validator.clone().syntax()),
        Err(_) => {
            // What a chess reading would say of another variant's FEN does not apply to it:
            // only the syntax is checked.
            own.push(
                Diagnostic::new(
                    Code::PgnVariantUnknown,
                    format!("unknown variant `{}`, its FEN is checked for syntax only", shown(tag.value)),
                )
                .primary(tag.value_span, "not a variant fenlint knows")
                .help("fenlint checks the rules of Standard, Chess960, Crazyhouse and Three-check; the FEN of another variant is checked for its shape only (eight ranks of eight squares, the fields, the side to move, the counters)."),
            );
            Some(validator.clone().syntax())
        }
    }
}

/// `pgn::setup::missing` and `pgn::setup::without_fen`, added to `own`: the `SetUp` tag of
/// `game` against its first `FEN` tag, `fen`. `setup_written` says whether other games of the
/// file have `[SetUp "1"]`, which a game with a `FEN` tag and no `SetUp` tag is then missing.
fn setup_tag(
    text: &str,
    base: usize,
    game: &Game<'_>,
    fen: Option<&Tag<'_>>,
    setup_written: bool,
    own: &mut Vec<Diagnostic>,
) {
    let setup = game.tag("SetUp");
    match (fen, setup) {
        (Some(fen), None) if setup_written => {
            let line_end = if text
                .get(fen.span.end.saturating_sub(base)..)
                .is_some_and(|after| after.starts_with("\r\n"))
            {
                "\r\n"
            } else {
                "\n"
            };
            own.push(
                Diagnostic::new(Code::PgnSetupMissing, "`FEN` tag without `[SetUp \"1\"]`, expected both, as other games of this file have")
                    .primary(fen.name_span, "no `SetUp` tag in this game")
                    .help("A game from a set-up position has `[SetUp \"1\"]` before its `FEN` tag (PGN §9.7.1), as the file's other games have; some readers ignore the `FEN` tag without it.")
                    .with_fix(Span::empty(fen.span.start), format!("[SetUp \"1\"]{line_end}")),
            );
        }
        (Some(fen), Some(setup)) if setup.value != "1" => {
            let mut diagnostic = Diagnostic::new(
                Code::PgnSetupMissing,
                format!(
                    "`[SetUp \"{}\"]` with a `FEN` tag, expected `[SetUp \"1\"]`",
                    shown(setup.value)
                ),
            )
            .primary(
                setup.value_span,
                "says the game starts from the initial position",
            )
            .secondary(fen.name_span, "but it starts from this position")
            .help(
                "`[SetUp \"1\"]` says the game starts from the `FEN` tag's position (PGN §9.7.1).",
            );
            if setup.value == "0" {
                diagnostic = diagnostic.with_fix(setup.value_span, "1");
            }
            own.push(diagnostic);
        }
        // A malformed `FEN` tag is reported as such, not as a missing one.
        (None, Some(setup)) if setup.value == "1" && !game.malformed.contains(&"FEN") => {
            let diagnostic = Diagnostic::new(
                Code::PgnSetupWithoutFen,
                "`[SetUp \"1\"]` without a `FEN` tag, expected both",
            )
            .primary(setup.span, "no `FEN` tag in this game");
            // A `FEN` tag spelt in another case (`[fen "…"]`) is no `FEN` tag: tag names are
            // case-sensitive (PGN §8.1.1), and readers skip it.
            let other_case = game
                .tags
                .iter()
                .find(|tag| tag.name.eq_ignore_ascii_case("FEN"));
            own.push(match other_case {
                Some(tag) => diagnostic
                    .secondary(tag.name_span, "not `FEN`: tag names are case-sensitive")
                    .help(format!("Tag names are case-sensitive (PGN §8.1.1), and readers skip `{}`: write it `FEN`.", shown(tag.name)))
                    .with_fix(tag.name_span, "FEN"),
                None => diagnostic.help("Add the `FEN` tag with the start position, or remove `[SetUp \"1\"]` if the game starts from the initial position (PGN §9.7.1)."),
            });
        }
        _ => {}
    }
}

/// Reads a PGN file that starts at byte offset `base` into games and tag pairs.
///
/// ```
/// let pgn = fenlint::pgn::read("{ [FEN \"x\"] } [Event \"e\"] ; [FEN \"y\"]\n*", 10);
/// let tags = pgn.games()[0].tags();
/// assert_eq!(tags.len(), 1);
/// assert_eq!(tags[0].value_span(), fenlint::Span::new(32, 33));
/// ```
pub fn read(text: &str, base: usize) -> Pgn<'_> {
    let mut scanner = Scanner {
        text,
        base: base.min(usize::MAX.saturating_sub(text.len())),
        at: 0,
        games: Vec::new(),
        comments: Vec::new(),
        tags: Vec::new(),
        malformed: Vec::new(),
        movetext: false,
        blank_after_tags: false,
        diagnostics: Vec::new(),
        pending: Capped::default(),
        line: std::cell::Cell::new((1, 0)),
    };
    scanner.run();
    Pgn {
        games: scanner.games,
        comments: scanner.comments,
        diagnostics: scanner.diagnostics,
    }
}

/// Whether the whitespace `space` holds a blank line: two line breaks (`\n`, `\r\n` or a `\r`
/// alone).
fn holds_blank_line(space: &str) -> bool {
    let breaks = space.matches('\n').count().saturating_add(
        space
            .match_indices('\r')
            .filter(|&(at, _)| {
                !space
                    .get(at.saturating_add(1)..)
                    .is_some_and(|after| after.starts_with('\n'))
            })
            .count(),
    );
    breaks >= 2
}

struct Scanner<'a> {
    text: &'a str,
    base: usize,
    at: usize,
    games: Vec<Game<'a>>,
    /// The closed brace comments.
    comments: Vec<Span>,
    /// The tags of the game being read.
    tags: Vec<Tag<'a>>,
    /// The names of the malformed tag pairs of the game being read.
    malformed: Vec<&'a str>,
    /// Whether the game being read has movetext (so that a tag pair starts a new game).
    movetext: bool,
    /// Whether a blank line follows the tags of the game being read, which has no movetext: a
    /// tag pair then starts a new game, as readers take a game without moves (fishtest writes
    /// such games).
    blank_after_tags: bool,
    diagnostics: Vec<Diagnostic>,
    /// The problems of the game being read, up to the cap.
    pending: Capped,
    /// The last line end found: from the first offset to the second there is no line break.
    line: std::cell::Cell<(usize, usize)>,
}

impl<'a> Scanner<'a> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::relative_to(self.base, start, end)
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or_default()
    }

    /// The offset of the end of the line that `at` is on (before its `\r\n` or `\n`).
    ///
    /// The answer is remembered for the rest of the line, so that a line of many tag pairs is
    /// scanned once, not once per tag pair.
    fn line_end(&self, at: usize) -> usize {
        let (from, end) = self.line.get();
        if from <= at && at <= end {
            return end;
        }
        let rest = self.text.get(at..).unwrap_or_default();
        // A line ends at `\n` or at a `\r` (alone or before `\n`).
        let len = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = rest.get(..len).unwrap_or_default();
        let end = at.saturating_add(line.strip_suffix('\r').unwrap_or(line).len());
        self.line.set((at, end));
        end
    }

    fn at_line_start(&self) -> bool {
        self.at == 0
            || self
                .text
                .get(..self.at)
                .is_some_and(|before| before.ends_with(['\n', '\r']))
    }

    fn finish_game(&mut self) {
        let end = self.base.saturating_add(self.at);
        if !self.tags.is_empty() || !self.malformed.is_empty() {
            self.games.push(Game {
                tags: std::mem::take(&mut self.tags),
                malformed: std::mem::take(&mut self.malformed),
                end,
            });
        }
        let pending = std::mem::take(&mut self.pending);
        let mut diagnostics = pending.diagnostics;
        limit(
            &mut diagnostics,
            pending.suppressed,
            PGN_GAME,
            Span::empty(end),
        );
        self.diagnostics.extend(diagnostics);
        self.movetext = false;
        self.blank_after_tags = false;
    }

    fn run(&mut self) {
        if self.rest().starts_with('\u{feff}') {
            self.at = self.at.saturating_add('\u{feff}'.len_utf8());
        }
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            let space = rest
                .get(..rest.len().saturating_sub(trimmed.len()))
                .unwrap_or_default();
            if !self.movetext && !self.tags.is_empty() && holds_blank_line(space) {
                self.blank_after_tags = true;
            }
            self.at = self.at.saturating_add(space.len());
            let Some(c) = trimmed.chars().next() else {
                break;
            };
            match c {
                '{' => {
                    if let Some(len) = trimmed.find('}') {
                        let start = self.at;
                        self.at = self.at.saturating_add(len).saturating_add(1);
                        self.comments.push(self.span(start, self.at));
                    } else {
                        let start = self.at;
                        let mut diagnostic = Diagnostic::new(
                            Code::PgnCommentUnclosed,
                            "comment `{` without `}`, expected `}` before the end of the file",
                        )
                        .primary(
                            self.span(start, start.saturating_add(1)),
                            "this comment runs to the end of the file",
                        )
                        .help("Close the comment with `}`; the tags after an unclosed comment are not read, so their FENs are not checked.");
                        // The first tag pair the comment swallows, at the start of a line.
                        if let Some(tag) = trimmed.find("\n[").or_else(|| trimmed.find("\r[")) {
                            let tag = start.saturating_add(tag).saturating_add(1);
                            diagnostic = diagnostic.secondary(
                                self.span(tag, self.line_end(tag)),
                                "read as part of the comment",
                            );
                        }
                        self.pending.push(diagnostic);
                        self.at = self.text.len();
                    }
                }
                ';' => self.at = self.line_end(self.at),
                '%' if self.at_line_start() => self.at = self.line_end(self.at),
                '[' => {
                    if self.movetext || self.blank_after_tags {
                        self.finish_game();
                    }
                    self.tag_pair();
                }
                _ => {
                    self.movetext = true;
                    let len = trimmed
                        .find(|c: char| c.is_whitespace() || matches!(c, '{' | ';' | '['))
                        .unwrap_or(trimmed.len());
                    self.at = self.at.saturating_add(len.max(c.len_utf8()));
                }
            }
        }
        self.finish_game();
    }

    /// Reads the tag pair at `self.at` (a `[`), or reports it as malformed and skips the rest
    /// of its line (up to a `]`).
    fn tag_pair(&mut self) {
        let start = self.at;
        match self.parse_tag(start) {
            Ok((tag, end)) => {
                if let Some(diagnostic) = unescaped_quote(&tag) {
                    self.pending.push(diagnostic);
                }
                self.tags.push(tag);
                self.at = end;
            }
            Err(Malformed {
                at,
                expected,
                fix,
                fix_end,
                name,
            }) => {
                self.malformed.extend(name);
                let line_end = self.line_end(start);
                let line = self.text.get(start..line_end).unwrap_or_default();
                // Skip to the `]` after the fault, if the line has one.
                let after = at.saturating_sub(start);
                let skip_to =
                    line.get(after..)
                        .and_then(|tail| tail.find(']'))
                        .map_or(line_end, |close| {
                            start
                                .saturating_add(after)
                                .saturating_add(close)
                                .saturating_add(1)
                        });
                let fault = if at >= line_end {
                    // Point at the last character of the line.
                    let last = line.chars().next_back().map_or(1, char::len_utf8);
                    self.span(line_end.saturating_sub(last).max(start), line_end)
                } else {
                    let width = self
                        .text
                        .get(at..)
                        .and_then(|tail| tail.chars().next())
                        .map_or(1, char::len_utf8);
                    self.span(at, at.saturating_add(width))
                };
                let whole = self.span(start, skip_to.max(start.saturating_add(1)));
                let mut diagnostic = Diagnostic::new(
                    Code::PgnTagMalformed,
                    format!("malformed tag pair `{}`, expected {expected}", shown(self.text.get(start..skip_to).unwrap_or_default())),
                )
                .primary(fault, format!("expected {expected} here"))
                .secondary(whole, "tag pair")
                .help("Write a tag pair as `[Name \"value\"]` on one line, escaping `\"` and `\\` in the value with `\\` (PGN §8.1).");
                if let Some(replacement) = fix {
                    let end = fix_end.unwrap_or(at).max(at);
                    diagnostic = diagnostic.with_fix(self.span(at, end), replacement);
                }
                self.pending.push(diagnostic);
                self.at = skip_to.max(start.saturating_add(1));
            }
        }
    }

    /// Parses `[Name "value"]` at `start`: the tag and the offset after its `]`.
    fn parse_tag(&self, start: usize) -> Result<(Tag<'a>, usize), Malformed<'a>> {
        let line_end = self.line_end(start);
        let line = self.text.get(..line_end).unwrap_or_default();
        let skip_blanks = |at: usize| {
            let rest = line.get(at..).unwrap_or_default();
            at.saturating_add(
                rest.len()
                    .saturating_sub(rest.trim_start_matches([' ', '\t']).len()),
            )
        };
        let name_start = skip_blanks(start.saturating_add(1));
        let rest = line.get(name_start..).unwrap_or_default();
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if name_len == 0 {
            return Err(Malformed::new(name_start, "a tag name"));
        }
        let name_end = name_start.saturating_add(name_len);
        let name = line.get(name_start..name_end).unwrap_or_default();
        let quote = skip_blanks(name_end);
        if !line.get(quote..).is_some_and(|rest| rest.starts_with('"')) {
            // A character right after the name that is neither a blank nor the quote: the name
            // goes on with a character no tag name has (`[Foo? "x"]`).
            let in_name = quote == name_end
                && line
                    .get(quote..)
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(|c| !c.is_whitespace() && c != ']');
            let expected = if in_name {
                "a tag name of letters, digits and `_` only"
            } else {
                "a value in double quotes"
            };
            return Err(Malformed {
                name: Some(name),
                ..Malformed::new(quote, expected)
            });
        }
        let value_start = quote.saturating_add(1);
        let mut escaped = false;
        let mut value_end = None;
        for (offset, c) in line.get(value_start..).unwrap_or_default().char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => {
                    value_end = Some(value_start.saturating_add(offset));
                    break;
                }
                _ => {}
            }
        }
        let Some(mut value_end) = value_end else {
            return Err(unclosed_value(line, line_end, value_start, name));
        };
        let mut close = skip_blanks(value_end.saturating_add(1));
        if !line.get(close..).is_some_and(|rest| rest.starts_with(']')) {
            // The quote is not the value's end: read the value up to the line's last quote, as
            // python-chess does, where that reading is the only one the line allows.
            if let Some(last) = last_quote(line, start, value_start, name) {
                value_end = last;
                close = skip_blanks(last.saturating_add(1));
            }
        }
        if !line.get(close..).is_some_and(|rest| rest.starts_with(']')) {
            let fix = line
                .get(close..)
                .is_some_and(|rest| rest.trim().is_empty())
                .then(|| "]".to_owned());
            return Err(Malformed {
                fix,
                name: Some(name),
                ..Malformed::new(close, "`]`")
            });
        }
        let end = close.saturating_add(1);
        Ok((
            Tag {
                name,
                name_span: self.span(name_start, name_end),
                value: line.get(value_start..value_end).unwrap_or_default(),
                value_span: self.span(value_start, value_end),
                span: self.span(start, end),
            },
            end,
        ))
    }
}

/// What is wrong with the tag pair on `line` (which ends at `line_end`) whose value, from
/// `value_start`, has no closing quote, and the edit that repairs it.
fn unclosed_value<'a>(
    line: &str,
    line_end: usize,
    value_start: usize,
    name: &'a str,
) -> Malformed<'a> {
    // `[Name "value]`: the closing quote goes before the `]` that ends the line. When
    // the value ends with `\"`, the quote meant to close it is escaped by a backslash
    // that a writer left unescaped: in a FEN (`[FEN "… 0 1\" ]`), which holds none, the
    // fix removes it; in any other value (`[Event "Cup \"]`, read by python-chess as
    // `Cup \`) it escapes it, so that the value keeps its backslash.
    let before = line
        .trim_end()
        .strip_suffix(']')
        .filter(|before| before.len() > value_start);
    let Some(before) = before else {
        return Malformed {
            name: Some(name),
            ..Malformed::new(line_end, "`\"` to close the value")
        };
    };
    let value = before.trim_end_matches([' ', '\t']);
    let escaped_quote = value
        .get(value_start..)
        .and_then(|body| body.strip_suffix('"'))
        .is_some_and(|body| body.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1);
    let (at, fix_end, fix) = if escaped_quote {
        let backslash = value.len().saturating_sub(2);
        if name == "FEN" {
            (backslash, backslash.saturating_add(1), String::new())
        } else {
            (backslash, backslash, "\\".to_owned())
        }
    } else {
        (before.len(), before.len(), "\"".to_owned())
    };
    Malformed {
        fix: Some(fix),
        fix_end: Some(fix_end),
        name: Some(name),
        ..Malformed::new(at, "`\"` to close the value")
    }
}

/// Where the value of the tag pair at `start` on `line` (the text up to the end of the line),
/// from `value_start`, ends when a quote inside it is not escaped: at the last `"` before the
/// `]` that ends the line, as python-chess reads it. `None` when the line allows another
/// reading, or none: a `FEN` tag (a FEN holds no quote, so a quote in one is a mistake that
/// escaping would not mend), text before the tag pair on its line (another tag pair, whose
/// value could run into this one), no `]` at the end of the line, that last `"` escaped, or an
/// inner `"` followed by `]`, where the tag pair could end as well.
fn last_quote(line: &str, start: usize, value_start: usize, name: &str) -> Option<usize> {
    if name == "FEN" {
        return None;
    }
    let before = line.get(..start)?;
    let line_start = before
        .rfind(['\n', '\r'])
        .map_or(0, |at| at.saturating_add(1));
    let indent = before
        .get(line_start..)?
        .trim_start_matches('\u{feff}')
        .trim_matches([' ', '\t']);
    if !indent.is_empty() {
        return None;
    }
    let value = line
        .get(value_start..)?
        .trim_end_matches([' ', '\t'])
        .strip_suffix(']')?
        .trim_end_matches([' ', '\t'])
        .strip_suffix('"')?;
    if value.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1 {
        return None;
    }
    let ends_early = bare_quotes(value).into_iter().any(|at| {
        value
            .get(at.saturating_add(1)..)
            .is_some_and(|after| after.trim_start_matches([' ', '\t']).starts_with(']'))
    });
    if ends_early {
        return None;
    }
    Some(value_start.saturating_add(value.len()))
}

/// The offsets in a tag value, `value` (as written between its quotes), of the quotes that no
/// `\` escapes, in order. A `\` escapes the character after it, as the reader takes it.
fn bare_quotes(value: &str) -> Vec<usize> {
    let mut escaped = false;
    let mut found = Vec::new();
    for (offset, c) in value.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => found.push(offset),
            _ => {}
        }
    }
    found
}

/// How many of a value's unescaped quotes get a label of their own.
const MAX_QUOTES_LABELLED: usize = 8;

/// `pgn::tag::unescaped_quote` for `tag` when its value holds quotes that no `\` escapes
/// (read up to the last quote of its line, see [`last_quote`]), with the fix that escapes each.
/// Every such quote is labelled, up to a few: they come in pairs around a quoted phrase, and
/// both ends show what the value holds.
fn unescaped_quote(tag: &Tag<'_>) -> Option<Diagnostic> {
    let quotes = bare_quotes(tag.value);
    let (&first, rest) = quotes.split_first()?;
    let quote_at = |offset: usize| {
        let start = tag.value_span.start.saturating_add(offset);
        Span::new(start, start.saturating_add(1))
    };
    let name = shown(tag.name);
    let message = match quotes.len() {
        1 => format!("unescaped `\"` inside the value of tag `{name}`, expected `\\\"`"),
        count => format!(
            "{count} unescaped `\"` inside the value of tag `{name}`, expected `\\\"` for each"
        ),
    };
    let mut diagnostic = Diagnostic::new(Code::PgnTagUnescapedQuote, message)
        .primary(quote_at(first), "read as part of the value");
    for &offset in rest.iter().take(MAX_QUOTES_LABELLED.saturating_sub(1)) {
        diagnostic = diagnostic.secondary(quote_at(offset), "and this one");
    }
    let close = tag.value_span.end;
    diagnostic = diagnostic
        .secondary(
            Span::new(close, close.saturating_add(1)),
            "the value ends at the last `\"` before `]`",
        )
        .help("Write a `\"` inside a tag value as `\\\"`, and a `\\` as `\\\\` (PGN §8.1). fenlint reads the value up to the last `\"` before `]`, as python-chess does; a reader that keeps to PGN §8.1 ends it at the first and rejects the tag pair.");
    let mut escaped = String::with_capacity(tag.value.len().saturating_add(quotes.len()));
    let mut from = 0;
    for &offset in &quotes {
        escaped.push_str(tag.value.get(from..offset)?);
        escaped.push('\\');
        from = offset;
    }
    escaped.push_str(tag.value.get(from..)?);
    Some(diagnostic.with_fix(tag.value_span, escaped))
}

/// Where a tag pair goes wrong, what was expected there, and an edit that repairs it.
struct Malformed<'a> {
    at: usize,
    expected: &'static str,
    fix: Option<String>,
    /// Where the text the fix replaces ends (from `at`); the fix inserts at `at` when `None`.
    fix_end: Option<usize>,
    /// The tag name, when it could be read.
    name: Option<&'a str>,
}

impl Malformed<'_> {
    fn new(at: usize, expected: &'static str) -> Malformed<'static> {
        Malformed {
            at,
            expected,
            fix: None,
            fix_end: None,
            name: None,
        }
    }
}
