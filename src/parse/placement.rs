//! The piece placement: ranks, their runs of squares (piece letters and empty runs) and
//! promoted markers.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::take_till1;
use nom::combinator::{consumed, opt};
use nom::multi::{fold_many0, fold_many1};

use super::cx::{Cx, PResult, Production, ascii, node, recover, token};
use super::whitespace::field_len;
use crate::Span;
use crate::diagnostics::text::around_shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// What one rank describes, for the checks that the placement makes over all ranks.
#[derive(Clone, Copy, Default)]
struct RankSummary {
    /// Squares described: pieces plus the values of the digits.
    width: usize,
    /// Whether the rank has text that makes its width meaningless (a bad character or digit).
    broken: bool,
}

impl RankSummary {
    /// What `self` and then `next` describe together.
    fn then(self, next: RankSummary) -> RankSummary {
        RankSummary {
            width: self.width.saturating_add(next.width),
            broken: self.broken || next.broken,
        }
    }
}

/// `placement ::= rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank`
///
/// Exactly 8 ranks, from rank 8 to rank 1, up to the first whitespace. Ends before the
/// holdings that follow, if any: a `[`, or the `/` before a ninth group that holds only piece
/// letters (see [`is_holdings_group`]). Ranks after the eighth are read as ranks (and reported
/// as too many); fewer than 8 are reported once, with a fix where one `/` is missing.
pub(crate) fn placement<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(cx, SyntaxKind::Placement, move |input: &'a str| {
        let mut rest = input;
        let mut count = 0usize;
        let mut extra_start: Option<Span> = None;
        let after_board = loop {
            let number = 8usize.checked_sub(count).filter(|&n| n > 0);
            let (after, summary) = rank(cx, number).parse(rest)?;
            let text = rest
                .get(..rest.len().saturating_sub(after.len()))
                .unwrap_or_default();
            if let Some(number) = number {
                report_rank_width(cx, text, number, &summary);
            }
            // One digit for a run of digits is the fix only in a rank of 8 squares: in text
            // of another width (`B17 Caro-Kann`, an ECO code) the digits may mean anything.
            if summary.broken || summary.width != 8 {
                cx.withdraw_fixes(Code::PlacementAdjacentDigits, cx.span(text));
            }
            count = count.saturating_add(1);
            let Some(next) = after.strip_prefix('/') else {
                break after;
            };
            if count == 8 && is_holdings_group(next) {
                break after;
            }
            let (next, slash) = token(cx, SyntaxKind::Slash, ascii(|b| b == b'/')).parse(after)?;
            if count == 8 {
                extra_start = Some(slash);
            }
            rest = next;
        };
        let board = cx.span(
            input
                .get(..input.len().saturating_sub(after_board.len()))
                .unwrap_or_default(),
        );
        if count != 8 {
            // Nor on a board of other than 8 ranks (`44`, a line of a table): it may be no
            // board at all.
            cx.withdraw_fixes(Code::PlacementAdjacentDigits, board);
        }
        if let Some(first) = extra_start {
            report_too_many_ranks(cx, first.cover(Span::empty(board.end)), count);
        } else if count < 8 {
            report_too_few_ranks(cx, board, count);
        }
        Ok((after_board, ()))
    })
}

/// `rank ::= squares_8`
///
/// The grammar's `squares_N` productions spell out "N squares still to fill". Reads up to the
/// next `/`, `[` or whitespace: pieces, runs of digits, a stray `~` (an error of its own) and
/// runs of other characters (errors), so a rank is always read to its end. `number` is 8 for
/// the first group down to 1 for the eighth, `None` for groups beyond the eighth.
fn rank<'c, 'a: 'c>(
    cx: &'c Cx<'a>,
    number: Option<usize>,
) -> impl Production<'a, RankSummary> + 'c {
    node(
        cx,
        SyntaxKind::Rank,
        fold_many0(
            rank_item(cx, number),
            RankSummary::default,
            RankSummary::then,
        ),
    )
}

