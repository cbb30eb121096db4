//! The validator's rules: one file per rule, in a folder per theme (`kings/`, `material/`,
//! `check/`, `castling/`, `en_passant/`, `counters/`, `crazyhouse/`, `three_check/`), whose
//! `mod.rs` holds what the theme's rules share.
//!
//! A rule's file holds everything about it: `declare_rule!` with its documentation (a summary
//! line, then What / Why / Bad / Good), its code's name and default severity, and its `check`
//! function, which reports that one code. The registry (`src/diagnostics/code.rs`) names each
//! rule's code and module, and takes the name, severity and docs from the rule's file;
//! `fenlint explain`, the README's code table and the per-code tests and snapshots are all
//! checked against it. `run_all` runs the rules in the order they are listed.
//!
//! To add a rule: write `<theme>/<rule>.rs` (copy a neighbour), add `pub(crate) mod <rule>;` to
//! the theme's `mod.rs`, one line to the registry and one to `RULES`; `cargo test` then asks
//! for its README row and its snapshot.

use super::check::Check;
#[cfg(test)]
use crate::Code;

/// Declares a rule in its own file: its documentation, code, name and default severity, as the
/// constants `CODE`, `NAME`, `SEVERITY` and `DOCS`, and `RULE` (the code and the file's `check`
/// function) for `RULES`. `once per file` after the severity declares a code reported once per
/// file (`ONCE_PER_FILE`, see [`Code::once_per_file`](crate::Code::once_per_file)).
///
/// `declare_rule! { reports CODE }` declares a rule that reports a code declared in the
/// registry, because the grammar reports it too.
///
/// `declare_rule! { ... CODE => "name", Advice, off }` declares a rule whose code is off by
/// default: not reported unless the user asks for it (`--warn CODE`, or
/// [`crate::Validator::with_severity`]), for a note about a convention that most files follow
/// on purpose.
macro_rules! declare_rule {
    ($(#[doc = $doc:literal])+ $variant:ident => $name:literal, $severity:ident, off) => {
        declare_rule! { @declare [$($doc)+] $variant, $name, $severity, false, false }
    };
    ($(#[doc = $doc:literal])+ $variant:ident => $name:literal, $severity:ident, once per file) => {
        declare_rule! { @declare [$($doc)+] $variant, $name, $severity, true, true }
    };
    ($(#[doc = $doc:literal])+ $variant:ident => $name:literal, $severity:ident) => {
        declare_rule! { @declare [$($doc)+] $variant, $name, $severity, false, true }
    };
    (@declare [$($doc:literal)+] $variant:ident, $name:literal, $severity:ident,
        $once:literal, $on:literal) => {
        /// The code this rule reports.
        pub(crate) const CODE: crate::Code = crate::Code::$variant;
        /// The code's name.
        pub(crate) const NAME: &str = $name;
        /// The code's default severity.
        pub(crate) const SEVERITY: crate::Severity = crate::Severity::$severity;
        /// The rule's documentation: a summary line, then What / Why / Bad / Good.
        pub(crate) const DOCS: &str = concat!($($doc, "\n"),+);
        /// Whether the code is reported once per file ([`crate::Code::once_per_file`]).
        pub(crate) const ONCE_PER_FILE: bool = $once;
        /// Whether the code is reported unless the user turns it off.
        pub(crate) const ON_BY_DEFAULT: bool = $on;
    };
    (reports $variant:ident) => {
        /// The code this rule reports.
        pub(crate) const CODE: crate::Code = crate::Code::$variant;
    };
}

pub(crate) mod castling;
pub(crate) mod check;
pub(crate) mod counters;
pub(crate) mod crazyhouse;
pub(crate) mod en_passant;
pub(crate) mod kings;
pub(crate) mod material;
pub(crate) mod three_check;

/// Lists the rules once, in the order they run: [`run_all`], which calls each rule's `check`,
/// and, for the tests, [`RULES`], their codes.
macro_rules! rules {
    ($($theme:ident::$rule:ident),+ $(,)?) => {
        /// The code of every rule, in the order they run.
        #[cfg(test)]
        pub(crate) const RULES: &[Code] = &[$($theme::$rule::CODE),+];

        /// Runs every rule over `check`, in the order of [`RULES`]. The validator runs them
        /// all, with severity overrides too, and leaves out the diagnostics of the codes not
        /// reported afterwards.
        pub(crate) fn run_all(check: &mut Check<'_, '_>) {
            $($theme::$rule::check(check);)+
        }
    };
}

rules! {
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
    castling::same_rook,
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
    counters::fifty_moves,
    counters::seventy_five_moves,
    counters::overflow,
    crazyhouse::king_in_holdings,
    crazyhouse::too_much_material,
    crazyhouse::not_crazyhouse,
    crazyhouse::promoted_pawn_or_king,
    crazyhouse::slash_group,
    three_check::both_exhausted,
    three_check::game_over_without_check,
    three_check::forms_disagree,
    three_check::not_three_check,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_code_runs_once_and_every_validator_code_has_a_rule() {
        let mut codes: Vec<Code> = RULES.to_vec();
        codes.sort();
        let before = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), before, "a code is reported by two rules");
        // Every code whose docs come from a rule's file has that rule in the list.
        for code in Code::ALL {
            if code.is_rule() {
                assert!(codes.contains(code), "{code} has no rule in RULES");
            }
        }
    }
}
