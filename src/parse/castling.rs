//! Castling rights in classic (`KQkq`), X-FEN and Shredder-FEN (`HAha`) notation.

use nom::IResult;

use super::{Cx, one_byte};
use crate::Span;
use crate::diagnostics::text::around_shown_plain;
use crate::diagnostics::{Code, Diagnostic, MessageText};
use crate::syntax::SyntaxKind;

/// `castling ::= dash | white_castling black_castling? | black_castling`
///
/// Letters must be in order (White's before Black's, kingside before queenside) and appear once
/// (`white_castling` and `black_castling` in the grammar spell the order out). A letter written
/// twice is `fen::castling::duplicate`; a second `-`, or `-` among letters, is
/// `fen::castling::misplaced_dash`.
pub(crate) fn castling<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let open = cx.start(SyntaxKind::Castling, input.as_bytes());
    if cx.fast_paths && plain_castling(cx, input) {
        cx.finish(open);
        return;
    }
    if is_none_word(input) {
        let span = cx.token_bytes(SyntaxKind::Error, input.as_bytes(), input.len());
        report_none_word(cx, span);
        cx.finish(open);
        return;
    }
    let only_dashes = input.bytes().all(|b| b == b'-');
    let mut order = Order::new(input);
    let mut seen_dash = false;
    // Read as bytes: every character accepted is ASCII, and a run of other characters ends at
    // an ASCII byte (or the end), so every token ends on a character boundary.
    let mut rest = input.as_bytes();
    while !rest.is_empty() {
        if let Ok((after, letter)) = castling_right(rest) {
            cx.token_bytes(SyntaxKind::CastlingRight, rest, 1);
            order.push(cx, letter, input.len().saturating_sub(rest.len()));
            rest = after;
        } else if let Ok((after, _)) = dash(rest) {
            if only_dashes && !seen_dash {
                cx.token_bytes(SyntaxKind::Dash, rest, 1);
            } else {
                let span = cx.token_bytes(SyntaxKind::Error, rest, 1);
                report_dash(cx, span, only_dashes);
                order.clean = order.clean && !only_dashes;
            }
            seen_dash = true;
            rest = after;
        } else {
            let len = rest
                .iter()
                .position(|&b| is_castling_char(b))
                .unwrap_or(rest.len());
            let span = cx.token_bytes(SyntaxKind::Error, rest, len);
            order.clean = false;
            report_invalid_characters(cx, span);
            rest = rest.get(len..).unwrap_or_default();
        }
    }
    if order.misplaced.is_some() {
        order.report(cx);
    }
    cx.finish(open);
}

/// The castling field in the usual case, which draws no diagnostic: `-`, or letters in order
/// without repeats. Appends its tokens and returns `true`, or returns `false` having appended
/// nothing.
#[inline(always)]
fn plain_castling(cx: &mut Cx<'_>, input: &str) -> bool {
    let bytes = input.as_bytes();
    if !is_plain(bytes) {
        return false;
    }
    if bytes == b"-" {
        cx.token_bytes(SyntaxKind::Dash, bytes, 1);
    } else {
        cx.byte_tokens(bytes, bytes.len(), |_| SyntaxKind::CastlingRight);
    }
    true
}

/// Whether the castling field `bytes` is the usual case, which draws no diagnostic: `-`, or
/// letters in order without repeats.
#[inline(always)]
pub(crate) fn is_plain(bytes: &[u8]) -> bool {
    if bytes == b"-" {
        return true;
    }
    // Each letter must sort strictly after the one before it.
    let mut previous = None;
    for &byte in bytes {
        let Ok((_, letter)) = castling_right(std::slice::from_ref(&byte)) else {
            return false;
        };
        let rank = rank_of(letter);
        if rank <= previous {
            return false;
        }
        previous = rank;
    }
    !bytes.is_empty()
}

