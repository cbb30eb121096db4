//! The `fenlint` command: lint chess position files from the terminal, CI and editors.

mod args;
mod check;
mod config;
mod explain;
mod fmt;
mod lsp;
mod output;
mod sarif;
mod selector;
mod show;
mod source;
mod write;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches};
use fenlint::Validator;
use fenlint::files::FileKind;

use args::{CheckArgs, Cli, ColorChoice, Command, FmtArgs, ShowArgs, WalkArgs};
use check::{Finding, Stop, Totals};
use output::Printer;
use source::Snippet;

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
            if args.list {
                explain::list(&mut out).map_or(TROUBLE, |()| CLEAN)
            } else {
                let name = args.code.unwrap_or_default();
                match selector::Selector::parse(&name) {
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
                let finding = Finding::new(&path, diagnostic, &snippet);
                if let Err(error) = printer.finding(&mut out, &finding) {
                    output_failed(error, &mut trouble, &mut closed);
                    break;
                }
            }
        } else {
            let paths = if args.paths.is_empty() {
                vec![PathBuf::from("-")]
            } else {
                args.paths.clone()
            };
            let files = files_of(&paths, &args.walk, &mut trouble);
            if args.fix {
                for file in files.iter().filter(|file| file.as_os_str() != "-") {
                    let Some(validator) = per_file.validator(file, &mut trouble) else {
                        continue;
                    };
                    match fix_file(file, &validator) {
                        Ok(fixed) => {
                            let count = fixed.applied;
                            if count > 0 {
                                eprintln!(
                                    "fenlint: {}: fixed {count} {}",
                                    file.display(),
                                    if count == 1 { "problem" } else { "problems" }
                                );
                            }
                            if !fixed.converged {
                                eprintln!(
                                    "fenlint: warning: {}: the fixes did not settle (they undo one another); stopped, and what is left is reported below",
                                    file.display()
                                );
                            }
                        }
                        Err(error) => {
                            eprintln!("fenlint: {}: {error}", file.display());
                            trouble = true;
                        }
                    }
                }
            }
            for file in files {
                let Some(validator) = per_file.validator(&file, &mut trouble) else {
                    continue;
                };
                let validator = &*validator;
                let mut report = |finding: Finding| printer.finding(&mut out, &finding);
                let path: Arc<str> = file.display().to_string().into();
                let bar = progress_bar(&file);
                let result = check::open(&file).map_err(Stop::Read).and_then(|reader| {
                    *totals.files.get_or_insert(0) += 1;
                    match FileKind::of(&file) {
                        FileKind::Pgn => {
                            check::lint_pgn(&path, reader, validator, &mut totals, &mut report)
                        }
                        kind => check::lint_lines(
                            &path,
                            kind,
                            reader,
                            validator,
                            &mut totals,
                            &mut report,
                            &mut |read| {
                                if let Some(bar) = &bar {
                                    bar.set_position(read as u64);
                                }
                            },
                        ),
                    }
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

/// Applies the fixes to `path`, crash-safely; returns what was done.
fn fix_file(path: &std::path::Path, validator: &Validator) -> io::Result<fenlint::files::Fixed> {
    if path.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    let bytes = std::fs::read(path)?;
    let fixed = fenlint::files::fix_file(FileKind::of(path), &bytes, validator);
    if fixed.applied > 0 && fixed.text != bytes {
        write::replace(path, &fixed.text)?;
    }
    Ok(fixed)
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
    let mut trouble = false;
    let files = files_of(&args.paths, &args.walk, &mut trouble);
    let mut changed = 0usize;
    // Positions `fmt` could not format (errors, bytes that are not UTF-8): `--check` cannot say
    // they are formatted, so it fails, as `rustfmt --check` does on a file it cannot parse.
    let mut unverified = 0usize;
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
        match fmt::format_file(&file, &options, variant, args.check) {
            Ok(outcome) => {
                if outcome.utf16 {
                    eprintln!(
                        "fenlint: {}: left as it is: UTF-16, expected UTF-8 (see `fenlint check`)",
                        file.display()
                    );
                    unverified += 1;
                }
                for line in &outcome.not_utf8_lines {
                    eprintln!(
                        "fenlint: {}:{line}: left as it is: not UTF-8 (see `fenlint check`)",
                        file.display()
                    );
                }
                for line in &outcome.skipped {
                    eprintln!(
                        "fenlint: {}:{line}: left as it is: the FEN has errors (see `fenlint check`)",
                        file.display()
                    );
                }
                unverified += outcome.not_utf8_lines.len() + outcome.skipped.len();
                if outcome.changed > 0 {
                    let verb = if args.check {
                        "would change"
                    } else {
                        "changed"
                    };
                    println!("{}: {verb} {} FEN(s)", file.display(), outcome.changed);
                    changed += outcome.changed;
                }
            }
            Err(error) => {
                eprintln!("fenlint: {}: {error}", file.display());
                trouble = true;
            }
        }
    }
    if trouble {
        TROUBLE
    } else if args.check && (changed > 0 || unverified > 0) {
        if unverified > 0 {
            eprintln!(
                "fenlint: {unverified} {} could not be checked",
                if unverified == 1 {
                    "position"
                } else {
                    "positions"
                }
            );
        }
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
        let finding = Finding::new(&path, diagnostic.clone(), &snippet);
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
