//! The `fenlint` command: lint chess position files from the terminal, CI and editors.

mod allocator;
mod args;
mod bounded;
mod check;
mod closed;
mod config;
mod diff;
mod explain;
mod finding;
mod fmt;
mod input;
mod lines;
mod lsp;
mod output;
mod paths;
mod pipeline;
mod prescan;
mod selector;
mod show;
mod source;
mod walk;
mod write;

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches};
use fenlint::Validator;
use fenlint::files::FileKind;

use args::{CheckArgs, Cli, ColorChoice, Command, FmtArgs, ShowArgs, WalkArgs};
use finding::{Finding, Totals};
use output::Printer;
use pipeline::Stop;
use source::{Snippet, shown_name};

/// The allocator of the command (the library leaves the choice to its user): diagnostics are
/// small allocations made and freed by the thousand on a file with broken lines, which
/// mimalloc serves faster than the system allocator.
#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

/// Exit status: no error-severity diagnostic.
const CLEAN: u8 = 0;
/// Exit status: at least one error-severity diagnostic.
const ERRORS: u8 = 1;
/// Exit status: a usage or I/O error.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    survive_file_size_limit();
    let matches = Cli::command()
        .try_get_matches()
        .unwrap_or_else(|error| exit_with(&error));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| exit_with(&error));
    let status = match cli.command {
        // A panic (a bug, in the library or here, re-raised from the worker that hit it) has
        // been printed by the panic hook; it ends the run as trouble, never as missing output.
        Command::Check(mut args) => {
            if let Some(("check", matches)) = matches.subcommand() {
                args.order_severities(matches);
            }
            std::panic::catch_unwind(|| run_check(&args)).unwrap_or_else(|_| {
                eprintln!("fenlint: internal error: the run stopped early; please report this");
                TROUBLE
            })
        }
        Command::Fmt(args) => run_fmt(&args),
        Command::Show(args) => run_show(&args),
        Command::Lsp => lsp::run(),
        Command::Completions(args) => {
            // Generated into memory: the generator panics on a write error.
            let mut command = Cli::command();
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut command, "fenlint", &mut script);
            let mut out = io::stdout().lock();
            closed::status(out.write_all(&script).and_then(|()| out.flush()), CLEAN)
        }
        Command::Man(args) => run_man(args.subcommand.as_deref()),
        Command::Explain(args) => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            if args.code.is_none() {
                closed::status(explain::list(&mut out).and_then(|()| out.flush()), CLEAN)
            } else {
                let name = args.code.unwrap_or_default();
                match selector::Selector::parse(&name) {
                    // `--list CODE` lists that one code.
                    Ok(selector) if args.list => closed::status(
                        explain::list_selected(&mut out, &selector).and_then(|()| out.flush()),
                        CLEAN,
                    ),
                    Ok(selector) => closed::status(
                        explain::explain(&mut out, &selector).and_then(|()| out.flush()),
                        CLEAN,
                    ),
                    Err(message) => {
                        eprintln!("fenlint: {}", shown_name(&message));
                        TROUBLE
                    }
                }
            }
        }
    };
    ExitCode::from(status)
}

/// Prints what the parser of the arguments has to say (the help, the version, or a usage
/// error) and exits; help that cannot be written follows the policy for standard output.
fn exit_with(error: &clap::Error) -> ! {
    let written = error.print();
    if !error.use_stderr() && written.is_err_and(|error| closed::report(&error)) {
        std::process::exit(TROUBLE.into());
    }
    std::process::exit(error.exit_code())
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error that is reported
/// (`EFBIG`, "File too large") and cleaned up after, instead of the signal that limit sends
/// (`SIGXFSZ`) killing the command with its temporary file left behind: the signal only sets a
/// flag that nothing reads. A handler, unlike ignoring the signal, is not passed on to the
/// programs the command starts.
fn survive_file_size_limit() {
    #[cfg(unix)]
    {
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        if let Err(error) = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, flag) {
            eprintln!("fenlint: warning: cannot catch SIGXFSZ: {error}");
        }
    }
}

/// The validator of each input: its `fenlint.toml` (or `--config`'s, or none) with the flags
/// over it, each error in the settings printed once.
struct PerFile {
    validators: config::Validators,
    printed: std::collections::HashSet<String>,
}

