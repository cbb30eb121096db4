//! Castling rights in classic (`KQkq`), X-FEN and Shredder-FEN (`HAha`) notation.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1, take_while1};
use nom::combinator::{eof, peek};
use nom::multi::{fold_many0, many0_count};
use nom::sequence::{pair, preceded, terminated};

use super::cx::{Cx, Production, ascii, node, recover, token};
use crate::Span;
use crate::diagnostics::text::{around_shown, dash_look_alike, dash_look_alike_help};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `castling ::= dash | white_castling black_castling? | black_castling`
///
/// Letters must be in order (White's before Black's, kingside before queenside) and appear once
/// (`white_castling` and `black_castling` in the grammar spell the order out). A letter written
/// twice is `fen::castling::duplicate`; a second `-`, or `-` among letters, is
/// `fen::castling::misplaced_dash`. The word `none` is read as one word, not as the right `e`
/// among three bad characters.
pub(crate) fn castling<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(
        cx,
        SyntaxKind::Castling,
        alt((
            recover(cx, terminated(tag_no_case("none"), eof), report_none_word).map(|_| ()),
            dashes(cx),
            castling_letters(cx),
        )),
    )
}

/// `dash`, and any further dashes of a field of dashes only, each an error with a fix.
fn dashes<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    preceded(
        peek(terminated(take_while1(|c| c == '-'), eof)),
        pair(
            token(cx, SyntaxKind::Dash, ascii(|b| b == b'-')),
            many0_count(recover(cx, ascii(|b| b == b'-'), |cx, span, _| {
                report_dash(cx, span, true)
            })),
        ),
    )
    .map(|_| ())
}

/// What the castling field holds, one item at a time.
enum Item {
    /// A castling letter and its span.
    Letter(u8, Span),
    /// Text that is not a castling letter: a `-` among letters, or invalid characters.
    Error {
        /// Whether the text leaves no doubt about the fix to the order (a `-` does not
        /// change the letters; invalid characters might have been letters).
        clean: bool,
    },
}

/// `white_castling black_castling? | black_castling`: castling letters, read one at a time
/// and checked for order and repeats, with `-` and other characters among them reported.
fn castling_letters<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    move |field: &'a str| {
        let item = alt((
            token(
                cx,
                SyntaxKind::CastlingRight,
                ascii(|b| is_castling_letter(char::from(b))),
            )
            .map(|span| Item::Letter(cx.source_text(span).bytes().next().unwrap_or(b'-'), span)),
            recover(cx, ascii(|b| b == b'-'), |cx, span, _| {
                report_dash(cx, span, false)
            })
            .map(|_| Item::Error { clean: true }),
            recover(cx, take_till1(is_castling_char), |cx, span, text| {
                report_invalid_characters(cx, span, text, text.len() == field.len())
            })
            .map(|_| Item::Error { clean: false }),
        ));
        let (rest, order) = fold_many0(
            item,
            || Order::new(field),
            |mut order, item| {
                match item {
                    Item::Letter(letter, span) => order.push(cx, letter, span),
                    Item::Error { clean } => order.clean &= clean,
                }
                order
            },
        )
        .parse(field)?;
        if order.misplaced.is_some() {
            order.report(cx);
        }
        Ok((rest, ()))
    }
}

/// One castling letter: `K`, `Q`, `k`, `q` or a file letter (`A`–`H`, `a`–`h`); the
/// grammar's `white_castling` and `black_castling` give their order.
fn is_castling_letter(c: char) -> bool {
    matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h')
}

/// Whether `text` is castling letters only, one or more (`KQkq`, `HAha`, `Kk`): what a castling
/// field holds but for `-`, right or in the wrong order.
pub(crate) fn is_castling_letters(text: &str) -> bool {
    !text.is_empty() && text.chars().all(is_castling_letter)
}

fn is_castling_char(c: char) -> bool {
    c == '-' || is_castling_letter(c)
}

/// Where a castling letter sorts: White's before Black's, then `K`, the files from h to a, `Q`.
/// Each of the 20 letters has its own rank, 0 to 19.
#[allow(
    clippy::arithmetic_side_effects,
    reason = "the letter is matched to `A`–`H` or a fixed letter, so every value is below 20"
)]
const fn rank_of(letter: u8) -> Option<usize> {
    let color = letter.is_ascii_lowercase() as usize * 10;
    let side = match letter.to_ascii_uppercase() {
        b'K' => 0,
        b'Q' => 9,
        file @ b'A'..=b'H' => 8 - (file - b'A') as usize,
        _ => return None,
    };
    Some(color + side)
}

