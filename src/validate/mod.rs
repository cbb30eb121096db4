//! The semantic validator: checks that the position a readable FEN describes can be set up and
//! played, and says precisely why not.
//!
//! Each rule is one small unit in `rules/`: a `check` function over a `Check` (the tree, the
//! [`Position`] built from it and the variant), reporting diagnostics whose codes, severities
//! and documentation live in the registry ([`Code`]). [`Validator`] runs them all, applies the
//! user's severity overrides, and [`lint`] runs the parser and the validator in one go.

pub(crate) mod castling_letters;
pub(crate) mod check;
pub(crate) mod message;
pub(crate) mod rules;

pub(crate) use castling_letters::CastlingLetters;
pub(crate) use check::{Check, CounterText, Counters};

use crate::position::{Position, Variant};
use crate::syntax::SyntaxTree;
use crate::{Code, Diagnostic, Parse, Severity};

/// The parser and the validator over one FEN: the syntax tree, the position (when the placement
/// is readable) and every diagnostic, ordered by position.
///
/// ```
/// let lint = fenlint::lint("4k3/8/8/8/8/8/8/8 w - - 0 1");
/// let codes: Vec<_> = lint.diagnostics().iter().map(|d| d.code().name()).collect();
/// assert_eq!(codes, ["fen::kings::missing"]);
/// ```
#[derive(Clone, Debug)]
pub struct Lint<'a> {
    parse: Parse<'a>,
    position: Option<Position>,
    variant: Option<Variant>,
    diagnostics: Vec<crate::Diagnostic>,
}

impl<'a> Lint<'a> {
    /// The syntax tree.
    pub fn tree(&self) -> &SyntaxTree<'a> {
        self.parse.tree()
    }

    /// The position, when the placement is eight ranks of eight squares.
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// The variant the position was checked as: the validator's, or the one the FEN's dialect
    /// suggests; `None` when there is no position.
    ///
    /// ```
    /// use fenlint::position::Variant;
    /// let fen = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1";
    /// assert_eq!(fenlint::lint(fen).variant(), Some(Variant::ThreeCheck));
    /// let standard = fenlint::Validator::new().variant(Variant::Standard);
    /// assert_eq!(standard.lint(fen).variant(), Some(Variant::Standard));
    /// ```
    pub fn variant(&self) -> Option<Variant> {
        self.variant
    }

    /// Every diagnostic, syntax and semantic, with the severities in force, ordered by span.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The diagnostics, without copying them.
    ///
    /// ```
    /// let diagnostics = fenlint::lint("8/8/8/8/8/8/8/8 w - - 0 1").into_diagnostics();
    /// assert_eq!(diagnostics[0].code().name(), "fen::kings::missing");
    /// ```
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }

    /// Whether any diagnostic has error severity.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|diagnostic| diagnostic.severity() == Severity::Error)
    }
}

/// Runs the parser and the validator with the default severities and the variant the FEN's
/// dialect suggests.
///
/// ```
/// assert!(!fenlint::lint("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").has_errors());
/// ```
pub fn lint(input: &str) -> Lint<'_> {
    Validator::new().lint(input)
}

/// Whether `code` is checked at the syntax level ([`Validator::syntax`]): the shape of the
/// notation, the same in every variant played on a chess board written as a FEN.
fn is_syntax_level(code: Code) -> bool {
    matches!(
        code,
        Code::InputEmpty
            | Code::InputInvalidUtf8
            | Code::InputTooLong
            | Code::InputByteOrderMark
            | Code::InputTooManyProblems
            | Code::WhitespaceLeading
            | Code::WhitespaceTrailing
            | Code::WhitespaceSeparator
            | Code::FieldsMissing
            | Code::PlacementDigitOutOfRange
            | Code::PlacementAdjacentDigits
            | Code::RankTooLong
            | Code::RankTooShort
            | Code::PlacementTooManyRanks
            | Code::PlacementTooFewRanks
            | Code::SideToMoveInvalid
            | Code::HalfmoveClockInvalid
            | Code::FullmoveNumberInvalid
            | Code::CounterLeadingZero
    )
}

