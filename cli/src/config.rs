//! `fenlint.toml`: settings found upward from the current directory.
//!
//! ```toml
//! variant = "standard"                     # auto, standard, chess960, crazyhouse, threecheck
//! deny = ["fen::fullmove_number::zero"]    # codes reported as errors ("all" for every code)
//! warn = ["fen::castling::order"]          # codes reported as warnings
//! allow = ["fen::fields::missing"]         # codes not reported
//! ```
//!
//! Flags on the command line are applied after the file, so they win.

use std::path::{Path, PathBuf};

/// The settings of a `fenlint.toml`.
#[derive(Debug, Default)]
pub struct Config {
    pub path: Option<PathBuf>,
    pub variant: Option<String>,
    pub deny: Vec<String>,
    pub warn: Vec<String>,
    pub allow: Vec<String>,
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
            other => {
                return Err(format!(
                    "unknown setting `{other}`, expected `variant`, `deny`, `warn` or `allow`"
                ));
            }
        }
    }
    Ok(config)
}
