//! `fenlint.toml`: settings found upward from each linted file's directory (standard input and
//! `--fen`: from the current directory), or named by `--config PATH`, or none (`--no-config`).
//!
//! ```toml
//! variant = "standard"                     # auto, standard, chess960, crazyhouse, threecheck
//! deny = ["fen::fullmove_number::zero"]    # codes reported as errors ("all" for every code)
//! warn = ["fen::castling"]                 # codes reported as warnings (a prefix: a group)
//! allow = ["fen::fields::missing"]         # codes not reported
//!
//! [extensions]                             # files read as a kind by their extension
//! perft = "epd"                            # fen, epd or pgn; also picked up by directory walks
//!
//! [format]                                 # how `fmt` (and an editor's formatting) writes FENs
//! castling = "fen"                         # fen, xfen or shredder
//! holdings = "bracket"                     # bracket or slash
//! checks = "given"                         # given or remaining
//! en_passant = "always"                    # always, capturable or legal
//! ```
//!
//! Flags on the command line (and an editor's settings) are applied after the file, so they win.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::ValueEnum;
use fenlint::files::FileKind;
use fenlint::position::Variant;
use fenlint::{Code, Severity, Validator};

use crate::args::{ChecksArg, ConfigArgs, EpArg, HoldingsArg, KindArg, ToArg, VariantArg};
use crate::selector::{self, Selection, Selector};

/// The settings of a `fenlint.toml`.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub path: Option<PathBuf>,
    pub variant: Option<Setting>,
    pub deny: Vec<Setting>,
    pub warn: Vec<Setting>,
    pub allow: Vec<Setting>,
    pub format: FormatConfig,
    /// The `[extensions]` table: extensions, in lower case and without the dot, and the kind
    /// of file they name.
    pub extensions: HashMap<String, FileKind>,
}

impl Config {
    /// The kind `[extensions]` gives a file at `path`, by its extension in any case; `None` when
    /// the table does not name it.
    pub fn kind_of(&self, path: &Path) -> Option<FileKind> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        self.extensions.get(&extension).copied()
    }
}

/// A value of `fenlint.toml` (a variant or a code) and where it is written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setting {
    pub value: String,
    /// The 1-based line and column (in characters) of the value.
    pub line: usize,
    pub column: usize,
}

/// The `[format]` table: the dialect `fmt` writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct FormatConfig {
    pub castling: Option<ToArg>,
    pub holdings: Option<HoldingsArg>,
    pub checks: Option<ChecksArg>,
    pub en_passant: Option<EpArg>,
}

/// Severity settings in the order given: a code (or `all`) and the severity it gets, `None`
/// for not reported.
pub type SeverityList = [(String, Option<Severity>)];

/// The validator for `variant` (`None` takes `config`'s, `auto` included: the flag wins), with
/// `config`'s severities and then `overrides` applied, or what is wrong.
///
/// Severities come in two layers, the file's and then the overrides' (the flags, or an
/// editor's settings), so that an override always wins over the file. Each setting names a
/// code, a prefix of whole `::` segments (`fen::castling`) or `all`, in any case. Within a
/// layer the more specific setting wins whatever the order (a named code over a prefix, a
/// longer prefix over a shorter one, a prefix over `all`), and at equal specificity the later
/// one (the file's `allow`, then `warn`, then `deny`), as ruff does.
pub fn validator(
    config: &Config,
    variant: Option<VariantArg>,
    overrides: &SeverityList,
) -> Result<Validator, String> {
    // Where a setting of the file is, as a prefix of the message about it.
    let where_ = |setting: &Setting| {
        config.path.as_ref().map_or_else(String::new, |path| {
            format!("{}:{}:{}: ", path.display(), setting.line, setting.column)
        })
    };
    let variant = variant_arg(config, variant)?;
    let mut validator = with_variant(Validator::new(), variant);
    let from_file: Vec<(&Setting, Option<Severity>)> = [
        (&config.allow, None),
        (&config.warn, Some(Severity::Warning)),
        (&config.deny, Some(Severity::Error)),
    ]
    .into_iter()
    .flat_map(|(settings, severity)| settings.iter().map(move |setting| (setting, severity)))
    .collect();
    let file_layer: Selection = from_file
        .iter()
        .map(|(setting, severity)| {
            Selector::parse(&setting.value)
                .map(|selector| (selector, *severity))
                .map_err(|error| format!("{}{error}", where_(setting)))
        })
        .collect::<Result<_, _>>()?;
    let override_layer: Selection = overrides
        .iter()
        .map(|(name, severity)| Selector::parse(name).map(|selector| (selector, *severity)))
        .collect::<Result<_, _>>()?;
    for layer in [file_layer, override_layer] {
        for (selector, severity) in selector::in_applying_order(layer) {
            for &code in Code::ALL.iter().filter(|&&code| selector.matches(code)) {
                validator = match severity {
                    Some(severity) => validator.with_severity(code, severity),
                    None => validator.allow(code),
                };
            }
        }
    }
    Ok(validator)
}

