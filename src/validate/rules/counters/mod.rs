//! The move counters: fullmove 0, a halfmove clock beyond the plies played, the fifty- and
//! seventy-five-move rules, and numbers too large to be real.

pub(crate) mod exceeds_plies;
pub(crate) mod fifty_moves;
pub(crate) mod fullmove_zero;
pub(crate) mod overflow;
pub(crate) mod seventy_five_moves;

use crate::position::Position;
use crate::validate::check::{Check, CounterText};
use crate::{Code, Color, Diagnostic};

/// The largest counter value accepted (32 bits).
const MAX_COUNTER: u64 = u32::MAX as u64;

/// Whether the counters of `position` are what almost every FEN has, so that no counter rule
/// reports: a halfmove clock below 100 and no more than the half-moves played, and a fullmove
/// number from 1 to [`MAX_COUNTER`]. Worked out once, for the five rules here.
///
/// The position's counters are those written (or given with the FEN) when they are numbers,
/// `u64::MAX` when too large, and the defaults `0 1` otherwise, where no counter rule has a
/// number to report.
pub(crate) fn usual(position: &Position) -> bool {
    let (halfmove, fullmove) = (position.halfmove_clock, position.fullmove_number);
    let plies = fullmove
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(u64::from(position.turn == Color::Black));
    halfmove < 100 && (1..=MAX_COUNTER).contains(&fullmove) && halfmove <= plies
}

fn value(counter: Option<CounterText<'_>>) -> Option<(u64, CounterText<'_>)> {
    let counter = counter?;
    Some((counter.value()?, counter))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::Validator;

    /// When the counters are usual, the counter rules, run without that knowledge, report
    /// nothing; and usual counters are common.
    #[test]
    fn usual_counters_draw_no_counter_rule() {
        let mut rng = fastrand::Rng::with_seed(50);
        let mut usual_seen = 0;
        for _ in 0..5_000 {
            let number = |rng: &mut fastrand::Rng| match rng.u8(..6) {
                0 => "0".to_owned(),
                1 => "4294967296".to_owned(),
                2 => "x".to_owned(),
                3 => rng.u64(..400).to_string(),
                _ => rng.u64(..120).to_string(),
            };
            let turn = if rng.bool() { 'w' } else { 'b' };
            let fen = format!(
                "4k3/8/8/8/8/8/8/4K3 {turn} - - {} {}",
                number(&mut rng),
                number(&mut rng)
            );
            let tree = crate::parse(&fen).into_tree();
            let position = crate::position::Position::from_tree(&tree).unwrap();
            let castling = crate::validate::CastlingLetters::of(&tree);
            let mut check = Check::new(&tree, &position, position.variant, &castling);
            // A counter that is no number takes the default value in the position, and draws
            // its own syntax diagnostic.
            if !usual(&position) || fen.contains('x') {
                continue;
            }
            usual_seen += 1;
            exceeds_plies::check(&mut check);
            fifty_moves::check(&mut check);
            fullmove_zero::check(&mut check);
            overflow::check(&mut check);
            seventy_five_moves::check(&mut check);
            assert!(check.diagnostics.is_empty(), "{fen}");
            // And the validator, which knows, agrees.
            assert!(
                Validator::new().lint(&fen).diagnostics().is_empty(),
                "{fen}"
            );
        }
        assert!(usual_seen > 500, "only {usual_seen} usual counters");
    }
}
