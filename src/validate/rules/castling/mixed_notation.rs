//! `fen::castling::mixed_notation`: classic and file-letter castling notations mixed.

use super::*;

declare_rule! {
    /// classic and file-letter castling notations mixed
    ///
    /// What: `K`/`Q` for one right and a file letter naming an outermost rook for another, as in
    /// `HQkq`.
    /// Why: tools disagree on what such fields mean (en-croissant wrote `HQkq` for standard
    /// chess, and engines then rejected it); use one notation.
    /// Bad: `r3k2r/8/8/8/8/8/8/R3K2R w HQkq - 0 1`
    /// Good: `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1`
    CastlingMixedNotation => "fen::castling::mixed_notation", Warning
}

/// `fen::castling::mixed_notation`: `K`/`Q` next to a file letter that names an outermost rook
/// (which `K`/`Q` would name), as in `HQkq`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Without a file letter, nothing is mixed.
    if !check.has_castling_rights || !check.castling.has_other_letters() {
        return;
    }
    report(check);
}

/// Reports each file letter that `K` or `Q` would write: out of line, for the test above is run
/// on every FEN.
fn report(check: &mut Check<'_, '_>) {
    let classic = rights(check).any(|right| !matches!(right.side(), CastlingSide::File(_)));
    if !classic {
        return;
    }
    for right in rights(check) {
        let CastlingSide::File(file) = right.side() else {
            continue;
        };
        let color = right.color();
        let Some(king) = check.king(color).filter(|k| k.rank() == back_rank(color)) else {
            continue;
        };
        let is_kingside = file.index() > king.file().index();
        let mut rooks = rooks_beside(
            &check.position.board,
            color,
            king.file().index(),
            is_kingside,
        );
        let nearest = rooks.next();
        let outermost = rooks.last().or(nearest);
        if outermost.map(|s| s.file()) != Some(file) {
            continue; // An inner rook: X-FEN needs the file letter here.
        }
        if nearest != outermost && !standard(check) {
            // More than one rook on that side: `K`/`Q` would be ambiguous (see `ambiguous`),
            // so the file letter is the right one, and its fix must not undo that rule's.
            continue;
        }
        let classic_letter = match (is_kingside, color) {
            (true, Color::White) => 'K',
            (false, Color::White) => 'Q',
            (true, Color::Black) => 'k',
            (false, Color::Black) => 'q',
        };
        check.report(
            Diagnostic::new(
                Code::CastlingMixedNotation,
                format!(
                    "file letter `{}` among `K`/`Q` letters, expected `{classic_letter}` for the outermost rook",
                    right.letter()
                ),
            )
            .primary(right.span(), "Shredder-FEN letter")
            .help(format!("Use one notation: `{classic_letter}` here (X-FEN), or file letters for every right (Shredder-FEN)."))
            .with_fix(right.span(), classic_letter.to_string()),
        );
    }
}
