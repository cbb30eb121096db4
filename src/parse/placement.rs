//! The piece placement: ranks, squares, pieces, empty runs and promoted markers.

use nom::IResult;

use super::{Cx, holdings, one_byte, shown};
use crate::Span;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `placement_field ::= placement ( bracket_holdings | slash_holdings )?`
///
/// The first field: the board, then the crazyhouse holdings if there are any.
pub(crate) fn placement_field<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let (board, bracket) = input.split_at(input.find('[').unwrap_or(input.len()));
    let slash = placement(cx, board, !bracket.is_empty());
    if let Some(slash) = slash {
        holdings::slash_holdings(cx, slash);
    }
    if !bracket.is_empty() {
        holdings::bracket_holdings(cx, bracket);
    }
}

/// What one rank describes, for the checks that the placement makes over all ranks.
#[derive(Default)]
struct RankSummary {
    /// Squares described: pieces plus the values of the digits.
    width: usize,
    /// Whether the rank has text that makes its width meaningless (a bad character or digit).
    broken: bool,
}

/// `placement ::= rank ( "/" rank )*`
///
/// Exactly 8 ranks, from rank 8 to rank 1. When `bracket` is false and a ninth group holds only
/// piece letters, it is left to `slash_holdings`: the returned text starts at its `/`.
fn placement<'a>(cx: &mut Cx<'a>, input: &'a str, bracket: bool) -> Option<&'a str> {
    let open = cx.start(SyntaxKind::Placement);
    let mut rest = input;
    let mut count = 0usize;
    let mut extra_start: Option<Span> = None;
    let mut holdings = None;
    loop {
        let number = 8usize.checked_sub(count).filter(|&n| n > 0);
        let (after, summary) = rank(cx, rest.as_bytes(), number);
        // The rank stops at a `/` or at the end, so this is a character boundary.
        let (text, after) = rest
            .split_at_checked(rest.len() - after.len())
            .unwrap_or((rest, ""));
        if let Some(number) = number {
            check_rank_width(cx, text, number, &summary);
        }
        count += 1;
        let Some(next) = after.strip_prefix('/') else {
            break;
        };
        if count == 8 && !bracket && is_holdings_group(next) {
            holdings = Some(after);
            break;
        }
        let slash = after.get(..1).unwrap_or_default();
        let span = cx.token(SyntaxKind::Slash, slash);
        if count == 8 {
            extra_start = Some(span);
        }
        rest = next;
    }
    cx.finish(open);
    let board = input
        .get(..input.len().saturating_sub(holdings.map_or(0, str::len)))
        .unwrap_or_default();
    let board_end = cx.end_of(board);
    if let Some(first) = extra_start {
        let span = first.cover(board_end);
        let surplus = count - 8;
        let plural = if surplus == 1 { "rank" } else { "ranks" };
        cx.report(
            Diagnostic::new(
                Code::PlacementTooManyRanks,
                format!("found {count} ranks, expected 8"),
            )
            .primary(span, format!("{surplus} {plural} too many"))
            .help("List ranks 8 down to 1, separated by `/`, and no more; crazyhouse holdings after rank 1 hold piece letters only."),
        );
    } else if count < 8 {
        let missing = 8 - count;
        let plural = if missing == 1 { "rank" } else { "ranks" };
        cx.report(
            Diagnostic::new(
                Code::PlacementTooFewRanks,
                format!("found {count} ranks, expected 8"),
            )
            .primary(cx.span(board), format!("{count} of 8 ranks, {missing} {plural} missing"))
            .help("List all 8 ranks, from rank 8 down to rank 1, separated by `/`; write `8` for an empty rank."),
        );
    }
    holdings
}

/// Whether `group` (the text after the eighth rank's `/`) is crazyhouse holdings rather than a
/// ninth rank: the last group, with no digit and no `~`.
fn is_holdings_group(group: &str) -> bool {
    !group.contains(|c: char| c == '/' || c == '~' || c.is_ascii_digit())
}

