//! `fenlint show` (a board diagram and the findings) and `fenlint man`.

use std::io::{self, Write};
use std::sync::Arc;

use clap::CommandFactory;
use fenlint::Validator;

use super::{CLEAN, ERRORS, TROUBLE, use_color};
use crate::args::{self, Cli, ShowArgs};
use crate::finding::Finding;
use crate::output::Printer;
use crate::source::{Snippet, shown_name};
use crate::{closed, config};

pub fn run_show(args: &ShowArgs) -> u8 {
    let fen = match args.fen.as_deref() {
        Some(fen) if fen != "-" => fen.to_owned(),
        _ => match crate::show::fen_of_input(io::stdin().lock()) {
            Ok((fen, more)) => {
                if more > 0 {
                    crate::closed::say!(
                        "fenlint: warning: standard input has {more} more {}; showing the first",
                        if more == 1 { "position" } else { "positions" }
                    );
                }
                fen
            }
            Err(message) => {
                crate::closed::say!("fenlint: {message}");
                return TROUBLE;
            }
        },
    };
    let color = use_color(args.color);
    let validator = config::with_variant(Validator::new(), args.variant);
    let lint = validator.lint(&fen);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.format == args::ShowFormat::Svg {
        let status = if lint.has_errors() { ERRORS } else { CLEAN };
        let Some(position) = lint.position() else {
            crate::closed::say!(
                "fenlint: no board to show: the placement is not eight ranks of eight squares"
            );
            return ERRORS;
        };
        let picture = crate::svg::board(lint.tree(), position, lint.diagnostics(), &fen);
        return closed::status(
            out.write_all(picture.as_bytes()).and_then(|()| out.flush()),
            status,
        );
    }
    let mut written = match lint.position() {
        Some(position) => write!(out, "{}", crate::show::diagram(&lint, position, color)),
        None => writeln!(
            out,
            "no board to show: the placement is not eight ranks of eight squares"
        ),
    };
    let mut printer = Printer::new(args::Format::Human, color);
    // Where the FEN came from, as a report names it: the argument, or standard input.
    let path: Arc<str> = match args.fen.as_deref() {
        Some(fen) if fen != "-" => "FEN".into(),
        _ => "-".into(),
    };
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
pub fn run_man(subcommand: Option<&str>) -> u8 {
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
                crate::closed::say!(
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