/// Whether `code` says that the board is not eight ranks of eight squares.
fn is_board_shape(code: Code) -> bool {
    matches!(
        code,
        Code::PlacementDigitOutOfRange
            | Code::PlacementAdjacentDigits
            | Code::RankTooLong
            | Code::RankTooShort
            | Code::PlacementTooManyRanks
            | Code::PlacementTooFewRanks
    )
}

/// The validator's settings: the variant to check against, and per-code severity overrides.
///
/// ```
/// use fenlint::{Code, Severity, Validator};
/// let validator = Validator::new().with_severity(Code::FullmoveZero, Severity::Error);
/// let lint = validator.lint("4k3/8/8/8/8/8/8/4K3 w - - 0 0");
/// assert!(lint.has_errors());
/// ```
#[derive(Clone, Default)]
pub struct Validator {
    variant: Option<Variant>,
    /// Whether only the syntax is checked ([`Validator::syntax`]).
    syntax_only: bool,
    /// Whether the positions are read from a file whose other positions are crazyhouse ones
    /// ([`Validator::in_crazyhouse_file`]).
    crazyhouse_file: bool,
    /// Whether the positions are read from a file whose other positions are Chess960 ones
    /// ([`Validator::in_chess960_file`]).
    chess960_file: bool,
    /// Whether a file's codes reported once per file are reported at each occurrence
    /// ([`Validator::every_occurrence`]).
    every_occurrence: bool,
    /// The override of each code, by its place in [`Code::ALL`]: `None` for its default
    /// severity, `Some(None)` when it is not reported; empty when nothing is overridden. A
    /// table rather than a list of overrides, so that a validator with every code set (`allow
    /// all`, or a configuration of many prefixes) answers each rule in one look.
    overrides: Vec<Option<Option<Severity>>>,
}

impl std::fmt::Debug for Validator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let overrides: Vec<(Code, Option<Severity>)> = Code::ALL
            .iter()
            .zip(&self.overrides)
            .filter_map(|(&code, overridden)| overridden.map(|severity| (code, severity)))
            .collect();
        f.debug_struct("Validator")
            .field("variant", &self.variant)
            .field("syntax_only", &self.syntax_only)
            .field("crazyhouse_file", &self.crazyhouse_file)
            .field("every_occurrence", &self.every_occurrence)
            .field("overrides", &overrides)
            .finish()
    }
}

impl Validator {
    /// The default settings: the variant from the FEN's dialect, default severities.
    pub fn new() -> Validator {
        Validator::default()
    }

    /// Checks every FEN as `variant` rather than the one its dialect suggests.
    #[must_use]
    pub fn variant(mut self, variant: Variant) -> Validator {
        self.variant = Some(variant);
        self
    }

    /// Checks the syntax only: the notation's shape (eight ranks of eight squares, the fields,
    /// the side to move, the counters' digits, whitespace), without the rules and without what
    /// depends on the chess variant (which letters are pieces, holdings, castling letters, the
    /// en-passant square, check counters, extra fields). For positions of a variant fenlint does
    /// not know that are written as FENs on a chess board: Atomic, Horde, Antichess,
    /// Seirawan, Sittuyin and the like. A board of another size whose ranks all describe the
    /// same number of squares (Capablanca's 10×8, xiangqi, shogi) is taken as the variant's
    /// board (see [`crate::syntax::Placement::board_size`]).
    ///
    /// ```
    /// use fenlint::Validator;
    /// // Seirawan: hawks and elephants in hand, gating letters in the castling field.
    /// let seirawan = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    /// assert!(Validator::new().syntax().lint(seirawan).diagnostics().is_empty());
    /// // The board's shape is still checked.
    /// let lint = Validator::new().syntax().lint("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    /// assert_eq!(lint.diagnostics()[0].code().name(), "fen::placement::rank_too_short");
    /// // Capablanca chess, on ten files.
    /// let capablanca = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    /// assert!(Validator::new().syntax().lint(capablanca).diagnostics().is_empty());
    /// ```
    #[must_use]
    pub fn syntax(mut self) -> Validator {
        self.syntax_only = true;
        self
    }

