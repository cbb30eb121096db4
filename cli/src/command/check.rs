//! `fenlint check`: lint the inputs (or, with `--fix` and `--diff`, fix them) and print the
//! findings.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenlint::files::FileKind;

use super::fix::{diff_fixes, fix_files, fix_stdin};
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
            crate::closed::say!("fenlint: {}", shown_name(&message));
            return TROUBLE;
        }
    };
    if args.statistics && matches!(args.format, args::Format::Github | args::Format::Sarif) {
        crate::closed::say!(
            "fenlint: --statistics prints a table or JSON Lines: use it with --format human or json"
        );
        return TROUBLE;
    }
    let mut run = Run {
        printer: Printer::new(args.format, use_color(args.color))
            .quiet(args.quiet)
            .statistics(args.statistics),
        totals: Totals::default(),
        out: io::BufWriter::new(io::stdout().lock()),
        trouble: false,
        closed: false,
    };
    if let Some(fen) = &args.fen {
        run.check_fen(fen, &mut per_file);
        return run.finish(args);
    }
    // No path: the current directory, as ruff does (its files named without `./`), or standard
    // input when it is named by `--stdin-filename`.
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
            crate::closed::say!(
                "fenlint: with --fix or --diff, standard input (`-`) must be the only input"
            );
            return TROUBLE;
        }
        let name = settings_path(Path::new("-"), args.stdin_filename.as_deref());
        let Some(validator) = per_file.validator(name, &mut run.trouble) else {
            return TROUBLE;
        };
        let config = per_file.config(name);
        return fix_stdin(args, &config, &validator, &mut run.printer);
    }
    let mut files = files_of(&paths, &args.walk, per_file.configs(), &mut run.trouble);
    if implicit {
        for file in &mut files {
            if let Ok(inside) = file.strip_prefix(".") {
                *file = inside.to_path_buf();
            }
        }
    }
    if args.diff {
        return diff_fixes(&files, args.kind, &mut per_file, run.trouble);
    }
    if args.fix {
        let unfixable = fix_files(
            &files,
            args.kind,
            &mut per_file,
            args.write_read_only,
            &mut run.trouble,
        );
        files.retain(|file| !unfixable.contains(file));
    }
    run.check_files(files, args, &mut per_file);
    run.finish(args)
}

/// The state of a `check` run: the printer, what was linted, the report's output, and whether
/// something could not be done (`trouble`) or the output is gone (`closed`: `fenlint check |
/// head`), which stops the run at once, quietly.
struct Run<'o> {
    printer: Printer,
    totals: Totals,
    out: io::BufWriter<io::StdoutLock<'o>>,
    trouble: bool,
    closed: bool,
}

impl Run<'_> {
    /// `--fen`: the string is one FEN, whatever it holds: not lines, and never a comment, so
    /// that an empty one is `fen::input::empty`. Settings that are wrong lint nothing (the
    /// error is printed).
    fn check_fen(&mut self, fen: &str, per_file: &mut PerFile) {
        let validator = per_file.validator(Path::new("--fen"), &mut self.trouble);
        self.totals.files = None;
        self.totals.fens = usize::from(validator.is_some());
        let path: Arc<str> = "--fen".into();
        let snippet = Snippet::new(&path, fen.as_bytes(), 0, 0);
        let diagnostics = validator.map_or_else(Vec::new, |validator| {
            fenlint::files::lint_line(FileKind::Lines, fen.as_bytes(), 0, &validator)
        });
        for diagnostic in diagnostics {
            let finding = Finding::new(&path, &diagnostic, &snippet);
            if let Err(error) = self.printer.finding(&mut self.out, &finding) {
                output_failed(error, &mut self.trouble, &mut self.closed);
                break;
            }
        }
    }

    /// Lints `files` one after the other, each with its settings; what each file gave is
    /// written before the next is read.
    fn check_files(&mut self, files: Vec<PathBuf>, args: &CheckArgs, per_file: &mut PerFile) {
        for file in files {
            let settings_of = settings_path(&file, args.stdin_filename.as_deref());
            let config = per_file.config(settings_of);
            let (path, kind) =
                name_and_kind(&file, args.stdin_filename.as_deref(), args.kind, &config);
            let Some(validator) = per_file.validator(settings_of, &mut self.trouble) else {
                continue;
            };
            let bar = progress_bar(&file);
            let result = input::open(&file).map_err(Stop::Read).and_then(|reader| {
                lint_input(
                    &path,
                    kind,
                    reader,
                    &validator,
                    &mut self.totals,
                    &mut self.printer,
                    &mut self.out,
                    bar.as_ref(),
                )
            });
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            match result {
                Ok(()) => {}
                Err(Stop::Output(error)) => {
                    output_failed(error, &mut self.trouble, &mut self.closed);
                }
                Err(Stop::Read(error)) => {
                    crate::closed::say!("fenlint: {}: {error}", shown_name(&path));
                    self.trouble = true;
                }
            }
            if !self.closed
                && let Err(error) = self.out.flush()
            {
                output_failed(error, &mut self.trouble, &mut self.closed);
            }
            if self.closed {
                break;
            }
            for note in self.totals.notes.drain(..) {
                crate::closed::say!("{note}");
            }
        }
    }

    /// Ends the run: the summary, `--max-warnings`, and the exit status.
    fn finish(mut self, args: &CheckArgs) -> u8 {
        if !self.closed {
            let written = self
                .printer
                .summary(&mut self.out, &self.totals)
                .and_then(|()| self.out.flush());
            if let Err(error) = written {
                output_failed(error, &mut self.trouble, &mut self.closed);
            }
        }
        let warnings = self.printer.warnings;
        let too_many_warnings = args.max_warnings.is_some_and(|most| warnings > most);
        if too_many_warnings && !args.exit_zero {
            crate::closed::say!(
                "fenlint: {warnings} {} reported, more than --max-warnings {}",
                if warnings == 1 { "warning" } else { "warnings" },
                args.max_warnings.unwrap_or_default()
            );
        }
        exit_status(
            self.trouble,
            self.printer.errors > 0 || too_many_warnings,
            args.exit_zero,
        )
    }
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
