//! `fen::castling::no_king`: a castling right without the king on its home square.

use super::*;

declare_rule! {
    /// a castling right without the king on its home square
    ///
    /// What: a side with a castling right has its king on its first rank (on e1/e8 in standard
    /// chess), between the rooks.
    /// Why: a king that has moved has lost its castling rights.
    /// Bad: `4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1`
    CastlingNoKing => "fen::castling::no_king", Error
}

/// `fen::castling::no_king`: a right whose king is not on its home square.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights || !check.castling_summary.homeless {
        return;
    }
    report_homeless(check);
}

/// Reports each colour whose castling letters have no king at home: out of line, for the test
/// above is run on every FEN.
#[cold]
#[inline(never)]
fn report_homeless(check: &mut Check<'_, '_>) {
    for color in [Color::White, Color::Black] {
        let Some(first) = rights_of(check, color).next() else {
            continue;
        };
        if castling_king(check, color).is_some() {
            continue;
        }
        report(check, color, first);
    }
}

/// Reports `color`'s castling rights, the first of which is `first`, without the king at home:
/// out of line, for the checks above are run on every FEN. The texts are built part by part
/// (see `Message`): this rule fires often on corrupted input.
#[cold]
#[inline(never)]
fn report(check: &mut Check<'_, '_>, color: Color, first: CastlingRight) {
    let rank = char::from(b'0'.saturating_add(back_rank(color)));
    let home = if standard(check) { "on e" } else { "on rank " };
    let mut message = Message::with_capacity(96).str("castling rights `");
    for right in rights_of(check, color) {
        message = message.char(right.letter());
    }
    let message = message
        .str("` for ")
        .color(color)
        .str(", expected the ")
        .color(color)
        .str(" king ")
        .str(home)
        .char(rank);
    let mut diagnostic =
        Diagnostic::new(Code::CastlingNoKing, message).primary(first.span(), "castling right");
    if let Some(king) = check.position.board.king_of(color) {
        let label = Message::with_capacity(24)
            .color(color)
            .str(" king on ")
            .square(king);
        diagnostic = diagnostic.secondary(check.square_span(king), label);
    }
    check.report(diagnostic.help(help(color, standard(check))));
}

/// The help for `color`'s castling rights without a king at home, which is on e1 or e8 when
/// `standard`, else anywhere on the back rank: one of four fixed texts (no text built or
/// allocated, and the renderer reads a fixed text once).
fn help(color: Color, standard: bool) -> &'static str {
    match (color, standard) {
        (Color::White, true) => {
            "A king that has moved cannot castle; remove White's castling letters or put the king back on e1."
        }
        (Color::White, false) => {
            "A king that has moved cannot castle; remove White's castling letters or put the king back on rank 1."
        }
        (Color::Black, true) => {
            "A king that has moved cannot castle; remove Black's castling letters or put the king back on e8."
        }
        (Color::Black, false) => {
            "A king that has moved cannot castle; remove Black's castling letters or put the king back on rank 8."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_helps_name_the_colour_and_its_home() {
        for color in [Color::White, Color::Black] {
            let rank = back_rank(color);
            for (standard, home) in [(true, "on e"), (false, "on rank ")] {
                let built = format!(
                    "A king that has moved cannot castle; remove {color}'s castling letters or put the king back {home}{rank}."
                );
                assert_eq!(help(color, standard), built);
            }
        }
    }
}
