//! `fen::castling::ambiguous`: `K` or `Q` with more than one rook on that side of the king.

use super::*;

declare_rule! {
    /// `K` or `Q` with more than one rook on that side of the king
    ///
    /// What: in X-FEN, `K` and `Q` name the outermost rook on their side; when another rook
    /// stands between it and the king, readers that take `K` as "the h-rook" or "the castling
    /// rook" disagree.
    /// Why: write the file letter of the rook (Shredder-FEN style) to say which one.
    /// Bad: `5k2/8/8/8/8/8/8/5KRR w K - 0 1`
    /// Good: `5k2/8/8/8/8/8/8/5KRR w H - 0 1`
    CastlingAmbiguous => "fen::castling::ambiguous", Warning
}

/// `fen::castling::ambiguous`: `K`/`Q` with another rook between the outermost rook and the
/// king.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Set in Chess960 only.
    if !check.has_castling_rights || !check.castling_summary.ambiguous {
        return;
    }
    report(check);
}

/// Reports each `K` or `Q` with more than one rook on its side: out of line, for the test above
/// is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    if standard(check) {
        return;
    }
    for right in rights(check) {
        if matches!(right.side(), CastlingSide::File(_)) {
            continue;
        }
        let color = right.color();
        let Some(king) = castling_king(check, color) else {
            continue;
        };
        let is_kingside = kingside(&right, king.file().index());
        let mut rooks = rooks_beside(
            &check.position.board,
            color,
            king.file().index(),
            is_kingside,
        );
        let Some(inner) = rooks.next() else {
            continue;
        };
        // The outermost rook, and how many rooks there are on that side.
        let (outer, count) = rooks.fold((inner, 1usize), |(_, count), rook| {
            (rook, count.saturating_add(1))
        });
        if count < 2 {
            continue;
        }
        let file = outer.file().letter();
        let letter = if color == Color::White {
            file.to_ascii_uppercase()
        } else {
            file
        };
        check.report(
            Diagnostic::new(
                Code::CastlingAmbiguous,
                format!(
                    "castling right `{}` with {} {color} rooks on that side, expected the file letter `{letter}`",
                    right.letter(),
                    count
                ),
            )
            .primary(right.span(), "which rook?")
            .secondary(check.square_span(outer), format!("X-FEN means this rook on {outer}"))
            .secondary(check.square_span(inner), format!("but this one on {inner} is nearer the king"))
            .help(format!("Write `{letter}` to name the rook on {outer} without doubt (Shredder-FEN style)."))
            .with_fix(right.span(), letter.to_string()),
        );
    }
}
