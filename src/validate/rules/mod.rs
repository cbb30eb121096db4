//! The rules, one module each, run in this order.

mod kings;

use super::Check;

/// Runs every rule over `check`.
pub(crate) fn run(check: &mut Check<'_, '_>) {
    for rule in RULES {
        rule(check);
    }
}

/// Every rule's `check` function.
const RULES: &[fn(&mut Check<'_, '_>)] = &[kings::missing, kings::too_many, kings::adjacent];