/// One item of a [`rank`], and the squares it describes: a run of `squares`, a stray
/// `promoted_marker` or invalid characters. The alternatives start with different characters,
/// so the next byte chooses the one to run (the grammar is LL(1) here); a `/`, a `[`,
/// whitespace or the end of the input ends the rank.
fn rank_item<'c, 'a: 'c>(
    cx: &'c Cx<'a>,
    number: Option<usize>,
) -> impl Production<'a, RankSummary> + 'c {
    let mut squares = squares(cx, number);
    let mut misplaced_marker =
        recover(cx, promoted_marker, report_misplaced_marker).map(|_| RankSummary::default());
    let mut invalid_characters = recover(
        cx,
        take_till1(|c: char| is_rank_char(c) || c.is_whitespace()),
        report_invalid_characters,
    )
    .map(|_| RankSummary {
        width: 0,
        broken: true,
    });
    move |input: &'a str| match input.as_bytes().first() {
        Some(&byte) if is_square_byte(byte) => squares.parse(input),
        Some(b'~') => misplaced_marker.parse(input),
        Some(b'/' | b'[') | None => Err(nom::Err::Error(())),
        // Fails at whitespace, which ends the rank too.
        Some(_) => invalid_characters.parse(input),
    }
}

/// `square ::= piece promoted_marker?`, and `empty_run`s, in a row: the squares of a rank up to
/// a `~` or anything else that is neither a piece letter nor a digit, as one `SQUARES` token;
/// then the `~` of the last piece, if it has one. A run is one token, not a token per square,
/// because the letters and digits of a rank are its lexemes as the digits of a number are: the
/// tree keeps every byte's place, and [`crate::syntax::Rank::items`] gives each square with
/// its span.
fn squares<'c, 'a: 'c>(
    cx: &'c Cx<'a>,
    number: Option<usize>,
) -> impl Production<'a, RankSummary> + 'c {
    let one_square = piece.map(|_| RankSummary {
        width: 1,
        broken: false,
    });
    let mut run = consumed(fold_many1(
        alt((one_square, empty_runs(cx, number))),
        RankSummary::default,
        RankSummary::then,
    ));
    move |input: &'a str| {
        let (rest, (text, summary)) = run.parse(input)?;
        cx.token(SyntaxKind::Squares, text);
        // `square ::= piece promoted_marker?`: a `~` right after the run's last piece.
        let rest = if text.bytes().last().is_some_and(|b| !b.is_ascii_digit()) {
            opt(token(cx, SyntaxKind::PromotedMarker, promoted_marker))
                .parse(rest)?
                .0
        } else {
            rest
        };
        Ok((rest, summary))
    }
}

/// `promoted_marker ::= "~"`
fn promoted_marker(input: &str) -> PResult<'_, u8> {
    ascii(|b| b == b'~').parse(input)
}

/// `empty_run+`: digits in a row. What they describe is a square each, or, for a digit out of
/// 1 to 8, nothing that has a width (`fen::placement::digit_out_of_range`); two or more in a
/// row are `fen::placement::adjacent_digits`, with the one digit that replaces them.
fn empty_runs<'c, 'a: 'c>(
    cx: &'c Cx<'a>,
    number: Option<usize>,
) -> impl Production<'a, RankSummary> + 'c {
    let digit = move |input: &'a str| {
        let (rest, digit) = empty_run(input)?;
        let text = input.get(..1).unwrap_or_default();
        Ok((rest, (digit, cx.span(text))))
    };
    let mut digits = fold_many1(digit, RankSummary::default, move |run, (digit, span)| {
        let value = usize::from(digit.wrapping_sub(b'0'));
        let in_range = (1..=8).contains(&value);
        if !in_range {
            report_digit_out_of_range(cx, span, digit, number);
        }
        run.then(RankSummary {
            width: value,
            broken: !in_range,
        })
    });
    move |input: &'a str| {
        let (rest, run) = digits.parse(input)?;
        // One byte a digit.
        let digits = input.len().saturating_sub(rest.len());
        if digits > 1 && !run.broken {
            let span = cx.span(input.get(..digits).unwrap_or_default());
            report_adjacent_digits(cx, span, run.width);
        }
        Ok((rest, run))
    }
}

/// Whether `byte` may be in a run of [`squares`]: a piece letter or a digit.
fn is_square_byte(byte: u8) -> bool {
    byte.is_ascii_digit() || is_piece_letter(char::from(byte))
}

/// Characters the `rank` production knows (digits 0 and 9 included, to report them as
/// digits), and the `[` that starts bracket holdings.
fn is_rank_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '~' | '/' | '[') || is_piece_letter(c)
}

