//! `fenlint fmt`: positions rewritten in one dialect, in place, onto standard output, or
//! checked or shown as a diff.

use std::collections::{HashMap, HashSet};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenlint::Validator;
use fenlint::files::FileHints;
use fenlint::files::FileKind;

use super::{
    CLEAN, ERRORS, TROUBLE, files_of, fits_in_lines, is_stdin, kind_of, long_notes, name_and_kind,
    output_failed, read_elided, settings_path,
};
use crate::args::FmtArgs;
use crate::source::shown_name;
use crate::{bounded, closed, config, diff, fmt, input, write};

pub fn run_fmt(args: &FmtArgs) -> u8 {
    let configs = match config::Configs::new(config::ConfigChoice::of_args(&args.config)) {
        Ok(configs) => configs,
        Err(message) => {
            crate::closed::say!("fenlint: {}", shown_name(&message));
            return TROUBLE;
        }
    };
    let mut settings = FileSettings {
        configs,
        validators: HashMap::new(),
        printed: HashSet::new(),
    };
    if args.paths.iter().any(|path| is_stdin(path)) {
        if args.paths.len() > 1 {
            crate::closed::say!("fenlint: standard input (`-`) must be the only input of `fmt`");
            return TROUBLE;
        }
        let name = settings_path(Path::new("-"), args.stdin_filename.as_deref());
        let of_stdin = settings.configs.for_file(name).and_then(|config| {
            let validator = config::validator(&config, args.variant, &[])?;
            fmt::settings(args, &config).map(|settings| (settings, validator, config))
        });
        return match of_stdin {
            Ok(((options, variant), validator, config)) => {
                let (name, kind) = name_and_kind(
                    Path::new("-"),
                    args.stdin_filename.as_deref(),
                    args.kind,
                    &config,
                );
                fmt_stdin(args, (&name, kind), &options, variant, &validator)
            }
            Err(message) => {
                crate::closed::say!("fenlint: {}", shown_name(&message));
                TROUBLE
            }
        };
    }
    let mut trouble = false;
    let files = files_of(&args.paths, &args.walk, &mut settings.configs, &mut trouble);
    let mut counts = FmtCounts::default();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let cwd = std::env::current_dir().ok();
    for file in files {
        let ((options, variant), validator, kind) = match settings.of(&file, args) {
            Ok(settings) => settings,
            Err(message) => {
                settings.said(message);
                trouble = true;
                continue;
            }
        };
        let name = file.display().to_string();
        let mut of_file = FmtCounts::default();
        let formatted = if args.diff {
            read_elided(&file, kind).map(|elided| {
                format_elided(
                    kind,
                    elided,
                    &name,
                    &options,
                    variant,
                    &validator,
                    &mut of_file,
                )
            })
        } else {
            fmt_file(
                &file,
                kind,
                args,
                &options,
                variant,
                &validator,
                &mut of_file,
            )
            .map(|()| None)
        };
        counts.unverified += of_file.unverified;
        counts.changed += of_file.changed;
        let written = match formatted {
            Ok(Some((bytes, text, mut elided))) => diff::write_unified(
                &mut out,
                &file,
                cwd.as_deref(),
                &bytes,
                &text,
                Some(&mut elided),
            )
            .map(|_| ()),
            Ok(None) => {
                changed_note(&name, args.check, of_file.changed);
                Ok(())
            }
            Err(error) => {
                crate::closed::say!("fenlint: {}: {error}", shown_name(&name));
                trouble = true;
                continue;
            }
        };
        if let Err(error) = written.and_then(|()| out.flush()) {
            // Nothing more is written: the run stops here.
            let mut closed = false;
            output_failed(error, &mut trouble, &mut closed);
            break;
        }
    }
    fmt_status(args, trouble, counts.changed, counts.unverified)
}

/// Says on stderr how many positions of `name` were changed (or, with `check`, would be), as
/// `check --fix` says it: stdout is for the diff, or the text of standard input.
fn changed_note(name: &str, check: bool, changed: usize) {
    if changed > 0 {
        crate::closed::say!(
            "fenlint: {}: {} {changed} {}",
            shown_name(name),
            if check { "would change" } else { "changed" },
            if changed == 1 { "FEN" } else { "FENs" }
        );
    }
}

