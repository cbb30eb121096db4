//! The piece placement: ranks, squares, pieces, empty runs and promoted markers.

use nom::IResult;

use super::{Cx, holdings, is_ascii_whitespace, one_byte, run_len};
use crate::Span;
use crate::diagnostics::text::{around_shown, numbered, push_shown};
use crate::diagnostics::{Code, Diagnostic, Text};
use crate::position::{Bitboard, Board};
use crate::syntax::{SyntaxKind, TreeBuilder};
use crate::{Color, Piece};

/// `placement_field ::= placement ( bracket_holdings | slash_holdings )?`
///
/// The first field: the board, then the crazyhouse holdings if there are any. `input` runs to
/// the end of the line; the field ends at the first whitespace, and the rest is returned.
pub(crate) fn placement_field<'a>(cx: &mut Cx<'a>, input: &'a str) -> &'a str {
    let (rest, plain_holdings_len) = placement(cx, input);
    if !rest.starts_with(['[', '/']) {
        return rest;
    }
    let len = match plain_holdings_len {
        Some(len) => len,
        None => run_len(rest, |_| false),
    };
    let len = len.saturating_add(split_brackets(rest, len));
    let holdings = rest.get(..len).unwrap_or_default();
    if holdings.starts_with('[') {
        holdings::bracket_holdings(cx, holdings);
    } else {
        holdings::slash_holdings(cx, holdings);
    }
    rest.get(holdings.len()..).unwrap_or_default()
}