/// The letter with rank `rank`; the inverse of [`rank_of`].
#[allow(
    clippy::arithmetic_side_effects,
    reason = "`side` is below 9 by construction (`rank_of`)"
)]
fn letter_of(rank: usize) -> char {
    let upper = match rank % 10 {
        0 => 'K',
        9 => 'Q',
        side => char::from(b'A' + (8 - side) as u8),
    };
    if rank >= 10 {
        upper.to_ascii_lowercase()
    } else {
        upper
    }
}

/// Tracks letter order and duplicates over one castling field, without allocating.
#[derive(Default)]
struct Order<'a> {
    /// The whole field.
    field: &'a str,
    /// The letters seen so far, one bit per rank.
    seen: u32,
    /// The highest rank so far and its letter's span.
    highest: Option<(usize, Span)>,
    /// The first letter that sorts before an earlier one, and that one.
    misplaced: Option<(Span, Span)>,
    /// Whether the field holds nothing but letters (and dashes), so that a fix is unambiguous.
    clean: bool,
}

impl<'a> Order<'a> {
    fn new(field: &'a str) -> Order<'a> {
        Order {
            field,
            clean: true,
            ..Order::default()
        }
    }

    /// Takes the letter `letter` at `span`.
    fn push(&mut self, cx: &Cx<'_>, letter: u8, span: Span) {
        let Some(rank) = rank_of(letter) else {
            return;
        };
        let bit = 1u32 << rank;
        if self.seen & bit != 0 {
            let first = self
                .field
                .bytes()
                .position(|b| b == letter)
                .unwrap_or_default();
            let start = cx.span(self.field).start.saturating_add(first);
            // A letter twice and the same letter of the other colour not at all (`Kqkq`): one
            // of the two may be a slip of the shift key, and which one is not for a fix to say.
            let other_colour = if letter.is_ascii_uppercase() {
                letter.to_ascii_lowercase()
            } else {
                letter.to_ascii_uppercase()
            };
            let case_slip = !self.field.bytes().any(|b| b == other_colour);
            if case_slip {
                self.clean = false;
            }
            report_duplicate(
                cx,
                char::from(letter),
                span,
                Span::new(start, start.saturating_add(1)),
                case_slip.then_some(char::from(other_colour)),
            );
            return;
        }
        self.seen |= bit;
        match self.highest {
            Some((highest, earlier)) if rank < highest => {
                if self.misplaced.is_none() {
                    self.misplaced = Some((span, earlier));
                }
            }
            _ => self.highest = Some((rank, span)),
        }
    }

    fn report(&self, cx: &Cx<'_>) {
        let Some((late, early)) = self.misplaced else {
            return;
        };
        let field = cx.span(self.field);
        let canonical: String = (0..20)
            .filter(|&rank| self.seen & (1u32 << rank) != 0)
            .map(letter_of)
            .collect();
        if in_board_order(self.field) {
            report_board_order(cx, field, canonical, self.clean);
            return;
        }
        let found = cx.source_text(field);
        let late_letter = cx.source_text(late);
        let early_letter = cx.source_text(early);
        let message = around_shown(
            "castling rights `",
            found,
            &format!("` out of order, expected `{canonical}`"),
        );
        let mut diagnostic = Diagnostic::new(Code::CastlingOrder, message)
        .primary(late, ["`", late_letter, "` belongs before `", early_letter, "`"].concat())
        .secondary(early, "written first")
        .help("Write White's (upper-case) rights before Black's, and for each side the kingside right before the queenside one: `KQkq`, `HAha`.");
        if self.clean {
            diagnostic = diagnostic.with_fix(field, canonical);
        }
        cx.report(diagnostic);
    }
}

/// Whether the castling letters of `field`, out of order, are in the order some Chess960
/// writers use: White's before Black's, and each side's either in the canonical order or file
/// letters only from the a-file to the h-file (`AHah`, `EGeg`, `KQeg`). Readers that take the
/// letters one at a time (Stockfish, cutechess, python-chess) read them as intended. Classic
/// letters out of order (`QKkq`, `kqKQ`) are not: no writer produces them.
fn in_board_order(field: &str) -> bool {
    let letters = field
        .bytes()
        .filter(|&byte| is_castling_letter(char::from(byte)));
    let (white, black): (Vec<u8>, Vec<u8>) = letters.clone().partition(u8::is_ascii_uppercase);
    let white_first = letters
        .skip_while(u8::is_ascii_uppercase)
        .all(|byte| byte.is_ascii_lowercase());
    white_first && side_in_order(&white) && side_in_order(&black)
}

/// Whether one side's castling letters are in the canonical order, or are file letters in
/// board order (a to h), each letter once.
fn side_in_order(letters: &[u8]) -> bool {
    let canonical = letters
        .windows(2)
        .all(|pair| matches!(pair, [a, b] if rank_of(*a) < rank_of(*b)));
    let board_order = letters
        .iter()
        .all(|&byte| !matches!(byte.to_ascii_uppercase(), b'K' | b'Q'))
        && letters
            .windows(2)
            .all(|pair| matches!(pair, [a, b] if a < b));
    canonical || board_order
}

/// Reports castling letters in board order (see [`in_board_order`]), with the fix to the
/// canonical order when the field holds nothing else.
fn report_board_order(cx: &Cx<'_>, field: Span, canonical: String, clean: bool) {
    let found = cx.source_text(field);
    let message = around_shown(
        "castling letters `",
        found,
        &format!("` with file letters from the a-file to the h-file, expected `{canonical}`"),
    );
    let mut diagnostic = Diagnostic::new(Code::CastlingBoardOrder, message)
        .primary(field, "board order")
        .help("Shredder-FEN gives each side's file letters from h to a (`HAha`), as Stockfish and python-chess write them; the readers people use (Stockfish, cutechess, python-chess, shakmaty, cozy-chess, chessops) take the letters one at a time and accept board order too, a reader that keeps to the grammar does not.");
    if clean {
        diagnostic = diagnostic.with_fix(field, canonical);
    }
    cx.report(diagnostic);
}

/// `fen::castling::duplicate` for `letter` at `span`, first given at `first`; `other_colour`
/// is the same letter of the other colour when the field lacks it (then one of the two may be
/// meant as it, and there is no fix).
fn report_duplicate(
    cx: &Cx<'_>,
    letter: char,
    span: Span,
    first: Span,
    other_colour: Option<char>,
) {
    if cx.full() {
        return;
    }
    let mut buffer = [0; 4];
    let letter = &*letter.encode_utf8(&mut buffer);
    let diagnostic = Diagnostic::new(
        Code::CastlingDuplicate,
        [
            "duplicate castling right `",
            letter,
            "`, expected each letter once",
        ]
        .concat(),
    )
    .primary(span, "repeated")
    .secondary(first, "first given here");
    cx.report(match other_colour {
        None => diagnostic
            .help(["Remove the second `", letter, "`."].concat())
            .with_fix(span, ""),
        Some(other) => diagnostic.help(format!(
            "Remove one `{letter}`, or, if one of them was meant as `{other}`, write `{other}` there; check the board for which rights stand."
        )),
    });
}

fn report_dash(cx: &Cx<'_>, span: Span, only_dashes: bool) {
    if cx.full() {
        return;
    }
    // A second `-` is dropped without doubt. A `-` among letters (`K-`) says both "these
    // rights" and "no rights": which the writer meant is not for a fix to decide.
    let diagnostic = if only_dashes {
        Diagnostic::new(
            Code::CastlingMisplacedDash,
            "repeated `-`, expected a single `-`",
        )
        .primary(span, "a second `-`")
        .help("Write a single `-` when nobody can castle.")
        .with_fix(span, "")
    } else {
        Diagnostic::new(
            Code::CastlingMisplacedDash,
            "`-` among castling letters, expected either `-` alone or letters only",
        )
        .primary(span, "`-` means no castling rights")
        .help("Keep the letters if those rights stand, or write `-` alone if nobody can castle.")
    };
    cx.report(diagnostic);
}

/// Reports the word `none` as the castling field, with the fix to `-`.
fn report_none_word(cx: &Cx<'_>, span: Span, _: &str) {
    if cx.full() {
        return;
    }
    let found = cx.source_text(span);
    let message = around_shown(
        "castling field `",
        found,
        "` is a word, expected `-` for no castling rights",
    );
    cx.report(
        Diagnostic::new(Code::CastlingInvalidCharacter, message)
        .primary(span, "a word for no castling rights")
        .help("Write `-` when nobody can castle; castling letters are `K`, `Q`, `k`, `q` or file letters.")
        .with_fix(span, "-"),
    );
}

/// Reports the invalid characters `text` at `span`, which are the whole field when
/// `whole_field`.
fn report_invalid_characters(cx: &Cx<'_>, span: Span, text: &str, whole_field: bool) {
    if let Some(dash) = dash_look_alike(text) {
        return report_dash_look_alike(cx, span, text, dash, whole_field);
    }
    cx.report_invalid_characters(
        span,
        Code::CastlingInvalidCharacter,
        (
            "invalid castling ",
            ", expected `K`, `Q`, `k`, `q`, a file letter or `-`",
        ),
        "not a castling letter",
        |_| {
            "Castling rights are `K`/`Q` (White), `k`/`q` (Black), or the file letter of the rook (`A`–`H` for White, `a`–`h` for Black); `-` when nobody can castle."
        },
    );
}

/// A dash that only looks like `-` (an en dash, a minus sign): fixed to `-` when it is the
/// whole field, where it can only mean "no castling rights".
fn report_dash_look_alike(
    cx: &Cx<'_>,
    span: Span,
    text: &str,
    dash: (&str, &str),
    whole_field: bool,
) {
    if cx.full() {
        return;
    }
    let diagnostic = Diagnostic::new(
        Code::CastlingInvalidCharacter,
        [
            "invalid castling character `",
            text,
            "`, ",
            dash.0,
            ", expected `K`, `Q`, `k`, `q`, a file letter or `-`",
        ]
        .concat(),
    )
    .primary(span, "not the hyphen-minus `-`")
    .help(dash_look_alike_help(dash));
    cx.report(if whole_field {
        diagnostic.with_fix(span, "-")
    } else {
        diagnostic
    });
}

#[cfg(test)]
mod tests {
    use crate::Code;

