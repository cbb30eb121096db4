//! `fenlint check`: lint the inputs (or, with `--fix` and `--diff`, fix them) and print the
//! findings.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenlint::files::FileKind;

use super::fix::{diff_fixes, fix_file, fix_notes, fix_stdin};
use super::{
    CLEAN, ERRORS, PerFile, TROUBLE, files_of, is_stdin, lint_input, name_and_kind, output_failed,
    settings_path, use_color,
};
use crate::args::{self, CheckArgs};
use crate::finding::{Finding, Totals};
use crate::input;
use crate::output::Printer;
use crate::pipeline::Stop;
use crate::source::{Snippet, shown_name};

pub fn run_check(args: &CheckArgs) -> u8 {
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
pub fn exit_status(trouble: bool, failed: bool, exit_zero: bool) -> u8 {
    if trouble {
        TROUBLE
    } else if failed && !exit_zero {
        ERRORS
    } else {
        CLEAN
    }
}

/// Files larger than this get a progress bar (when standard error is a terminal).
pub const PROGRESS_BYTES: u64 = 16 << 20;

/// A progress bar for reading `file`, if it is large and someone is watching.
pub fn progress_bar(file: &std::path::Path) -> Option<indicatif::ProgressBar> {
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
