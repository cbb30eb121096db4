//! Suppression comments: `# fenlint: allow CODE[, CODE]` on the line right before a position
//! silences those codes for that position, and `# fenlint: allow-file CODE[, CODE]` anywhere in
//! a file silences them for the whole file. In a PGN file the same directives are written in a
//! brace comment, `{ fenlint: allow CODE }` before a game's tags (for that game) or
//! `{ fenlint: allow-file CODE }` anywhere.
//!
//! [`lint_file`](crate::files::lint_file) (and so [`fix_file`](crate::files::fix_file), which
//! applies no fix of a silenced diagnostic) honours them; [`Suppressor`] is the same logic for a
//! front end that reads a file line by line.
//!
//! - A directive names codes exactly (in any case), separated by commas or spaces. `all` and
//!   prefixes such as `fen::castling` are not accepted: a suppression says which problem a
//!   reader is asked to overlook.
//! - Several `allow` lines right above a position all apply to it; a blank line or another
//!   comment in between ends them.
//! - A code a directive silences nothing with is `fen::suppression::unused`; a code fenlint does
//!   not know, a directive other than `allow` and `allow-file`, or a directive without codes is
//!   `fen::suppression::unknown_code`. These two cannot be silenced by a comment (a comment
//!   naming them is itself `fen::suppression::unknown_code`); `--allow` or `fenlint.toml` turn
//!   them off.
//!
//! ```
//! use fenlint::files::{FileKind, lint_file};
//! use fenlint::Validator;
//!
//! let text = b"# fenlint: allow fen::fields::missing\n8/8/8/4k3/8/8/8/4K3\n8/8/8/4k3/8/8/8/4K3\n";
//! let codes: Vec<_> = lint_file(FileKind::Lines, text, &Validator::new())
//!     .iter()
//!     .map(|d| (d.code().name(), d.span().start))
//!     .collect();
//! // The first position's warning is silenced, the second's is not.
//! assert_eq!(codes, [("fen::fields::missing", 58)]);
//! ```

use crate::{Code, Diagnostic, Severity, Span, Validator};

/// Where a directive applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Scope {
    /// `allow`: the position on the next line (in PGN, the next game).
    Next,
    /// `allow-file`: the whole file.
    File,
}

/// A suppression directive read from a comment: its scope, the codes it names (with where each
/// is written) and what is wrong with it.
///
/// ```
/// use fenlint::suppression::{Directive, Scope};
///
/// let comment = " fenlint: allow fen::castling::order, fen::nope";
/// let directive = Directive::parse(comment, 100).unwrap();
/// assert_eq!(directive.scope(), Scope::Next);
/// assert_eq!(directive.codes()[0].0, fenlint::Code::CastlingOrder);
/// assert_eq!(directive.codes()[0].1, fenlint::Span::new(116, 136));
/// assert_eq!(directive.problems()[0].code().name(), "fen::suppression::unknown_code");
/// assert!(Directive::parse(" a comment", 0).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    scope: Scope,
    codes: Vec<(Code, Span)>,
    problems: Vec<Diagnostic>,
}

/// The word that starts a directive, after the comment's `#` or `{` and any whitespace.
const MARKER: &str = "fenlint:";