/// When bracket holdings `rest[..len]` are unclosed at whitespace and the next word closes
/// them (`[ ]`, `[Q p]`: only piece letters or `-` before its `]`), the length of the whitespace
/// and that word, which then belong to the holdings: one `fen::holdings::invalid_character` for
/// the whitespace instead of six errors for fields out of step. Otherwise 0.
fn split_brackets(rest: &str, len: usize) -> usize {
    let Some(open) = rest
        .get(..len)
        .filter(|h| h.starts_with('[') && !h.contains(']'))
    else {
        return 0;
    };
    let after = rest.get(len..).unwrap_or_default();
    let space = super::whitespace::whitespace_len(after);
    let next = after.get(space..).unwrap_or_default();
    let word = next.get(..run_len(next, |_| false)).unwrap_or_default();
    let closes = word.strip_suffix(']').is_some_and(|inside| {
        inside
            .chars()
            .chain(open.chars().skip(1))
            .all(|c| c == '-' || is_piece_letter(c))
    });
    if space > 0 && closes {
        space.saturating_add(word.len())
    } else {
        0
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

/// `placement ::= rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank`
///
/// Exactly 8 ranks, from rank 8 to rank 1, up to the first whitespace. Returns the rest of the
/// line: whitespace, or the holdings that follow (from a `[`, or from the `/` before a ninth
/// group that holds only piece letters), and the length of slash holdings of piece letters when
/// the fast path has measured them. Ranks are read as bytes (see `rank`); text is made only for
/// diagnostics.
fn placement<'a>(cx: &mut Cx<'a>, input: &'a str) -> (&'a str, Option<usize>) {
    let bytes = input.as_bytes();
    let stop = if cx.fast_paths {
        match plain_placement::<false>(cx, bytes, None) {
            Ok((len, holdings)) => return (input.get(len..).unwrap_or_default(), holdings),
            // A rank of the wrong width or invalid characters, otherwise plain: read on,
            // reporting them.
            Err(Stop::Widths(partial)) => {
                match plain_placement_reporting_widths(cx, bytes, partial) {
                    Ok((len, holdings)) => {
                        return (input.get(len..).unwrap_or_default(), holdings);
                    }
                    Err(stop) => Some(stop),
                }
            }
            Err(stop) => Some(stop),
        }
    } else {
        None
    };
    // Go on from where the fast path stopped, or start again.
    let (open, mut rest, mut count) = match stop {
        Some(Stop::Resume {
            placement,
            kept,
            ranks,
            offset,
        }) => {
            let rest = bytes.get(offset..).unwrap_or_default();
            let end = cx.offset(rest);
            let tree = cx.tree();
            tree.keep(kept, end);
            (tree.reopen(placement), rest, ranks)
        }
        Some(Stop::Restart(mark)) => {
            cx.rewind(mark);
            (cx.start(SyntaxKind::Placement, bytes), bytes, 0usize)
        }
        // Not given back by the pass with `WIDTHS`, which the usual pass's `Widths` leads to.
        Some(Stop::Widths(_)) | None => (cx.start(SyntaxKind::Placement, bytes), bytes, 0usize),
    };
    let mut extra_start: Option<Span> = None;
    let holdings = loop {
        let number = 8usize.checked_sub(count).filter(|&n| n > 0);
        let (after, summary) = rank(cx, input, rest, number);
        if let Some(number) = number
            && (summary.broken || summary.width != 8)
        {
            let span = cx.byte_span(rest, rest.len().saturating_sub(after.len()));
            report_rank_width(cx, span, number, &summary);
        }
        count = count.saturating_add(1);
        let Some((b'/', next)) = after.split_first() else {
            break after;
        };
        if count == 8 && is_holdings_group(next) {
            break after;
        }
        let span = cx.token_bytes(SyntaxKind::Slash, after, 1);
        if count == 8 {
            extra_start = Some(span);
        }
        rest = next;
    };
    cx.finish(open);
    let board = cx.byte_span(bytes, bytes.len().saturating_sub(holdings.len()));
    if let Some(first) = extra_start {
        report_too_many_ranks(cx, first.cover(Span::empty(board.end)), count);
    } else if count < 8 {
        report_too_few_ranks(cx, board, count);
    }
    let rest = input
        .get(bytes.len().saturating_sub(holdings.len())..)
        .unwrap_or_default();
    (rest, None)
}

/// The `placement` production for the common case, in one pass over the bytes: 8 ranks of
/// plain squares (piece letters, each with an optional `~`, and digits 1–8 of which no two are
/// adjacent), separated by `/`,
/// that end the field or are followed by holdings, which draw no diagnostic. Builds the nodes
/// the general path would build and places the pieces on the board as it goes. When the usual
/// pass (without `WIDTHS`) meets a rank of more or fewer than 8 squares or a run of invalid
/// characters, the pass with `WIDTHS` goes on from there (see [`Partial`]), noting what to
/// report as the general path reports it (see [`RankNotes`]), and then the board is not kept.
/// Plain bracket
/// holdings after the board (see `plain_bracket_holdings`) are built here too, as
/// `holdings::bracket_holdings` would build them. Returns the length of the board (with such
/// bracket holdings) and, when slash holdings of piece letters follow, their length (see
/// `plain_holdings`). As soon as the input is anything else, returns where it stopped (see
/// [`Stop`]): the ranks before the one it stopped in are plain squares (their widths
/// reported), and the nodes it built for them are the general path's, which goes on from
/// there.
#[inline(always)]
#[allow(
    clippy::arithmetic_side_effects,
    reason = "square indexes stay below 56 + 135 * 8: the loop reads at most 135 bytes, each adding at most 8"
)]
fn plain_placement<const WIDTHS: bool>(
    cx: &mut Cx<'_>,
    bytes: &[u8],
    from: Option<Partial>,
) -> Result<(usize, Option<usize>), Stop> {
    let base = cx.offset(bytes);
    // The board's bytes, read by their offsets in the whole input rather than from `bytes`,
    // so that one counter is both the index of the byte read and the offset of its node.
    let start = base as usize;
    let board = cx
        .source_bytes()
        .get(..start.saturating_add(bytes.len().min(PLAIN_BOARD_MAX)))
        .filter(|board| {
            board
                .get(start..)
                .is_some_and(|own| own.as_ptr() == bytes.as_ptr())
        });
    let tree = cx.tree();
    let Some(board) = board else {
        return Err(Stop::Restart(tree.mark()));
    };
    // A token per byte and a node per rank: a plain board is at most `PLAIN_BOARD_MAX` bytes
    // (64 pieces, each with a `~`, and 7 slashes), so the loop reads no more: a byte after
    // that many is read after the loop, where anything but the end of the field fails, as the
    // loop would have failed on it. With the placement and 8 rank nodes that is 144 nodes,
    // fewer than a block.
    let Some(mut block) = tree.block() else {
        return Err(Stop::Restart(tree.mark()));
    };
    // With `WIDTHS`, the pass goes on from where the usual pass stopped (see [`Partial`]): its
    // nodes are still in the block, which it did not keep.
    let resumed = from.filter(|_| WIDTHS);
    let (placement, mut rank) = match resumed {
        Some(partial) => {
            block.resume(partial.used);
            (partial.placement, partial.rank)
        }
        None => {
            let placement = block.start_child(SyntaxKind::Placement, base);
            (placement, block.start(SyntaxKind::Rank, base))
        }
    };
    // The squares of each piece, by its entry of the byte table less `PIECE`: one set per
    // colour and role, split into the board's colour and role sets at the end.
    let mut pieces = [0u64; 16];
    // The square index of the next square, and one past the current rank's h-file square;
    // rank 8 first.
    let mut square = resumed.map_or(56, |partial| partial.square);
    let mut rank_end = resumed.map_or(64, |partial| partial.rank_end);
    // The square of the piece just placed, as a bitboard; `AFTER_DIGIT` after a digit, 0 after
    // anything else.
    const AFTER_DIGIT: u64 = u64::MAX;
    let mut last = resumed.map_or(0, |partial| partial.last);
    let mut promoted = 0u64;
    // The offset of the byte read.
    let mut at = resumed.map_or(start, |partial| partial.at);
    // The offset of the start of the current rank.
    let mut rank_start = resumed.map_or(start, |partial| partial.rank_start);
    // With `WIDTHS`: what is to be reported (ranks of the wrong width, otherwise plain, and
    // runs of invalid characters), as the general path reports it, and then the board is not
    // kept; whether the current rank holds invalid characters (it has no width then); and the
    // nodes of the ranks read to their end, with their slashes (an error token may cover
    // several bytes).
    let mut widths = RankNotes::default();
    let mut broken = false;
    let mut kept_nodes = resumed.map_or(1, |partial| partial.kept_nodes);
    // Where the usual pass stopped, for the pass with `WIDTHS` to go on from.
    macro_rules! partial {
        () => {
            Partial {
                at,
                rank_start,
                square,
                rank_end,
                last,
                used: block.used(),
                placement,
                rank,
                kept_nodes: 1 + (rank_start - start) + ((64 - rank_end) / 8) as usize,
            }
        };
    }
    let outcome = 'board: {
        while let Some(&byte) = board.get(at) {
            let class = PLACEMENT_BYTES.get(usize::from(byte)).copied().unwrap_or(0);
            if class >= PIECE {
                // A piece past the rank's end is caught at the next `/` or at the end, where the
                // square is not the rank's end; until then its bit lands on a square of the next
                // rank (the bytes read bound the squares counted far below any overflow).
                last = 1u64 << (square & 63);
                if let Some(set) = pieces.get_mut(usize::from(class & 15)) {
                    *set |= last;
                }
                block.token(SyntaxKind::Piece, at as u32);
                square += 1;
            } else if class != 0 {
                // A run past the rank's end is caught at the next `/` or at the end, as a
                // piece is.
                square += u32::from(class);
                if last == AFTER_DIGIT {
                    break 'board Err(None);
                }
                block.token(SyntaxKind::EmptyRun, at as u32);
                last = AFTER_DIGIT;
            } else if byte == b'/' && rank_end > 8 {
                if square != rank_end {
                    if !WIDTHS {
                        break 'board Err(Some(partial!()));
                    }
                    if !broken
                        && !widths.note(rank_start, at, rank_end / 8, square - (rank_end - 8))
                    {
                        break 'board Err(None);
                    }
                }
                broken = false;
                block.finish(rank);
                block.token(SyntaxKind::Slash, at as u32);
                if WIDTHS {
                    kept_nodes = block.used();
                }
                rank_start = at + 1;
                rank = block.start(SyntaxKind::Rank, rank_start as u32);
                rank_end -= 8;
                square = rank_end - 8;
                last = 0;
            } else if byte == b'~' {
                // A promoted marker after a piece letter; anywhere else the general path reports it.
                if last == 0 || last == AFTER_DIGIT {
                    break 'board Err(None);
                }
                promoted |= last;
                block.token(SyntaxKind::PromotedMarker, at as u32);
                last = 0;
            } else if WIDTHS && is_invalid_character(byte) {
                // Characters that are not a rank's: one error token, as the general path
                // makes it, and the rank has no width.
                let run = board
                    .get(at..)
                    .unwrap_or_default()
                    .iter()
                    .position(|&byte| !is_invalid_character(byte))
                    .unwrap_or(board.len() - at);
                // A run that goes on in a character that is not ASCII, or past the bytes read,
                // is the general path's to measure.
                let ascii_end = board.get(at + run).is_some_and(u8::is_ascii);
                if !ascii_end || !widths.note(at, at + run, 0, INVALID_CHARACTERS) {
                    break 'board Err(None);
                }
                block.token(SyntaxKind::Error, at as u32);
                broken = true;
                last = 0;
                at += run;
                continue;
            } else {
                break;
            }
            at += 1;
        }
        let len = at - start;
        if !WIDTHS && (rank_end != 8 || square != 8) {
            // The last rank of the wrong width, or invalid characters: maybe plain otherwise.
            let invalid = board.get(at).copied().is_some_and(is_invalid_character);
            break 'board Err((rank_end == 8 || invalid).then(|| partial!()));
        }
        if rank_end != 8 {
            break 'board Err(None);
        }
        // The board ends the field, or holdings follow it.
        let rest = bytes.get(len..).unwrap_or_default();
        let (holdings, brackets) = match rest.split_first() {
            Some((b'/', _)) => match plain_holdings(rest) {
                Some(holdings) => (Some(holdings), None),
                None => break 'board Err(None),
            },
            Some((b'[', _)) => (None, plain_bracket_holdings(rest)),
            Some((&byte, _)) if !is_ascii_whitespace(byte) => break 'board Err(None),
            _ => (None, None),
        };
        // The last rank ends here, at the end of the board (the usual pass stopped before,
        // were it of the wrong width).
        if WIDTHS && square != 8 && !broken && !widths.note(rank_start, at, 1, square) {
            break 'board Err(None);
        }
        // The pass with `WIDTHS` found what the usual pass stopped on, or leaves the board
        // to the general path.
        if WIDTHS && widths.is_empty() {
            break 'board Err(None);
        }
        Ok((len, holdings, brackets))
    };
    let (mut len, holdings, brackets) = match outcome {
        Ok(read) => read,
        Err(Some(partial)) => return Err(Stop::Widths(partial)),
        Err(None) => {
            // The placement node and the ranks before `rank_start`, each with its slash, are kept:
            // as many ranks as the slashes read, and a node per byte and per rank.
            let ranks = (64 - rank_end) / 8;
            let offset = rank_start - start;
            let kept = if WIDTHS {
                block.prefix(kept_nodes)
            } else {
                block.prefix(1 + offset + ranks as usize)
            };
            let placement = block.index(placement);
            if WIDTHS {
                // The ranks kept are read: what was noted of them is reported here, as the
                // general path reports it when it reads them.
                widths.report_before(cx, rank_start);
            }
            return Err(Stop::Resume {
                placement,
                kept,
                ranks: ranks as usize,
                offset,
            });
        }
    };
    let at = at as u32;
    block.finish(rank);
    block.finish(placement);
    let placement = block.index(placement);
    let filled = block.filled();
    tree.keep(filled, at);
    if let Some((holdings_len, dash)) = brackets
        && bracket_holdings(tree, at, holdings_len, dash).is_none()
    {
        return Err(Stop::Restart(tree.mark_at(placement, base)));
    }
    if let Some((holdings_len, _)) = brackets {
        len = len.saturating_add(holdings_len);
    }
    if WIDTHS {
        // Eight ranks, some of the wrong width or with invalid characters: no board to keep.
        widths.report_before(cx, usize::MAX);
        return Ok((len, holdings));
    }
    let [
        black_pawns,
        black_knights,
        black_bishops,
        black_rooks,
        black_queens,
        black_kings,
        _,
        _,
        white_pawns,
        white_knights,
        white_bishops,
        white_rooks,
        white_queens,
        white_kings,
        ..,
    ] = pieces;
    let white =
        white_pawns | white_knights | white_bishops | white_rooks | white_queens | white_kings;
    let black =
        black_pawns | black_knights | black_bishops | black_rooks | black_queens | black_kings;
    let roles = [
        white_pawns | black_pawns,
        white_knights | black_knights,
        white_bishops | black_bishops,
        white_rooks | black_rooks,
        white_queens | black_queens,
        white_kings | black_kings,
    ];
    let board = Board::from_sets([white, black], roles);
    cx.plain_board = Some((board, Bitboard(promoted)));
    Ok((len, holdings))
}

