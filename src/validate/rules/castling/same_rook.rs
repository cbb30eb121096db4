//! `fen::castling::duplicate` for two letters that name the same rook (`Q` and `A` with the
//! rook on a1). The code, also reported by the grammar for a letter written twice, is declared
//! in the registry (`src/diagnostics/code.rs`).

use super::*;

declare_rule! {
    reports CastlingDuplicate
}

/// Reports the second of exactly two rights on one side of the king that name the same rook.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights {
        return;
    }
    let tree = check.tree;
    for color in [Color::White, Color::Black] {
        let Some(king) = castling_king(check, color) else {
            continue;
        };
        for side in [true, false] {
            let mut written = rights_of(tree, color)
                .filter(move |right| kingside(right, king.file().index()) == side);
            let (Some(first), Some(second)) = (written.next(), written.next()) else {
                continue;
            };
            let Some(rook) = same_rook(check, first, second, written.next().is_some(), king) else {
                continue;
            };
            check.report(
                Diagnostic::new(
                    Code::CastlingDuplicate,
                    format!(
                        "castling rights `{}` and `{}` both name the rook on {rook}, expected each right once",
                        first.letter(),
                        second.letter()
                    ),
                )
                .primary(second.span(), format!("the rook on {rook} again"))
                .secondary(first.span(), "first named here")
                .help(format!("Remove `{}`.", second.letter()))
                .with_fix(second.span(), ""),
            );
        }
    }
}