impl Directive {
    /// The directive in a comment's body (the text after `#`, or between `{` and `}`), which
    /// starts at byte `offset` of its file; `None` when the body does not start with
    /// `fenlint:`. The problems have the codes' default severities.
    pub fn parse(body: &str, offset: usize) -> Option<Directive> {
        let trimmed = body.trim_start();
        let rest = trimmed.strip_prefix(MARKER)?;
        let mut at = offset
            .saturating_add(body.len().saturating_sub(trimmed.len()))
            .saturating_add(MARKER.len());
        let mut words = words(rest, &mut at);
        let mut directive = Directive {
            scope: Scope::Next,
            codes: Vec::new(),
            problems: Vec::new(),
        };
        let Some((word, span)) = words.next() else {
            directive.problems.push(
                unknown(Span::new(offset, at), "a `fenlint:` comment without a directive, expected `allow` or `allow-file` and codes".to_owned()),
            );
            return Some(directive);
        };
        directive.scope = match word {
            "allow" => Scope::Next,
            "allow-file" => Scope::File,
            _ => {
                directive.problems.push(unknown(
                    span,
                    format!(
                        "unknown directive `{}`, expected `allow` or `allow-file`",
                        crate::diagnostics::text::shown(word)
                    ),
                ));
                return Some(directive);
            }
        };
        let directive_span = span;
        for (name, span) in words {
            match Code::ALL
                .iter()
                .find(|code| code.name().eq_ignore_ascii_case(name))
            {
                Some(&code) if is_own(code) => directive.problems.push(
                    unknown(
                        span,
                        format!(
                            "`{}` cannot be allowed by a comment, expected the code of a problem",
                            code.name()
                        ),
                    )
                    .help("Turn it off with `--allow` or the `allow` list of fenlint.toml."),
                ),
                Some(&code) => directive.codes.push((code, span)),
                None if is_group(name) => directive.problems.push(group(span, name)),
                None => directive.problems.push(unknown(
                    span,
                    format!(
                        "unknown code `{}` in a suppression, expected a code fenlint reports",
                        crate::diagnostics::text::shown(name)
                    ),
                )),
            }
        }
        if directive.codes.is_empty() && directive.problems.is_empty() {
            directive.problems.push(unknown(
                directive_span,
                format!("`{word}` without a code, expected one or more codes"),
            ));
        }
        Some(directive)
    }

    /// Where the directive applies.
    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// The codes it names and where each is written, in order.
    pub fn codes(&self) -> &[(Code, Span)] {
        &self.codes
    }

    /// What is wrong with it (`fen::suppression::unknown_code`), in order.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    /// The directive of a comment line of a FEN or EPD file (without its line ending) at byte
    /// `offset`: `# fenlint: ...`, after any whitespace and a byte-order mark; `None` for any
    /// other line.
    ///
    /// ```
    /// use fenlint::suppression::{Directive, Scope};
    /// let line = b"  # fenlint: allow-file fen::fields::missing";
    /// assert_eq!(Directive::of_line(line, 0).unwrap().scope(), Scope::File);
    /// assert!(Directive::of_line(b"# fenlint is nice", 0).is_none());
    /// ```
    pub fn of_line(line: &[u8], offset: usize) -> Option<Directive> {
        let text = std::str::from_utf8(line).ok()?;
        let body = text
            .trim_start()
            .trim_start_matches('\u{feff}')
            .trim_start()
            .strip_prefix('#')?;
        let start = offset.saturating_add(text.len().saturating_sub(body.len()));
        Directive::parse(body, start)
    }
}

/// Whether `code` is one of the suppression codes, which comments cannot silence.
fn is_own(code: Code) -> bool {
    matches!(code, Code::SuppressionUnused | Code::SuppressionUnknownCode)
}

