//! The `fenlint` command: lint chess position files from the terminal, CI and editors.

mod allocator;
mod args;
mod bounded;
mod closed;
mod command;
mod config;
mod diff;
mod explain;
mod finding;
mod fmt;
mod input;
mod interrupt;
mod lines;
mod lint;
mod lsp;
mod output;
mod paths;
mod pipeline;
mod prescan;
mod selector;
mod show;
mod source;
mod status;
mod svg;
mod unknown_variant;
mod walk;
mod write;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches};

use args::{Cli, Command};
use source::shown_name;
use status::{CLEAN, TROUBLE};

/// The allocator of the command (the library leaves the choice to its user): diagnostics are
/// small allocations made and freed by the thousand on a file with broken lines, which
/// mimalloc serves faster than the system allocator.
#[global_allocator]
static ALLOCATOR: allocator::Mimalloc = allocator::Mimalloc;

fn main() -> ExitCode {
    survive_file_size_limit();
    interrupt::install();
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
            std::panic::catch_unwind(|| command::check::run_check(&args)).unwrap_or_else(|_| {
                crate::closed::say!(
                    "fenlint: internal error: the run stopped early; please report this"
                );
                TROUBLE
            })
        }
        Command::Fmt(args) => command::format::run_fmt(&args),
        Command::Show(args) => command::show::run_show(&args),
        Command::Lsp => lsp::run(),
        Command::Completions(args) => {
            // Generated into memory: the generator panics on a write error.
            let mut command = Cli::command();
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut command, "fenlint", &mut script);
            let mut out = io::stdout().lock();
            closed::status(out.write_all(&script).and_then(|()| out.flush()), CLEAN)
        }
        Command::Man(args) => command::show::run_man(args.subcommand.as_deref()),
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
                        crate::closed::say!("fenlint: {}", shown_name(&message));
                        TROUBLE
                    }
                }
            }
        }
    };
    // What could not be said on standard error is trouble.
    if closed::stderr_failed() {
        return ExitCode::from(TROUBLE);
    }
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
            crate::closed::say!("fenlint: warning: cannot catch SIGXFSZ: {error}");
        }
    }
}