/// The variant of `variant` (the flag), else of `config`, else `auto`; or what is wrong with
/// `config`'s.
fn variant_arg(config: &Config, variant: Option<VariantArg>) -> Result<VariantArg, String> {
    Ok(match (variant, &config.variant) {
        (Some(variant), _) => variant,
        (None, Some(setting)) => VariantArg::from_str(&setting.value, true).map_err(|_| {
            let where_ = config.path.as_ref().map_or_else(String::new, |path| {
                format!("{}:{}:{}: ", path.display(), setting.line, setting.column)
            });
            format!(
                "{where_}unknown variant `{}`, expected auto, standard, chess960, crazyhouse or threecheck",
                setting.value
            )
        })?,
        (None, None) => VariantArg::Auto,
    })
}

/// The variant positions are read as, as [`variant_arg`] finds it: `None` for automatic.
pub fn variant(config: &Config, variant: Option<VariantArg>) -> Result<Option<Variant>, String> {
    Ok(match variant_arg(config, variant)? {
        VariantArg::Auto => None,
        VariantArg::Standard => Some(Variant::Standard),
        VariantArg::Chess960 => Some(Variant::Chess960),
        VariantArg::Crazyhouse => Some(Variant::Crazyhouse),
        VariantArg::Threecheck => Some(Variant::ThreeCheck),
        VariantArg::Syntax => {
            return Err(
                "`syntax` checks positions and cannot format them: choose a variant to read them as"
                    .to_owned(),
            );
        }
    })
}

/// The validator for the `--variant` flag.
pub fn with_variant(validator: Validator, variant: VariantArg) -> Validator {
    match variant {
        VariantArg::Auto => validator,
        VariantArg::Standard => validator.variant(Variant::Standard),
        VariantArg::Chess960 => validator.variant(Variant::Chess960),
        VariantArg::Crazyhouse => validator.variant(Variant::Crazyhouse),
        VariantArg::Threecheck => validator.variant(Variant::ThreeCheck),
        VariantArg::Syntax => validator.syntax(),
    }
}

/// The `fenlint.toml` in `dir` or the nearest directory above it, read; an error says what is
/// wrong with it, and where.
pub fn find(dir: &Path) -> Result<Config, String> {
    let Some(path) = dir
        .ancestors()
        .map(|dir| dir.join("fenlint.toml"))
        .find(|path| path.is_file())
    else {
        return Ok(Config::default());
    };
    read_file(path)
}

/// The settings of the file `path` (`--config PATH`); an error says what is wrong with it, and
/// where.
pub fn read_file(path: PathBuf) -> Result<Config, String> {
    let text =
        std::fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut config = read(&text).map_err(|(at, error)| {
        let (line, column) = line_column(&text, at);
        format!("{}:{line}:{column}: {error}", path.display())
    })?;
    config.path = Some(path);
    Ok(config)
}

/// The settings for a file at `path` (absolute, or relative to the current directory): the
/// `fenlint.toml` in the file's directory or the nearest directory above it, as [`find`] reads
/// it. The file itself need not exist: standard input named by `--stdin-filename` gets the
/// settings of the file it stands for.
pub fn for_file(path: &Path) -> Result<Config, String> {
    let cwd = std::env::current_dir().map_err(|error| error.to_string())?;
    find(&directory_of(path, cwd))
}

/// The directory of the file at `path`, relative to `cwd`, without `.` components: the files
/// of one directory, however they are named (`./a.fen`, `a.fen`), find the same `fenlint.toml`
/// under the same name.
fn directory_of(path: &Path, cwd: PathBuf) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => cwd.join(parent).components().collect(),
        _ => cwd,
    }
}

/// The 1-based line and column (in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    let line = before.matches('\n').count() + 1;
    let column = before.get(line_start..).unwrap_or_default().chars().count() + 1;
    (line, column)
}