/// Whether the castling field is the word `none` (in any case), which some writers put for "no
/// castling rights": read as one word, not as the right `e` among three bad characters.
fn is_none_word(input: &str) -> bool {
    input.eq_ignore_ascii_case("none")
}

/// A `-` among the letters.
fn dash(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b == b'-')
}

/// One castling letter: `K`, `Q`, `k`, `q` or a file letter (`A`–`H`, `a`–`h`); the
/// grammar's `white_castling` and `black_castling` give their order.
fn castling_right(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, is_castling_letter)
}

fn is_castling_letter(b: u8) -> bool {
    matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h')
}

fn is_castling_char(b: u8) -> bool {
    b == b'-' || is_castling_letter(b)
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

/// For each byte, one more than its rank (see [`rank_of`]) if it is a castling letter, else 0.
static LETTER_RANKS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut rest: &mut [u8] = &mut table;
    let mut byte = 0u8;
    while let [slot, tail @ ..] = rest {
        if let Some(rank) = rank_of(byte) {
            // Below 20.
            *slot = (rank as u8).wrapping_add(1);
        }
        rest = tail;
        byte = byte.wrapping_add(1);
    }
    table
};

/// The length of the castling field at the start of `bytes`, up to the first space, when it is
/// what [`is_plain`] accepts; `None` for any other field, and when no space follows it. One
/// pass finds the field's end and checks its letters, for the fast path of the usual tail.
#[inline(always)]
pub(crate) fn plain_len(bytes: &[u8]) -> Option<usize> {
    if let [b'-', b' ', ..] = bytes {
        return Some(1);
    }
    // Each letter must sort strictly after the one before it; 0 is below every letter.
    let mut previous = 0u8;
    for (len, &byte) in bytes.iter().enumerate() {
        if byte == b' ' {
            return (len > 0).then_some(len);
        }
        let rank = LETTER_RANKS.get(usize::from(byte)).copied().unwrap_or(0);
        if rank <= previous {
            return None;
        }
        previous = rank;
    }
    None
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

/// Tracks letter order and duplicates over one castling field, without allocating. Positions
/// are byte offsets into the field; spans are made only when something is reported.
struct Order<'a> {
    /// The whole field.
    field: &'a str,
    /// The letters seen so far, one bit per rank.
    seen: u32,
    /// The highest rank so far and where its letter is.
    highest: Option<(usize, usize)>,
    /// Where the first letter is that sorts before an earlier one, and where that one is.
    misplaced: Option<(usize, usize)>,
    /// Whether the field holds nothing but letters (and dashes), so that a fix is unambiguous.
    clean: bool,
}

impl<'a> Order<'a> {
    fn new(field: &'a str) -> Order<'a> {
        Order {
            field,
            seen: 0,
            highest: None,
            misplaced: None,
            clean: true,
        }
    }

    /// Takes the letter `letter` at byte `at` of the field.
    #[inline]
    fn push(&mut self, cx: &mut Cx<'_>, letter: u8, at: usize) {
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
            let start = cx.span(self.field).start;
            report_duplicate(
                cx,
                char::from(letter),
                Span::new(
                    start.saturating_add(at),
                    start.saturating_add(at).saturating_add(1),
                ),
                Span::new(
                    start.saturating_add(first),
                    start.saturating_add(first).saturating_add(1),
                ),
            );
            return;
        }
        self.seen |= bit;
        match self.highest {
            Some((highest, earlier)) if rank < highest => {
                if self.misplaced.is_none() {
                    self.misplaced = Some((at, earlier));
                }
            }
            _ => self.highest = Some((rank, at)),
        }
    }

