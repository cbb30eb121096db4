//! The `fenlint` command: lint chess position files from the terminal, CI and editors.

mod allocator;
mod args;
mod check;
mod config;
mod diff;
mod explain;
mod fmt;
mod lsp;
mod newlines;
mod output;
mod paths;
mod sarif;
mod selector;
mod show;
mod source;
mod write;

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches};
use fenlint::Validator;
use fenlint::files::FileKind;

use args::{CheckArgs, Cli, ColorChoice, Command, FmtArgs, ShowArgs, WalkArgs};
use check::{Finding, Stop, Totals};
use output::Printer;
use source::Snippet;

/// The allocator of the command (the library leaves the choice to its user): diagnostics are
/// small allocations made and freed by the thousand on a file with broken lines, which
/// mimalloc serves in a fraction of the system allocator's instructions.
#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

/// Exit status: no error-severity diagnostic.
const CLEAN: u8 = 0;
/// Exit status: at least one error-severity diagnostic.
const ERRORS: u8 = 1;
/// Exit status: a usage or I/O error.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
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
            let mut command = Cli::command();
            let mut out = io::stdout().lock();
            clap_complete::generate(args.shell, &mut command, "fenlint", &mut out);
            CLEAN
        }
        Command::Man(args) => run_man(args.subcommand.as_deref()),
        Command::Explain(args) => {
            let mut out = io::stdout().lock();
            if args.list && args.code.is_none() {
                explain::list(&mut out).map_or(TROUBLE, |()| CLEAN)
            } else {
                let name = args.code.unwrap_or_default();
                match selector::Selector::parse(&name) {
                    // `--list CODE` lists that one code.
                    Ok(selector) if args.list => {
                        explain::list_selected(&mut out, &selector).map_or(TROUBLE, |()| CLEAN)
                    }
                    Ok(selector) => {
                        explain::explain(&mut out, &selector).map_or(TROUBLE, |()| CLEAN)
                    }
                    Err(message) => {
                        eprintln!("fenlint: {message}");
                        TROUBLE
                    }
                }
            }
        }
    };
    ExitCode::from(status)
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
                    eprintln!("fenlint: {message}");
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
                eprintln!("fenlint: {name}: {error}");
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
            Err(error) => output_failed(error, &mut trouble, &mut closed),
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
    let bytes = match read_stdin() {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("fenlint: {name}: {error}");
            return TROUBLE;
        }
    };
    let fixed = fenlint::files::fix_file(kind, &bytes, validator);
    fix_notes(&name, kind, &bytes, &fixed, args.diff);
    let mut stdout = io::stdout().lock();
    if args.diff {
        let written = diff::write_unified(
            &mut stdout,
            Path::new(&*name),
            std::env::current_dir().ok().as_deref(),
            &bytes,
            &fixed.text,
        )
        .and_then(|changes| stdout.flush().map(|()| changes));
        return match written {
            Ok(true) => ERRORS,
            Ok(false) => CLEAN,
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => CLEAN,
            Err(error) => {
                eprintln!("fenlint: cannot write the output: {error}");
                TROUBLE
            }
        };
    }
    if let Err(error) = stdout.write_all(&fixed.text).and_then(|()| stdout.flush()) {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("fenlint: cannot write the output: {error}");
        }
        return TROUBLE;
    }
    let mut totals = Totals::default();
    let mut report = io::BufWriter::new(io::stderr().lock());
    let mut trouble = false;
    let mut closed = false;
    match lint_input(
        &name,
        kind,
        check::Source::Rewindable(Box::new(io::Cursor::new(fixed.text.as_slice()))),
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

/// Lints one input, `reader`, named `name` in the report, as `kind`, reporting each finding
/// through `printer` to `out` as it comes; `bar` shows the progress of a large file.
#[allow(
    clippy::too_many_arguments,
    reason = "the state of one run, passed down"
)]
fn lint_input(
    name: &Arc<str>,
    kind: FileKind,
    reader: check::Source<'_>,
    validator: &Validator,
    totals: &mut Totals,
    printer: &mut Printer,
    out: &mut dyn Write,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<(), Stop> {
    let mut report = Printed {
        printer: &mut *printer,
        out: &mut *out,
    };
    *totals.files.get_or_insert(0) += 1;
    let linted = match kind {
        FileKind::Pgn => check::lint_pgn(name, reader, validator, totals, &mut |finding| {
            check::Report::finding(&mut report, finding)
        }),
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
    };
    // What this input gave is written before anything else is, even after a read error.
    let written = printer.write_pending(out).map_err(Stop::Output);
    linted.and(written)
}

/// The printer, and where it prints, as the report of a file's findings.
struct Printed<'a> {
    printer: &'a mut Printer,
    out: &'a mut dyn Write,
}