/// `piece ::= [PNBRQKpnbrqk]`
pub(crate) fn piece(input: &str) -> PResult<'_, u8> {
    ascii(|b| is_piece_letter(char::from(b))).parse(input)
}

/// A run of empty squares, one digit `1` to `8` in the grammar's `squares_N` productions.
///
/// `0` and `9` are read too, and draw `fen::placement::digit_out_of_range`.
fn empty_run(input: &str) -> PResult<'_, u8> {
    ascii(|b| b.is_ascii_digit()).parse(input)
}

/// Whether `c` is one of `PNBRQKpnbrqk`.
pub(crate) fn is_piece_letter(c: char) -> bool {
    matches!(
        c,
        'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k'
    )
}

/// Whether `group` (the text after the eighth rank's `/`) is crazyhouse holdings rather than a
/// ninth rank: the last group, with no digit, no `~` and no bracket holdings.
fn is_holdings_group(group: &str) -> bool {
    // Up to the end of the field, which non-ASCII whitespace ends too (`/Qn\u{3000}b - - 0 1`).
    !group
        .get(..field_len(group))
        .unwrap_or(group)
        .bytes()
        .any(|b| matches!(b, b'/' | b'~' | b'[') || b.is_ascii_digit())
}

/// "`one`" or "`many`", for `n` things.
fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// The message on `count` ranks, not 8.
fn found_ranks(count: usize) -> String {
    format!(
        "found {count} {}, expected 8",
        plural(count, "rank", "ranks")
    )
}

fn report_too_many_ranks(cx: &Cx<'_>, span: Span, count: usize) {
    let surplus = count.saturating_sub(8);
    cx.report(
        Diagnostic::new(Code::PlacementTooManyRanks, found_ranks(count))
        .primary(span, format!("{surplus} {} too many", plural(surplus, "rank", "ranks")))
        .help("List ranks 8 down to 1, separated by `/`, and no more; crazyhouse holdings after rank 1 hold piece letters only."),
    );
}

fn report_too_few_ranks(cx: &Cx<'_>, board: Span, count: usize) {
    let missing = 8usize.saturating_sub(count);
    let diagnostic = Diagnostic::new(Code::PlacementTooFewRanks, found_ranks(count)).primary(
        board,
        format!(
            "{count} of 8 ranks, {missing} {} missing",
            plural(missing, "rank", "ranks")
        ),
    );
    let text = cx.source_text(board);
    let diagnostic = match missing_slash(text) {
        Some(missing) => {
            let rank = text.get(missing.rank.clone()).unwrap_or_default();
            let (first, second) = (
                rank.get(..missing.split).unwrap_or_default(),
                rank.get(missing.split..).unwrap_or_default(),
            );
            let number = 8usize.saturating_sub(missing.index);
            let at = board
                .start
                .saturating_add(missing.rank.start)
                .saturating_add(missing.split);
            diagnostic
                .secondary(
                    Span::new(
                        board.start.saturating_add(missing.rank.start),
                        board.start.saturating_add(missing.rank.end),
                    ),
                    format!("16 squares: ranks {number} and {} without a `/`", number.saturating_sub(1)),
                )
                .help(format!(
                    "Rank {number} `{rank}` has 16 squares, two ranks' worth: a `/` is missing after its first 8 squares, `{first}/{second}`."
                ))
                .with_fix(Span::empty(at), "/")
        }
        None => diagnostic.help("List all 8 ranks, from rank 8 down to rank 1, separated by `/`; write `8` for an empty rank."),
    };
    cx.report(diagnostic);
}

/// Where a `/` is missing in a board of 7 ranks (`board`, its text) of which one has 16
/// squares whose first 8 end between two of its pieces or runs, and every other has 8: the
/// one place a `/` makes 8 ranks of 8 squares.
struct MissingSlash {
    /// The byte range of the rank of 16 squares in `board`.
    rank: std::ops::Range<usize>,
    /// Its index, 0 for the first rank written (rank 8).
    index: usize,
    /// The offset in the rank after its first 8 squares (and the `~` of the 8th, if any).
    split: usize,
}

