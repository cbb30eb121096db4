//! Settings: the client's (`initializationOptions`, `workspace/didChangeConfiguration`) over
//! the nearest `fenlint.toml`'s.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use fenlint::files::FileKind;
use fenlint::position::{Variant, WriteOptions};
use fenlint::{Severity, Validator};
use serde_json::Value;

use crate::args::VariantArg;
use crate::config::{self, Config};
use crate::selector::Selector;

/// What the client asks for: `{ "variant": "auto", "severities": { "CODE or all": "allow" |
/// "warn" | "deny" } }`, given as the initialization options or as the `fenlint` section of
/// the configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClientSettings {
    pub variant: Option<VariantArg>,
    /// Codes (or `all`) and their severity, `None` for not reported.
    pub severities: Vec<(String, Option<Severity>)>,
}

impl ClientSettings {
    /// The settings in `value`, which may hold them directly or under `fenlint`; what is wrong
    /// with them, such as an unknown severity, is returned beside what could be read.
    pub fn from_json(value: &Value) -> (ClientSettings, Vec<String>) {
        let value = value.get("fenlint").unwrap_or(value);
        let mut settings = ClientSettings::default();
        let mut problems = Vec::new();
        match value.get("variant") {
            None | Some(Value::Null) => {}
            Some(Value::String(name)) => match VariantArg::from_str(name, true) {
                Ok(variant) => settings.variant = Some(variant),
                Err(_) => problems.push(format!(
                    "unknown variant `{name}`, expected auto, standard, chess960, crazyhouse or threecheck"
                )),
            },
            Some(other) => problems.push(format!("`variant` must be a string, not {other}")),
        }
        if let Some(severities) = value.get("severities").and_then(Value::as_object) {
            for (code, severity) in severities {
                let severity = match severity.as_str() {
                    Some("allow" | "off") => None,
                    Some("warn" | "warning") => Some(Severity::Warning),
                    Some("deny" | "error") => Some(Severity::Error),
                    _ => {
                        problems.push(format!(
                            "severity of `{code}` must be \"allow\", \"warn\" or \"deny\", not {severity}"
                        ));
                        continue;
                    }
                };
                settings.severities.push((code.clone(), severity));
            }
        }
        (settings, problems)
    }
}

/// The settings a document gets, and the `fenlint.toml` files they were read from, cached by
/// directory until a `fenlint.toml` changes.
#[derive(Debug, Default)]
pub struct Settings {
    pub client: ClientSettings,
    /// The workspace folder, for documents that have no path of their own.
    pub root: Option<PathBuf>,
    configs: HashMap<PathBuf, Result<Config, String>>,
}

impl Settings {
    /// Forgets the `fenlint.toml` files read, so that the next lint reads them again.
    pub fn forget_configs(&mut self) {
        self.configs.clear();
    }

    /// The `fenlint.toml` that applies in `dir` (the nearest above it), read once.
    fn config(&mut self, dir: Option<&Path>) -> Result<Config, String> {
        let Some(dir) = dir.or(self.root.as_deref()).map(Path::to_path_buf) else {
            return Ok(Config::default());
        };
        self.configs
            .entry(dir)
            .or_insert_with_key(|dir| config::find(dir))
            .clone()
    }

    /// The kind the `[extensions]` of the `fenlint.toml` that applies in `dir` give the document
    /// `uri`, if they name its extension.
    pub fn kind_of(&mut self, uri: &lsp_types::Uri, dir: Option<&Path>) -> Option<FileKind> {
        let config = self.config(dir).ok()?;
        config.kind_of(Path::new(uri.path().as_str()))
    }