impl check::Report for Printed<'_> {
    fn finding(&mut self, finding: Finding<'_>) -> io::Result<()> {
        self.printer.finding(self.out, &finding)
    }

    fn takes_json_lines(&self) -> bool {
        self.printer.takes_json_lines()
    }

    fn json_lines(&mut self, text: &[u8], severities: check::Severities) -> io::Result<()> {
        self.printer.json_lines(self.out, text, severities)
    }
}

/// The files a command works on, with the walk's warnings and errors printed; `None` when a
/// path could not be read at all (the error is printed).
fn files_of(paths: &[PathBuf], walk: &WalkArgs, trouble: &mut bool) -> Vec<PathBuf> {
    let expansion = check::expand(paths, walk.no_ignore, walk.follow);
    for warning in &expansion.warnings {
        eprintln!("fenlint: warning: {warning}");
    }
    for error in &expansion.errors {
        eprintln!("fenlint: {error}");
        *trouble = true;
    }
    expansion.files
}

/// What to do when the report cannot be written: a closed pipe (`fenlint check | head`) stops
/// the run quietly, as `rg` and `grep` do; anything else is trouble. Either way nothing more is
/// written.
fn output_failed(error: io::Error, trouble: &mut bool, closed: &mut bool) {
    if error.kind() != io::ErrorKind::BrokenPipe {
        eprintln!("fenlint: cannot write the report: {error}");
        *trouble = true;
    }
    *closed = true;
}