/// What [`plain_placement`] reading with `WIDTHS` found to report, in the order the general
/// path reports it: ranks read to their end that describe more or fewer than 8 squares
/// (otherwise plain), each by its start and end offsets, its number and its width; and runs
/// of invalid characters, by their start and end offsets (the width [`INVALID_CHARACTERS`]).
#[derive(Default)]
struct RankNotes {
    notes: [(usize, usize, u32, u32); 16],
    len: usize,
}

/// The width noted for a run of invalid characters (see [`RankNotes`]).
const INVALID_CHARACTERS: u32 = u32::MAX;

impl RankNotes {
    /// Notes rank `number`, from offset `start` to `end`, of `width` squares (or invalid
    /// characters there, for the width [`INVALID_CHARACTERS`]); `false` when there is no room
    /// left.
    #[cold]
    fn note(&mut self, start: usize, end: usize, number: u32, width: u32) -> bool {
        let Some(slot) = self.notes.get_mut(self.len) else {
            return false;
        };
        *slot = (start, end, number, width);
        self.len = self.len.saturating_add(1);
        true
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Reports what was noted before offset `end`, in order, as [`placement`] reports it.
    #[cold]
    fn report_before(&self, cx: &mut Cx<'_>, end: usize) {
        for &(from, to, number, width) in self.notes.get(..self.len).unwrap_or_default() {
            if from >= end {
                break;
            }
            let span = cx.tree().span(from as u32, to.saturating_sub(from));
            if width == INVALID_CHARACTERS {
                report_invalid_characters(cx, span);
            } else {
                let summary = RankSummary {
                    width: width as usize,
                    broken: false,
                };
                report_rank_width(cx, span, number as usize, &summary);
            }
        }
    }
}

/// Whether `byte` is one that the `rank` production reads as an invalid character, as long as
/// it is ASCII: not whitespace, not a piece letter or digit, not `~`, `/` or `[`.
#[inline(always)]
fn is_invalid_character(byte: u8) -> bool {
    byte.is_ascii() && !is_ascii_whitespace(byte) && !is_rank_byte(byte)
}

/// Where the usual pass of [`plain_placement`] stopped, at a rank of the wrong width (at its
/// `/` or at the end of the board) or at invalid characters, for the pass with `WIDTHS` to go
/// on from: the loop's state, and the nodes filled in the block, which the usual pass does
/// not keep, so that they are still there.
#[derive(Clone, Copy)]
struct Partial {
    at: usize,
    rank_start: usize,
    square: u32,
    rank_end: u32,
    last: u64,
    used: usize,
    placement: u8,
    rank: u8,
    kept_nodes: usize,
}

/// [`plain_placement`] with `WIDTHS`, for a board whose ranks, otherwise plain, may describe
/// more or fewer than 8 squares or hold runs of invalid characters, which are reported: out of
/// line, for it goes on only after the usual pass met such a rank.
#[inline(never)]
fn plain_placement_reporting_widths(
    cx: &mut Cx<'_>,
    bytes: &[u8],
    from: Partial,
) -> Result<(usize, Option<usize>), Stop> {
    plain_placement::<true>(cx, bytes, Some(from))
}

/// Where [`plain_placement`] stopped, for the general path of [`placement`] to go on from.
enum Stop {
    /// Go on with [`plain_placement_reporting_widths`] from where the usual pass stopped.
    Widths(Partial),
    /// Start again from the placement's start, with the tree as it was before the fast path.
    Restart(crate::syntax::Mark),
    /// Go on after the ranks read in full.
    Resume {
        /// The index of the placement node, started, not finished.
        placement: usize,
        /// The nodes to keep: those of the ranks read in full and of their slashes.
        kept: crate::syntax::Filled,
        /// How many ranks were read in full.
        ranks: usize,
        /// Where the next rank starts, from the start of the board.
        offset: usize,
    },
}

/// The longest plain board: 64 pieces, each with a `~`, and 7 slashes.
const PLAIN_BOARD_MAX: usize = 64 + 64 + 7;

/// What a byte is on a plain board, for `plain_placement`: for a piece letter, [`PIECE`] plus
/// [`WHITE`] for a white piece plus the piece's role in [`Role::ALL`] order; the digit's value
/// for a digit from 1 to 8; 0 for anything else.
static PLACEMENT_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut rest: &mut [u8] = &mut table;
    let mut byte = 0u8;
    while let [slot, tail @ ..] = rest {
        *slot = placement_byte(byte);
        rest = tail;
        byte = byte.wrapping_add(1);
    }
    table
};

