//! The semantic validator: checks that the position a readable FEN describes can be set up and
//! played, and says precisely why not.
//!
//! Each rule is one small unit in `rules/`: a `check` function over a `Check` (the tree, the
//! [`Position`] built from it and the variant), reporting diagnostics whose codes, severities
//! and documentation live in the registry ([`Code`]). [`Validator`] runs them all, applies the
//! user's severity overrides, and [`lint`] runs the parser and the validator in one go.

mod rules;

use crate::position::{Position, Variant};
use crate::syntax::{RankItem, SyntaxTree};
use crate::{Code, Diagnostic, Parse, Severity, Span, Square};

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

    /// Every diagnostic, syntax and semantic, with the severities in force, ordered by span.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
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

/// The validator's settings: the variant to check against, and per-code severity overrides.
///
/// ```
/// use fenlint::{Code, Severity, Validator};
/// let validator = Validator::new().severity(Code::FullmoveZero, Severity::Error);
/// let lint = validator.lint("4k3/8/8/8/8/8/8/4K3 w - - 0 0");
/// assert!(lint.has_errors());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Validator {
    variant: Option<Variant>,
    overrides: Vec<(Code, Option<Severity>)>,
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

    /// Reports `code` with `severity` instead of its default.
    #[must_use]
    pub fn severity(mut self, code: Code, severity: Severity) -> Validator {
        self.overrides.push((code, Some(severity)));
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
        self.overrides.push((code, None));
        self
    }

    /// The severity `code` is reported with, or `None` when it is allowed.
    pub fn severity_of(&self, code: Code) -> Option<Severity> {
        self.overrides
            .iter()
            .rev()
            .find(|(overridden, _)| *overridden == code)
            .map_or(Some(code.default_severity()), |&(_, severity)| severity)
    }

    /// Parses and validates `input`.
    pub fn lint<'a>(&self, input: &'a str) -> Lint<'a> {
        self.lint_parse(crate::parse(input))
    }

    /// Validates an already parsed FEN (for a FEN inside a larger text, parse it with
    /// [`crate::parse_at`] first).
    pub fn lint_parse<'a>(&self, parse: Parse<'a>) -> Lint<'a> {
        let position = Position::from_tree(parse.tree());
        let mut diagnostics: Vec<Diagnostic> = parse.diagnostics().to_vec();
        if let Some(position) = &position {
            let variant = self.variant.unwrap_or(position.variant);
            let mut check = Check::new(parse.tree(), position, variant);
            rules::run(&mut check);
            diagnostics.append(&mut check.diagnostics);
        }
        let mut diagnostics: Vec<Diagnostic> = diagnostics
            .into_iter()
            .filter_map(|diagnostic| {
                let severity = self.severity_of(diagnostic.code())?;
                Some(diagnostic.with_severity(severity))
            })
            .collect();
        diagnostics.sort_by_key(Diagnostic::span);
        Lint {
            parse,
            position,
            diagnostics,
        }
    }
}

/// What a rule sees: the tree, the position and the variant, and where to report.
pub(crate) struct Check<'t, 'a> {
    pub(crate) tree: &'t SyntaxTree<'a>,
    pub(crate) position: &'t Position,
    pub(crate) variant: Variant,
    /// The span of the token that describes each square (a piece letter, or the digit of the
    /// run of empty squares it belongs to).
    squares: [Span; 64],
    diagnostics: Vec<Diagnostic>,
}

impl<'t, 'a> Check<'t, 'a> {
    fn new(tree: &'t SyntaxTree<'a>, position: &'t Position, variant: Variant) -> Check<'t, 'a> {
        let mut squares = [Span::empty(tree.base()); 64];
        if let Some(placement) = tree.placement() {
            for (row, rank) in placement.ranks().take(8).enumerate() {
                let rank_number = 8 - row as u8;
                let mut file = 0u8;
                for item in rank.items() {
                    let (span, width) = match item {
                        RankItem::Piece { span, .. } => (span, 1),
                        RankItem::Empty { span, count } => (span, count),
                        RankItem::Error(node) => (node.span(), 0),
                    };
                    for _ in 0..width {
                        let square =
                            crate::File::new(file).and_then(|file| Square::new(file, rank_number));
                        if let Some(slot) =
                            square.and_then(|square| squares.get_mut(usize::from(square.index())))
                        {
                            *slot = span;
                        }
                        file += 1;
                    }
                }
            }
        }
        Check {
            tree,
            position,
            variant,
            squares,
            diagnostics: Vec::new(),
        }
    }

    /// The span of the token that describes `square`.
    pub(crate) fn square_span(&self, square: Square) -> Span {
        self.squares
            .get(usize::from(square.index()))
            .copied()
            .unwrap_or(Span::empty(self.tree.base()))
    }

    /// The span of the placement.
    pub(crate) fn placement_span(&self) -> Span {
        self.tree
            .placement()
            .map_or(self.tree.root().span(), |placement| placement.span())
    }

    pub(crate) fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
}