    /// Reads the positions as those of a file whose other positions say crazyhouse (bracket
    /// holdings `[Qn]` or a promoted marker `~` on some line), so that a ninth `/` group of
    /// piece letters after rank 1 is read as crazyhouse holdings even on a line without a `~`
    /// (see [`Validator::lint_parse`]). A variant given with [`Validator::variant`] wins.
    /// [`files::FileHints`](crate::files::FileHints) finds what a file says.
    ///
    /// ```
    /// use fenlint::Validator;
    /// let fen = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/N w KQkq - 0 1";
    /// assert_eq!(
    ///     Validator::new().lint(fen).diagnostics()[0].code().name(),
    ///     "fen::placement::too_many_ranks"
    /// );
    /// assert!(Validator::new().in_crazyhouse_file().lint(fen).diagnostics().is_empty());
    /// ```
    #[must_use]
    pub fn in_crazyhouse_file(mut self) -> Validator {
        self.crazyhouse_file = true;
        self
    }

    /// Whether the positions are read as those of a crazyhouse file
    /// ([`Validator::in_crazyhouse_file`]).
    pub fn is_in_crazyhouse_file(&self) -> bool {
        self.crazyhouse_file
    }

    /// Reads the positions as those of a file whose other positions say Chess960 (a king off
    /// the e-file with its castling rights, or castling file letters), so that X-FEN's `K` or
    /// `Q` for an inner rook tells Chess960 even with the king on the e-file and the corner
    /// empty. Read alone, such a letter is standard chess's stale right, as standard readers
    /// take it (`fen::castling::no_rook`). A variant given with [`Validator::variant`] wins.
    /// [`files::FileHints`](crate::files::FileHints) finds what a file says.
    ///
    /// ```
    /// use fenlint::Validator;
    /// // The a1 rook on b1, `Q` kept: stale in standard chess, the b1 rook's in Chess960.
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1RBQKBNR w KQkq - 0 1";
    /// assert_eq!(
    ///     Validator::new().lint(fen).diagnostics()[0].code().name(),
    ///     "fen::castling::no_rook"
    /// );
    /// assert!(Validator::new().in_chess960_file().lint(fen).diagnostics().is_empty());
    /// ```
    #[must_use]
    pub fn in_chess960_file(mut self) -> Validator {
        self.chess960_file = true;
        self
    }

    /// Whether the positions are read as those of a Chess960 file
    /// ([`Validator::in_chess960_file`]).
    pub fn is_in_chess960_file(&self) -> bool {
        self.chess960_file
    }

    /// Reports each occurrence of the codes [reported once per file](Code::once_per_file)
    /// where it is, rather than the first with how many more the file has: for output that
    /// programs read, which want every place. Only a whole file's reading asks
    /// ([`files::lint_file`](crate::files::lint_file)); one position is reported in full either
    /// way.
    ///
    /// ```
    /// use fenlint::Validator;
    /// use fenlint::files::{FileKind, lint_file};
    /// let text = b"4k3/8/8/8/8/8/8/4K3 w - - 0 0\n4k3/8/8/8/8/8/8/3K4 w - - 0 0\n";
    /// assert_eq!(lint_file(FileKind::Lines, text, &Validator::new()).len(), 1);
    /// let every = lint_file(FileKind::Lines, text, &Validator::new().every_occurrence());
    /// assert_eq!(every.len(), 2);
    /// assert_eq!(every[1].message(), "fullmove number 0, expected 1 or more");
    /// ```
    #[must_use]
    pub fn every_occurrence(mut self) -> Validator {
        self.every_occurrence = true;
        self
    }

    /// Whether each occurrence of the codes reported once per file is reported
    /// ([`Validator::every_occurrence`]).
    pub fn reports_every_occurrence(&self) -> bool {
        self.every_occurrence
    }