    #[cold]
    fn report(&self, cx: &mut Cx<'_>) {
        let Some((late, early)) = self.misplaced else {
            return;
        };
        let field = cx.span(self.field);
        let letter = |at: usize| {
            Span::new(
                field.start.saturating_add(at),
                field.start.saturating_add(at).saturating_add(1),
            )
        };
        let (late, early) = (letter(late), letter(early));
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
        let mut diagnostic = Diagnostic::new(
            Code::CastlingOrder,
            {
                // The canonical letters are castling letters, which need no JSON escape.
                let (mut message, plain) =
                    around_shown_plain("castling rights `", found, "` out of order, expected `");
                message.push_str(&canonical);
                message.push('`');
                MessageText::new(message.into(), plain)
            },
        )
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
    let letters = field.bytes().filter(|&byte| is_castling_letter(byte));
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
#[cold]
fn report_board_order(cx: &mut Cx<'_>, field: Span, canonical: String, clean: bool) {
    let found = cx.source_text(field);
    let (mut message, plain) = around_shown_plain(
        "castling letters `",
        found,
        "` with file letters from the a-file to the h-file, expected `",
    );
    message.push_str(&canonical);
    message.push('`');
    let mut diagnostic = Diagnostic::new(Code::CastlingBoardOrder, MessageText::new(message.into(), plain))
        .primary(field, "board order")
        .help("Shredder-FEN gives each side's file letters from h to a (`HAha`); engines that read the letters one at a time accept board order, readers that follow the grammar do not.");
    if clean {
        diagnostic = diagnostic.with_fix(field, canonical);
    }
    cx.report(diagnostic);
}

#[cold]
fn report_duplicate(cx: &mut Cx<'_>, letter: char, span: Span, first: Span) {
    if cx.full() {
        return;
    }
    let mut buffer = [0; 4];
    let letter = &*letter.encode_utf8(&mut buffer);
    cx.report(
        Diagnostic::new(
            Code::CastlingDuplicate,
            [
                "duplicate castling right `",
                letter,
                "`, expected each letter once",
            ]
            .concat(),
        )
        .primary(span, "repeated")
        .secondary(first, "first given here")
        .help(["Remove the second `", letter, "`."].concat())
        .with_fix(span, ""),
    );
}

#[cold]
fn report_dash(cx: &mut Cx<'_>, span: Span, only_dashes: bool) {
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
#[cold]
fn report_none_word(cx: &mut Cx<'_>, span: Span) {
    if cx.full() {
        return;
    }
    let found = cx.source_text(span);
    let (message, plain) = around_shown_plain(
        "castling field `",
        found,
        "` is a word, expected `-` for no castling rights",
    );
    cx.report(
        Diagnostic::new(
            Code::CastlingInvalidCharacter,
            MessageText::new(message.into(), plain),
        )
        .primary(span, "a word for no castling rights")
        .help("Write `-` when nobody can castle; castling letters are `K`, `Q`, `k`, `q` or file letters.")
        .with_fix(span, "-"),
    );
}

fn report_invalid_characters(cx: &mut Cx<'_>, span: Span) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `plain_len` is the length up to the first space when `is_plain` accepts the field there,
    /// for every field of up to four bytes of castling letters, `-`, spaces and other bytes.
    #[test]
    fn plain_len_is_the_end_of_a_plain_field() {
        const BYTES: &[u8] = b"KQkqAHah-Ex ";
        let mut fields: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = fields
                .iter()
                .filter(|field| field.len() == fields.last().map_or(0, Vec::len))
                .flat_map(|field| {
                    BYTES.iter().map(move |&byte| {
                        let mut field = field.clone();
                        field.push(byte);
                        field
                    })
                })
                .collect();
            fields.extend(longer);
        }
        for field in &fields {
            for tail in [&b""[..], b" ", b" - 0 1"] {
                let bytes = [field.as_slice(), tail].concat();
                let expected = bytes
                    .iter()
                    .position(|&byte| byte == b' ')
                    .filter(|&len| is_plain(&bytes[..len]));
                assert_eq!(
                    plain_len(&bytes),
                    expected,
                    "{:?}",
                    String::from_utf8_lossy(&bytes)
                );
            }
        }
    }
}
