//! `fenlint fmt`: the writer options of the flags and of fenlint.toml, for
//! [`fenlint::files::format_file`].

use fenlint::files::{FileKind, Formatted};
use fenlint::position::{
    CastlingStyle, ChecksStyle, EnPassantStyle, EpdCountersStyle, HoldingsStyle, Variant,
    WriteOptions,
};
use fenlint::{Severity, Validator};

use crate::args::{ChecksArg, EpArg, EpdCountersArg, FmtArgs, HoldingsArg, ToArg};
use crate::config::{Config, FormatConfig};

/// The writer options the flags ask for, then `format` (the `[format]` table of fenlint.toml),
/// then the defaults.
pub fn options(args: &FmtArgs, format: &FormatConfig) -> WriteOptions {
    write_options(&FormatConfig {
        castling: args.to.or(format.castling),
        holdings: args.holdings.or(format.holdings),
        checks: args.checks.or(format.checks),
        en_passant: args.ep.or(format.en_passant),
    })
}

/// The writer options and the variant to read positions as, for a file whose settings are
/// `config`: the flags, then `config`, then the defaults; or what is wrong with `config`.
pub fn settings(
    args: &FmtArgs,
    config: &Config,
) -> Result<(WriteOptions, Option<Variant>), String> {
    let variant = crate::config::variant(config, args.variant)?;
    let options = options(args, &config.format);
    let options = match args.epd_counters {
        None => options,
        Some(EpdCountersArg::Fen) => options.with_epd_counters(EpdCountersStyle::Fen),
        Some(EpdCountersArg::Operations) => options.with_epd_counters(EpdCountersStyle::Operations),
    };
    Ok((options, variant))
}

/// The writer options of a `[format]` table; what it leaves out is the default (plain FEN and
/// X-FEN castling, bracket holdings, checks given, en passant after every double step).
pub fn write_options(format: &FormatConfig) -> WriteOptions {
    WriteOptions::default()
        .with_castling(match format.castling.unwrap_or(ToArg::Fen) {
            ToArg::Fen | ToArg::Xfen => CastlingStyle::XFen,
            ToArg::Shredder => CastlingStyle::Shredder,
        })
        .with_holdings(match format.holdings.unwrap_or(HoldingsArg::Bracket) {
            HoldingsArg::Slash => HoldingsStyle::Slash,
            HoldingsArg::Bracket => HoldingsStyle::Bracket,
        })
        .with_checks(match format.checks.unwrap_or(ChecksArg::Given) {
            ChecksArg::Given => ChecksStyle::Given,
            ChecksArg::Remaining => ChecksStyle::Remaining,
        })
        .with_en_passant(match format.en_passant.unwrap_or(EpArg::Always) {
            EpArg::Always => EnPassantStyle::Always,
            EpArg::Capturable => EnPassantStyle::Capturable,
            EpArg::Legal => EnPassantStyle::Legal,
        })
}

/// Drops from `outcome.skipped` (the positions `fmt` left alone because they have errors) those
/// on which `fenlint check` reports no error with the same settings, `validator`: their errors
/// are allowed, made warnings, or silenced by a suppression comment. `fmt` leaves them as they
/// are, and `fmt --check` counts them clean, as `check` does.
pub fn keep_reported(kind: FileKind, bytes: &[u8], outcome: &mut Formatted, validator: &Validator) {
    if outcome.skipped.is_empty() {
        return;
    }
    // Lines as the library numbers them (`\n`, `\r\n` and a lone `\r` end one).
    let starts = fenlint::files::line_starts(bytes);
    let mut with_errors: Vec<usize> = fenlint::files::lint_file(kind, bytes, validator)
        .iter()
        .filter(|diagnostic| diagnostic.severity() == Severity::Error)
        .map(|diagnostic| starts.partition_point(|&start| start <= diagnostic.span().start))
        .collect();
    with_errors.sort_unstable();
    outcome
        .skipped
        .retain(|line| with_errors.binary_search(line).is_ok());
}