    /// Whether only the syntax is checked ([`Validator::syntax`]).
    pub fn is_syntax_only(&self) -> bool {
        self.syntax_only
    }

    /// Reports `code` with `severity` instead of its default.
    #[must_use]
    pub fn with_severity(mut self, code: Code, severity: Severity) -> Validator {
        self.set_override(code, Some(severity));
        self
    }

    /// Does not report `code` at all.
    ///
    /// ```
    /// use fenlint::{Code, Validator};
    /// let lint = Validator::new().allow(Code::FieldsMissing).lint("4k3/8/8/8/8/8/8/4K3");
    /// assert!(lint.diagnostics().is_empty());
    /// ```
    #[must_use]
    pub fn allow(mut self, code: Code) -> Validator {
        self.set_override(code, None);
        self
    }

    /// Reports `code` with `severity` (`None`: not at all) from now on.
    fn set_override(&mut self, code: Code, severity: Option<Severity>) {
        if self.overrides.is_empty() {
            self.overrides = vec![None; Code::ALL.len()];
        }
        if let Some(slot) = self.overrides.get_mut(code as usize) {
            *slot = Some(severity);
        }
    }

    /// The severity `code` is reported with, or `None` when it is allowed (or off by default,
    /// see [`Code::is_on_by_default`], and not asked for).
    pub fn severity_of(&self, code: Code) -> Option<Severity> {
        match self.overrides.get(code as usize) {
            Some(&Some(severity)) => severity,
            _ => code.is_on_by_default().then(|| code.default_severity()),
        }
    }

