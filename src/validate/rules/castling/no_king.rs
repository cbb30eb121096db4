//! `fen::castling::no_king`: a castling right without the king on its home square.

use super::*;

declare_rule! {
    /// a castling right without the king on its home square
    ///
    /// What: a side with a castling right has its king on its first rank (on e1/e8 in standard
    /// chess), between the rooks.
    /// Why: a king that has moved has lost its castling rights. The fix removes the stale
    /// rights (with those of `fen::castling::no_rook`, in one edit), or writes `-` when none is
    /// left; there is none when the colour has no king or two, for then the board is in doubt.
    /// Bad: `4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1`
    /// Good: `4k3/8/8/8/8/8/4K3/R6R w - - 0 1`
    CastlingNoKing => "fen::castling::no_king", Error
}

/// `fen::castling::no_king`: a right whose king is not on its home square.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights || !check.castling_summary.homeless {
        return;
    }
    report_homeless(check);
}

/// Reports each colour whose castling letters have no king at home: out of line, for the test
/// above is run on every FEN.
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
fn report(check: &mut Check<'_, '_>, color: Color, first: CastlingRight) {
    let rank = char::from(b'0'.saturating_add(back_rank(color)));
    let home = if standard(check) { "on e" } else { "on rank " };
    let message = message(check, color, home, rank);
    let mut diagnostic =
        Diagnostic::new(Code::CastlingNoKing, message).primary(first.span(), "castling right");
    if let Some(king) = check.position.board.king_of(color) {
        let label = Message::with_capacity(24)
            .color(color)
            .str(" king on ")
            .square(king);
        diagnostic = diagnostic.secondary(check.square_span(king), label);
    }
    if let Some((span, letters)) = stale_rights_fix(check) {
        diagnostic = diagnostic.with_fix(span, letters);
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

/// The message for `color`'s castling rights without a king at home (`home` and `rank` say
/// where it belongs): a fixed text for the usual letters (`K`, `Q`, `KQ` or `QK` of either
/// colour), so that no text is built or allocated and the renderer reads it once; else built
/// part by part.
fn message(
    check: &Check<'_, '_>,
    color: Color,
    home: &str,
    rank: char,
) -> crate::diagnostics::Text {
    // Up to two letters, as written.
    let mut letters = [0u8; 2];
    let mut count = 0usize;
    for right in rights_of(check, color) {
        match (letters.get_mut(count), u8::try_from(right.letter())) {
            (Some(slot), Ok(letter)) => *slot = letter,
            _ => return built_message(check, color, home, rank).into(),
        }
        count = count.saturating_add(1);
    }
    let written = letters.get(..count).unwrap_or_default();
    let fixed = match (color, rank, home == "on e", written) {
        (Color::White, '1', true, b"K") => {
            "castling rights `K` for White, expected the White king on e1"
        }
        (Color::White, '1', true, b"Q") => {
            "castling rights `Q` for White, expected the White king on e1"
        }
        (Color::White, '1', true, b"KQ") => {
            "castling rights `KQ` for White, expected the White king on e1"
        }
        (Color::White, '1', true, b"QK") => {
            "castling rights `QK` for White, expected the White king on e1"
        }
        (Color::White, '1', false, b"K") => {
            "castling rights `K` for White, expected the White king on rank 1"
        }
        (Color::White, '1', false, b"Q") => {
            "castling rights `Q` for White, expected the White king on rank 1"
        }
        (Color::White, '1', false, b"KQ") => {
            "castling rights `KQ` for White, expected the White king on rank 1"
        }
        (Color::White, '1', false, b"QK") => {
            "castling rights `QK` for White, expected the White king on rank 1"
        }
        (Color::Black, '8', true, b"k") => {
            "castling rights `k` for Black, expected the Black king on e8"
        }
        (Color::Black, '8', true, b"q") => {
            "castling rights `q` for Black, expected the Black king on e8"
        }
        (Color::Black, '8', true, b"kq") => {
            "castling rights `kq` for Black, expected the Black king on e8"
        }
        (Color::Black, '8', true, b"qk") => {
            "castling rights `qk` for Black, expected the Black king on e8"
        }
        (Color::Black, '8', false, b"k") => {
            "castling rights `k` for Black, expected the Black king on rank 8"
        }
        (Color::Black, '8', false, b"q") => {
            "castling rights `q` for Black, expected the Black king on rank 8"
        }
        (Color::Black, '8', false, b"kq") => {
            "castling rights `kq` for Black, expected the Black king on rank 8"
        }
        (Color::Black, '8', false, b"qk") => {
            "castling rights `qk` for Black, expected the Black king on rank 8"
        }
        _ => return built_message(check, color, home, rank).into(),
    };
    fixed.into()
}

/// The message of [`message`], built part by part.
fn built_message(check: &Check<'_, '_>, color: Color, home: &str, rank: char) -> Message {
    let mut message = Message::with_capacity(96).str("castling rights `");
    for right in rights_of(check, color) {
        message = message.char(right.letter());
    }
    message
        .str("` for ")
        .color(color)
        .str(", expected the ")
        .color(color)
        .str(" king ")
        .str(home)
        .char(rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_messages_are_the_built_ones() {
        let mut compared = 0;
        for placement in [
            "r3k2r/8/8/8/8/8/8/R3K2R",
            "r2k3r/8/8/8/8/8/8/R2K3R",
            "8/8/8/8/8/8/8/8",
        ] {
            for field in [
                "K", "Q", "KQ", "QK", "k", "q", "kq", "qk", "Kk", "QKqk", "KQA", "A", "Hh",
            ] {
                let fen = format!("{placement} w {field} - 0 1");
                let tree = crate::parse(&fen).into_tree();
                let position = crate::position::Position::from_tree(&tree).unwrap();
                let castling = crate::validate::CastlingLetters::of(&tree);
                for variant in [Variant::Standard, Variant::Chess960] {
                    let check = Check::new(&tree, &position, variant, &castling);
                    for color in [Color::White, Color::Black] {
                        for (home, rank) in [("on e", '1'), ("on rank ", '8')] {
                            let built: crate::diagnostics::Text =
                                built_message(&check, color, home, rank).into();
                            assert_eq!(message(&check, color, home, rank), built, "{fen}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 100, "{compared}");
    }

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