/// The flag in [`PLACEMENT_BYTES`] of a piece letter (above any digit's value).
const PIECE: u8 = 0x10;
/// The flag in [`PLACEMENT_BYTES`] of a white piece's letter.
const WHITE: u8 = 0x08;

/// The entry of [`PLACEMENT_BYTES`] for `byte`.
#[allow(
    clippy::arithmetic_side_effects,
    reason = "the byte is matched to `1`–`8`"
)]
const fn placement_byte(byte: u8) -> u8 {
    match byte {
        b'1'..=b'8' => byte - b'0',
        _ => match Piece::from_letter(byte as char) {
            Some(piece) => {
                let color = if matches!(piece.color, Color::White) {
                    WHITE
                } else {
                    0
                };
                PIECE | color | Board::role_slot(piece.role) as u8
            }
            None => 0,
        },
    }
}

#[cold]
fn report_too_many_ranks(cx: &mut Cx<'_>, span: Span, count: usize) {
    let surplus = count.saturating_sub(8);
    cx.report(
        Diagnostic::new(Code::PlacementTooManyRanks, found_ranks(count))
        .primary(span, numbered(&RANKS_TOO_MANY, surplus, || ranks_too_many(surplus)))
        .help("List ranks 8 down to 1, separated by `/`, and no more; crazyhouse holdings after rank 1 hold piece letters only."),
    );
}

#[cold]
fn report_too_few_ranks(cx: &mut Cx<'_>, board: Span, count: usize) {
    let diagnostic = Diagnostic::new(Code::PlacementTooFewRanks, found_ranks(count)).primary(
        board,
        numbered(&RANKS_MISSING, count, || ranks_missing(count)),
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

/// The message on `count` ranks, not 8.
fn found_ranks(count: usize) -> Text {
    numbered(&FOUND_RANKS, count, || {
        format!(
            "found {count} {}, expected 8",
            if count == 1 { "rank" } else { "ranks" }
        )
    })
}

/// The label of `surplus` ranks too many.
fn ranks_too_many(surplus: usize) -> String {
    let plural = if surplus == 1 { "rank" } else { "ranks" };
    format!("{surplus} {plural} too many")
}

/// The label of `count` ranks, fewer than 8.
fn ranks_missing(count: usize) -> String {
    let missing = 8usize.saturating_sub(count);
    let plural = if missing == 1 { "rank" } else { "ranks" };
    format!("{count} of 8 ranks, {missing} {plural} missing")
}

/// The start of the message on rank `n` (the index) with too few squares, up to its text.
const RANK_TOO_SHORT: [&str; 9] = [
    "too few squares: rank 0 `",
    "too few squares: rank 1 `",
    "too few squares: rank 2 `",
    "too few squares: rank 3 `",
    "too few squares: rank 4 `",
    "too few squares: rank 5 `",
    "too few squares: rank 6 `",
    "too few squares: rank 7 `",
    "too few squares: rank 8 `",
];

/// The start of the message on rank `n` (the index) with too many squares, up to its text.
const RANK_TOO_LONG: [&str; 9] = [
    "too many squares: rank 0 `",
    "too many squares: rank 1 `",
    "too many squares: rank 2 `",
    "too many squares: rank 3 `",
    "too many squares: rank 4 `",
    "too many squares: rank 5 `",
    "too many squares: rank 6 `",
    "too many squares: rank 7 `",
    "too many squares: rank 8 `",
];

/// The numbers 0 to 16 in digits.
const SMALL_NUMBERS: [&str; 17] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
];

/// The message on rank `n` (the index), empty: too few squares.
const EMPTY_RANK: [&str; 9] = [
    "too few squares: rank 0 is empty, expected 8",
    "too few squares: rank 1 is empty, expected 8",
    "too few squares: rank 2 is empty, expected 8",
    "too few squares: rank 3 is empty, expected 8",
    "too few squares: rank 4 is empty, expected 8",
    "too few squares: rank 5 is empty, expected 8",
    "too few squares: rank 6 is empty, expected 8",
    "too few squares: rank 7 is empty, expected 8",
    "too few squares: rank 8 is empty, expected 8",
];

one_character_messages!(
    /// The message of `fen::placement::invalid_character` on the single printable ASCII
    /// character `!` plus the index, as `Cx::report_invalid_characters` writes it.
    INVALID_CHARACTER,
    INVALID_CHARACTER_BYTES,
    "invalid character `",
    "` in the placement, expected a piece letter, a digit 1–8 or `/`"
);

/// The start of the message on adjacent digits.
const ADJACENT_BEFORE: &str = "adjacent digits `";
/// The end of the message on adjacent digits.
const ADJACENT_AFTER: &str = "`, expected one digit per run of empty squares";

/// The bytes of [`ADJACENT_DIGITS`]' messages.
#[allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "worked out at compile time: the indexes stay within the arrays' lengths, which the build checks"
)]
static ADJACENT_DIGITS_BYTES: [[u8; ADJACENT_BEFORE.len() + 2 + ADJACENT_AFTER.len()]; 64] = {
    let before = ADJACENT_BEFORE.as_bytes();
    let after = ADJACENT_AFTER.as_bytes();
    let mut table = [[0u8; ADJACENT_BEFORE.len() + 2 + ADJACENT_AFTER.len()]; 64];
    let mut index = 0;
    while index < table.len() {
        let message = &mut table[index];
        let mut at = 0;
        while at < before.len() {
            message[at] = before[at];
            at += 1;
        }
        message[at] = b'1' + (index / 8) as u8;
        message[at + 1] = b'1' + (index % 8) as u8;
        let mut from = 0;
        while from < after.len() {
            message[at + 2 + from] = after[from];
            from += 1;
        }
        index += 1;
    }
    table
};