/// The [`MissingSlash`] of `board`, if it has one.
fn missing_slash(board: &str) -> Option<MissingSlash> {
    let mut found = None;
    let mut start = 0usize;
    let mut ranks = 0usize;
    for (index, rank) in board.split('/').enumerate() {
        ranks = ranks.saturating_add(1);
        let (width, split) = width_and_split(rank.as_bytes())?;
        match (width, split) {
            (8, _) => {}
            (16, Some(split)) if found.is_none() => {
                found = Some(MissingSlash {
                    rank: start..start.saturating_add(rank.len()),
                    index,
                    split,
                });
            }
            _ => return None,
        }
        start = start.saturating_add(rank.len()).saturating_add(1);
    }
    found.filter(|_| ranks == 7)
}

/// The squares a rank's text describes, and the offset after its first 8 when they end
/// between two items (and the rank goes on); `None` for a character no rank holds.
fn width_and_split(rank: &[u8]) -> Option<(usize, Option<usize>)> {
    let mut width = 0usize;
    let mut split = None;
    for (at, &byte) in rank.iter().enumerate() {
        if width == 8 && split.is_none() && byte != b'~' {
            split = Some(at);
        }
        match byte {
            b'1'..=b'8' => width = width.saturating_add(usize::from(byte.wrapping_sub(b'0'))),
            b'~' => {}
            _ if is_piece_letter(char::from(byte)) => width = width.saturating_add(1),
            _ => return None,
        }
    }
    Some((width, split))
}

/// `fen::placement::rank_too_long` and `fen::placement::rank_too_short` for the rank `text`,
/// rank `number`, unless its width is 8 or meaningless.
fn report_rank_width(cx: &Cx<'_>, text: &str, number: usize, summary: &RankSummary) {
    if summary.broken || summary.width == 8 || cx.full() {
        return;
    }
    let span = cx.span(text);
    let (code, found) = if summary.width > 8 {
        (Code::RankTooLong, "too many squares")
    } else {
        (Code::RankTooShort, "too few squares")
    };
    let message = if text.is_empty() {
        format!("{found}: rank {number} is empty, expected 8")
    } else {
        around_shown(
            &format!("{found}: rank {number} `"),
            text,
            &format!("` has {}, expected 8", summary.width),
        )
    };
    let width = summary.width;
    cx.report(
        Diagnostic::new(code, message)
            .primary(span, format!("{width} {}", plural(width, "square", "squares")))
            .help("A rank describes its 8 squares from the a-file to the h-file: one letter per piece and a digit 1–8 for each run of empty squares."),
    );
}

/// The rank `number`, or the extra rank, for a message.
fn rank_name(number: Option<usize>) -> String {
    number.map_or_else(|| "the extra rank".to_owned(), |n| format!("rank {n}"))
}

fn report_misplaced_marker(cx: &Cx<'_>, span: Span, _: &str) {
    if cx.full() {
        return;
    }
    cx.report(
        Diagnostic::new(
            Code::PlacementMisplacedPromotedMarker,
            "misplaced promoted marker `~`, expected it right after a piece letter",
        )
        .primary(span, "not after a piece")
        .help("`~` marks a promoted piece in crazyhouse and follows the piece letter, as in `Q~`; remove it or put it after the piece."),
    );
}

