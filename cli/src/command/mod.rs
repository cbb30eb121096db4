//! The subcommands that read and write position files, and what they share: the exit
//! statuses, the names and settings of the inputs, linting one input into the printer.

pub mod check;
pub mod fix;
pub mod format;
pub mod show;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenlint::Validator;
use fenlint::files::FileKind;

use crate::args::{CheckArgs, ColorChoice, KindArg, WalkArgs};
use crate::finding::{Finding, Totals};
use crate::output::Printer;
use crate::pipeline::Stop;
use crate::source::shown_name;
use crate::{bounded, closed, config, input, lint, walk};

pub use crate::status::{CLEAN, ERRORS, TROUBLE};

/// The validator of each input: its `fenlint.toml` (or `--config`'s, or none) with the flags
/// over it, each error in the settings printed once.
pub struct PerFile {
    validators: config::Validators,
    printed: std::collections::HashSet<String>,
}

impl PerFile {
    /// The validators the flags of `args` ask for, or what is wrong with the flags.
    fn new(args: &CheckArgs) -> Result<PerFile, String> {
        let configs = config::Configs::new(config::ConfigChoice::of_args(&args.config))?;
        let validators = config::Validators::new(configs, args.variant, &args.severities)?;
        Ok(PerFile {
            validators: if args.every_occurrence {
                validators.every_occurrence()
            } else {
                validators
            },
            printed: std::collections::HashSet::new(),
        })
    }

    /// The settings of each file.
    fn configs(&mut self) -> &mut config::Configs {
        self.validators.configs()
    }

    /// The settings of the file at `path`: its `fenlint.toml`, or the defaults when that cannot
    /// be read (which [`PerFile::validator`] says).
    fn config(&mut self, path: &std::path::Path) -> Arc<config::Config> {
        self.configs().for_file(path).unwrap_or_default()
    }

    /// The validator for `path`, or `None` when its settings are wrong (said once, as
    /// trouble).
    fn validator(&mut self, path: &std::path::Path, trouble: &mut bool) -> Option<Arc<Validator>> {
        match self.validators.for_file(path) {
            Ok(validator) => Some(validator),
            Err(message) => {
                if self.printed.insert(message.clone()) {
                    crate::closed::say!("fenlint: {}", shown_name(&message));
                }
                *trouble = true;
                None
            }
        }
    }
}

/// Whether `path` stands for standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The path whose settings (`fenlint.toml`) `file` takes: its own, or for standard input the
/// file it stands for, `stdin_filename`, when there is one.
pub fn settings_path<'p>(file: &'p Path, stdin_filename: Option<&'p Path>) -> &'p Path {
    match stdin_filename {
        Some(name) if is_stdin(file) => name,
        _ => file,
    }
}

/// The name the report gives `file` and the kind it is read as (see [`kind_of`]). Standard
/// input goes by `stdin_filename` when there is one.
pub fn name_and_kind(
    file: &Path,
    stdin_filename: Option<&Path>,
    kind: Option<KindArg>,
    config: &config::Config,
) -> (Arc<str>, FileKind) {
    let name = stdin_filename.filter(|_| is_stdin(file)).unwrap_or(file);
    (
        name.display().to_string().into(),
        kind_of(name, kind, config),
    )
}

/// The kind `file` is read as: `kind` (`--kind`) when given, else the kind its settings'
/// `[extensions]` give its extension, else the one its extension names (`.fen`, `.epd`,
/// `.pgn`; FEN lines for any other).
pub fn kind_of(file: &Path, kind: Option<KindArg>, config: &config::Config) -> FileKind {
    kind.map(FileKind::from)
        .or_else(|| config.kind_of(file))
        .unwrap_or_else(|| FileKind::of(file))
}

/// All of `file` (standard input for `-`), as `--diff` reads it: each line past the limit
/// elided (see [`bounded::Elided`]), so that no line is held whole however long it is. A
/// regular file's long lines are read again from it; those of a stream or a device, which
/// cannot be, are copied to a temporary file as they come.
pub fn read_elided(file: &Path, kind: FileKind) -> io::Result<bounded::Elided> {
    if is_stdin(file) {
        return bounded::Elided::read_stream(kind, io::stdin().lock());
    }
    let opened = std::fs::File::open(file)?;
    let metadata = opened.metadata()?;
    if metadata.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    if metadata.is_file() {
        bounded::Elided::read_file(kind, opened)
    } else {
        bounded::Elided::read_stream(kind, opened)
    }
}