/// The message of `fen::placement::adjacent_digits` on two digits from 1 to 8, at 8 times the
/// first less 1 plus the second less 1, as `around_shown` writes it: fixed texts, so that the
/// usual report builds no text.
#[allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "worked out at compile time: the index stays below the arrays' common length"
)]
static ADJACENT_DIGITS: [&str; 64] = {
    let mut table = [""; 64];
    let mut index = 0;
    while index < table.len() {
        table[index] = match std::str::from_utf8(&ADJACENT_DIGITS_BYTES[index]) {
            Ok(text) => text,
            Err(_) => "",
        };
        index += 1;
    }
    table
};

/// The label of a rank `width` squares wide.
fn squares(width: usize) -> String {
    match width {
        1 => "1 square".to_owned(),
        width => format!("{width} squares"),
    }
}

/// `{width} squares` (`1 square`), the label of a rank of the wrong width.
const SQUARES: [&str; 17] = [
    "0 squares",
    "1 square",
    "2 squares",
    "3 squares",
    "4 squares",
    "5 squares",
    "6 squares",
    "7 squares",
    "8 squares",
    "9 squares",
    "10 squares",
    "11 squares",
    "12 squares",
    "13 squares",
    "14 squares",
    "15 squares",
    "16 squares",
];
/// `found {count} ranks, expected 8`, the message on the number of ranks.
const FOUND_RANKS: [&str; 17] = [
    "found 0 ranks, expected 8",
    "found 1 rank, expected 8",
    "found 2 ranks, expected 8",
    "found 3 ranks, expected 8",
    "found 4 ranks, expected 8",
    "found 5 ranks, expected 8",
    "found 6 ranks, expected 8",
    "found 7 ranks, expected 8",
    "found 8 ranks, expected 8",
    "found 9 ranks, expected 8",
    "found 10 ranks, expected 8",
    "found 11 ranks, expected 8",
    "found 12 ranks, expected 8",
    "found 13 ranks, expected 8",
    "found 14 ranks, expected 8",
    "found 15 ranks, expected 8",
    "found 16 ranks, expected 8",
];
/// `{count} of 8 ranks, {missing} ranks missing`, the label of too few ranks.
const RANKS_MISSING: [&str; 8] = [
    "0 of 8 ranks, 8 ranks missing",
    "1 of 8 ranks, 7 ranks missing",
    "2 of 8 ranks, 6 ranks missing",
    "3 of 8 ranks, 5 ranks missing",
    "4 of 8 ranks, 4 ranks missing",
    "5 of 8 ranks, 3 ranks missing",
    "6 of 8 ranks, 2 ranks missing",
    "7 of 8 ranks, 1 rank missing",
];
/// `{surplus} ranks too many`, the label of too many ranks.
const RANKS_TOO_MANY: [&str; 9] = [
    "0 ranks too many",
    "1 rank too many",
    "2 ranks too many",
    "3 ranks too many",
    "4 ranks too many",
    "5 ranks too many",
    "6 ranks too many",
    "7 ranks too many",
    "8 ranks too many",
];
/// `{sum} empty squares`, the label of adjacent digits.
const EMPTY_SQUARES: [&str; 17] = [
    "0 empty squares",
    "1 empty squares",
    "2 empty squares",
    "3 empty squares",
    "4 empty squares",
    "5 empty squares",
    "6 empty squares",
    "7 empty squares",
    "8 empty squares",
    "9 empty squares",
    "10 empty squares",
    "11 empty squares",
    "12 empty squares",
    "13 empty squares",
    "14 empty squares",
    "15 empty squares",
    "16 empty squares",
];
/// The help on adjacent digits that sum to at most 8.
const SINGLE_DIGIT: [&str; 9] = [
    "Write the run of 0 empty squares as the single digit `0`.",
    "Write the run of 1 empty squares as the single digit `1`.",
    "Write the run of 2 empty squares as the single digit `2`.",
    "Write the run of 3 empty squares as the single digit `3`.",
    "Write the run of 4 empty squares as the single digit `4`.",
    "Write the run of 5 empty squares as the single digit `5`.",
    "Write the run of 6 empty squares as the single digit `6`.",
    "Write the run of 7 empty squares as the single digit `7`.",
    "Write the run of 8 empty squares as the single digit `8`.",
];
/// The digits, the fix of adjacent digits.
const DIGITS: [&str; 9] = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];

/// The length of `input` up to the end of the field when it is slash holdings that hold only
/// piece letters: `/` and piece letters, then whitespace or the end.
#[inline(always)]
fn plain_holdings(input: &[u8]) -> Option<usize> {
    let (&b'/', group) = input.split_first()? else {
        return None;
    };
    let pieces = group
        .iter()
        .position(|&byte| !is_piece_letter(char::from(byte)))
        .unwrap_or(group.len());
    match group.get(pieces) {
        Some(&byte) if !is_ascii_whitespace(byte) => None,
        _ => Some(pieces.saturating_add(1)),
    }
}

