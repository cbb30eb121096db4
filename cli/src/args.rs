//! Command-line arguments.

use std::path::PathBuf;

use clap::{ArgMatches, Args, Parser, Subcommand, ValueEnum};
use fenlint::Severity;

/// Lint chess position notation: FEN, X-FEN, Shredder-FEN, Chess960, Crazyhouse and
/// Three-Check, in `.fen`, `.epd` and `.pgn` files.
#[derive(Debug, Parser)]
#[command(name = "fenlint", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lint files (or standard input) and report every problem.
    ///
    /// Suppression comments silence named codes: `# fenlint: allow CODE[, CODE]` on the line
    /// right before a position of a `.fen` or `.epd` file (for that position), `# fenlint:
    /// allow-file CODE` anywhere (for the whole file); in a `.pgn` file `{ fenlint: allow CODE }`
    /// before a game's tags, or `{ fenlint: allow-file CODE }`. A suppression that silences
    /// nothing is `fen::suppression::unused`, an unknown code `fen::suppression::unknown_code`;
    /// `--fix` applies no fix of a silenced problem.
    Check(CheckArgs),
    /// Print a rule's documentation, or list every rule.
    Explain(ExplainArgs),
    /// Rewrite every valid FEN in canonical form or the chosen dialect, leaving everything else
    /// byte for byte (a byte-order mark, bytes that are not UTF-8, positions with errors).
    Fmt(FmtArgs),
    /// Show a position as a board diagram, with the squares diagnostics name highlighted.
    Show(ShowArgs),
    /// Run the language server (LSP over standard input and output) for editors.
    Lsp,
    /// Print a shell completion script, generated from these very options (for example
    /// `fenlint completions bash > ~/.local/share/bash-completion/completions/fenlint`).
    Completions(CompletionsArgs),
    /// Print a man page in roff, generated from these very options (for example
    /// `fenlint man > fenlint.1`, `fenlint man check > fenlint-check.1`).
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print, with all its options (`fenlint-check`); nothing
    /// for the page of `fenlint` itself, which lists the subcommands.
    pub subcommand: Option<String>,
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files or directories to format; `-` alone formats standard input to standard output.
    /// Directories are walked for `.fen`, `.epd` and `.pgn` files (any case) and those whose
    /// extension `fenlint.toml`'s `[extensions]` names; a file named here is read whatever its
    /// name (`.txt` as FEN lines).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Castling notation: plain FEN and X-FEN (`KQkq`, a file letter for an inner rook, and
    /// for a Chess960 rook beside an empty corner with the king on the e-file, where `K` or `Q`
    /// read alone would be standard chess's right to a rook that is gone), or Shredder-FEN
    /// (file letters) [default: `format.castling` of fenlint.toml, or fen].
    #[arg(long, value_enum)]
    pub to: Option<ToArg>,
    /// Crazyhouse holdings in brackets or as a ninth `/`-group [default: `format.holdings` of
    /// fenlint.toml, or bracket].
    #[arg(long, value_enum)]
    pub holdings: Option<HoldingsArg>,
    /// Three-check counters as checks given (`+W+B`) or remaining (`W+B`) [default:
    /// `format.checks` of fenlint.toml, or given]. EPD records have no move counters for given
    /// checks to follow: their counters are always written as checks remaining, after the
    /// en-passant field, the one form EPD readers take there.
    #[arg(long, value_enum)]
    pub checks: Option<ChecksArg>,
    /// Write the en-passant square after every double step, only when a pawn can capture, or
    /// only when the capture is legal [default: `format.en_passant` of fenlint.toml, or always].
    #[arg(long, value_enum)]
    pub ep: Option<EpArg>,
    /// In `.epd` files, write the move counters as FEN fields (`… w - - 0 1`) or as the `hmvc`
    /// and `fmvn` operations [default: as each record writes them].
    #[arg(long, value_enum)]
    pub epd_counters: Option<EpdCountersArg>,
    /// Change nothing; exit 1 when something would change, or when a position could not be
    /// formatted (it has errors, or is not UTF-8) and so could not be checked. With `-`, nothing
    /// is printed on stdout.
    #[arg(long)]
    pub check: bool,
    /// Rewrite read-only files too (no write permission for their owner or for you), keeping
    /// their mode; without it they are refused.
    #[arg(long)]
    pub write_read_only: bool,
    /// The variant to read the positions as (a position with errors in it is left alone);
    /// `auto` takes it from each FEN's dialect [default: `variant` of fenlint.toml, or auto].
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    #[command(flatten)]
    pub config: ConfigArgs,
    /// Change nothing; print a unified diff (`--- a/PATH`, `+++ b/PATH`) of what would change
    /// on stdout, and exit 1 when something would. With `--check`, a position that could not be
    /// checked also exits 1.
    #[arg(long)]
    pub diff: bool,
    /// Read every file as this kind, whatever its name: `fen` (a FEN a line), `epd` (an EPD
    /// record a line) or `pgn` [default: from each file's extension, as `fenlint.toml`'s
    /// `[extensions]` name it, else `.epd`, `.pgn`, anything else FEN lines].
    #[arg(long, value_enum, value_name = "KIND")]
    pub kind: Option<KindArg>,
    /// The file name standard input (`-`) stands for: its extension picks the kind (`.epd`,
    /// `.pgn`, anything else FEN lines), and the fenlint.toml is the one a file of that path
    /// would get.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub walk: WalkArgs,
}