/// The words of `text`, separated by whitespace and commas, with their spans; `at` is the
/// offset of `text` in its file.
fn words<'t>(text: &'t str, at: &mut usize) -> impl Iterator<Item = (&'t str, Span)> + 't {
    let base = *at;
    *at = base.saturating_add(text.len());
    text.split(|c: char| c.is_whitespace() || c == ',')
        .scan(base, move |offset, word| {
            let start = *offset;
            // Past the word and the one separator character after it.
            let separator = text
                .get(start.saturating_sub(base).saturating_add(word.len())..)
                .and_then(|rest| rest.chars().next())
                .map_or(0, char::len_utf8);
            *offset = start.saturating_add(word.len()).saturating_add(separator);
            Some((word, Span::new(start, start.saturating_add(word.len()))))
        })
        .filter(|(word, _)| !word.is_empty())
}

fn unknown(span: Span, message: String) -> Diagnostic {
    Diagnostic::new(Code::SuppressionUnknownCode, message)
        .primary(span, "not a code fenlint reports")
        .help("Name the codes to allow, as `fenlint explain --list` lists them: `# fenlint: allow fen::castling::order`.")
}

/// Whether `name` names a group of codes rather than one: `all`, or a prefix of whole `::`
/// segments of a code (`fen::castling`, in any case, a trailing `::` allowed).
fn is_group(name: &str) -> bool {
    let prefix = name.strip_suffix("::").unwrap_or(name);
    prefix.eq_ignore_ascii_case("all")
        || (!prefix.is_empty()
            && Code::ALL.iter().any(|code| {
                let full = code.name();
                full.len() > prefix.len()
                    && full
                        .get(..prefix.len())
                        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
                    && full
                        .get(prefix.len()..)
                        .is_some_and(|rest| rest.starts_with("::"))
            }))
}

/// A group of codes (`fen::castling`, `all`) named by a directive, which takes codes only.
fn group(span: Span, name: &str) -> Diagnostic {
    let shown = crate::diagnostics::text::shown(name);
    Diagnostic::new(
        Code::SuppressionUnknownCode,
        format!("`{shown}` is a group of codes, and prefixes are not accepted here, expected a code"),
    )
    .primary(span, "a group, not one code")
    .help(format!(
        "Name each code the comment allows (`fenlint explain --list {shown}` lists them), or allow the whole group with `--allow` or the `allow` list of fenlint.toml."
    ))
}

/// A code a directive names, and whether it has silenced something yet.
#[derive(Clone, Debug)]
struct Allowed {
    code: Code,
    span: Span,
    used: bool,
}

impl Allowed {
    fn unused(&self, scope: Scope) -> Diagnostic {
        let (what, target) = match scope {
            Scope::Next => ("this position", "the position on the next line"),
            Scope::File => ("this file", "any position of the file"),
        };
        Diagnostic::new(
            Code::SuppressionUnused,
            format!(
                "unused suppression of `{}`, expected {target} to have that problem",
                self.code.name()
            ),
        )
        .primary(self.span, format!("nothing to allow in {what}"))
        .help("Remove the code from the comment: the problem it allowed is gone (or was never there).")
    }
}

/// Silences the diagnostics of a file that its suppression comments name, and reports the
/// comments' own problems, for a reader that goes through the file once, line by line, after a
/// first pass over its comments for `allow-file` directives.
///
/// ```
/// use fenlint::files::{FileKind, is_position_line, lint_line};
/// use fenlint::suppression::Suppressor;
/// use fenlint::Validator;
///
/// let lines: [&[u8]; 3] = [b"8/8/8/4k3/8/8/8/4K3", b"# fenlint: allow-file fen::fields::missing", b"8/8 w"];
/// let validator = Validator::new();
/// let mut suppressor = Suppressor::new(&validator);
/// let offsets = [0, 20, 63];
/// for (line, offset) in lines.iter().zip(offsets) {
///     suppressor.scan_line(line, offset); // The first pass.
/// }
/// let mut codes = Vec::new();
/// for (number, (line, offset)) in lines.iter().zip(offsets).enumerate() {
///     let found = if is_position_line(line) {
///         suppressor.position(number, lint_line(FileKind::Lines, line, offset, &validator))
///     } else {
///         suppressor.comment_line(number, line, offset)
///     };
///     codes.extend(found.iter().map(|d| d.code().name()));
/// }
/// codes.extend(suppressor.finish().iter().map(|d| d.code().name()));
/// assert_eq!(codes, ["fen::placement::too_few_ranks"]);
/// ```
#[derive(Clone, Debug)]
pub struct Suppressor {
    unused_severity: Option<Severity>,
    unknown_severity: Option<Severity>,
    file: Vec<Allowed>,
    next: Vec<Allowed>,
    /// The 0-based line the `next` codes apply to.
    next_line: usize,
}

impl Suppressor {
    /// A suppressor with no directive yet, reporting its own codes with `validator`'s
    /// severities.
    pub fn new(validator: &Validator) -> Suppressor {
        Suppressor {
            unused_severity: validator.severity_of(Code::SuppressionUnused),
            unknown_severity: validator.severity_of(Code::SuppressionUnknownCode),
            file: Vec::new(),
            next: Vec::new(),
            next_line: 0,
        }
    }

    /// The first pass: registers the `allow-file` directive of a line (without its ending) at
    /// byte `offset`, if it holds one. Its problems are reported by the second pass.
    pub fn scan_line(&mut self, line: &[u8], offset: usize) {
        if let Some(directive) = Directive::of_line(line, offset) {
            self.allow_file(&directive);
        }
    }

    /// Registers the codes of an `allow-file` directive; other directives are ignored.
    pub fn allow_file(&mut self, directive: &Directive) {
        if directive.scope == Scope::File {
            self.file
                .extend(directive.codes.iter().map(|&(code, span)| Allowed {
                    code,
                    span,
                    used: false,
                }));
        }
    }

    /// The second pass, for a line that holds no position, 0-based line `number`, at byte
    /// `offset` (lines that hold neither a position nor a directive may be left out). Returns
    /// the problems of its directive, and the unused codes of the `allow` lines before it that
    /// no position follows.
    pub fn comment_line(&mut self, number: usize, line: &[u8], offset: usize) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        if number != self.next_line {
            self.flush(&mut found);
        }
        let Some(directive) = Directive::of_line(line, offset) else {
            self.flush(&mut found);
            return found;
        };
        found.extend(self.problems(directive.problems.iter().cloned()));
        if directive.scope == Scope::Next {
            self.next
                .extend(directive.codes.iter().map(|&(code, span)| Allowed {
                    code,
                    span,
                    used: false,
                }));
        }
        self.next_line = number.saturating_add(1);
        found
    }

    /// Whether no directive applies to the next position, whatever its diagnostics: none is
    /// pending from the lines above it and none is for the whole file. [`Suppressor::position`]
    /// then returns the diagnostics as they are.
    pub fn silences_nothing(&self) -> bool {
        self.next.is_empty() && self.file.is_empty()
    }

    /// The second pass, for the position on 0-based line `number` with its `diagnostics`:
    /// returns the unused codes of the `allow` lines right above it, then the diagnostics that
    /// no directive silences.
    pub fn position(&mut self, number: usize, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        // No directive pending and none for the file (almost every position): nothing to do,
        // decided where the caller is.
        if self.silences_nothing() {
            return diagnostics;
        }
        self.position_under_directives(number, diagnostics)
    }

    /// [`Suppressor::position`] when some directive may apply.
    fn position_under_directives(
        &mut self,
        number: usize,
        diagnostics: Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        if number != self.next_line {
            self.flush(&mut found);
        }
        let mut next = std::mem::take(&mut self.next);
        let kept: Vec<Diagnostic> = diagnostics
            .into_iter()
            .filter(|diagnostic| !silence(diagnostic.code(), &mut next, &mut self.file))
            .collect();
        found.extend(self.unused(&next, Scope::Next));
        found.extend(kept);
        found
    }

    /// Whether `diagnostic` is silenced by the directives of a PGN game, `game`, or of the file;
    /// marks the codes that silence it as used.
    fn silences(&mut self, diagnostic: &Diagnostic, game: &mut [Allowed]) -> bool {
        silence(diagnostic.code(), game, &mut self.file)
    }

    /// The end of the file: the unused codes of the `allow` lines no position follows, and of
    /// the `allow-file` directives.
    pub fn finish(mut self) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        self.flush(&mut found);
        let file = std::mem::take(&mut self.file);
        found.extend(self.unused(&file, Scope::File));
        found
    }

    /// Reports the pending `allow` codes as unused: no position follows them.
    fn flush(&mut self, found: &mut Vec<Diagnostic>) {
        let next = std::mem::take(&mut self.next);
        found.extend(self.unused(&next, Scope::Next));
    }

    fn unused(&self, allowed: &[Allowed], scope: Scope) -> Vec<Diagnostic> {
        let Some(severity) = self.unused_severity else {
            return Vec::new();
        };
        allowed
            .iter()
            .filter(|allowed| !allowed.used)
            .map(|allowed| allowed.unused(scope).with_severity(severity))
            .collect()
    }

    fn problems(&self, problems: impl Iterator<Item = Diagnostic>) -> Vec<Diagnostic> {
        let Some(severity) = self.unknown_severity else {
            return Vec::new();
        };
        problems
            .map(|problem| problem.with_severity(severity))
            .collect()
    }
}

