//! The move counters: fullmove 0, a halfmove clock beyond the plies played, the fifty- and
//! seventy-five-move rules, and numbers too large to be real.

pub(crate) mod exceeds_plies;
pub(crate) mod fifty_moves;
pub(crate) mod fullmove_zero;
pub(crate) mod overflow;
pub(crate) mod seventy_five_moves;

use crate::validate::{Check, CounterText};
use crate::{Code, Color, Diagnostic};

/// The largest counter value accepted (32 bits).
const MAX_COUNTER: u64 = u32::MAX as u64;

fn value(counter: Option<CounterText<'_>>) -> Option<(u64, CounterText<'_>)> {
    let counter = counter?;
    Some((counter.value()?, counter))
}
