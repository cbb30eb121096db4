//! `fenlint.toml`: settings found upward from the current directory.
//!
//! ```toml
//! variant = "standard"                     # auto, standard, chess960, crazyhouse, threecheck
//! deny = ["fen::fullmove_number::zero"]    # codes reported as errors ("all" for every code)
//! warn = ["fen::castling::order"]          # codes reported as warnings
//! allow = ["fen::fields::missing"]         # codes not reported
//!
//! [format]                                 # how `fmt` (and an editor's formatting) writes FENs
//! castling = "fen"                         # fen, xfen or shredder
//! holdings = "bracket"                     # bracket or slash
//! checks = "given"                         # given or remaining
//! en_passant = "always"                    # always, capturable or legal
//! ```
//!
//! Flags on the command line (and an editor's settings) are applied after the file, so they win.

use std::path::{Path, PathBuf};

use clap::ValueEnum;
use fenlint::position::Variant;
use fenlint::{Code, Severity, Validator};

use crate::args::{ChecksArg, EpArg, HoldingsArg, ToArg, VariantArg};

/// The settings of a `fenlint.toml`.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub path: Option<PathBuf>,
    pub variant: Option<String>,
    pub deny: Vec<String>,
    pub warn: Vec<String>,
    pub allow: Vec<String>,
    pub format: FormatConfig,
}

/// The `[format]` table: the dialect `fmt` writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct FormatConfig {
    pub castling: Option<ToArg>,
    pub holdings: Option<HoldingsArg>,
    pub checks: Option<ChecksArg>,
    pub en_passant: Option<EpArg>,
}

/// Severity settings applied one after another: a list of codes (or `all`) and the severity
/// they get, `None` for not reported.
pub type SeverityList<'a> = (&'a [String], Option<Severity>);

/// The validator for `variant` (`auto` takes `config`'s), with `config`'s severities and then
/// `overrides` applied in order (the later wins), or what is wrong.
pub fn validator(
    config: &Config,
    variant: VariantArg,
    overrides: &[SeverityList<'_>],
) -> Result<Validator, String> {
    let where_ = config
        .path
        .as_ref()
        .map_or_else(String::new, |path| format!(" in {}", path.display()));
    let variant = match (variant, config.variant.as_deref()) {
        (VariantArg::Auto, Some(name)) => VariantArg::from_str(name, true)
            .map_err(|_| format!("unknown variant `{name}`{where_}"))?,
        (variant, _) => variant,
    };
    let mut validator = with_variant(Validator::new(), variant);
    let from_file: [SeverityList<'_>; 3] = [
        (&config.allow, None),
        (&config.warn, Some(Severity::Warning)),
        (&config.deny, Some(Severity::Error)),
    ];
    for (names, severity) in from_file.iter().chain(overrides) {
        for name in names.iter() {
            let codes: Vec<Code> = if name == "all" {
                Code::ALL.to_vec()
            } else {
                vec![Code::from_name(name).ok_or_else(|| {
                    format!("no rule `{name}`; `fenlint explain --list` lists them all")
                })?]
            };
            for code in codes {
                validator = match severity {
                    Some(severity) => validator.with_severity(code, *severity),
                    None => validator.allow(code),
                };
            }
        }
    }
    Ok(validator)
}

/// The validator for the `--variant` flag.
pub fn with_variant(validator: Validator, variant: VariantArg) -> Validator {
    match variant {
        VariantArg::Auto => validator,
        VariantArg::Standard => validator.variant(Variant::Standard),
        VariantArg::Chess960 => validator.variant(Variant::Chess960),
        VariantArg::Crazyhouse => validator.variant(Variant::Crazyhouse),
        VariantArg::Threecheck => validator.variant(Variant::ThreeCheck),
    }
}

/// The `fenlint.toml` in `dir` or the nearest directory above it, read; an error says what is
/// wrong with it.
pub fn find(dir: &Path) -> Result<Config, String> {
    let Some(path) = dir
        .ancestors()
        .map(|dir| dir.join("fenlint.toml"))
        .find(|path| path.is_file())
    else {
        return Ok(Config::default());
    };
    let text =
        std::fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut config = read(&text).map_err(|error| format!("{}: {error}", path.display()))?;
    config.path = Some(path);
    Ok(config)
}

/// The settings in `text`.
fn read(text: &str) -> Result<Config, String> {
    let table: toml::Table = text
        .parse()
        .map_err(|error: toml::de::Error| error.message().to_owned())?;
    let mut config = Config::default();
    for (key, value) in &table {
        match key.as_str() {
            "variant" => {
                let variant = value
                    .as_str()
                    .ok_or_else(|| "`variant` must be a string".to_owned())?;
                config.variant = Some(variant.to_owned());
            }
            "deny" | "warn" | "allow" => {
                let codes = value
                    .as_array()
                    .ok_or_else(|| format!("`{key}` must be a list of codes"))?
                    .iter()
                    .map(|code| {
                        code.as_str()
                            .map(str::to_owned)
                            .ok_or_else(|| format!("`{key}` must be a list of codes"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                match key.as_str() {
                    "deny" => config.deny = codes,
                    "warn" => config.warn = codes,
                    _ => config.allow = codes,
                }
            }
            "format" => {
                config.format = read_format(
                    value
                        .as_table()
                        .ok_or_else(|| "`format` must be a table".to_owned())?,
                )?;
            }
            other => {
                return Err(format!(
                    "unknown setting `{other}`, expected `variant`, `deny`, `warn`, `allow` or `[format]`"
                ));
            }
        }
    }
    Ok(config)
}

/// The `[format]` table.
fn read_format(table: &toml::Table) -> Result<FormatConfig, String> {
    fn choice<T: ValueEnum>(key: &str, value: &toml::Value) -> Result<T, String> {
        let names = || {
            T::value_variants()
                .iter()
                .filter_map(|v| v.to_possible_value())
                .map(|v| format!("`{}`", v.get_name()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        value
            .as_str()
            .and_then(|name| T::from_str(name, true).ok())
            .ok_or_else(|| format!("`format.{key}` must be one of {}", names()))
    }
    let mut format = FormatConfig::default();
    for (key, value) in table {
        match key.as_str() {
            "castling" => format.castling = Some(choice(key, value)?),
            "holdings" => format.holdings = Some(choice(key, value)?),
            "checks" => format.checks = Some(choice(key, value)?),
            "en_passant" => format.en_passant = Some(choice(key, value)?),
            other => {
                return Err(format!(
                    "unknown setting `format.{other}`, expected `castling`, `holdings`, `checks` or `en_passant`"
                ));
            }
        }
    }
    Ok(format)
}