/// Where the settings come from.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Read the settings from this file for every input, instead of each file's nearest
    /// `fenlint.toml` (found from the file's directory upward; for an input that is no file,
    /// from the current directory).
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Read no `fenlint.toml`: the defaults and the flags only.
    #[arg(long)]
    pub no_config: bool,
}

/// How directories are walked.
#[derive(Debug, Args)]
pub struct WalkArgs {
    /// Walk hidden files and directories and those that `.gitignore`, `.ignore` and
    /// `.fenlintignore` files exclude.
    #[arg(long)]
    pub no_ignore: bool,
    /// Follow symbolic links while walking directories (a link loop is reported and skipped).
    #[arg(long, short = 'L')]
    pub follow: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The FEN to show; `-` or nothing reads it from standard input (its first line that is
    /// not blank or a `#` comment).
    pub fen: Option<String>,
    /// When to colour the board's highlighted squares and the diagnostics (`NO_COLOR` is
    /// respected with `auto`).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// The variant to check against; `auto` takes it from the FEN's dialect.
    #[arg(long, value_enum, default_value_t = VariantArg::Auto)]
    pub variant: VariantArg,
    /// What to print: the board as text followed by the diagnostics, or an SVG picture of the
    /// board (self-contained: no fonts, no links) with the squares the diagnostics name marked,
    /// the diagnostics listed in its description.
    #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
    pub format: ShowFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    Text,
    Svg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ToArg {
    Fen,
    Xfen,
    Shredder,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HoldingsArg {
    Slash,
    Bracket,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChecksArg {
    Given,
    Remaining,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EpArg {
    Always,
    Capturable,
    Legal,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or directories to lint; `-` for standard input; nothing for the current directory
    /// (as ruff does; standard input when `--stdin-filename` is given). Directories are walked
    /// for `.fen`, `.epd` and `.pgn` files (any case) and those whose extension
    /// `fenlint.toml`'s `[extensions]` names, skipping hidden and ignored ones as ripgrep does;
    /// a file named here is read whatever its name (`.txt` as FEN lines). With
    /// `--fix` or `--diff`, standard input must be the only input: the fixed text (or the
    /// diff) goes to stdout, the report of what is left to stderr.
    pub paths: Vec<PathBuf>,
    /// Lint this one FEN instead of files.
    #[arg(long, value_name = "FEN", conflicts_with = "paths")]
    pub fen: Option<String>,
    /// The variant to check against; `auto` takes it from each FEN's dialect [default: `variant`
    /// of fenlint.toml, or auto]. A PGN game's `[Variant]` tag wins over it for that game.
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// How to print the diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Report CODE as an error (repeatable). CODE is a code, a prefix of whole `::` segments
    /// for a group (`fen::castling`, `epd`) or `all`, in any case. The more specific wins
    /// (a code over a prefix, a longer prefix over a shorter one, a prefix over `all`), then
    /// the later of `--deny`, `--warn` and `--allow`; every flag wins over fenlint.toml.
    #[arg(long, value_name = "CODE")]
    pub deny: Vec<String>,
    /// Report CODE as a warning (repeatable; a code, a prefix such as `fen::castling`, or
    /// `all`).
    #[arg(long, value_name = "CODE")]
    pub warn: Vec<String>,
    /// Do not report CODE (repeatable; a code, a prefix such as `fen::castling`, or `all`).
    #[arg(long, value_name = "CODE")]
    pub allow: Vec<String>,
    /// `--deny`, `--warn` and `--allow` in the order given on the command line, filled in from
    /// the parsed arguments (see [`CheckArgs::order_severities`]).
    #[arg(skip)]
    pub severities: Vec<(String, Option<Severity>)>,
    /// Apply the unambiguous fixes to the files in place (every other byte is kept), then report
    /// what is left. Not with `--fen`, which is no file (`--fix -` fixes standard input).
    #[arg(long, conflicts_with = "fen")]
    pub fix: bool,
    /// Let `--fix` rewrite read-only files too (no write permission for their owner or for
    /// you), keeping their mode; without it they are refused.
    #[arg(long)]
    pub write_read_only: bool,
    /// Change nothing; print a unified diff (`--- a/PATH`, `+++ b/PATH`) of what `--fix` would
    /// change on stdout, and nothing else, and exit 1 when it would change something (implies
    /// `--fix`; what is left is not reported).
    #[arg(long, conflicts_with = "fen")]
    pub diff: bool,
    /// Read every file as this kind, whatever its name: `fen` (a FEN a line), `epd` (an EPD
    /// record a line) or `pgn` [default: from each file's extension, as `fenlint.toml`'s
    /// `[extensions]` name it, else `.epd`, `.pgn`, anything else FEN lines].
    #[arg(long, value_enum, value_name = "KIND", conflicts_with = "fen")]
    pub kind: Option<KindArg>,
    /// The file name standard input (`-`) stands for: its extension picks the kind (`.epd`,
    /// `.pgn`, anything else FEN lines), it names the input in the report, and the fenlint.toml
    /// is the one a file of that path would get.
    #[arg(long, value_name = "NAME", conflicts_with = "fen")]
    pub stdin_filename: Option<PathBuf>,
    /// When to colour the human output (`NO_COLOR` is respected with `auto`).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Exit 0 even when errors are reported (an unreadable file or a bad flag still exits 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// Exit 1 when more than N warnings are reported, as eslint does (warnings hidden by
    /// `--quiet` still count; `--exit-zero` wins).
    #[arg(long, value_name = "N")]
    pub max_warnings: Option<usize>,
    /// Report only errors (warnings and advice are still counted in the summary and by
    /// `--max-warnings`).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Instead of each diagnostic, print how many times each code was reported, most frequent
    /// first (with `--format json`, one `{"code", "severity", "count", "fixable", "summary"}`
    /// object per line); not with `--format github` or `sarif`.
    #[arg(long)]
    pub statistics: bool,
    /// Report each occurrence of the codes reported once per file (the conventions of a file,
    /// such as `fen::fullmove_number::zero`; `fenlint explain CODE` says so) on its own line,
    /// rather than the first with how many more the file has: for output that programs read
    /// (`--format json`, `github`, `sarif`), which want every place.
    #[arg(long)]
    pub every_occurrence: bool,
    #[command(flatten)]
    pub config: ConfigArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
}

impl CheckArgs {
    /// Fills [`CheckArgs::severities`] from `matches` (the `check` subcommand's): every
    /// `--deny`, `--warn` and `--allow` with its severity, in the order written.
    pub fn order_severities(&mut self, matches: &ArgMatches) {
        let mut flags: Vec<(usize, String, Option<Severity>)> = Vec::new();
        for (id, severity) in [
            ("deny", Some(Severity::Error)),
            ("warn", Some(Severity::Warning)),
            ("allow", None),
        ] {
            let (Some(indices), Some(values)) =
                (matches.indices_of(id), matches.get_many::<String>(id))
            else {
                continue;
            };
            for (index, value) in indices.zip(values) {
                flags.push((index, value.clone(), severity));
            }
        }
        flags.sort_by_key(|(index, _, _)| *index);
        self.severities = flags
            .into_iter()
            .map(|(_, name, severity)| (name, severity))
            .collect();
    }
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code, such as `fen::castling::order`, in any case; a prefix (`fen::castling`) lists
    /// the codes under it; without a code, every code is listed, as with `--list`.
    pub code: Option<String>,
    /// List every code with its severity and summary (with a prefix, the codes under it).
    #[arg(long)]
    pub list: bool,
}

/// What a file is read as (`--kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// One FEN a line.
    Fen,
    /// One EPD record a line.
    Epd,
    /// PGN games, whose `[FEN]` tags are checked.
    Pgn,
}

impl From<KindArg> for fenlint::files::FileKind {
    fn from(kind: KindArg) -> Self {
        match kind {
            KindArg::Fen => fenlint::files::FileKind::Lines,
            KindArg::Epd => fenlint::files::FileKind::Epd,
            KindArg::Pgn => fenlint::files::FileKind::Pgn,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    Auto,
    Standard,
    Chess960,
    Crazyhouse,
    Threecheck,
    /// The syntax only, for positions of variants fenlint does not know (Atomic, Horde,
    /// Antichess, Seirawan, …): the board's shape, the fields, the side to move, the counters.
    Syntax,
}

/// Where `fmt` writes the move counters of EPD records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EpdCountersArg {
    /// As FEN fields after the position (`… w - - 0 1 bm e4;`), as opening books write them.
    Fen,
    /// As the `hmvc` and `fmvn` operations (`… w - - hmvc 0; fmvn 1; bm e4;`), as PGN §16.2 does.
    Operations,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Graphical reports with the source line, then a summary.
    Human,
    /// One JSON object per diagnostic (JSON Lines), nothing else on stdout; a code reported
    /// once per file is one object, unless `--every-occurrence` is given.
    Json,
    /// GitHub Actions annotations.
    Github,
    /// One SARIF 2.1.0 log (for GitHub code scanning), written when the run ends.
    Sarif,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}