impl PerFile {
    /// The validators the flags of `args` ask for, or what is wrong with the flags.
    fn new(args: &CheckArgs) -> Result<PerFile, String> {
        let configs = config::Configs::new(args.config.choice())?;
        Ok(PerFile {
            validators: config::Validators::new(configs, args.variant, &args.severities)?,
            printed: std::collections::HashSet::new(),
        })
    }

    /// The validator for `path`, or `None` when its settings are wrong (said once, as
    /// trouble).
    fn validator(&mut self, path: &std::path::Path, trouble: &mut bool) -> Option<Arc<Validator>> {
        match self.validators.for_file(path) {
            Ok(validator) => Some(validator),
            Err(message) => {
                if self.printed.insert(message.clone()) {
                    eprintln!("fenlint: {}", shown_name(&message));
                }
                *trouble = true;
                None
            }
        }
    }
}

/// Whether `path` stands for standard input.
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The path whose settings (`fenlint.toml`) `file` takes: its own, or for standard input the
/// file it stands for, `stdin_filename`, when there is one.
fn settings_path<'p>(file: &'p Path, stdin_filename: Option<&'p Path>) -> &'p Path {
    match stdin_filename {
        Some(name) if is_stdin(file) => name,
        _ => file,
    }
}

/// The name the report gives `file` and the kind it is read as: standard input goes by
/// `stdin_filename` when there is one (its extension, in any case, picks the kind).
fn name_and_kind(file: &Path, stdin_filename: Option<&Path>) -> (Arc<str>, FileKind) {
    match stdin_filename.filter(|_| is_stdin(file)) {
        Some(name) => (name.display().to_string().into(), FileKind::of(name)),
        None => (file.display().to_string().into(), FileKind::of(file)),
    }
}

/// All of standard input.
fn read_stdin() -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    io::stdin().lock().read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The whole of `file` (not a directory).
fn read_file(file: &Path) -> io::Result<Vec<u8>> {
    if file.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    std::fs::read(file)
}

/// Says on stderr what the fixes of `name` did (or, with `diff`, would do): how many problems
/// were fixed, whether the fixes settled, and, with `diff` (where nothing else is reported),
/// what was left as it is because it is not UTF-8.
fn fix_notes(name: &str, kind: FileKind, bytes: &[u8], fixed: &fenlint::files::Fixed, diff: bool) {
    let name = shown_name(name);
    let count = fixed.applied;
    if count > 0 {
        eprintln!(
            "fenlint: {name}: {} {count} {}",
            if diff { "would fix" } else { "fixed" },
            if count == 1 { "problem" } else { "problems" }
        );
    }
    if !fixed.converged {
        eprintln!(
            "fenlint: warning: {name}: the fixes did not settle (they undo one another); stopped, and what is left is {}",
            if diff { "not fixed" } else { "reported below" }
        );
    }
    if !diff {
        return;
    }
    if fenlint::files::utf16(bytes).is_some() {
        eprintln!("fenlint: {name}: left as it is: UTF-16, expected UTF-8 (see `fenlint check`)");
        return;
    }
    for (number, line) in bytes.split(|&byte| byte == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let holds_position = kind == FileKind::Pgn || fenlint::files::is_position_line(line);
        if holds_position && std::str::from_utf8(line).is_err() {
            eprintln!(
                "fenlint: {name}:{}: left as it is: not UTF-8 (see `fenlint check`)",
                number.saturating_add(1)
            );
        }
    }
}