/// The length of the bracket holdings at the start of `rest` (just after a plain board), and
/// whether they are `[-]`, when they are what the fast path of `holdings::bracket_holdings`
/// reads, which draws no diagnostic: `[`, piece letters or a lone `-`, `]`, ending the field at
/// an ASCII whitespace or the end of the line. `None` for anything else, which the general
/// path reads.
#[inline(always)]
fn plain_bracket_holdings(rest: &[u8]) -> Option<(usize, bool)> {
    let (b'[', inside) = rest.split_first()? else {
        return None;
    };
    let (dash, inside_len) = match inside {
        [b'-', ..] => (true, 1),
        _ => (
            false,
            inside
                .iter()
                .position(|&byte| !is_piece_letter(char::from(byte)))
                .unwrap_or(inside.len()),
        ),
    };
    let (b']', after) = inside.get(inside_len..)?.split_first()? else {
        return None;
    };
    match after.first() {
        Some(&byte) if !is_ascii_whitespace(byte) => None,
        _ => Some((inside_len.saturating_add(2), dash)),
    }
}

/// Appends the nodes `holdings::bracket_holdings` builds for the plain bracket holdings of
/// `len` bytes at offset `start` (see `plain_bracket_holdings`), `[-]` when `dash`. Out of
/// line, so that the placement's loop keeps its registers. On `None` no node is kept, but the
/// field may have been noted: rewind the tree.
#[inline(never)]
fn bracket_holdings(tree: &mut TreeBuilder, start: u32, len: usize, dash: bool) -> Option<()> {
    let last = len.saturating_sub(1) as u32;
    let mut slots = tree.slots(len.saturating_add(1));
    slots.field(SyntaxKind::Holdings, start, len as u32, |offset| {
        if offset == 0 {
            SyntaxKind::OpenBracket
        } else if offset == last {
            SyntaxKind::CloseBracket
        } else if dash {
            SyntaxKind::Dash
        } else {
            SyntaxKind::Piece
        }
    })?;
    let filled = slots.filled();
    tree.keep(filled, start.wrapping_add(len as u32));
    Some(())
}

/// Whether `group` (the text after the eighth rank's `/`) is crazyhouse holdings rather than a
/// ninth rank: the last group, with no digit, no `~` and no bracket holdings.
fn is_holdings_group(group: &[u8]) -> bool {
    // Up to the end of the field, which non-ASCII whitespace ends too (`/Qn\u{3000}b - - 0 1`):
    // the group starts after a `/`, so it is text.
    let field = std::str::from_utf8(group)
        .map(|text| run_len(text, |_| false))
        .unwrap_or(group.len());
    !group
        .get(..field)
        .unwrap_or(group)
        .iter()
        .any(|&b| matches!(b, b'/' | b'~' | b'[') || b.is_ascii_digit())
}

/// `fen::placement::rank_too_long` and `fen::placement::rank_too_short` for the rank at `span`.
#[cold]
fn report_rank_width(cx: &mut Cx<'_>, span: Span, number: usize, summary: &RankSummary) {
    if summary.broken || summary.width == 8 || cx.full() {
        return;
    }
    let text = cx.source_text(span);
    let (code, found, starts) = if summary.width > 8 {
        (Code::RankTooLong, "too many squares", &RANK_TOO_LONG)
    } else {
        (Code::RankTooShort, "too few squares", &RANK_TOO_SHORT)
    };
    let message: Text = if text.is_empty() {
        // An empty rank has too few squares: the message for its number is fixed.
        numbered(&EMPTY_RANK, number, || {
            let mut digits = itoa::Buffer::new();
            [
                found,
                ": rank ",
                digits.format(number),
                " is empty, expected 8",
            ]
            .concat()
        })
    } else {
        let mut digits = itoa::Buffer::new();
        let mut width = itoa::Buffer::new();
        let width = match SMALL_NUMBERS.get(summary.width) {
            Some(&width) => width,
            None => width.format(summary.width),
        };
        let mut message = String::with_capacity(text.len().saturating_add(64));
        match starts.get(number) {
            Some(&start) => message.push_str(start),
            None => {
                for part in [found, ": rank ", digits.format(number), " `"] {
                    message.push_str(part);
                }
            }
        }
        push_shown(&mut message, text);
        for part in ["` has ", width, ", expected 8"] {
            message.push_str(part);
        }
        message.into()
    };
    let label = numbered(&SQUARES, summary.width, || squares(summary.width));
    // A rank of the wrong width holds piece letters, digits and `~` only (one with another
    // character has no width): the message needs no JSON escape.
    cx.report(
        Diagnostic::new(code, message)
            .plain_message()
            .primary(span, label)
            .help("A rank describes its 8 squares from the a-file to the h-file: one letter per piece and a digit 1–8 for each run of empty squares."),
    );
}

/// What the `square` production read: a piece letter and whether `~` follows, or a digit.
enum Square {
    Piece(bool),
    EmptyRun(u8),
}

/// `rank ::= squares_8`
///
/// The grammar's `squares_N` productions spell out "N squares still to fill". Reads up to the next `/` or the end of the board. A rank must describe exactly 8 squares;
/// `number` is 8 for the first group down to 1 for the eighth, `None` for groups beyond the
/// eighth. A stray `~` and runs of other characters are kept as errors, so a rank is always read
/// to its end. The rank is read as bytes: every character it accepts is ASCII, and a run of
/// other characters ends at an ASCII byte, so every token ends on a character boundary.
///
/// `line` is the text that `input` (the rank and everything after it) is the end of, to turn
/// the rest back into text where a non-ASCII character needs decoding.
fn rank<'a>(
    cx: &mut Cx<'a>,
    line: &'a str,
    input: &'a [u8],
    number: Option<usize>,
) -> (&'a [u8], RankSummary) {
    let open = cx.start(SyntaxKind::Rank, input);
    // Well-formed squares first, in one go; the loop below reads whatever follows them.
    let (len, width, after_digit) = plain_square_tokens(cx, input);
    let mut rest = input.get(len..).unwrap_or_default();
    let mut summary = RankSummary {
        width,
        broken: false,
    };
    // Digits read in a row so far: two or more are reported when the run ends.
    let mut digits = usize::from(after_digit);
    let text = |rest: &[u8]| {
        line.get(line.len().saturating_sub(rest.len())..)
            .unwrap_or_default()
    };
    while let Some(&byte) = rest.first() {
        if let Ok((after, square)) = square(rest) {
            match square {
                Square::Piece(promoted) => {
                    if digits > 1 {
                        report_adjacent_digits(cx, input, rest, digits);
                    }
                    digits = 0;
                    cx.token_bytes(SyntaxKind::Piece, rest, 1);
                    if promoted {
                        cx.token_bytes(
                            SyntaxKind::PromotedMarker,
                            rest.get(1..).unwrap_or_default(),
                            1,
                        );
                    }
                    summary.width = summary.width.saturating_add(1);
                }
                Square::EmptyRun(digit) => {
                    let span = cx.token_bytes(SyntaxKind::EmptyRun, rest, 1);
                    let value = digit.saturating_sub(b'0');
                    let in_range = (1..=8).contains(&value);
                    summary.width = summary.width.saturating_add(usize::from(value));
                    if !in_range {
                        summary.broken = true;
                        report_digit_out_of_range(cx, span, digit, number);
                    }
                    digits = digits.saturating_add(1);
                }
            }
            rest = after;
            continue;
        }
        if digits > 1 {
            report_adjacent_digits(cx, input, rest, digits);
        }
        digits = 0;
        if matches!(byte, b'/' | b'[') {
            break;
        }
        if let Ok((after, _)) = promoted_marker(rest) {
            let span = cx.token_bytes(SyntaxKind::Error, rest, 1);
            report_misplaced_marker(cx, span);
            rest = after;
        } else {
            // Up to a character the rank knows, or whitespace (the end of the field).
            let len = run_len(text(rest), is_rank_byte);
            if len == 0 {
                break;
            }
            summary.broken = true;
            let span = cx.token_bytes(SyntaxKind::Error, rest, len);
            report_invalid_characters(cx, span);
            rest = rest.get(len..).unwrap_or_default();
        }
    }
    if digits > 1 {
        report_adjacent_digits(cx, input, rest, digits);
    }
    cx.finish(open);
    (rest, summary)
}