/// The settings of each file for `fmt`: its nearest fenlint.toml (or `--config`'s) with the
/// flags over it, and with them the severities `check` would use, built once per settings
/// file; each error in the settings is printed once.
struct FileSettings {
    configs: config::Configs,
    validators: HashMap<Option<PathBuf>, Arc<Validator>>,
    printed: HashSet<String>,
}

/// What `fmt` writes (the dialect and the variant), the validator of `check`, and the kind the
/// file is read as.
type Formatting = (
    (
        fenlint::position::WriteOptions,
        Option<fenlint::position::Variant>,
    ),
    Arc<Validator>,
    FileKind,
);

impl FileSettings {
    /// The settings of `file`, or what is wrong with them.
    fn of(&mut self, file: &Path, args: &FmtArgs) -> Result<Formatting, String> {
        let config = self.configs.for_file(file)?;
        let format = fmt::settings(args, &config)?;
        let validator = match self.validators.get(&config.path) {
            Some(built) => Arc::clone(built),
            None => {
                let built = Arc::new(config::validator(&config, args.variant, &[])?);
                self.validators
                    .insert(config.path.clone(), Arc::clone(&built));
                built
            }
        };
        Ok((format, validator, kind_of(file, args.kind, &config)))
    }

    /// Prints `message`, an error in the settings, unless it was printed already.
    fn said(&mut self, message: String) {
        if !self.printed.contains(&message) {
            crate::closed::say!("fenlint: {}", shown_name(&message));
            self.printed.insert(message);
        }
    }
}

/// What `fmt` did to the inputs so far: how many positions changed, and how many it could not
/// format (errors, bytes that are not UTF-8, lines past the limit, UTF-16).
#[derive(Default)]
pub struct FmtCounts {
    changed: usize,
    unverified: usize,
}

/// What `fmt` writes (the dialect and the variant) and the severities `check` would use, with
/// which a position left alone for errors that `check` would not report is no problem.
pub struct FmtSettings<'a> {
    options: &'a fenlint::position::WriteOptions,
    variant: Option<fenlint::position::Variant>,
    validator: &'a Validator,
}

/// The input of [`format_input`].
pub enum FmtInput<'a> {
    /// A regular file, from its start.
    File(std::fs::File),
    /// A stream, read once.
    Stream(Box<dyn Read + 'a>),
}

/// `fmt` on `file`: formatted in place crash-safely (only when something changes), or with
/// `--check` only read; in bounded memory either way (see [`format_input`]).
pub fn fmt_file(
    file: &Path,
    kind: FileKind,
    args: &FmtArgs,
    options: &fenlint::position::WriteOptions,
    variant: Option<fenlint::position::Variant>,
    validator: &Validator,
    counts: &mut FmtCounts,
) -> io::Result<()> {
    let settings = FmtSettings {
        options,
        variant,
        validator,
    };
    let settings = &settings;
    let name = file.display().to_string();
    if args.check {
        let source = match input::open(file)? {
            input::Source::File(file) => FmtInput::File(file),
            source => FmtInput::Stream(Box::new(source)),
        };
        return format_input(kind, source, &mut io::sink(), settings, &name, counts);
    }
    let target = write::target(file, args.write_read_only)?;
    let source = std::fs::File::open(file)?;
    write::replace_with(&target, |temporary| {
        let mut out = io::BufWriter::new(temporary);
        format_input(
            kind,
            FmtInput::File(source),
            &mut out,
            settings,
            &name,
            counts,
        )?;
        out.flush()?;
        Ok(counts.changed > 0)
    })?;
    Ok(())
}