/// `check --fix --diff` on files: the diff of each file's fixes on stdout, nothing written.
/// Exit 1 when something would change.
fn diff_fixes(files: &[PathBuf], per_file: &mut PerFile, mut trouble: bool) -> u8 {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut changed = false;
    let mut closed = false;
    let cwd = std::env::current_dir().ok();
    for file in files {
        let (name, kind) = name_and_kind(file, None);
        let bytes = match read_file(file) {
            Ok(bytes) => bytes,
            Err(error) => {
                eprintln!("fenlint: {}: {error}", shown_name(&name));
                trouble = true;
                continue;
            }
        };
        let Some(validator) = per_file.validator(file, &mut trouble) else {
            continue;
        };
        let fixed = fenlint::files::fix_file(kind, &bytes, &validator);
        fix_notes(&name, kind, &bytes, &fixed, true);
        match diff::write_unified(&mut out, file, cwd.as_deref(), &bytes, &fixed.text).and_then(
            |changes| {
                out.flush()?;
                Ok(changes)
            },
        ) {
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
fn fix_stdin(args: &CheckArgs, validator: &Validator, printer: &mut Printer) -> u8 {
    let (name, kind) = name_and_kind(Path::new("-"), args.stdin_filename.as_deref());
    // Without `--diff`, the lines longer than the limit are not held in memory, but copied
    // from where they are kept to the output.
    let mut elided = None;
    let read = if args.diff {
        read_stdin()
    } else {
        bounded::Elided::read_stream(kind, io::stdin().lock()).map(|mut read| {
            let text = std::mem::take(&mut read.text);
            elided = Some(read);
            text
        })
    };
    let bytes = match read {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("fenlint: {}: {error}", shown_name(&name));
            return TROUBLE;
        }
    };
    let fixed = match &elided {
        Some(elided) if !fits_in_lines(kind, &name, &elided.long_lines) => None,
        _ => Some(fenlint::files::fix_file(kind, &bytes, validator)),
    };
    if let Some(fixed) = &fixed {
        fix_notes(&name, kind, &bytes, fixed, args.diff);
    }
    if let (Some(elided), Some(_)) = (&elided, &fixed) {
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
    let written = match &mut elided {
        Some(elided) => {
            let mut out = io::BufWriter::new(&mut stdout);
            elided.write(text, &mut out).and_then(|()| out.flush())
        }
        None => stdout.write_all(text),
    };
    if let Err(error) = written.and_then(|()| stdout.flush())
        && closed::report(&error)
    {
        return TROUBLE;
    }
    // The report is of the text written, long lines and all.
    let source = match elided.filter(|elided| !elided.long_lines.is_empty()) {
        Some(mut elided) => match restored(&mut elided, text) {
            Ok(file) => input::Source::File(file),
            Err(error) => {
                eprintln!("fenlint: {}: {error}", shown_name(&name));
                return TROUBLE;
            }
        },
        None => input::Source::Rewindable(Box::new(io::Cursor::new(text.as_slice()))),
    };
    let mut totals = Totals::default();
    let mut report = io::BufWriter::new(io::stderr().lock());
    let mut trouble = false;
    let mut closed = false;
    match lint_input(
        &name,
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
fn restored(elided: &mut bounded::Elided, text: &[u8]) -> io::Result<std::fs::File> {
    let mut out = io::BufWriter::new(tempfile::tempfile()?);
    elided.write(text, &mut out)?;
    let mut file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    io::Seek::rewind(&mut file)?;
    Ok(file)
}

/// Whether an input of `kind` named `name` whose lines past the limit are `long_lines` can be
/// formatted or fixed without them: a file of lines can (each line is on its own); a PGN file
/// cannot, since where its games start and end may hang on such a line (a brace comment, the
/// movetext that a tag pair after it ends), so it is left as it is, whole, which is said.
fn fits_in_lines(kind: FileKind, name: &str, long_lines: &[bounded::LongLine]) -> bool {
    let Some(&(line, _)) = long_lines.first() else {
        return true;
    };
    if kind != FileKind::Pgn {
        return true;
    }
    eprintln!(
        "fenlint: {}: left as it is: line {line} is longer than {} KiB, the limit of a line, and a PGN file's games cannot be told apart without it (see `fenlint check`)",
        shown_name(name),
        fenlint::MAX_LINE_LEN / 1024
    );
    false
}

/// Says on stderr which positions of `name` were left as they are because their line is longer
/// than the limit; returns how many.
fn long_notes(name: &str, long_lines: &[bounded::LongLine]) -> usize {
    let mut left = 0usize;
    for &(line, position) in long_lines {
        if position {
            eprintln!(
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
fn lint_input(
    name: &Arc<str>,
    kind: FileKind,
    reader: input::Source<'_>,
    validator: &Validator,
    totals: &mut Totals,
    printer: &mut Printer,
    out: &mut dyn Write,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<(), Stop> {
    let mut report = |finding: Finding<'_>| printer.finding(out, &finding);
    *totals.files.get_or_insert(0) += 1;
    match kind {
        FileKind::Pgn => check::lint_pgn(name, reader, validator, totals, &mut report),
        kind => check::lint_lines(
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
fn files_of(paths: &[PathBuf], walk: &WalkArgs, trouble: &mut bool) -> Vec<PathBuf> {
    let expansion = walk::expand(paths, walk.no_ignore, walk.follow);
    for warning in &expansion.warnings {
        eprintln!("fenlint: warning: {}", shown_name(warning));
    }
    for error in &expansion.errors {
        eprintln!("fenlint: {}", shown_name(error));
        *trouble = true;
    }
    expansion.files
}

/// What to do when the report cannot be written: a closed pipe (`fenlint check | head`) stops
/// the run quietly, as `rg` and `grep` do; anything else is trouble. Either way nothing more is
/// written.
fn output_failed(error: io::Error, trouble: &mut bool, closed: &mut bool) {
    if closed::report(&error) {
        *trouble = true;
    }
    *closed = true;
}

fn run_check(args: &CheckArgs) -> u8 {
    let mut per_file = match PerFile::new(args) {
        Ok(per_file) => per_file,
        Err(message) => {
            eprintln!("fenlint: {}", shown_name(&message));
            return TROUBLE;
        }
    };
    let color = use_color(args.color);
    if args.statistics && matches!(args.format, args::Format::Github | args::Format::Sarif) {
        eprintln!(
            "fenlint: --statistics prints a table or JSON Lines: use it with --format human or json"
        );
        return TROUBLE;
    }
    let mut printer = Printer::new(args.format, color)
        .quiet(args.quiet)
        .statistics(args.statistics);
    let mut totals = Totals::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut trouble = false;
    // Set when stdout is gone (`fenlint check | head`): stop at once, quietly.
    let mut closed = false;
    {
        if let Some(fen) = &args.fen {
            // The string is one FEN, whatever it holds: not lines, and never a comment, so that
            // an empty one is `fen::input::empty`.
            // Settings that are wrong lint nothing (the error is printed).
            let validator = per_file.validator(std::path::Path::new("--fen"), &mut trouble);
            totals.files = None;
            totals.fens = usize::from(validator.is_some());
            let path: Arc<str> = "--fen".into();
            let snippet = Snippet::new(&path, fen.as_bytes(), 0, 0);
            let diagnostics = validator.map_or_else(Vec::new, |validator| {
                fenlint::files::lint_line(FileKind::Lines, fen.as_bytes(), 0, &validator)
            });
            for diagnostic in diagnostics {
                let finding = Finding::new(&path, &diagnostic, &snippet);
                if let Err(error) = printer.finding(&mut out, &finding) {
                    output_failed(error, &mut trouble, &mut closed);
                    break;
                }
            }
        } else {
            // No path: the current directory, as ruff does (its files named without `./`),
            // or standard input when it is named by `--stdin-filename`.
            let implicit = args.paths.is_empty() && args.stdin_filename.is_none();
            let paths = if implicit {
                vec![PathBuf::from(".")]
            } else if args.paths.is_empty() {
                vec![PathBuf::from("-")]
            } else {
                args.paths.clone()
            };
            if (args.fix || args.diff) && paths.iter().any(|path| is_stdin(path)) {
                if paths.len() > 1 {
                    eprintln!(
                        "fenlint: with --fix or --diff, standard input (`-`) must be the only input"
                    );
                    return TROUBLE;
                }
                let name = settings_path(Path::new("-"), args.stdin_filename.as_deref());
                let Some(validator) = per_file.validator(name, &mut trouble) else {
                    return TROUBLE;
                };
                return fix_stdin(args, &validator, &mut printer);
            }
            let mut files = files_of(&paths, &args.walk, &mut trouble);
            if implicit {
                for file in &mut files {
                    if let Ok(inside) = file.strip_prefix(".") {
                        *file = inside.to_path_buf();
                    }
                }
            }
            if args.diff {
                return diff_fixes(&files, &mut per_file, trouble);
            }
            let mut unfixable = std::collections::HashSet::new();
            if args.fix {
                for file in files.iter().filter(|file| !is_stdin(file)) {
                    let Some(validator) = per_file.validator(file, &mut trouble) else {
                        continue;
                    };
                    match fix_file(file, &validator, args.write_read_only) {
                        Ok(Some((kind, bytes, fixed))) => {
                            fix_notes(&file.display().to_string(), kind, &bytes, &fixed, false);
                        }
                        Ok(None) => {}
                        Err(error) => {
                            eprintln!(
                                "fenlint: {}: {error}",
                                shown_name(&file.display().to_string())
                            );
                            trouble = true;
                            // A FIFO or a device is not read for the report either: it may
                            // never end.
                            if error.kind() == io::ErrorKind::InvalidInput {
                                unfixable.insert(file.clone());
                            }
                        }
                    }
                }
            }
            for file in files.into_iter().filter(|file| !unfixable.contains(file)) {
                let (path, kind) = name_and_kind(&file, args.stdin_filename.as_deref());
                let settings_of = settings_path(&file, args.stdin_filename.as_deref());
                let Some(validator) = per_file.validator(settings_of, &mut trouble) else {
                    continue;
                };
                let bar = progress_bar(&file);
                let result = input::open(&file).map_err(Stop::Read).and_then(|reader| {
                    lint_input(
                        &path,
                        kind,
                        reader,
                        &validator,
                        &mut totals,
                        &mut printer,
                        &mut out,
                        bar.as_ref(),
                    )
                });
                if let Some(bar) = bar {
                    bar.finish_and_clear();
                }
                match result {
                    Ok(()) => {}
                    Err(Stop::Output(error)) => output_failed(error, &mut trouble, &mut closed),
                    Err(Stop::Read(error)) => {
                        eprintln!("fenlint: {}: {error}", shown_name(&path));
                        trouble = true;
                    }
                }
                // What this file gave is shown before the next file is read.
                if !closed && let Err(error) = out.flush() {
                    output_failed(error, &mut trouble, &mut closed);
                }
                if closed {
                    break;
                }
            }
        }
    }
    if !closed {
        let written = printer
            .summary(&mut out, &totals)
            .and_then(|()| out.flush());
        if let Err(error) = written {
            output_failed(error, &mut trouble, &mut closed);
        }
    }
    let too_many_warnings = args
        .max_warnings
        .is_some_and(|most| printer.warnings > most);
    if too_many_warnings && !args.exit_zero {
        eprintln!(
            "fenlint: {} {} reported, more than --max-warnings {}",
            printer.warnings,
            if printer.warnings == 1 {
                "warning"
            } else {
                "warnings"
            },
            args.max_warnings.unwrap_or_default()
        );
    }
    exit_status(
        trouble,
        printer.errors > 0 || too_many_warnings,
        args.exit_zero,
    )
}

/// The exit status of a run: 2 when something could not be done (whatever the flags), else 1
/// when it failed (errors, or more warnings than `--max-warnings`) unless `--exit-zero`, else 0.
fn exit_status(trouble: bool, failed: bool, exit_zero: bool) -> u8 {
    if trouble {
        TROUBLE
    } else if failed && !exit_zero {
        ERRORS
    } else {
        CLEAN
    }
}

/// Applies the fixes to `path`, crash-safely, in bounded memory (a line past the limit is
/// copied as it is); returns its kind, what it held (each long line a marker) and what was
/// done, or `None` when it was left as it is (a PGN file with a long line, which is said).
fn fix_file(
    path: &Path,
    validator: &Validator,
    write_read_only: bool,
) -> io::Result<Option<(FileKind, Vec<u8>, fenlint::files::Fixed)>> {
    let target = write::target(path, write_read_only)?;
    let kind = FileKind::of(path);
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

fn run_fmt(args: &FmtArgs) -> u8 {
    let mut configs = match config::Configs::new(args.config.choice()) {
        Ok(configs) => configs,
        Err(message) => {
            eprintln!("fenlint: {}", shown_name(&message));
            return TROUBLE;
        }
    };
    let mut printed = std::collections::HashSet::new();
    if args.paths.iter().any(|path| is_stdin(path)) {
        if args.paths.len() > 1 {
            eprintln!("fenlint: standard input (`-`) must be the only input of `fmt`");
            return TROUBLE;
        }
        let name = settings_path(Path::new("-"), args.stdin_filename.as_deref());
        return match configs.for_file(name).and_then(|config| {
            let validator = config::validator(&config, args.variant, &[])?;
            fmt::settings(args, &config).map(|settings| (settings, validator))
        }) {
            Ok(((options, variant), validator)) => fmt_stdin(args, &options, variant, &validator),
            Err(message) => {
                eprintln!("fenlint: {}", shown_name(&message));
                TROUBLE
            }
        };
    }
    let mut trouble = false;
    let files = files_of(&args.paths, &args.walk, &mut trouble);
    let mut changed = 0usize;
    // Positions `fmt` could not format (errors, bytes that are not UTF-8): `--check` cannot say
    // they are formatted, so it fails, as `rustfmt --check` does on a file it cannot parse.
    let mut unverified = 0usize;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut closed = false;
    let cwd = std::env::current_dir().ok();
    let mut validators: std::collections::HashMap<Option<PathBuf>, Arc<Validator>> =
        std::collections::HashMap::new();
    for file in files {
        // Each file's settings: its nearest fenlint.toml (or `--config`'s), the flags over it;
        // with them, the severities `check` would use, built once per settings file.
        let settings = configs.for_file(&file).and_then(|config| {
            let format = fmt::settings(args, &config)?;
            let validator = match validators.get(&config.path) {
                Some(built) => Arc::clone(built),
                None => {
                    let built = Arc::new(config::validator(&config, args.variant, &[])?);
                    validators.insert(config.path.clone(), Arc::clone(&built));
                    built
                }
            };
            Ok((format, validator))
        });
        let ((options, variant), validator) = match settings {
            Ok(settings) => settings,
            Err(message) => {
                if printed.insert(message.clone()) {
                    eprintln!("fenlint: {}", shown_name(&message));
                }
                trouble = true;
                continue;
            }
        };
        let name = file.display().to_string();
        let mut counts = FmtCounts::default();
        let formatted = if args.diff {
            read_file(&file).map(|bytes| {
                let kind = FileKind::of(&file);
                let mut outcome = fenlint::files::format_file_as(kind, &bytes, &options, variant);
                fmt::keep_reported(kind, &bytes, &mut outcome, &validator);
                counts.unverified += fmt_notes(&name, &outcome);
                counts.changed += outcome.changed;
                Some((bytes, outcome))
            })
        } else {
            fmt_file(&file, args, &options, variant, &validator, &mut counts).map(|()| None)
        };
        unverified += counts.unverified;
        changed += counts.changed;
        match formatted {
            Ok(diffed) => {
                let written = if let Some((bytes, outcome)) = diffed {
                    diff::write_unified(&mut out, &file, cwd.as_deref(), &bytes, &outcome.text)
                        .map(|_| ())
                } else {
                    // What was done goes to stderr, as `check --fix` says it: stdout is for
                    // the diff, or the text of standard input.
                    if counts.changed > 0 {
                        eprintln!(
                            "fenlint: {}: {} {} {}",
                            shown_name(&name),
                            if args.check {
                                "would change"
                            } else {
                                "changed"
                            },
                            counts.changed,
                            if counts.changed == 1 { "FEN" } else { "FENs" }
                        );
                    }
                    Ok(())
                };
                if let Err(error) = written.and_then(|()| out.flush()) {
                    output_failed(error, &mut trouble, &mut closed);
                    break;
                }
            }
            Err(error) => {
                eprintln!("fenlint: {}: {error}", shown_name(&name));
                trouble = true;
            }
        }
    }
    fmt_status(args, trouble, changed, unverified)
}

/// What `fmt` did to the inputs so far: how many positions changed, and how many it could not
/// format (errors, bytes that are not UTF-8, lines past the limit, UTF-16).
#[derive(Default)]
struct FmtCounts {
    changed: usize,
    unverified: usize,
}

/// What `fmt` writes (the dialect and the variant) and the severities `check` would use, with
/// which a position left alone for errors that `check` would not report is no problem.
struct FmtSettings<'a> {
    options: &'a fenlint::position::WriteOptions,
    variant: Option<fenlint::position::Variant>,
    validator: &'a Validator,
}

/// The input of [`format_input`].
enum FmtInput<'a> {
    /// A regular file, from its start.
    File(std::fs::File),
    /// A stream, read once.
    Stream(Box<dyn Read + 'a>),
}

/// `fmt` on `file`: formatted in place crash-safely (only when something changes), or with
/// `--check` only read; in bounded memory either way (see [`format_input`]).
fn fmt_file(
    file: &Path,
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
    let kind = FileKind::of(file);
    let name = file.display().to_string();
    if args.check {
        let source = input::open(file)?;
        return format_input(
            kind,
            FmtInput::Stream(Box::new(source)),
            &mut io::sink(),
            settings,
            &name,
            counts,
        );
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
fn format_input(
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
        counts.unverified += fmt_notes(name, &outcome);
        counts.changed += outcome.changed;
        return elided.write(&outcome.text, out);
    }
    let reader: Box<dyn Read + '_> = match input {
        FmtInput::File(file) => Box::new(file),
        FmtInput::Stream(stream) => stream,
    };
    // A position left alone for errors that `check` would not report with these settings
    // (allowed, made warnings, silenced by a comment in the same batch) is not a problem here.
    let format = |batch: &[u8]| {
        let mut outcome =
            fenlint::files::format_lines_as(kind, batch, settings.options, settings.variant);
        fmt::keep_reported(kind, batch, &mut outcome, settings.validator);
        outcome
    };
    bounded::format_stream(kind, reader, out, &format, &mut |note| match note {
        bounded::Note::Batch(outcome) => {
            counts.unverified += fmt_notes(name, outcome);
            counts.changed += outcome.changed;
        }
        bounded::Note::Long(line) => counts.unverified += long_notes(name, &[line]),
        bounded::Note::Utf16 => {
            eprintln!(
                "fenlint: {}: left as it is: UTF-16, expected UTF-8 (see `fenlint check`)",
                shown_name(name)
            );
            counts.unverified += 1;
        }
    })
}

/// `fmt -`: standard input formatted to stdout, every byte that is not a position's as it
/// came; with `--diff`, the diff instead; with `--check` alone, nothing on stdout.
fn fmt_stdin(
    args: &FmtArgs,
    options: &fenlint::position::WriteOptions,
    variant: Option<fenlint::position::Variant>,
    validator: &Validator,
) -> u8 {
    let (name, kind) = name_and_kind(Path::new("-"), args.stdin_filename.as_deref());
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
            format_input(kind, stdin, &mut io::sink(), settings, &name, &mut counts)
        } else {
            format_input(kind, stdin, &mut out, settings, &name, &mut counts)
                .and_then(|()| out.flush())
        };
        let trouble = match formatted {
            Ok(()) => false,
            Err(error) if out.failed => closed::report(&error),
            Err(error) => {
                eprintln!("fenlint: {}: {error}", shown_name(&name));
                true
            }
        };
        return fmt_status(args, trouble, counts.changed, counts.unverified);
    }
    let bytes = match read_stdin() {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("fenlint: {}: {error}", shown_name(&name));
            return TROUBLE;
        }
    };
    let mut outcome = fenlint::files::format_file_as(kind, &bytes, options, variant);
    fmt::keep_reported(kind, &bytes, &mut outcome, validator);
    let unverified = fmt_notes(&name, &outcome);
    let mut stdout = io::stdout().lock();
    let written = diff::write_unified(
        &mut stdout,
        Path::new(&*name),
        std::env::current_dir().ok().as_deref(),
        &bytes,
        &outcome.text,
    )
    .map(|_| ());
    let trouble = written
        .and_then(|()| stdout.flush())
        .is_err_and(|error| closed::report(&error));
    fmt_status(args, trouble, outcome.changed, unverified)
}

/// Says on stderr what `fmt` left as it is in `name` and why; returns how many positions that
/// is (a UTF-16 file counts as one).
fn fmt_notes(name: &str, outcome: &fenlint::files::Formatted) -> usize {
    let name = shown_name(name);
    if outcome.utf16 {
        eprintln!("fenlint: {name}: left as it is: UTF-16, expected UTF-8 (see `fenlint check`)");
    }
    for line in &outcome.not_utf8_lines {
        eprintln!("fenlint: {name}:{line}: left as it is: not UTF-8 (see `fenlint check`)");
    }
    for line in &outcome.skipped {
        eprintln!(
            "fenlint: {name}:{line}: left as it is: the FEN has errors (see `fenlint check`)"
        );
    }
    usize::from(outcome.utf16) + outcome.not_utf8_lines.len() + outcome.skipped.len()
}

/// The exit status of `fmt`: 2 on trouble; 1 with `--check` or `--diff` when something would
/// change, and with `--check` when a position could not be checked; 0 otherwise.
fn fmt_status(args: &FmtArgs, trouble: bool, changed: usize, unverified: usize) -> u8 {
    if trouble {
        return TROUBLE;
    }
    if args.check && unverified > 0 {
        eprintln!(
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

/// Whether to colour what goes to standard output: `auto` colours a terminal unless `NO_COLOR`
/// is set (to anything but the empty string).
fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

fn run_show(args: &ShowArgs) -> u8 {
    let fen = match args.fen.as_deref() {
        Some(fen) if fen != "-" => fen.to_owned(),
        _ => {
            let mut bytes = Vec::new();
            let read = io::Read::read_to_end(&mut io::stdin().lock(), &mut bytes)
                .map_err(|error| format!("cannot read standard input: {error}"))
                .and_then(|_| show::fen_of_input(&bytes));
            match read {
                Ok((fen, more)) => {
                    if more > 0 {
                        eprintln!(
                            "fenlint: warning: standard input has {more} more {}; showing the first",
                            if more == 1 { "position" } else { "positions" }
                        );
                    }
                    fen
                }
                Err(message) => {
                    eprintln!("fenlint: {message}");
                    return TROUBLE;
                }
            }
        }
    };
    let color = use_color(args.color);
    let validator = config::with_variant(Validator::new(), args.variant);
    let lint = validator.lint(&fen);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut written = match lint.position() {
        Some(position) => write!(out, "{}", show::diagram(&lint, position, color)),
        None => writeln!(
            out,
            "no board to show: the placement is not eight ranks of eight squares"
        ),
    };
    let mut printer = Printer::new(args::Format::Human, color);
    let path: Arc<str> = "--fen".into();
    let snippet = Snippet::new(&path, fen.as_bytes(), 0, 0);
    for diagnostic in lint.diagnostics() {
        let finding = Finding::new(&path, diagnostic, &snippet);
        written = written
            .and_then(|()| writeln!(out))
            .and_then(|()| printer.finding(&mut out, &finding));
    }
    let status = if lint.has_errors() { ERRORS } else { CLEAN };
    closed::status(written.and_then(|()| out.flush()), status)
}

/// Prints the man page of `fenlint`, or of its subcommand `subcommand` (`fenlint-check`).
fn run_man(subcommand: Option<&str>) -> u8 {
    let mut command = Cli::command();
    // Building gives each subcommand its page name (`fenlint-check`) and synopsis name.
    command.build();
    let page = match subcommand {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(found) => found.clone(),
            None => {
                let names: Vec<&str> = command
                    .get_subcommands()
                    .map(clap::Command::get_name)
                    .collect();
                eprintln!(
                    "fenlint: no subcommand `{}`, expected one of {}",
                    shown_name(name),
                    names.join(", ")
                );
                return TROUBLE;
            }
        },
    };
    let mut out = io::stdout().lock();
    let man = clap_mangen::Man::new(page).source(concat!("fenlint ", env!("CARGO_PKG_VERSION")));
    match man.render(&mut out) {
        Ok(()) => CLEAN,
        Err(error) => closed::status(Err(error), CLEAN),
    }
}

/// Files larger than this get a progress bar (when standard error is a terminal).
const PROGRESS_BYTES: u64 = 16 << 20;

/// A progress bar for reading `file`, if it is large and someone is watching.
fn progress_bar(file: &std::path::Path) -> Option<indicatif::ProgressBar> {
    let size = std::fs::metadata(file).ok()?.len();
    if size < PROGRESS_BYTES || !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(size);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} {wide_bar} {bytes}/{total_bytes} ({eta})")
    {
        bar.set_style(style);
    }
    bar.set_message(shown_name(&file.display().to_string()).into_owned());
    Some(bar)
}
