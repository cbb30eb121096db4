//! The rules, one function per code, grouped by what they look at, run in this order.

mod castling;
mod check;
mod counters;
mod crazyhouse;
mod en_passant;
mod kings;
mod material;
mod three_check;

use super::Check;

/// Runs every rule over `check`.
pub(crate) fn run(check: &mut Check<'_, '_>) {
    for rule in RULES {
        rule(check);
    }
}

/// Every rule's `check` function.
const RULES: &[fn(&mut Check<'_, '_>)] = &[
    kings::missing,
    kings::too_many,
    kings::adjacent,
    material::pawns_on_back_rank,
    material::pawns_too_many,
    material::too_many_pieces,
    material::impossible_material,
    check::opposite,
    check::too_many_checkers,
    check::impossible,
    check::en_passant_inconsistent,
    castling::too_many,
    castling::no_king,
    castling::no_rook,
    castling::ambiguous,
    castling::not_chess960,
    castling::mixed_notation,
    en_passant::wrong_rank,
    en_passant::no_pawn,
    en_passant::not_empty,
    en_passant::halfmove_not_zero,
    en_passant::not_capturable,
    counters::fullmove_zero,
    counters::exceeds_plies,
    counters::move_rules,
    counters::overflow,
    crazyhouse::king_in_holdings,
    crazyhouse::too_much_material,
    crazyhouse::not_crazyhouse,
    crazyhouse::promoted_pawn_or_king,
    three_check::both_exhausted,
    three_check::game_over_without_check,
    three_check::forms_disagree,
];