/// Formats `input`, a file of `kind` named `name`, onto `out`, keeping every byte that is not a
/// position's, saying what is left as it is and counting into `counts` as it goes. FEN lines
/// and EPD records are read, formatted and written a batch at a time; a PGN file is formatted
/// whole. Either way a line longer than the limit is never held in memory, but copied through.
pub fn format_input(
    kind: FileKind,
    input: FmtInput<'_>,
    out: &mut dyn Write,
    settings: &FmtSettings<'_>,
    name: &str,
    counts: &mut FmtCounts,
) -> io::Result<()> {
    if kind == FileKind::Pgn {
        let mut elided = match input {
            FmtInput::File(file) => bounded::Elided::read_file(kind, file)?,
            FmtInput::Stream(stream) => bounded::Elided::read_stream(kind, stream)?,
        };
        let text = std::mem::take(&mut elided.text);
        if !fits_in_lines(kind, name, &elided.long_lines) {
            counts.unverified += 1;
            return elided.write(&text, out);
        }
        let mut outcome =
            fenlint::files::format_file_as(kind, &text, settings.options, settings.variant);
        fmt::keep_reported(kind, &text, &mut outcome, settings.validator);
        let mut notes = SkippedNotes::new(name, kind);
        counts.unverified += notes.add(&outcome);
        notes.finish();
        counts.changed += outcome.changed;
        return elided.write(&outcome.text, out);
    }
    // What the whole file says about its lines (see `FileHints`), read first; a stream's
    // batches are read with what its lines so far say.
    let (reader, hints, whole): (Box<dyn Read + '_>, FileHints, bool) = match input {
        FmtInput::File(file) => {
            let hints = crate::prescan::file_hints(&mut io::BufReader::new(&file))?;
            (Box::new(file), hints, true)
        }
        FmtInput::Stream(stream) => (stream, FileHints::default(), false),
    };
    let hints = std::cell::Cell::new(hints);
    // A position left alone for errors that `check` would not report with these settings
    // (allowed, made warnings, silenced by a comment in the same batch) is not a problem here.
    let format = |batch: &[u8]| {
        let mut file = hints.get();
        // The hints of a file are those of all its lines already; a stream's add each batch.
        if !whole {
            file.add_lines(batch);
            hints.set(file);
        }
        let mut outcome =
            fenlint::files::format_lines_as(kind, batch, settings.options, settings.variant, file);
        fmt::keep_reported(kind, batch, &mut outcome, &file.apply(settings.validator));
        outcome
    };
    let mut notes = SkippedNotes::new(name, kind);
    let formatted = bounded::format_stream(kind, reader, out, &format, &mut |note| match note {
        bounded::Note::Batch(outcome) => {
            counts.unverified += notes.add(outcome);
            counts.changed += outcome.changed;
        }
        bounded::Note::Long(line) => counts.unverified += long_notes(name, &[line]),
        bounded::Note::NotText(what) => {
            crate::closed::say!(
                "fenlint: {}: left as it is: {what} (see `fenlint check`)",
                shown_name(name)
            );
            counts.unverified += 1;
        }
    });
    notes.finish();
    formatted
}

/// `fmt -`: standard input formatted to stdout, every byte that is not a position's as it
/// came; with `--diff`, the diff instead; with `--check` alone, nothing on stdout.
pub fn fmt_stdin(
    args: &FmtArgs,
    (name, kind): (&str, FileKind),
    options: &fenlint::position::WriteOptions,
    variant: Option<fenlint::position::Variant>,
    validator: &Validator,
) -> u8 {
    if !args.diff {
        let settings = &FmtSettings {
            options,
            variant,
            validator,
        };
        let mut counts = FmtCounts::default();
        let stdin = FmtInput::Stream(Box::new(io::stdin().lock()));
        let mut out = bounded::Watched::new(io::BufWriter::new(io::stdout().lock()));
        let formatted = if args.check {
            format_input(kind, stdin, &mut io::sink(), settings, name, &mut counts)
        } else {
            format_input(kind, stdin, &mut out, settings, name, &mut counts)
                .and_then(|()| out.flush())
        };
        // What changed is said once it is all written, as for a file.
        let complete = formatted.is_ok();
        let trouble = match formatted {
            Ok(()) => false,
            Err(error) if out.failed => closed::report(&error),
            Err(error) => {
                crate::closed::say!("fenlint: {}: {error}", shown_name(name));
                true
            }
        };
        if complete {
            changed_note(name, args.check, counts.changed);
        }
        return fmt_status(args, trouble, counts.changed, counts.unverified);
    }
    let elided = match read_elided(Path::new("-"), kind) {
        Ok(elided) => elided,
        Err(error) => {
            crate::closed::say!("fenlint: {}: {error}", shown_name(name));
            return TROUBLE;
        }
    };
    let mut counts = FmtCounts::default();
    let formatted = format_elided(kind, elided, name, options, variant, validator, &mut counts);
    let mut stdout = io::stdout().lock();
    let written = match formatted {
        Some((bytes, text, mut elided)) => diff::write_unified(
            &mut stdout,
            Path::new(name),
            std::env::current_dir().ok().as_deref(),
            &bytes,
            &text,
            Some(&mut elided),
        )
        .map(|_| ()),
        None => Ok(()),
    };
    let trouble = written
        .and_then(|()| stdout.flush())
        .is_err_and(|error| closed::report(&error));
    fmt_status(args, trouble, counts.changed, counts.unverified)
}

