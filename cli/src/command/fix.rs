//! `fenlint check --fix` and `--diff`: the fixes applied to files in place, to standard input
//! onto standard output, or shown as a diff.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenlint::Validator;
use fenlint::files::FileKind;

use super::{
    CLEAN, ERRORS, PerFile, TROUBLE, fits_in_lines, is_stdin, kind_of, lint_input, long_notes,
    name_and_kind, output_failed, read_elided,
};
use crate::args::{CheckArgs, KindArg};
use crate::config::Config;
use crate::finding::Totals;
use crate::output::Printer;
use crate::pipeline::Stop;
use crate::source::shown_name;
use crate::{bounded, closed, diff, input, write};

/// Says on stderr what the fixes of `name` did (or, with `diff`, would do): how many problems
/// were fixed, whether the fixes settled, and, with `diff` (where nothing else is reported),
/// what was left as it is because it is not UTF-8.
pub fn fix_notes(
    name: &str,
    kind: FileKind,
    bytes: &[u8],
    fixed: &fenlint::files::Fixed,
    diff: bool,
) {
    let name = shown_name(name);
    let count = fixed.applied;
    if count > 0 {
        crate::closed::say!(
            "fenlint: {name}: {} {count} {}",
            if diff { "would fix" } else { "fixed" },
            if count == 1 { "problem" } else { "problems" }
        );
    }
    if !fixed.converged {
        crate::closed::say!(
            "fenlint: warning: {name}: the fixes did not settle (they undo one another); stopped, and what is left is {}",
            if diff { "not fixed" } else { "reported below" }
        );
    }
    if !diff {
        return;
    }
    if let Some(diagnostic) = fenlint::files::not_text(bytes) {
        crate::closed::say!(
            "fenlint: {name}: left as it is: {} (see `fenlint check`)",
            diagnostic.message()
        );
        return;
    }
    for (number, line) in bytes.split(|&byte| byte == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let holds_position = kind == FileKind::Pgn || fenlint::files::is_position_line(line);
        if holds_position && std::str::from_utf8(line).is_err() {
            crate::closed::say!(
                "fenlint: {name}:{}: left as it is: not UTF-8 (see `fenlint check`)",
                number.saturating_add(1)
            );
        }
    }
}

/// `check --fix --diff` on files: the diff of each file's fixes on stdout, nothing written.
/// Exit 1 when something would change.
pub fn diff_fixes(
    files: &[PathBuf],
    kind: Option<KindArg>,
    per_file: &mut PerFile,
    mut trouble: bool,
) -> u8 {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut changed = false;
    let mut closed = false;
    let cwd = std::env::current_dir().ok();
    for file in files {
        let (name, kind) = name_and_kind(file, None, kind, &per_file.config(file));
        let mut elided = match read_elided(file, kind) {
            Ok(elided) => elided,
            Err(error) => {
                crate::closed::say!("fenlint: {}: {error}", shown_name(&name));
                trouble = true;
                continue;
            }
        };
        let Some(validator) = per_file.validator(file, &mut trouble) else {
            continue;
        };
        if !fits_in_lines(kind, &name, &elided.long_lines) {
            continue;
        }
        let bytes = std::mem::take(&mut elided.text);
        let fixed = fenlint::files::fix_file(kind, &bytes, &validator);
        fix_notes(&name, kind, &bytes, &fixed, true);
        long_notes(&name, &elided.long_lines);
        match diff::write_unified(
            &mut out,
            file,
            cwd.as_deref(),
            &bytes,
            &fixed.text,
            Some(&mut elided),
        )
        .and_then(|changes| {
            out.flush()?;
            Ok(changes)
        }) {
            Ok(changes) => changed |= changes,
            Err(error) => {
                // The result so far: whether this file would change, known before its diff.
                changed |= fixed.text != bytes;
                output_failed(error, &mut trouble, &mut closed);
            }
        }
        if closed {
            break;
        }
    }
    if trouble {
        TROUBLE
    } else if changed {
        ERRORS
    } else {
        CLEAN
    }
}

/// `check --fix -`: the fixed text on stdout, every other byte as it came; the report of what
/// is left on stderr, in the format asked for; the exit status as for a file. With `--diff`,
/// the diff on stdout instead, and exit 1 when something would change.
pub fn fix_stdin(
    args: &CheckArgs,
    config: &Config,
    validator: &Validator,
    printer: &mut Printer,
) -> u8 {
    let (name, kind) = name_and_kind(
        Path::new("-"),
        args.stdin_filename.as_deref(),
        args.kind,
        config,
    );
    // The lines longer than the limit are not held in memory, but copied from where they are
    // kept to the output (the fixed text, or the diff's context).
    let mut elided = match bounded::Elided::read_stream(kind, io::stdin().lock()) {
        Ok(elided) => elided,
        Err(error) => {
            crate::closed::say!("fenlint: {}: {error}", shown_name(&name));
            return TROUBLE;
        }
    };
    let bytes = std::mem::take(&mut elided.text);
    let fixed = fits_in_lines(kind, &name, &elided.long_lines)
        .then(|| fenlint::files::fix_file(kind, &bytes, validator));
    if let Some(fixed) = &fixed {
        fix_notes(&name, kind, &bytes, fixed, args.diff);
        long_notes(&name, &elided.long_lines);
    }
    let text = fixed.as_ref().map_or(&bytes, |fixed| &fixed.text);
    let mut stdout = io::stdout().lock();
    if args.diff {
        let written = diff::write_unified(
            &mut stdout,
            Path::new(&*name),
            std::env::current_dir().ok().as_deref(),
            &bytes,
            text,
            Some(&mut elided),
        )
        .and_then(|changes| stdout.flush().map(|()| changes));
        return match written {
            Ok(true) => ERRORS,
            Ok(false) => CLEAN,
            Err(error) => {
                let changes = if *text == bytes { CLEAN } else { ERRORS };
                closed::status(Err(error), changes)
            }
        };
    }
    // When the reader of the fixed text goes away, the report of what is left still comes, on
    // stderr, with its exit status.
    let written = {
        let mut out = io::BufWriter::new(&mut stdout);
        elided.write(text, &mut out).and_then(|()| out.flush())
    };
    if let Err(error) = written.and_then(|()| stdout.flush())
        && closed::report(&error)
    {
        return TROUBLE;
    }
    report_left(&name, kind, text, elided, validator, printer)
}