fn report_digit_out_of_range(cx: &Cx<'_>, span: Span, digit: u8, number: Option<usize>) {
    if cx.full() {
        return;
    }
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

/// `fen::placement::invalid_character` for the characters `text` at `span`.
fn report_invalid_characters(cx: &Cx<'_>, span: Span, _: &str) {
    cx.report_invalid_characters(
        span,
        Code::PlacementInvalidCharacter,
        (
            "invalid ",
            " in the placement, expected a piece letter, a digit 1–8 or `/`",
        ),
        "not a piece or a digit",
        |text| {
            if text.chars().all(|c| c.is_ascii_alphabetic()) {
                "Pieces are written `PNBRQK` for White and `pnbrqk` for Black (pawn, knight, bishop, rook, queen, king)."
            } else {
                "A rank holds only piece letters (`PNBRQKpnbrqk`) and digits 1–8 for empty squares; ranks are separated by `/`."
            }
        },
    );
}

/// `fen::placement::adjacent_digits` for the run of digits at `span` (each 1 to 8), which
/// count `sum` empty squares.
fn report_adjacent_digits(cx: &Cx<'_>, span: Span, sum: usize) {
    if cx.full() {
        return;
    }
    let run = cx.source_text(span);
    let message = around_shown(
        "adjacent digits `",
        run,
        "`, expected one digit per run of empty squares",
    );
    let mut diagnostic = Diagnostic::new(Code::PlacementAdjacentDigits, message)
        .primary(span, format!("{sum} empty squares"));
    diagnostic = if sum <= 8 {
        diagnostic
            .help(format!(
                "Write the run of {sum} empty squares as the single digit `{sum}`."
            ))
            .with_fix(span, sum.to_string())
    } else {
        diagnostic.help("Write one digit per run of empty squares.")
    };
    cx.report(diagnostic);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of 7 ranks, one of them 16 squares that split after 8 between two items: the
    /// missing `/` is named and fixed; anything else gets the general help and no fix.
    #[test]
    fn a_missing_slash_is_named_and_fixed_where_it_is_the_one_way_to_8_ranks() {
        for (fen, fixed) in [
            (
                "rnbqkbnr/pppppppp/88/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            ),
            // The 8th square's `~` stays with it.
            (
                "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNQ~RNBQKBNR w - - 0 1",
                Some("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNQ~/RNBQKBNR w - - 0 1"),
            ),
            // A run across the 8th square: no place for a `/` alone.
            ("4k3/8/8/8/8/8/4P7P3 w - - 0 1", None),
            // Two ranks of 16 in six: the fix would still leave too few.
            ("4k3/88/8/8/8/4K11111111 w - - 0 1", None),
            // Another rank of the wrong width.
            ("4k3/88/8/8/8/8/4K2 w - - 0 1", None),
            // Eight ranks.
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", None),
        ] {
            let parse = crate::parse(fen);
            let Some(too_few) = parse
                .diagnostics()
                .iter()
                .find(|d| d.code() == Code::PlacementTooFewRanks)
            else {
                assert_eq!(fixed, None, "{fen}");
                continue;
            };
            match fixed {
                Some(fixed) => {
                    let fix = too_few.fix().unwrap_or_else(|| panic!("{fen}"));
                    assert_eq!(fix.apply(fen, 0).as_deref(), Some(fixed));
                    assert!(too_few.help_text().unwrap().contains("a `/` is missing"));
                    assert_eq!(too_few.labels().len(), 2, "{fen}");
                }
                None => {
                    assert!(too_few.fix().is_none(), "{fen}");
                    assert!(too_few.help_text().unwrap().starts_with("List all 8 ranks"));
                }
            }
        }
    }

    #[test]
    fn messages_show_the_text_and_the_numbers() {
        for (fen, message) in [
            (
                "7/8/8/8/8/8/8/8 w - - 0 1",
                "too few squares: rank 8 `7` has 7, expected 8",
            ),
            (
                "8/8/8/8/8/8/8/8p w - - 0 1",
                "too many squares: rank 1 `8p` has 9, expected 8",
            ),
            (
                "8/8/8/8/8/8/8/8pppppppppppppppppp w - - 0 1",
                "too many squares: rank 1 `8pppppppppppppppppp` has 26, expected 8",
            ),
        ] {
            let parse = crate::parse(fen);
            let messages: Vec<&str> = parse.diagnostics().iter().map(|d| d.message()).collect();
            assert!(messages.contains(&message), "{fen}: {messages:?}");
        }
        // Through the parser: the fixed and the built texts side by side.
        for (fen, message) in [
            (
                "8/8/8/8/8/8/8/7x w - - 0 1",
                "invalid character `x` in the placement, expected a piece letter, a digit 1–8 or `/`",
            ),
            (
                "8/8/8/8/8/8/8/7xy w - - 0 1",
                "invalid characters `xy` in the placement, expected a piece letter, a digit 1–8 or `/`",
            ),
            (
                "8/8/8/8/8/8/8/7é w - - 0 1",
                "invalid character `é` in the placement, expected a piece letter, a digit 1–8 or `/`",
            ),
            (
                "8/8/8/8/8/8//8 w - - 0 1",
                "too few squares: rank 2 is empty, expected 8",
            ),
        ] {
            let parse = crate::parse(fen);
            let messages: Vec<&str> = parse.diagnostics().iter().map(|d| d.message()).collect();
            assert!(messages.contains(&message), "{fen}: {messages:?}");
        }
    }
}
