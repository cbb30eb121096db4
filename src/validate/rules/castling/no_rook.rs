//! `fen::castling::no_rook`: a castling right without the rook it names.

use super::*;

declare_rule! {
    /// a castling right without the rook it names
    ///
    /// What: `K`/`Q` need a rook of that colour on the first rank on that side of the king (on
    /// h1/a1 in standard chess); a file letter needs a rook on that file.
    /// Why: a rook that has moved or been captured gives no castling right. The fix removes
    /// the stale rights (with those of `fen::castling::no_king`, in one edit), or writes `-`
    /// when none is left.
    /// Bad: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    /// Good: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1`
    CastlingNoRook => "fen::castling::no_rook", Error
}

/// `fen::castling::no_rook`: a right without the rook it names.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights || !check.castling_summary.missing_rook {
        return;
    }
    report(check);
}

/// Reports each right whose rook is missing: out of line, for the test above is run on every
/// FEN.
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
        // The texts are built part by part (see `Message`): this rule fires often on
        // corrupted input.
        let message = Message::with_capacity(80)
            .str("castling right `")
            .char(letter)
            .str("` without a ")
            .color(color)
            .str(" rook ");
        let message = match (standard(check), right.side(), expected) {
            (true, _, Some(corner)) => message.str("on ").square(corner),
            (_, CastlingSide::File(file), _) => {
                message.str("on the ").char(file.letter()).str("-file")
            }
            _ => message
                .str("on the ")
                .str(side)
                .str(" of the king on rank ")
                .number(u64::from(back_rank(color))),
        };
        let label = Message::with_capacity(24)
            .color(color)
            .char(' ')
            .str(side)
            .str(" castling");
        let mut diagnostic =
            Diagnostic::new(Code::CastlingNoRook, message).primary(right.span(), label);
        if let Some(expected) = expected {
            let what = match check.position.board.piece_at(expected) {
                None => Message::with_capacity(16).square(expected).str(" is empty"),
                Some(piece) => Message::with_capacity(24)
                    .piece(piece)
                    .str(" on ")
                    .square(expected),
            };
            diagnostic = diagnostic.secondary(check.square_span(expected), what);
        }
        if let Some((span, letters)) = stale_rights_fix(check) {
            diagnostic = diagnostic.with_fix(span, letters);
        }
        check.report(
            diagnostic.help(
                Message::with_capacity(88)
                    .str("A rook that has moved or been captured gives no castling right; remove `")
                    .char(letter)
                    .str("`."),
            ),
        );
    }
}