/// `fen::placement::rank_too_long` and `fen::placement::rank_too_short`.
fn check_rank_width(cx: &mut Cx<'_>, text: &str, number: usize, summary: &RankSummary) {
    if summary.broken || summary.width == 8 {
        return;
    }
    let span = cx.span(text);
    let (code, found) = if summary.width > 8 {
        (Code::RankTooLong, "too many squares")
    } else {
        (Code::RankTooShort, "too few squares")
    };
    let what = if text.is_empty() {
        format!("{found}: rank {number} is empty")
    } else {
        format!(
            "{found}: rank {number} `{}` has {}",
            shown(text),
            summary.width
        )
    };
    let label = match summary.width {
        1 => "1 square".to_owned(),
        width => format!("{width} squares"),
    };
    cx.report(
        Diagnostic::new(code, format!("{what}, expected 8"))
            .primary(span, label)
            .help("A rank describes its 8 squares from the a-file to the h-file: one letter per piece and a digit 1–8 for each run of empty squares."),
    );
}

/// What the `square` production read: a piece letter and whether `~` follows, or a digit.
enum Square {
    Piece(bool),
    EmptyRun(u8),
}

/// A run of adjacent digits in a rank, for `fen::placement::adjacent_digits`.
#[derive(Clone, Copy)]
struct DigitRun {
    span: Span,
    count: usize,
    sum: usize,
    in_range: bool,
}

/// `rank ::= square*`
///
/// Reads up to the next `/` or the end of the board. A rank must describe exactly 8 squares;
/// `number` is 8 for the first group down to 1 for the eighth, `None` for groups beyond the
/// eighth. A stray `~` and runs of other characters are kept as errors, so a rank is always read
/// to its end. The rank is read as bytes: every character it accepts is ASCII, and a run of
/// other characters ends at an ASCII byte, so every token ends on a character boundary.
fn rank<'a>(cx: &mut Cx<'a>, input: &'a [u8], number: Option<usize>) -> (&'a [u8], RankSummary) {
    let open = cx.start(SyntaxKind::Rank);
    let mut summary = RankSummary::default();
    let mut run: Option<DigitRun> = None;
    let mut rest = input;
    loop {
        if let Ok((after, square)) = square(rest) {
            match square {
                Square::Piece(promoted) => {
                    report_adjacent_digits(cx, run.take());
                    cx.token_len(SyntaxKind::Piece, 1);
                    if promoted {
                        cx.token_len(SyntaxKind::PromotedMarker, 1);
                    }
                    summary.width += 1;
                }
                Square::EmptyRun(digit) => {
                    let span = cx.token_len(SyntaxKind::EmptyRun, 1);
                    let value = usize::from(digit - b'0');
                    let in_range = (1..=8).contains(&value);
                    summary.width += value;
                    if !in_range {
                        summary.broken = true;
                        report_digit_out_of_range(cx, span, digit, number);
                    }
                    run = Some(match run {
                        None => DigitRun {
                            span,
                            count: 1,
                            sum: value,
                            in_range,
                        },
                        Some(run) => DigitRun {
                            span: run.span.cover(span),
                            count: run.count + 1,
                            sum: run.sum + value,
                            in_range: run.in_range && in_range,
                        },
                    });
                }
            }
            rest = after;
            continue;
        }
        report_adjacent_digits(cx, run.take());
        match rest.first() {
            None | Some(b'/') => break,
            Some(_) => {}
        }
        if let Ok((after, _)) = promoted_marker(rest) {
            let span = cx.token_len(SyntaxKind::Error, 1);
            report_misplaced_marker(cx, span);
            rest = after;
        } else {
            let len = rest
                .iter()
                .position(|&byte| is_rank_byte(byte))
                .unwrap_or(rest.len());
            summary.broken = true;
            let span = cx.token_len(SyntaxKind::Error, len);
            report_invalid_characters(cx, span);
            rest = rest.get(len..).unwrap_or_default();
        }
    }
    cx.finish(open);
    (rest, summary)
}

/// Bytes the `rank` production knows (digits 0 and 9 included, to report them as digits).
fn is_rank_byte(byte: u8) -> bool {
    byte.is_ascii_digit() || byte == b'~' || byte == b'/' || is_piece_letter(char::from(byte))
}