    /// Parses and validates `input`.
    pub fn lint<'a>(&self, input: &'a str) -> Lint<'a> {
        self.lint_parse(crate::parse(input))
    }

    /// Validates an already parsed FEN (for a FEN inside a larger text, parse it with
    /// [`crate::parse_at`] first).
    ///
    /// A ninth `/` group after rank 1 (`…/RNBQKBNR/Pp`, or a bare `/`) is crazyhouse holdings
    /// only when something says crazyhouse: the validator's variant, or, without one, a
    /// promoted marker `~` on the board or the file the position is read from
    /// ([`Validator::in_crazyhouse_file`]). Otherwise it is read as a standard-chess mistake,
    /// `fen::placement::too_many_ranks`, and the position has no holdings.
    ///
    /// ```
    /// use fenlint::position::Variant;
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1";
    /// let lint = fenlint::lint(fen);
    /// assert_eq!(lint.diagnostics()[0].code().name(), "fen::placement::too_many_ranks");
    /// assert_eq!(lint.variant(), Some(Variant::Standard));
    /// let crazyhouse = fenlint::Validator::new().variant(Variant::Crazyhouse).lint(fen);
    /// assert!(crazyhouse.diagnostics().is_empty());
    /// ```
    pub fn lint_parse<'a>(&self, parse: Parse<'a>) -> Lint<'a> {
        self.lint_parse_with_counters(parse, Counters::default())
    }

    /// Validates an already parsed FEN whose move counters are written elsewhere, such as the
    /// `hmvc` and `fmvn` operations of an EPD record: each counter given in `counters` replaces
    /// the FEN's own, in the position and in every counter rule, and diagnostics about it point
    /// at its span.
    pub(crate) fn lint_parse_with_counters<'a>(
        &self,
        mut parse: Parse<'a>,
        counters: Counters<'_>,
    ) -> Lint<'a> {
        let found = parse.take_diagnostics();
        let (position, variant, diagnostics) = self.check_parse(parse.tree(), found, counters);
        Lint {
            parse,
            position,
            variant,
            diagnostics,
        }
    }

    /// The work of [`Validator::lint_parse_with_counters`]: the position, the variant and
    /// every diagnostic with the severities in force, ordered by span: the parser's, `found`,
    /// and the rules'.
    fn check_parse(
        &self,
        tree: &crate::SyntaxTree<'_>,
        found: Vec<Diagnostic>,
        counters: Counters<'_>,
    ) -> (Option<Position>, Option<Variant>, Vec<crate::Diagnostic>) {
        // The castling letters, read once for the position and for the rules.
        let castling = CastlingLetters::of(tree);
        let sides = castling.iter().map(|right| (right.color(), right.side()));
        let mut position = Position::from_tree_and_castling(tree, sides, self.chess960_file);
        if let Some(position) = &mut position {
            if let Some(counter) = counters.halfmove_clock {
                position.halfmove_clock = counter.position_value(0);
            }
            if let Some(counter) = counters.fullmove_number {
                position.fullmove_number = counter.position_value(1);
            }
        }
        // A ninth `/` group of piece letters is crazyhouse holdings only when something says
        // crazyhouse: the variant given, or, read as its text suggests, a `~` on the board or
        // the other positions of its file. Otherwise it is a rank too many, or a stray `/` (the rule `crazyhouse::slash_group`).
        let mut slash_group = false;
        if let Some(position) = &mut position
            && position.holdings.is_some()
            && !self.variant.map_or(
                self.crazyhouse_file || !position.promoted.is_empty(),
                |variant| variant == Variant::Crazyhouse,
            )
            && tree
                .holdings()
                .is_some_and(|holdings| holdings.form() == crate::syntax::HoldingsForm::Slash)
        {
            position.drop_slash_holdings(tree, self.variant.is_none(), self.chess960_file);
            slash_group = true;
        }
        let mut diagnostics = found;
        let variant = position
            .as_ref()
            .map(|position| self.variant.unwrap_or(position.variant));
        if self.syntax_only {
            // A board of another size, well formed, is the variant's board, not ranks of the
            // wrong length: its shape is not checked against 8×8.
            let other_board = tree
                .placement()
                .and_then(|placement| placement.board_size())
                .is_some_and(|size| size != (8, 8));
            diagnostics.retain(|diagnostic| {
                is_syntax_level(diagnostic.code())
                    && !(other_board && is_board_shape(diagnostic.code()))
            });
        } else if let (Some(position), Some(variant)) = (&position, variant) {
            let mut check = Check::new(tree, position, variant, &castling);
            check.slash_group = slash_group;
            check.variant_given = self.variant.is_some();
            // The rules add theirs after the parser's, in the same vector (no rule reads it).
            check.diagnostics = std::mem::take(&mut diagnostics);
            // The counters the rules check: those given, else the FEN's own.
            check.given_counters = counters;
            check.usual_counters = rules::counters::usual(position);
            // A ninth group of piece letters leaves the board in doubt: which of the nine
            // groups is the rank too many is not known, and the rules would judge the first
            // eight (a board without the real rank 1), so only the rank too many is reported,
            // as a board of seven ranks reports only the rank missing. A bare `/` after
            // rank 1 leaves the board whole, and every rule runs.
            if slash_group && tree.holdings().is_some_and(|group| group.text().len() > 1) {
                rules::crazyhouse::slash_group::check(&mut check);
            } else {
                // Every rule runs, those of codes not reported too: no rule reads another's
                // diagnostics, and a rule costs little until it reports, so leaving them out
                // after is the same, and cheaper than asking before each rule.
                rules::run_all(&mut check);
            }
            diagnostics = std::mem::take(&mut check.diagnostics);
        }
        // Without overrides every diagnostic keeps the default severity it was made with, and
        // only those of codes off by default (rarely any) are left out.
        if self.overrides.is_empty() {
            if diagnostics
                .iter()
                .any(|diagnostic| !diagnostic.code().is_on_by_default())
            {
                diagnostics.retain(|diagnostic| diagnostic.code().is_on_by_default());
            }
        } else {
            diagnostics.retain_mut(|diagnostic| match self.severity_of(diagnostic.code()) {
                Some(severity) => {
                    diagnostic.set_severity(severity);
                    true
                }
                None => false,
            });
        }
        diagnostics.sort_by_key(Diagnostic::span);
        (position, variant, diagnostics)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Span;

    /// With severity overrides, a lint reports what the default lint reports, less the codes
    /// not reported and with the severities given, parser's and rules' alike, in the same
    /// order; the last setting of a code wins; and allowing every code reports nothing.
    #[test]
    fn overrides_leave_out_and_reweigh_what_the_default_lint_reports() {
        let fens = [
            "P7/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R b KQkq e3 5 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kq] w AHah - 200 1",
            "4k3/4R3/8/8/8/8/8/4K2R w K - 0 1 +3+3",
            "8/8/8/8/8/8/8/9 x QK z9 -1 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w kqKQ - 0 1",
        ];
        let settings: [(Code, Option<Severity>); 5] = [
            (Code::KingsMissing, None),
            (Code::CastlingOrder, Some(Severity::Advice)),
            (Code::WhitespaceSeparator, Some(Severity::Error)),
            (Code::FullmoveZero, None),
            (Code::FullmoveZero, Some(Severity::Warning)),
        ];
        let mut validator = Validator::new();
        for (code, severity) in settings {
            validator = match severity {
                Some(severity) => validator.with_severity(code, severity),
                None => validator.allow(code),
            };
        }
        let everything = Code::ALL
            .iter()
            .fold(Validator::new(), |validator, &code| validator.allow(code));
        let mut compared = 0;
        for fen in fens {
            let default = lint(fen).into_diagnostics();
            let expected: Vec<(Code, Span, Severity)> = default
                .iter()
                .filter(|d| d.code() != Code::KingsMissing)
                .map(|d| {
                    let severity = match d.code() {
                        Code::CastlingOrder => Severity::Advice,
                        Code::WhitespaceSeparator => Severity::Error,
                        Code::FullmoveZero => Severity::Warning,
                        _ => d.severity(),
                    };
                    (d.code(), d.span(), severity)
                })
                .collect();
            let found: Vec<(Code, Span, Severity)> = validator
                .lint(fen)
                .diagnostics()
                .iter()
                .map(|d| (d.code(), d.span(), d.severity()))
                .collect();
            assert_eq!(found, expected, "{fen}");
            compared += default.len();
            assert!(everything.lint(fen).diagnostics().is_empty(), "{fen}");
            let lines =
                crate::files::lint_text_line(crate::files::FileKind::Lines, fen, 0, &validator);
            let lines: Vec<(Code, Span, Severity)> = lines
                .iter()
                .map(|d| (d.code(), d.span(), d.severity()))
                .collect();
            assert_eq!(lines, expected, "{fen}");
        }
        assert!(compared > 20, "the FENs draw many diagnostics: {compared}");
        for code in [
            Code::CastlingOrder,
            Code::WhitespaceSeparator,
            Code::FullmoveZero,
            Code::KingsMissing,
        ] {
            assert!(
                fens.iter()
                    .any(|fen| lint(fen).diagnostics().iter().any(|d| d.code() == code)),
                "{code} is reported by some FEN"
            );
        }
        assert_eq!(
            validator.severity_of(Code::FullmoveZero),
            Some(Severity::Warning)
        );
        assert_eq!(validator.severity_of(Code::KingsMissing), None);
        assert_eq!(
            validator.severity_of(Code::KingsTooMany),
            Some(Severity::Error)
        );
        assert_eq!(
            format!("{validator:?}"),
            "Validator { variant: None, syntax_only: false, crazyhouse_file: false, every_occurrence: false, overrides: [(WhitespaceSeparator, Some(Error)), (KingsMissing, None), (FullmoveZero, Some(Warning)), (CastlingOrder, Some(Advice))] }",
            "the overrides in the registry's order"
        );
    }

    #[test]
    fn castling_letters_keep_every_letter_once_in_order_past_the_first_four() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w KQABCDkqK - 0 1";
        let parse = crate::parse(fen);
        let letters: String = CastlingLetters::of(parse.tree())
            .iter()
            .map(|right| right.letter())
            .collect();
        assert_eq!(letters, "KQABCDkq");
        let spans: Vec<_> = CastlingLetters::of(parse.tree())
            .iter()
            .map(|right| right.span().start)
            .collect();
        assert_eq!(spans, (22..30).collect::<Vec<_>>());
    }
}