/// The longest run of squares at the start of `input` that the `square` production reads
/// without a diagnostic (piece letters not followed by `~`, and digits 1 to 8 that do not follow
/// a digit), made into their tokens as it is read: its length, the squares it describes and
/// whether it ends with a digit. At most a block's worth of bytes is read (see
/// `TreeBuilder::block`), and none when there is no room for a block; the `rank` production
/// reads the rest square by square.
#[inline(always)]
#[allow(
    clippy::arithmetic_side_effects,
    reason = "fewer than 256 bytes are read, each adding at most 8 to the width"
)]
fn plain_square_tokens(cx: &mut Cx<'_>, input: &[u8]) -> (usize, usize, bool) {
    let start = cx.offset(input);
    let Some(mut block) = cx.tree().block() else {
        return (0, 0, false);
    };
    let bytes = input.get(..crate::syntax::BLOCK_LEN - 1).unwrap_or(input);
    let mut width = 0usize;
    let mut after_digit = false;
    let mut len = 0usize;
    for (at, &byte) in bytes.iter().enumerate() {
        // The board's table tells a piece letter and a digit 1 to 8 (its value) in one look.
        let class = PLACEMENT_BYTES.get(usize::from(byte)).copied().unwrap_or(0);
        if class >= PIECE {
            // A piece followed by `~` is left to the `square` production.
            if input.get(at + 1) == Some(&b'~') {
                break;
            }
            block.token(SyntaxKind::Piece, start.wrapping_add(at as u32));
            width += 1;
            after_digit = false;
        } else if class != 0 && !after_digit {
            block.token(SyntaxKind::EmptyRun, start.wrapping_add(at as u32));
            width += usize::from(class);
            after_digit = true;
        } else {
            break;
        }
        len = at + 1;
    }
    let filled = block.filled();
    cx.tree().keep(filled, start.wrapping_add(len as u32));
    (len, width, after_digit)
}

/// Bytes the `rank` production knows (digits 0 and 9 included, to report them as digits), and
/// the `[` that starts bracket holdings.
fn is_rank_byte(byte: u8) -> bool {
    byte.is_ascii_digit() || matches!(byte, b'~' | b'/' | b'[') || is_piece_letter(char::from(byte))
}

/// `square ::= piece promoted_marker?`, or a digit (the grammar's `squares_N` write the digits)
#[inline(always)]
fn square(input: &[u8]) -> IResult<&[u8], Square> {
    match piece(input) {
        Ok((rest, _)) => Ok(match promoted_marker(rest) {
            Ok((rest, _)) => (rest, Square::Piece(true)),
            Err(_) => (rest, Square::Piece(false)),
        }),
        Err(_) => {
            let (rest, digit) = empty_run(input)?;
            Ok((rest, Square::EmptyRun(digit)))
        }
    }
}

/// `piece ::= [PNBRQKpnbrqk]`
#[inline(always)]
pub(crate) fn piece(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| is_piece_letter(char::from(b)))
}

/// `promoted_marker ::= "~"`
#[inline(always)]
fn promoted_marker(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b == b'~')
}

/// A run of empty squares, one digit `1` to `8` in the grammar's `squares_N` productions.
///
/// `0` and `9` are read too, and draw `fen::placement::digit_out_of_range`.
#[inline(always)]
fn empty_run(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b.is_ascii_digit())
}

/// The rank `number`, or the extra rank, for a message.
fn rank_name(number: Option<usize>) -> String {
    number.map_or_else(|| "the extra rank".to_owned(), |n| format!("rank {n}"))
}

#[cold]
fn report_misplaced_marker(cx: &mut Cx<'_>, span: Span) {
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

/// Whether `c` is one of `PNBRQKpnbrqk`.
pub(crate) fn is_piece_letter(c: char) -> bool {
    matches!(
        c,
        'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k'
    )
}

#[cold]
fn report_digit_out_of_range(cx: &mut Cx<'_>, span: Span, digit: u8, number: Option<usize>) {
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
            [
                "digit `",
                digit.encode_utf8(&mut [0; 4]),
                "` out of range in ",
                &rank_name(number),
                ", expected a digit from 1 to 8",
            ]
            .concat(),
        )
        .primary(span, "not a count of empty squares")
        .help(help),
    );
}

/// `fen::placement::invalid_character` for the characters at `span`.
#[cold]
fn report_invalid_characters(cx: &mut Cx<'_>, span: Span) {
    // One printable ASCII character, the usual case: a fixed message.
    let text = cx.source_text(span);
    if let Some(message) = super::one_character_message(&INVALID_CHARACTER, text) {
        if cx.full() {
            return;
        }
        let help = if text.as_bytes().iter().all(u8::is_ascii_alphabetic) {
            INVALID_LETTER_HELP
        } else {
            INVALID_CHARACTER_HELP
        };
        cx.report(
            Diagnostic::new(Code::PlacementInvalidCharacter, message)
                .primary(span, INVALID_CHARACTER_LABEL)
                .help(help),
        );
        return;
    }
    cx.report_invalid_characters(
        span,
        Code::PlacementInvalidCharacter,
        (
            "invalid ",
            " in the placement, expected a piece letter, a digit 1–8 or `/`",
        ),
        INVALID_CHARACTER_LABEL,
        |text| {
            if text.chars().all(|c| c.is_ascii_alphabetic()) {
                INVALID_LETTER_HELP
            } else {
                INVALID_CHARACTER_HELP
            }
        },
    );
}