/// A value of `text` and where it starts.
fn setting(text: &str, value: &str, span: &std::ops::Range<usize>) -> Setting {
    let (line, column) = line_column(text, span.start);
    Setting {
        value: value.to_owned(),
        line,
        column,
    }
}

/// The settings in `text`, or the byte offset of what is wrong and what it is.
fn read(text: &str) -> Result<Config, (usize, String)> {
    let table = toml::de::DeTable::parse(text).map_err(|error| {
        let at = error.span().map_or(0, |span| span.start);
        (at, error.message().trim_end().to_owned())
    })?;
    let mut config = Config::default();
    for (key, value) in table.get_ref() {
        let key_name: &str = key.get_ref();
        let at = value.span();
        match key_name {
            "variant" => {
                let variant = value
                    .get_ref()
                    .as_str()
                    .ok_or_else(|| (at.start, "`variant` must be a string".to_owned()))?;
                config.variant = Some(setting(text, variant, &at));
            }
            "deny" | "warn" | "allow" => {
                let codes = value
                    .get_ref()
                    .as_array()
                    .ok_or_else(|| (at.start, format!("`{key_name}` must be a list of codes")))?
                    .iter()
                    .map(|code| {
                        code.get_ref()
                            .as_str()
                            .map(|name| setting(text, name, &code.span()))
                            .ok_or_else(|| {
                                (
                                    code.span().start,
                                    format!("`{key_name}` must be a list of codes"),
                                )
                            })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                match key_name {
                    "deny" => config.deny = codes,
                    "warn" => config.warn = codes,
                    _ => config.allow = codes,
                }
            }
            "format" => {
                config.format = read_format(
                    value
                        .get_ref()
                        .as_table()
                        .ok_or_else(|| (at.start, "`format` must be a table".to_owned()))?,
                )?;
            }
            "extensions" => {
                config.extensions = read_extensions(
                    value
                        .get_ref()
                        .as_table()
                        .ok_or_else(|| (at.start, "`extensions` must be a table".to_owned()))?,
                )?;
            }
            other => {
                return Err((
                    key.span().start,
                    format!(
                        "unknown setting `{other}`, expected `variant`, `deny`, `warn`, `allow`, `[extensions]` or `[format]`"
                    ),
                ));
            }
        }
    }
    Ok(config)
}

/// The `[extensions]` table: each key an extension (a leading `.` is allowed), each value the
/// kind of file it names.
fn read_extensions(
    table: &toml::de::DeTable<'_>,
) -> Result<HashMap<String, FileKind>, (usize, String)> {
    let mut extensions = HashMap::new();
    for (key, value) in table {
        let name: &str = key.get_ref();
        let extension = name.strip_prefix('.').unwrap_or(name);
        if extension.is_empty() || extension.contains(['.', '/', '\\']) {
            return Err((
                key.span().start,
                format!("`extensions.{name}` is not an extension, expected a name such as `perft`"),
            ));
        }
        let kind: KindArg = choice(&format!("extensions.{name}"), value)?;
        extensions.insert(extension.to_ascii_lowercase(), FileKind::from(kind));
    }
    Ok(extensions)
}

/// The value of `key`, one of the names of `T` in any case, or what is wrong with it.
fn choice<T: ValueEnum>(
    key: &str,
    value: &toml::Spanned<toml::de::DeValue<'_>>,
) -> Result<T, (usize, String)> {
    let names = || {
        T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|v| format!("`{}`", v.get_name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    value
        .get_ref()
        .as_str()
        .and_then(|name| T::from_str(name, true).ok())
        .ok_or_else(|| {
            (
                value.span().start,
                format!("`{key}` must be one of {}", names()),
            )
        })
}

/// The `[format]` table.
fn read_format(table: &toml::de::DeTable<'_>) -> Result<FormatConfig, (usize, String)> {
    let mut format = FormatConfig::default();
    for (key, value) in table {
        let key_name: &str = key.get_ref();
        match key_name {
            "castling" => format.castling = Some(choice("format.castling", value)?),
            "holdings" => format.holdings = Some(choice("format.holdings", value)?),
            "checks" => format.checks = Some(choice("format.checks", value)?),
            "en_passant" => format.en_passant = Some(choice("format.en_passant", value)?),
            other => {
                return Err((
                    key.span().start,
                    format!(
                        "unknown setting `format.{other}`, expected `castling`, `holdings`, `checks` or `en_passant`"
                    ),
                ));
            }
        }
    }
    Ok(format)
}

/// Where the settings of a run come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigChoice {
    /// Each file's nearest `fenlint.toml`, from its directory upward (ruff's way).
    Nearest,
    /// This file, for every input (`--config PATH`).
    File(PathBuf),
    /// None: the defaults (`--no-config`).
    Defaults,
}

impl ConfigChoice {
    /// The choice the flags `--config PATH` and `--no-config` make.
    pub fn of_flags(config: Option<&Path>, no_config: bool) -> ConfigChoice {
        match (config, no_config) {
            (_, true) => ConfigChoice::Defaults,
            (Some(path), false) => ConfigChoice::File(path.to_path_buf()),
            (None, false) => ConfigChoice::Nearest,
        }
    }

    /// Where the flags `flags` say the settings come from.
    pub fn of_args(flags: &ConfigArgs) -> ConfigChoice {
        ConfigChoice::of_flags(flags.config.as_deref(), flags.no_config)
    }
}

/// The settings of each input of a run, each `fenlint.toml` read once.
#[derive(Debug)]
pub struct Configs {
    choice: ConfigChoice,
    /// What was read, by the directory looked up from (or the `--config` path).
    read: HashMap<PathBuf, Result<Arc<Config>, String>>,
}

impl Configs {
    /// The settings `choice` gives; a file named by `--config` is read now, so that what is
    /// wrong with it stops the run before any input is read.
    pub fn new(choice: ConfigChoice) -> Result<Configs, String> {
        let mut configs = Configs {
            choice,
            read: HashMap::new(),
        };
        if matches!(configs.choice, ConfigChoice::File(_)) {
            configs.for_file(Path::new("-"))?;
        }
        Ok(configs)
    }

    /// The settings for a file at `path` (which need not exist; `-` and `--fen` take the
    /// current directory's), or what is wrong with them.
    pub fn for_file(&mut self, path: &Path) -> Result<Arc<Config>, String> {
        let key = match &self.choice {
            ConfigChoice::Defaults => return Ok(Arc::default()),
            ConfigChoice::File(file) => file.clone(),
            ConfigChoice::Nearest => {
                let cwd = std::env::current_dir().map_err(|error| error.to_string())?;
                directory_of(path, cwd)
            }
        };
        let choice = &self.choice;
        self.read
            .entry(key)
            .or_insert_with_key(|key| {
                match choice {
                    ConfigChoice::File(_) => read_file(key.clone()),
                    _ => for_file(path),
                }
                .map(Arc::new)
            })
            .clone()
    }
}

/// The validator of each input of a run: its settings (see [`Configs`]) with the flags over
/// them, built once per `fenlint.toml`.
#[derive(Debug)]
pub struct Validators {
    configs: Configs,
    variant: Option<VariantArg>,
    overrides: Vec<(String, Option<Severity>)>,
    /// Whether the validators report every occurrence of the codes reported once per file
    /// ([`Validator::every_occurrence`]).
    every_occurrence: bool,
    built: HashMap<Option<PathBuf>, Arc<Validator>>,
}

impl Validators {
    /// The validators for `configs` with `variant` and `overrides` (the flags) over them; an
    /// unknown code among the overrides is an error here, before any file is read.
    pub fn new(
        configs: Configs,
        variant: Option<VariantArg>,
        overrides: &SeverityList,
    ) -> Result<Validators, String> {
        validator(&Config::default(), variant, overrides)?;
        Ok(Validators {
            configs,
            variant,
            overrides: overrides.to_vec(),
            every_occurrence: false,
            built: HashMap::new(),
        })
    }

    /// The same validators, reporting every occurrence of the codes reported once per file
    /// ([`Validator::every_occurrence`]).
    #[must_use]
    pub fn every_occurrence(mut self) -> Validators {
        self.every_occurrence = true;
        self.built.clear();
        self
    }

    /// The settings each file is read with.
    pub fn configs(&mut self) -> &mut Configs {
        &mut self.configs
    }

    /// The validator for a file at `path` (see [`Configs::for_file`]).
    pub fn for_file(&mut self, path: &Path) -> Result<Arc<Validator>, String> {
        let config = self.configs.for_file(path)?;
        if let Some(built) = self.built.get(&config.path) {
            return Ok(Arc::clone(built));
        }
        let mut built = validator(&config, self.variant, &self.overrides)?;
        if self.every_occurrence {
            built = built.every_occurrence();
        }
        let built = Arc::new(built);
        self.built.insert(config.path.clone(), Arc::clone(&built));
        Ok(built)
    }
}