/// Whether `code` is allowed by `near` (the directives of its position or game) or `file`;
/// marks the codes that allow it as used.
fn silence(code: Code, near: &mut [Allowed], file: &mut [Allowed]) -> bool {
    let mut silenced = false;
    for allowed in near.iter_mut().chain(file.iter_mut()) {
        if allowed.code == code {
            allowed.used = true;
            silenced = true;
        }
    }
    silenced
}

/// The fix that silences `diagnostic` of the file `text` of `kind` with a suppression comment:
/// `# fenlint: allow CODE` on a line of its own above the position's line (after a byte-order
/// mark, with the position line's ending: `\n`, `\r\n` or a lone `\r`), or, in a PGN file, `{ fenlint: allow CODE }` on a
/// line of its own before the game's first tag pair. `None` for the suppression codes, which
/// comments cannot silence, and for a PGN diagnostic outside every game.
///
/// ```
/// use fenlint::files::{FileKind, lint_file};
/// use fenlint::suppression::allow_comment;
///
/// let text = "# book\r\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n";
/// let diagnostics = lint_file(FileKind::Lines, text.as_bytes(), &fenlint::Validator::new());
/// let fix = allow_comment(FileKind::Lines, text, &diagnostics[0]).unwrap();
/// let silenced = fix.apply(text, 0).unwrap();
/// assert_eq!(silenced, "# book\r\n# fenlint: allow fen::castling::order\r\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n");
/// assert!(lint_file(FileKind::Lines, silenced.as_bytes(), &fenlint::Validator::new()).is_empty());
///
/// // Lines ended by a lone CR, as classic Mac OS wrote them.
/// let text = "# book\r4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r";
/// let diagnostics = lint_file(FileKind::Lines, text.as_bytes(), &fenlint::Validator::new());
/// let silenced = allow_comment(FileKind::Lines, text, &diagnostics[0]).unwrap().apply(text, 0).unwrap();
/// assert_eq!(silenced, "# book\r# fenlint: allow fen::castling::order\r4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r");
/// assert!(lint_file(FileKind::Lines, silenced.as_bytes(), &fenlint::Validator::new()).is_empty());
/// ```
pub fn allow_comment(
    kind: crate::file_kind::FileKind,
    text: &str,
    diagnostic: &Diagnostic,
) -> Option<crate::Fix> {
    let code = diagnostic.code();
    if is_own(code) {
        return None;
    }
    let start = diagnostic.span().start.min(text.len());
    let (at, comment) = if kind == crate::file_kind::FileKind::Pgn {
        let pgn = crate::pgn::read(text, 0);
        let game = pgn
            .games()
            .iter()
            .map(crate::pgn::Game::span)
            .find(|game| {
                game.start <= start && start < game.end.max(game.start.saturating_add(1))
            })?;
        (game.start, format!("{{ fenlint: allow {} }}", code.name()))
    } else {
        // A line ends at `\n`, `\r\n` or a lone `\r`, as the file readers read lines.
        let line_start = text
            .get(..start)
            .and_then(|before| before.rfind(['\n', '\r']))
            .map_or(0, |ending| ending.saturating_add(1));
        let bom = text
            .get(line_start..)
            .filter(|line| line.starts_with('\u{feff}'))
            .map_or(0, |_| '\u{feff}'.len_utf8());
        (
            line_start.saturating_add(bom),
            format!("# fenlint: allow {}", code.name()),
        )
    };
    // The comment's line ends as the line it goes above does.
    let line = text.get(at..).unwrap_or_default();
    let ending = match line.find(['\n', '\r']).and_then(|end| line.get(end..)) {
        Some(rest) if rest.starts_with("\r\n") => "\r\n",
        Some(rest) if rest.starts_with('\r') => "\r",
        _ => "\n",
    };
    Some(crate::Fix::insert(at, format!("{comment}{ending}")))
}