fn run_check(args: &CheckArgs) -> u8 {
    let mut per_file = match PerFile::new(args) {
        Ok(per_file) => per_file,
        Err(message) => {
            eprintln!("fenlint: {message}");
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
            if args.fix {
                for file in files.iter().filter(|file| !is_stdin(file)) {
                    let Some(validator) = per_file.validator(file, &mut trouble) else {
                        continue;
                    };
                    match fix_file(file, &validator) {
                        Ok((kind, bytes, fixed)) => {
                            fix_notes(&file.display().to_string(), kind, &bytes, &fixed, false);
                        }
                        Err(error) => {
                            eprintln!("fenlint: {}: {error}", file.display());
                            trouble = true;
                        }
                    }
                }
            }
            for file in files {
                let (path, kind) = name_and_kind(&file, args.stdin_filename.as_deref());
                let settings_of = settings_path(&file, args.stdin_filename.as_deref());
                let Some(validator) = per_file.validator(settings_of, &mut trouble) else {
                    continue;
                };
                let bar = progress_bar(&file);
                let result = check::open(&file).map_err(Stop::Read).and_then(|reader| {
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
                        eprintln!("fenlint: {path}: {error}");
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

/// Applies the fixes to `path`, crash-safely; returns its kind, what it held and what was
/// done.
fn fix_file(
    path: &Path,
    validator: &Validator,
) -> io::Result<(FileKind, Vec<u8>, fenlint::files::Fixed)> {
    let bytes = read_file(path)?;
    let kind = FileKind::of(path);
    let fixed = fenlint::files::fix_file(kind, &bytes, validator);
    if fixed.applied > 0 && fixed.text != bytes {
        write::replace(path, &fixed.text)?;
    }
    Ok((kind, bytes, fixed))
}

fn run_fmt(args: &FmtArgs) -> u8 {
    let mut configs = match config::Configs::new(args.config.choice()) {
        Ok(configs) => configs,
        Err(message) => {
            eprintln!("fenlint: {message}");
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
                eprintln!("fenlint: {message}");
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
        // Each file's settings: its nearest fenlint.toml (or `--config`'s), the flags over it.
        let (options, variant) = match configs
            .for_file(&file)
            .and_then(|config| fmt::settings(args, &config))
        {
            Ok(settings) => settings,
            Err(message) => {
                if printed.insert(message.clone()) {
                    eprintln!("fenlint: {message}");
                }
                trouble = true;
                continue;
            }
        };
        let name = file.display().to_string();
        // The severities `check` would use for this file, built once per settings file.
        let validator = match configs.for_file(&file).and_then(|config| {
            if let Some(built) = validators.get(&config.path) {
                return Ok(Arc::clone(built));
            }
            let built = Arc::new(config::validator(&config, args.variant, &[])?);
            validators.insert(config.path.clone(), Arc::clone(&built));
            Ok(built)
        }) {
            Ok(validator) => validator,
            Err(message) => {
                if printed.insert(message.clone()) {
                    eprintln!("fenlint: {message}");
                }
                trouble = true;
                continue;
            }
        };
        let formatted = read_file(&file).and_then(|bytes| {
            let kind = FileKind::of(&file);
            let mut outcome = fenlint::files::format_file_as(kind, &bytes, &options, variant);
            fmt::keep_reported(kind, &bytes, &mut outcome, &validator);
            if !args.check && !args.diff && outcome.changed > 0 && outcome.text != bytes {
                write::replace(&file, &outcome.text)?;
            }
            Ok((bytes, outcome))
        });
        match formatted {
            Ok((bytes, outcome)) => {
                unverified += fmt_notes(&name, &outcome);
                if outcome.changed > 0 {
                    changed += outcome.changed;
                }
                let written = if args.diff {
                    diff::write_unified(&mut out, &file, cwd.as_deref(), &bytes, &outcome.text)
                        .map(|_| ())
                } else {
                    // What was done goes to stderr, as `check --fix` says it: stdout is for
                    // the diff, or the text of standard input.
                    if outcome.changed > 0 {
                        eprintln!(
                            "fenlint: {name}: {} {} {}",
                            if args.check {
                                "would change"
                            } else {
                                "changed"
                            },
                            outcome.changed,
                            if outcome.changed == 1 { "FEN" } else { "FENs" }
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
                eprintln!("fenlint: {name}: {error}");
                trouble = true;
            }
        }
    }
    fmt_status(args, trouble, changed, unverified)
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
    let bytes = match read_stdin() {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("fenlint: {name}: {error}");
            return TROUBLE;
        }
    };
    let mut outcome = fenlint::files::format_file_as(kind, &bytes, options, variant);
    fmt::keep_reported(kind, &bytes, &mut outcome, validator);
    let unverified = fmt_notes(&name, &outcome);
    let mut stdout = io::stdout().lock();
    let written = if args.diff {
        diff::write_unified(
            &mut stdout,
            Path::new(&*name),
            std::env::current_dir().ok().as_deref(),
            &bytes,
            &outcome.text,
        )
        .map(|_| ())
    } else if args.check {
        Ok(())
    } else {
        stdout.write_all(&outcome.text)
    };
    let mut trouble = false;
    if let Err(error) = written.and_then(|()| stdout.flush()) {
        output_failed(error, &mut trouble, &mut false);
        // Output that did not all arrive is not a success.
        trouble = true;
    }
    fmt_status(args, trouble, outcome.changed, unverified)
}

/// Says on stderr what `fmt` left as it is in `name` and why; returns how many positions that
/// is (a UTF-16 file counts as one).
fn fmt_notes(name: &str, outcome: &fenlint::files::Formatted) -> usize {
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
    let mut out = io::stdout().lock();
    match lint.position() {
        Some(position) => {
            let _ = write!(out, "{}", show::diagram(&lint, position, color));
        }
        None => {
            let _ = writeln!(
                out,
                "no board to show: the placement is not eight ranks of eight squares"
            );
        }
    }
    let mut printer = Printer::new(args::Format::Human, color);
    let path: Arc<str> = "--fen".into();
    let snippet = Snippet::new(&path, fen.as_bytes(), 0, 0);
    for diagnostic in lint.diagnostics() {
        let finding = Finding::new(&path, diagnostic, &snippet);
        let _ = writeln!(out);
        let _ = printer.finding(&mut out, &finding);
    }
    if lint.has_errors() { ERRORS } else { CLEAN }
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
                    "fenlint: no subcommand `{name}`, expected one of {}",
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
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => CLEAN,
        Err(error) => {
            eprintln!("fenlint: cannot write the man page: {error}");
            TROUBLE
        }
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
    bar.set_message(file.display().to_string());
    Some(bar)
}