/// What `fmt --diff` compares for `elided`, an input of `kind` named `name` read with its long
/// lines elided: its text and the text formatted, each long line still a marker, and the input
/// to write the diff's long lines from; `None` for a PGN input with a long line, which is left
/// as it is (and said). What is left as it is and what changed are said and counted in
/// `counts`.
fn format_elided(
    kind: FileKind,
    mut elided: bounded::Elided,
    name: &str,
    options: &fenlint::position::WriteOptions,
    variant: Option<fenlint::position::Variant>,
    validator: &Validator,
    counts: &mut FmtCounts,
) -> Option<(Vec<u8>, Vec<u8>, bounded::Elided)> {
    if !fits_in_lines(kind, name, &elided.long_lines) {
        counts.unverified += 1;
        return None;
    }
    let bytes = std::mem::take(&mut elided.text);
    let mut outcome = fenlint::files::format_file_as(kind, &bytes, options, variant);
    fmt::keep_reported(kind, &bytes, &mut outcome, validator);
    let mut notes = SkippedNotes::new(name, kind);
    counts.unverified += notes.add(&outcome);
    notes.finish();
    counts.unverified += long_notes(name, &elided.long_lines);
    counts.changed += outcome.changed;
    Some((bytes, outcome.text, elided))
}

/// How many positions with errors `fmt` names one by one in a file; the rest are counted, so
/// that a file with an error on every line does not flood standard error.
const NAMED_SKIPPED: usize = 10;

/// The positions with errors that `fmt` left as they are in one file, for the notes on stderr.
pub struct SkippedNotes<'n> {
    name: &'n str,
    /// What is left: "the FEN" or "the record".
    what: &'static str,
    /// How many were found so far.
    found: usize,
}

impl<'n> SkippedNotes<'n> {
    /// No position of the file `name`, of `kind`, left as it is yet.
    pub fn new(name: &'n str, kind: FileKind) -> SkippedNotes<'n> {
        let what = if kind == FileKind::Epd {
            "the record"
        } else {
            "the FEN"
        };
        SkippedNotes {
            name,
            what,
            found: 0,
        }
    }

    /// Says on stderr what `fmt` left as it is in `outcome`, a part of the file, and why;
    /// returns how many positions that is (a file that is not text counts as one).
    pub fn add(&mut self, outcome: &fenlint::files::Formatted) -> usize {
        let name = shown_name(self.name);
        if let Some(what) = &outcome.not_text {
            crate::closed::say!("fenlint: {name}: left as it is: {what} (see `fenlint check`)");
        }
        for line in &outcome.not_utf8_lines {
            crate::closed::say!(
                "fenlint: {name}:{line}: left as it is: not UTF-8 (see `fenlint check`)"
            );
        }
        let named = NAMED_SKIPPED.saturating_sub(self.found);
        for line in outcome.skipped.iter().take(named) {
            crate::closed::say!(
                "fenlint: {name}:{line}: left as it is: {} has errors (see `fenlint check`)",
                self.what
            );
        }
        self.found += outcome.skipped.len();
        usize::from(outcome.not_text.is_some())
            + outcome.not_utf8_lines.len()
            + outcome.skipped.len()
    }

    /// Says how many more positions with errors there were than were named, if any.
    pub fn finish(self) {
        let more = self.found.saturating_sub(NAMED_SKIPPED);
        if more > 0 {
            crate::closed::say!(
                "fenlint: {}: and {more} more {} left as {}: they have errors (see `fenlint check`)",
                shown_name(self.name),
                if more == 1 { "position" } else { "positions" },
                if more == 1 { "it is" } else { "they are" },
            );
        }
    }
}

/// The exit status of `fmt`: 2 on trouble; 1 with `--check` or `--diff` when something would
/// change, and with `--check` when a position could not be checked; 0 otherwise.
pub fn fmt_status(args: &FmtArgs, trouble: bool, changed: usize, unverified: usize) -> u8 {
    if trouble {
        return TROUBLE;
    }
    if args.check && unverified > 0 {
        crate::closed::say!(
            "fenlint: {unverified} {} could not be checked",
            if unverified == 1 {
                "position"
            } else {
                "positions"
            }
        );
        return ERRORS;
    }
    if (args.check || args.diff) && changed > 0 {
        ERRORS
    } else {
        CLEAN
    }
}
