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
    for side in crowded_sides(check).into_iter().flatten() {
        let (first, second) = (side.first, side.second);
        let Some(rook) = same_rook(check, first, second, side.more, side.king) else {
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
