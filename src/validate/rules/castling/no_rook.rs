//! `fen::castling::no_rook`: a castling right without the rook it names.

use super::*;

declare_rule! {
    /// a castling right without the rook it names
    ///
    /// What: `K`/`Q` need a rook of that colour on the first rank on that side of the king (on
    /// h1/a1 in standard chess); a file letter needs a rook on that file.
    /// Why: a rook that has moved or been captured gives no castling right.
    /// Bad: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    /// Good: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1`
    CastlingNoRook => "fen::castling::no_rook", Error
}

/// `fen::castling::no_rook`: a right without the rook it names.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights || !check.castling_summary.missing_rook {
        return;
    }
    report(check);
}

/// Reports each right whose rook is missing: out of line, for the test above is run on every
/// FEN.
#[cold]
#[inline(never)]
fn report(check: &mut Check<'_, '_>) {
    for right in rights(check) {
        let Some(king) = castling_king(check, right.color()) else {
            continue; // `fen::castling::no_king` says why.
        };
        let Err(expected) = named_rook(check, &right, king) else {
            continue;
        };
        let color = right.color();
        let letter = right.letter();
        let side = if kingside(&right, king.file().index()) {
            "kingside"
        } else {
            "queenside"
        };
        let place = match (standard(check), right.side(), expected) {
            (true, _, Some(corner)) => format!("on {corner}"),
            (_, CastlingSide::File(file), _) => format!("on the {}-file", file.letter()),
            _ => format!("on the {side} of the king on rank {}", back_rank(color)),
        };
        let mut diagnostic = Diagnostic::new(
            Code::CastlingNoRook,
            format!("castling right `{letter}` without a {color} rook {place}"),
        )
        .primary(right.span(), format!("{color} {side} castling"));
        if let Some(expected) = expected {
            let what = match check.position.board.piece_at(expected) {
                None => format!("{expected} is empty"),
                Some(piece) => format!("{piece} on {expected}"),
            };
            diagnostic = diagnostic.secondary(check.square_span(expected), what);
        }
        check.report(diagnostic.help(format!(
            "A rook that has moved or been captured gives no castling right; remove `{letter}`."
        )));
    }
}