/// The diagnostics of a PGN file, `text` (its bytes that are not UTF-8 read as placeholders),
/// with its suppression comments applied: `{ fenlint: allow CODE }` before a game's first tag
/// pair (with nothing but whitespace and other brace comments between them) for that game,
/// `{ fenlint: allow-file CODE }` anywhere for the whole file. Ordered by span.
pub(crate) fn apply_pgn(
    text: &str,
    diagnostics: Vec<Diagnostic>,
    validator: &Validator,
) -> Vec<Diagnostic> {
    let pgn = crate::pgn::read(text, 0);
    let mut suppressor = Suppressor::new(validator);
    let games: Vec<Span> = pgn.games().iter().map(crate::pgn::Game::span).collect();
    let mut per_game: Vec<Vec<Allowed>> = vec![Vec::new(); games.len()];
    let mut found = Vec::new();
    for comment in pgn.comments() {
        let body_span = Span::new(
            comment.start.saturating_add(1),
            comment.end.saturating_sub(1).max(comment.start),
        );
        let Some(directive) = text
            .get(body_span.range())
            .and_then(|body| Directive::parse(body, body_span.start))
        else {
            continue;
        };
        found.extend(suppressor.problems(directive.problems.iter().cloned()));
        let codes = directive.codes.iter().map(|&(code, span)| Allowed {
            code,
            span,
            used: false,
        });
        match directive.scope {
            Scope::File => suppressor.allow_file(&directive),
            Scope::Next => match game_after(text, comment.end, &games) {
                Some(game) => {
                    if let Some(allowed) = per_game.get_mut(game) {
                        allowed.extend(codes);
                    }
                }
                None => {
                    let codes: Vec<Allowed> = codes.collect();
                    found.extend(suppressor.unused(&codes, Scope::Next));
                }
            },
        }
    }
    for diagnostic in diagnostics {
        let start = diagnostic.span().start;
        let game = games
            .partition_point(|game| game.start <= start)
            .checked_sub(1)
            .filter(|&game| games.get(game).is_some_and(|span| start < span.end));
        let mut none = [];
        let near = match game.and_then(|game| per_game.get_mut(game)) {
            Some(allowed) => allowed.as_mut_slice(),
            None => &mut none,
        };
        if !suppressor.silences(&diagnostic, near) {
            found.push(diagnostic);
        }
    }
    for allowed in &per_game {
        found.extend(suppressor.unused(allowed, Scope::Next));
    }
    found.extend(suppressor.finish());
    found.sort_by_key(Diagnostic::span);
    found
}