/// Whether an input of `kind` named `name` whose lines past the limit are `long_lines` can be
/// formatted or fixed without them: a file of lines can (each line is on its own); a PGN file
/// cannot, since where its games start and end may hang on such a line (a brace comment, the
/// movetext that a tag pair after it ends), so it is left as it is, whole, which is said.
pub fn fits_in_lines(kind: FileKind, name: &str, long_lines: &[bounded::LongLine]) -> bool {
    let Some(&(line, _)) = long_lines.first() else {
        return true;
    };
    if kind != FileKind::Pgn {
        return true;
    }
    crate::closed::say!(
        "fenlint: {}: left as it is: line {line} is longer than {} KiB, the limit of a line, and a PGN file's games cannot be told apart without it (`fenlint check` reads the file whole and checks its FENs)",
        shown_name(name),
        fenlint::MAX_LINE_LEN / 1024
    );
    false
}

/// Says on stderr which positions of `name` were left as they are because their line is longer
/// than the limit; returns how many.
pub fn long_notes(name: &str, long_lines: &[bounded::LongLine]) -> usize {
    let mut left = 0usize;
    for &(line, position) in long_lines {
        if position {
            crate::closed::say!(
                "fenlint: {}:{line}: left as it is: longer than {} KiB, the limit of a line (see `fenlint check`)",
                shown_name(name),
                fenlint::MAX_LINE_LEN / 1024
            );
            left = left.saturating_add(1);
        }
    }
    left
}

/// Lints one input, `reader`, named `name` in the report, as `kind`, reporting each finding
/// through `printer` to `out` as it comes; `bar` shows the progress of a large file.
#[allow(
    clippy::too_many_arguments,
    reason = "the state of one run, passed down"
)]
pub fn lint_input(
    name: &Arc<str>,
    kind: FileKind,
    reader: input::Source<'_>,
    validator: &Validator,
    totals: &mut Totals,
    printer: &mut Printer,
    out: &mut impl Write,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<(), Stop> {
    let mut report = |finding: Finding<'_>| printer.finding(out, &finding);
    *totals.files.get_or_insert(0) += 1;
    match kind {
        FileKind::Pgn => lint::lint_pgn(name, reader, validator, totals, &mut report),
        kind => lint::lint_lines(
            name,
            kind,
            reader,
            validator,
            totals,
            &mut report,
            &mut |read| {
                if let Some(bar) = bar {
                    bar.set_position(read as u64);
                }
            },
        ),
    }
}

/// The files a command works on, with the walk's warnings and errors printed; `None` when a
/// path could not be read at all (the error is printed).
pub fn files_of(
    paths: &[PathBuf],
    walk: &WalkArgs,
    configs: &mut config::Configs,
    trouble: &mut bool,
) -> Vec<PathBuf> {
    // A walked file whose extension the settings of its directory name. Settings that cannot
    // be read take every file, whose settings are then looked up to read it, which says what is
    // wrong with them and reads none of their files.
    let mut named_by_settings = |path: &Path| {
        configs
            .for_file(path)
            .map_or(true, |config| config.kind_of(path).is_some())
    };
    let expansion = walk::expand(paths, walk.no_ignore, walk.follow, &mut named_by_settings);
    for warning in &expansion.warnings {
        crate::closed::say!("fenlint: warning: {}", shown_name(warning));
    }
    for error in &expansion.errors {
        crate::closed::say!("fenlint: {}", shown_name(error));
        *trouble = true;
    }
    expansion.files
}

/// What to do when the report cannot be written: a closed pipe (`fenlint check | head`) stops
/// the run quietly, as `rg` and `grep` do; anything else is trouble. Either way nothing more is
/// written.
pub fn output_failed(error: io::Error, trouble: &mut bool, closed: &mut bool) {
    if closed::report(&error) {
        *trouble = true;
    }
    *closed = true;
}

/// Whether to colour what goes to standard output: `auto` colours a terminal unless `NO_COLOR`
/// is set (to anything but the empty string).
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}