/// `square ::= piece promoted_marker? | empty_run`
#[inline]
fn square(input: &[u8]) -> IResult<&[u8], Square> {
    if let Ok((rest, _)) = piece(input) {
        return Ok(match promoted_marker(rest) {
            Ok((rest, _)) => (rest, Square::Piece(true)),
            Err(_) => (rest, Square::Piece(false)),
        });
    }
    let (rest, digit) = empty_run(input)?;
    Ok((rest, Square::EmptyRun(digit)))
}

/// `piece ::= [PNBRQKpnbrqk]`
#[inline]
pub(crate) fn piece(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| is_piece_letter(char::from(b)))
}

/// `promoted_marker ::= "~"`
#[inline]
fn promoted_marker(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b == b'~')
}

/// `empty_run ::= [1-8]`
///
/// `0` and `9` are read too, and draw `fen::placement::digit_out_of_range`.
#[inline]
fn empty_run(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b.is_ascii_digit())
}

fn rank_name(number: Option<usize>) -> String {
    number.map_or_else(|| "the extra rank".to_owned(), |n| format!("rank {n}"))
}

#[cold]
fn report_misplaced_marker(cx: &mut Cx<'_>, span: Span) {
    cx.report(
        Diagnostic::new(
            Code::PlacementMisplacedPromotedMarker,
            "misplaced promoted marker `~`, expected it right after a piece letter",
        )
        .primary(span, "not after a piece")
        .help("`~` marks a promoted piece in crazyhouse and follows the piece letter, as in `Q~`; remove it or put it after the piece."),
    );
}

/// Whether `c` is one of `PNBRQKpnbrqk`.
pub(crate) fn is_piece_letter(c: char) -> bool {
    matches!(
        c,
        'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k'
    )
}

#[cold]
fn report_digit_out_of_range(cx: &mut Cx<'_>, span: Span, digit: u8, number: Option<usize>) {
    let digit = char::from(digit);
    let help = if digit == '0' {
        "A digit counts empty squares, so `0` means nothing; remove it."
    } else {
        "A rank has 8 squares, so a run of empty squares is at most `8`; split the rank or fix the count."
    };
    cx.report(
        Diagnostic::new(
            Code::PlacementDigitOutOfRange,
            format!(
                "digit `{digit}` out of range in {}, expected a digit from 1 to 8",
                rank_name(number)
            ),
        )
        .primary(span, "not a count of empty squares")
        .help(help),
    );
}

#[cold]
fn report_invalid_characters(cx: &mut Cx<'_>, span: Span) {
    let text = cx.source_text(span).to_owned();
    let text = text.as_str();
    let plural = if text.chars().nth(1).is_some() {
        "characters"
    } else {
        "character"
    };
    let help = if text.chars().all(|c| c.is_ascii_alphabetic()) {
        "Pieces are written `PNBRQK` for White and `pnbrqk` for Black (pawn, knight, bishop, rook, queen, king)."
    } else {
        "A rank holds only piece letters (`PNBRQKpnbrqk`) and digits 1–8 for empty squares; ranks are separated by `/`."
    };
    cx.report(
        Diagnostic::new(
            Code::PlacementInvalidCharacter,
            format!(
                "invalid {plural} `{}` in the placement, expected a piece letter, a digit 1–8 or `/`",
                shown(text)
            ),
        )
        .primary(span, "not a piece or a digit")
        .help(help),
    );
}

#[inline]
fn report_adjacent_digits(cx: &mut Cx<'_>, run: Option<DigitRun>) {
    if let Some(run) = run.filter(|run| run.count > 1 && run.in_range) {
        report_adjacent_digit_run(cx, run);
    }
}

#[cold]
fn report_adjacent_digit_run(cx: &mut Cx<'_>, run: DigitRun) {
    let text = cx.source_text(run.span).to_owned();
    let mut diagnostic = Diagnostic::new(
        Code::PlacementAdjacentDigits,
        format!(
            "adjacent digits `{}`, expected one digit per run of empty squares",
            shown(&text)
        ),
    )
    .primary(run.span, format!("{} empty squares", run.sum));
    if run.sum <= 8 {
        diagnostic = diagnostic
            .help(format!(
                "Write the run of {} empty squares as the single digit `{}`.",
                run.sum, run.sum
            ))
            .with_fix(run.span, run.sum.to_string());
    } else {
        diagnostic = diagnostic.help("Write one digit per run of empty squares.");
    }
    cx.report(diagnostic);
}