    /// The validator for a document in `dir` (`fenlint.toml`'s settings, then the client's),
    /// and everything wrong with those settings: a setting that cannot be used (an unknown
    /// code or variant) is left out and the others apply; a `fenlint.toml` that cannot be read
    /// is left out whole.
    pub fn validator(&mut self, dir: Option<&Path>) -> (Validator, Vec<String>) {
        let mut problems = Vec::new();
        let mut config = self.config(dir).unwrap_or_else(|error| {
            problems.push(format!("{error} (the file is left out)"));
            Config::default()
        });
        if let Err(error) = config::variant(&config, self.client.variant) {
            problems.push(format!("{error} (left out; the other settings apply)"));
            config.variant = None;
        }
        let path = config.path.clone();
        for settings in [&mut config.allow, &mut config.warn, &mut config.deny] {
            settings.retain(|setting| match Selector::parse(&setting.value) {
                Ok(_) => true,
                Err(error) => {
                    let at = path.as_ref().map_or_else(String::new, |path| {
                        format!("{}:{}:{}: ", path.display(), setting.line, setting.column)
                    });
                    problems.push(format!("{at}{error} (left out; the other settings apply)"));
                    false
                }
            });
        }
        let overrides: Vec<(String, Option<Severity>)> = self
            .client
            .severities
            .iter()
            .filter(|(name, _)| match Selector::parse(name) {
                Ok(_) => true,
                Err(error) => {
                    problems.push(format!("{error} (left out; the other settings apply)"));
                    false
                }
            })
            .cloned()
            .collect();
        let validator =
            config::validator(&config, self.client.variant, &overrides).unwrap_or_else(|error| {
                problems.push(error);
                Validator::new()
            });
        (validator, problems)
    }

    /// How `fmt` writes FENs for a document in `dir` (the `[format]` table of `fenlint.toml`),
    /// and the variant it reads them as (the client's, else `fenlint.toml`'s; `None` for
    /// automatic).
    pub fn format_settings(
        &mut self,
        dir: Option<&Path>,
    ) -> Result<(WriteOptions, Option<Variant>), String> {
        let config = self.config(dir)?;
        let variant = config::variant(&config, self.client.variant)?;
        Ok((crate::fmt::write_options(&config.format), variant))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenlint::Code;

    #[test]
    fn named_codes_win_over_all_and_problems_are_reported() {
        let (settings, problems) = ClientSettings::from_json(&serde_json::json!({
            "fenlint": {
                "variant": "Chess960",
                "severities": {
                    "fen::castling::order": "deny",
                    "all": "allow",
                    "fen::kings::missing": "loud"
                }
            }
        }));
        assert_eq!(settings.variant, Some(VariantArg::Chess960));
        assert_eq!(settings.severities.len(), 2);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("fen::kings::missing"), "{problems:?}");
        let (validator, problems) = Settings {
            client: settings,
            ..Settings::default()
        }
        .validator(None);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            validator.severity_of(Code::CastlingOrder),
            Some(Severity::Error)
        );
        assert_eq!(validator.severity_of(Code::FieldsMissing), None);
    }

    #[test]
    fn severities_take_prefixes_any_case_and_the_most_specific_wins() {
        let (settings, problems) = ClientSettings::from_json(&serde_json::json!({
            "severities": {
                "FEN::Castling": "warn",
                "fen::castling::ORDER": "allow",
                "fen": "deny",
                "epd": "allow"
            }
        }));
        assert!(problems.is_empty(), "{problems:?}");
        let (validator, problems) = Settings {
            client: settings,
            ..Settings::default()
        }
        .validator(None);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(validator.severity_of(Code::CastlingOrder), None);
        assert_eq!(
            validator.severity_of(Code::CastlingNoRook),
            Some(Severity::Warning)
        );
        assert_eq!(
            validator.severity_of(Code::FieldsMissing),
            Some(Severity::Error)
        );
        assert_eq!(validator.severity_of(Code::EpdOpcodeInvalid), None);
        // An unknown code is an error that suggests the nearest; the other settings apply.
        let (settings, _) = ClientSettings::from_json(&serde_json::json!({
            "severities": { "fen::castling::ordr": "deny", "fen::fullmove_number": "deny", "epd::nothing": "allow" }
        }));
        let (validator, problems) = Settings {
            client: settings,
            ..Settings::default()
        }
        .validator(None);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems
                .iter()
                .any(|problem| problem.contains("did you mean `fen::castling::order`")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|problem| problem.contains("epd::nothing")),
            "{problems:?}"
        );
        assert_eq!(
            validator.severity_of(Code::FullmoveZero),
            Some(Severity::Error)
        );
    }
}