/// The report on stderr of what the fixes of standard input, named `name`, left in `text`, the
/// text written (long lines and all, from `elided`); the exit status of the run.
fn report_left(
    name: &Arc<str>,
    kind: FileKind,
    text: &[u8],
    mut elided: bounded::Elided,
    validator: &Validator,
    printer: &mut Printer,
) -> u8 {
    let source = if elided.long_lines.is_empty() {
        input::Source::Rewindable(Box::new(io::Cursor::new(text)))
    } else {
        match restored(&mut elided, text) {
            Ok(file) => input::Source::File(file),
            Err(error) => {
                crate::closed::say!("fenlint: {}: {error}", shown_name(name));
                return TROUBLE;
            }
        }
    };
    let mut totals = Totals::default();
    let mut report = io::BufWriter::new(io::stderr().lock());
    let mut trouble = false;
    let mut closed = false;
    match lint_input(
        name,
        kind,
        source,
        validator,
        &mut totals,
        printer,
        &mut report,
        None,
    ) {
        Ok(()) => {}
        Err(Stop::Output(error) | Stop::Read(error)) => {
            output_failed(error, &mut trouble, &mut closed);
        }
    }
    if !closed
        && let Err(error) = printer
            .summary(&mut report, &totals)
            .and_then(|()| report.flush())
    {
        output_failed(error, &mut trouble, &mut closed);
    }
    if trouble {
        TROUBLE
    } else if printer.errors > 0 {
        ERRORS
    } else {
        CLEAN
    }
}

/// `text` (the fixed text of `elided`) with its long lines back, in a temporary file (deleted
/// when it is closed), from its start.
pub fn restored(elided: &mut bounded::Elided, text: &[u8]) -> io::Result<std::fs::File> {
    let mut out = io::BufWriter::new(tempfile::tempfile()?);
    elided.write(text, &mut out)?;
    let mut file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    io::Seek::rewind(&mut file)?;
    Ok(file)
}

/// `check --fix` on files: each file's fixes applied in place, with what they did said on
/// stderr. Returns the files that are not read for the report either (a FIFO or a device,
/// which may never end).
pub fn fix_files(
    files: &[PathBuf],
    kind: Option<KindArg>,
    per_file: &mut PerFile,
    write_read_only: bool,
    trouble: &mut bool,
) -> HashSet<PathBuf> {
    let mut unfixable = HashSet::new();
    for file in files.iter().filter(|file| !is_stdin(file)) {
        let Some(validator) = per_file.validator(file, trouble) else {
            continue;
        };
        let kind = kind_of(file, kind, &per_file.config(file));
        match fix_file(file, kind, &validator, write_read_only) {
            Ok(Some((kind, bytes, fixed))) => {
                fix_notes(&file.display().to_string(), kind, &bytes, &fixed, false);
            }
            Ok(None) => {}
            Err(error) => {
                crate::closed::say!(
                    "fenlint: {}: {error}",
                    shown_name(&file.display().to_string())
                );
                *trouble = true;
                // A file that is not rewritten as no regular file, or that cannot even be
                // read (missing, unreadable), is not checked after: that would only say the
                // same again.
                if error.kind() == io::ErrorKind::InvalidInput || std::fs::File::open(file).is_err()
                {
                    unfixable.insert(file.clone());
                }
            }
        }
    }
    unfixable
}

/// Applies the fixes to `path`, read as `kind`, crash-safely, in bounded memory (a line past the limit is
/// copied as it is); returns its kind, what it held (each long line a marker) and what was
/// done, or `None` when it was left as it is (a PGN file with a long line, which is said).
pub fn fix_file(
    path: &Path,
    kind: FileKind,
    validator: &Validator,
    write_read_only: bool,
) -> io::Result<Option<(FileKind, Vec<u8>, fenlint::files::Fixed)>> {
    let target = write::target(path, write_read_only)?;
    let mut elided = bounded::Elided::read_file(kind, std::fs::File::open(path)?)?;
    let bytes = std::mem::take(&mut elided.text);
    let name = path.display().to_string();
    if !fits_in_lines(kind, &name, &elided.long_lines) {
        return Ok(None);
    }
    let fixed = fenlint::files::fix_file(kind, &bytes, validator);
    if fixed.applied > 0 && fixed.text != bytes {
        write::replace_with(&target, |file| {
            let mut out = io::BufWriter::new(file);
            elided.write(&fixed.text, &mut out)?;
            out.flush().map(|()| true)
        })?;
    }
    long_notes(&name, &elided.long_lines);
    Ok(Some((kind, bytes, fixed)))
}