    /// A dash look-alike as the whole field means no castling rights; among letters it might
    /// be a misplaced `-` or a letter mistyped, so it has no fix.
    #[test]
    fn a_dash_that_looks_like_the_hyphen_minus_is_fixed_when_it_is_the_whole_field() {
        let text = "8/8/8/8/8/8/8/K6k w \u{2212} - 0 1";
        let parse = crate::parse(text);
        let [diagnostic] = parse.diagnostics() else {
            panic!("{:?}", parse.diagnostics());
        };
        assert_eq!(diagnostic.code(), Code::CastlingInvalidCharacter);
        assert!(
            diagnostic.message().contains("a minus sign"),
            "{}",
            diagnostic.message()
        );
        let fix = diagnostic.fix().expect("a fix");
        assert_eq!((fix.span(), fix.replacement()), (diagnostic.span(), "-"));
        let among = "r3k3/8/8/8/8/8/8/4K3 w k\u{2013} - 0 1";
        assert!(
            crate::parse(among)
                .diagnostics()
                .iter()
                .all(|d| d.fix().is_none())
        );
    }

    /// A letter given twice is removed by the fix, unless the same letter of the other colour
    /// is missing (`Kqkq`): then either may be meant as it, and neither the duplicate nor the
    /// order has a fix.
    #[test]
    fn a_repeated_letter_whose_other_colour_is_missing_has_no_fix() {
        let fixes = |fen: &str| -> Vec<(Code, bool)> {
            crate::parse(fen)
                .diagnostics()
                .iter()
                .map(|d| (d.code(), d.fix().is_some()))
                .collect()
        };
        assert_eq!(
            fixes("r3k2r/8/8/8/8/8/8/R3K2R w Kqkq - 0 1"),
            [
                (Code::CastlingOrder, false),
                (Code::CastlingDuplicate, false)
            ]
        );
        let parse = crate::parse("r3k2r/8/8/8/8/8/8/R3K2R w Kqkq - 0 1");
        let duplicate = &parse.diagnostics()[1];
        assert!(duplicate.help_text().unwrap().contains("meant as `Q`"));
        assert_eq!(
            fixes("r3k2r/8/8/8/8/8/8/R3K2R w KQkqq - 0 1"),
            [(Code::CastlingDuplicate, true)]
        );
    }
}