/// The index of the game whose first tag pair follows byte `at` of `text` with nothing but
/// whitespace and brace comments between.
fn game_after(text: &str, at: usize, games: &[Span]) -> Option<usize> {
    let mut at = at;
    loop {
        let rest = text.get(at..)?;
        let trimmed = rest.trim_start();
        at = at.saturating_add(rest.len().saturating_sub(trimmed.len()));
        if trimmed.starts_with('{') {
            at = at.saturating_add(trimmed.find('}')?).saturating_add(1);
        } else {
            break;
        }
    }
    games.iter().position(|game| game.start == at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::{FileKind, lint_file};

    fn found(kind: FileKind, text: &str) -> Vec<(&'static str, String)> {
        lint_file(kind, text.as_bytes(), &Validator::new())
            .iter()
            .map(|d| {
                (
                    d.code().name(),
                    text.get(d.span().range()).unwrap_or_default().to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn an_allow_line_silences_the_next_position_only() {
        let text = "# fenlint: allow fen::fields::missing, fen::kings::missing\n8/8/8/8/8/8/8/8\n8/8/8/4k3/8/8/8/4K3\n";
        let diagnostics = lint_file(FileKind::Lines, text.as_bytes(), &Validator::new());
        // The first position has both problems, silenced; the second has its own warning.
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code().name()).collect();
        assert_eq!(codes, ["fen::fields::missing"]);
        let second = text.find("8/8/8/4k3").unwrap_or_default();
        assert!(diagnostics[0].span().start >= second);
    }

    #[test]
    fn stacked_allow_lines_apply_and_a_gap_ends_them() {
        let text = "# fenlint: allow fen::fields::missing\n# fenlint: allow fen::kings::missing\n8/8/8/8/8/8/8/8\n# fenlint: allow fen::fields::missing\n\n8/8/8/4k3/8/8/8/4K3\n";
        assert_eq!(
            found(FileKind::Lines, text),
            [
                (
                    "fen::suppression::unused",
                    "fen::fields::missing".to_owned()
                ),
                ("fen::fields::missing", "8/8/8/4k3/8/8/8/4K3".to_owned()),
            ]
        );
    }

    #[test]
    fn unused_and_unknown_codes_are_reported_where_they_are_written() {
        let text = "# fenlint: allow fen::castling::order, Fen::Kings::Missing fen::nope\n8/8/8/8/8/8/8/8 w - - 0 1\n# fenlint: allow-file fen::suppression::unused\n# fenlint: allow-file fen::check::opposite\n# fenlint: alow x\n# fenlint: allow\n";
        assert_eq!(
            found(FileKind::Lines, text),
            [
                (
                    "fen::suppression::unused",
                    "fen::castling::order".to_owned()
                ),
                ("fen::suppression::unknown_code", "fen::nope".to_owned()),
                (
                    "fen::suppression::unknown_code",
                    "fen::suppression::unused".to_owned()
                ),
                (
                    "fen::suppression::unused",
                    "fen::check::opposite".to_owned()
                ),
                ("fen::suppression::unknown_code", "alow".to_owned()),
                ("fen::suppression::unknown_code", "allow".to_owned()),
            ]
        );
        // Turned off by the validator, as any code.
        let quiet = Validator::new()
            .allow(Code::SuppressionUnused)
            .allow(Code::SuppressionUnknownCode);
        assert!(lint_file(FileKind::Lines, text.as_bytes(), &quiet).is_empty());
    }

    #[test]
    fn a_group_in_a_suppression_is_said_to_be_one() {
        for name in ["fen::castling", "FEN::Castling::", "epd", "all", "ALL"] {
            let text = format!("# fenlint: allow {name}\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\n");
            let found = lint_file(FileKind::Lines, text.as_bytes(), &Validator::new());
            assert_eq!(found.len(), 1, "{name}: {found:?}");
            let diagnostic = &found[0];
            assert_eq!(diagnostic.code(), Code::SuppressionUnknownCode);
            assert!(
                diagnostic
                    .message()
                    .contains("is a group of codes, and prefixes are not accepted here"),
                "{}",
                diagnostic.message()
            );
            let span = diagnostic.span();
            assert_eq!(text.get(span.range()), Some(name));
        }
        // Neither a code nor a group: unknown, as before.
        for name in [
            "fen::cast",
            "fen::castling::ordr",
            "fen::castling::order::x",
            "::",
        ] {
            let text = format!("# fenlint: allow {name}\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\n");
            let found = lint_file(FileKind::Lines, text.as_bytes(), &Validator::new());
            assert!(
                found[0].message().starts_with("unknown code"),
                "{name}: {}",
                found[0].message()
            );
        }
    }

    #[test]
    fn allow_file_works_before_and_after_the_positions() {
        let text = "8/8/8/4k3/8/8/8/4K3\n8/8/8/4k3/8/8/8/4K3 b\n# fenlint: allow-file fen::fields::missing\n";
        assert!(found(FileKind::Lines, text).is_empty());
        let epd = "# fenlint: allow-file epd::operation::unterminated\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\n";
        assert!(found(FileKind::Epd, epd).is_empty());
    }

    #[test]
    fn suppressed_fixes_are_not_applied() {
        let text = b"# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n";
        let fixed = crate::files::fix_file(FileKind::Lines, text, &Validator::new());
        assert_eq!(fixed.applied, 1);
        assert_eq!(
            fixed.text,
            b"# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n"
        );
    }

    #[test]
    fn pgn_comments_allow_for_the_next_game_or_the_file() {
        let text = "{ fenlint: allow pgn::setup::missing }\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n{ fenlint: allow fen::castling::order } *\n{fenlint: allow-file fen::fullmove_number::zero}\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 0\"]\n";
        assert_eq!(
            found(FileKind::Pgn, text),
            [
                ("pgn::setup::missing", "FEN".to_owned()),
                (
                    "fen::suppression::unused",
                    "fen::castling::order".to_owned()
                ),
            ]
        );
        // The first game's warning is silenced: the first reported is the second game's.
        let diagnostics = lint_file(FileKind::Pgn, text.as_bytes(), &Validator::new());
        assert_eq!(
            diagnostics[0].span().start,
            text.find("\n\n[FEN").unwrap_or_default() + 3
        );
    }

    #[test]
    fn allow_comment_silences_in_every_kind_of_file() {
        let validator = Validator::new();
        for (kind, text) in [
            (
                FileKind::Lines,
                "\u{feff}4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n",
            ),
            (FileKind::Epd, "# x\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\n"),
            (
                FileKind::Pgn,
                "[Event \"a\"]\r\n[SetUp \"0\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\r\n\r\n*\r\n",
            ),
        ] {
            let diagnostics = lint_file(kind, text.as_bytes(), &validator);
            let last = diagnostics.last().map(Diagnostic::code);
            let Some(fix) = diagnostics
                .last()
                .and_then(|diagnostic| allow_comment(kind, text, diagnostic))
            else {
                panic!("no suppression for {text:?}");
            };
            let silenced = fix.apply(text, 0).unwrap_or_default();
            let left = lint_file(kind, silenced.as_bytes(), &validator);
            assert!(
                left.iter().all(|d| Some(d.code()) != last),
                "{silenced:?}: {left:?}"
            );
            assert!(left.iter().all(|d| !is_own(d.code())), "{left:?}");
        }
        let unused = "# fenlint: allow fen::kings::missing\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
        let diagnostics = lint_file(FileKind::Lines, unused.as_bytes(), &validator);
        assert_eq!(
            allow_comment(FileKind::Lines, unused, &diagnostics[0]),
            None
        );
    }
}