/// The label of `fen::placement::invalid_character`.
const INVALID_CHARACTER_LABEL: &str = "not a piece or a digit";
/// The help of `fen::placement::invalid_character` on letters.
const INVALID_LETTER_HELP: &str = "Pieces are written `PNBRQK` for White and `pnbrqk` for Black (pawn, knight, bishop, rook, queen, king).";
/// The help of `fen::placement::invalid_character` on other characters.
const INVALID_CHARACTER_HELP: &str = "A rank holds only piece letters (`PNBRQKpnbrqk`) and digits 1–8 for empty squares; ranks are separated by `/`.";

/// The help on adjacent digits that sum to `sum`, at most 8.
fn single_digit(sum: usize) -> String {
    format!("Write the run of {sum} empty squares as the single digit `{sum}`.")
}

/// `fen::placement::adjacent_digits` for the `count` digits of `rank` that end where `rest`
/// begins, unless one of them is out of range (that has its own diagnostic).
#[cold]
fn report_adjacent_digits(cx: &mut Cx<'_>, rank: &[u8], rest: &[u8], count: usize) {
    let end = rank.len().saturating_sub(rest.len());
    let run = rank.get(end.saturating_sub(count)..end).unwrap_or_default();
    if !run.iter().all(|b| (b'1'..=b'8').contains(b)) || cx.full() {
        return;
    }
    let sum: usize = run.iter().fold(0usize, |sum, b| {
        sum.saturating_add(usize::from(b.saturating_sub(b'0')))
    });
    let span = cx.byte_span(run, run.len());
    let message: Text = match run {
        // Two digits, the usual case: a fixed message.
        &[first @ b'1'..=b'8', second @ b'1'..=b'8'] => ADJACENT_DIGITS
            .get(
                usize::from(first.wrapping_sub(b'1'))
                    .wrapping_mul(8)
                    .wrapping_add(usize::from(second.wrapping_sub(b'1'))),
            )
            .map_or(Text::Borrowed(""), |&message| Text::Borrowed(message)),
        _ => around_shown(
            "adjacent digits `",
            &String::from_utf8_lossy(run),
            "`, expected one digit per run of empty squares",
        )
        .into(),
    };
    let mut diagnostic = Diagnostic::new(Code::PlacementAdjacentDigits, message).primary(
        span,
        numbered(&EMPTY_SQUARES, sum, || format!("{sum} empty squares")),
    );
    diagnostic = if sum <= 8 {
        diagnostic
            .help(numbered(&SINGLE_DIGIT, sum, || single_digit(sum)))
            .with_fix(span, numbered(&DIGITS, sum, || sum.to_string()))
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
    fn the_board_table_tells_piece_letters_and_digits_1_to_8() {
        for byte in 0..=u8::MAX {
            let class = PLACEMENT_BYTES.get(usize::from(byte)).copied().unwrap_or(0);
            assert_eq!(class >= PIECE, is_piece_letter(char::from(byte)), "{byte}");
            let digit = (b'1'..=b'8').contains(&byte);
            assert_eq!(class != 0 && class < PIECE, digit, "{byte}");
            if digit {
                assert_eq!(class, byte.wrapping_sub(b'0'));
            }
        }
    }

    #[test]
    fn the_fixed_texts_of_one_invalid_character_or_an_empty_rank_are_the_built_texts() {
        for byte in b'!'..=b'~' {
            let message = INVALID_CHARACTER.get(usize::from(byte - b'!')).copied();
            let c = char::from(byte);
            let built = format!(
                "invalid character `{c}` in the placement, expected a piece letter, a digit 1–8 or `/`"
            );
            assert_eq!(message, Some(built.as_str()), "{byte}");
        }
        assert_eq!(INVALID_CHARACTER.len(), usize::from(b'~' - b'!') + 1);
        for first in b'1'..=b'8' {
            for second in b'1'..=b'8' {
                let index = usize::from(first - b'1') * 8 + usize::from(second - b'1');
                let run = String::from_utf8(vec![first, second]).unwrap();
                let built = around_shown(
                    "adjacent digits `",
                    &run,
                    "`, expected one digit per run of empty squares",
                );
                assert_eq!(ADJACENT_DIGITS.get(index).copied(), Some(built.as_str()));
                let fen = format!("{run}/8/8/8/8/8/8/8 w - - 0 1");
                let parse = crate::parse(&fen);
                let messages: Vec<&str> = parse.diagnostics().iter().map(|d| d.message()).collect();
                assert!(messages.contains(&built.as_str()), "{fen}: {messages:?}");
            }
        }
        for (n, &message) in EMPTY_RANK.iter().enumerate() {
            assert_eq!(
                message,
                format!("too few squares: rank {n} is empty, expected 8")
            );
        }
        for n in 0..=8 {
            assert_eq!(RANK_TOO_SHORT[n], format!("too few squares: rank {n} `"));
            assert_eq!(RANK_TOO_LONG[n], format!("too many squares: rank {n} `"));
        }
        for (n, &number) in SMALL_NUMBERS.iter().enumerate() {
            assert_eq!(number, n.to_string());
        }
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

    #[test]
    fn the_tables_of_texts_hold_what_their_formats_write() {
        for n in 0..40 {
            let plural = if n == 1 { "rank" } else { "ranks" };
            assert_eq!(found_ranks(n), format!("found {n} {plural}, expected 8"));
            assert_eq!(
                numbered(&RANKS_TOO_MANY, n, || ranks_too_many(n)),
                ranks_too_many(n)
            );
            assert_eq!(
                numbered(&RANKS_MISSING, n, || ranks_missing(n)),
                ranks_missing(n)
            );
            assert_eq!(numbered(&SQUARES, n, || squares(n)), squares(n));
            let empty = format!("{n} empty squares");
            assert_eq!(numbered(&EMPTY_SQUARES, n, || empty.clone()), empty);
            if n <= 8 {
                assert_eq!(
                    numbered(&SINGLE_DIGIT, n, || single_digit(n)),
                    single_digit(n)
                );
                assert_eq!(numbered(&DIGITS, n, || n.to_string()), n.to_string());
            }
        }
    }
}
