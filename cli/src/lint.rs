//! Linting one input: a file of lines in batches through the pipeline, or a PGN file (or a
//! file of lone `\r` line ends) read whole; the findings handed on in input order.

use std::io::{self, BufRead, BufReader, Read};
use std::{sync::Arc, thread};

use fenlint::files::{self, FileKind, OncePerFile};
use fenlint::suppression::Suppressor;
use fenlint::{Code, Diagnostic, Validator};

use crate::finding::{Finding, Totals};
use crate::input::{PositionedReader, STREAM_BUFFER_BYTES, Source};
use crate::lines::{Batch, Line, LineReader};
use crate::pipeline::{Stop, pipeline};
use crate::prescan::{FirstPass, Prescan, first_pass, twin_first_pass};
use crate::source::{LineSnippet, Place, Snippet};
use crate::unknown_variant::Verdicts;

impl Batch {
    /// Fills [`Batch::diagnostics`] and [`Batch::found`]: the diagnostics of each position line
    /// as `kind`, none for a comment line.
    fn lint(&mut self, kind: FileKind, validator: &Validator) {
        let Batch {
            bytes,
            lines,
            diagnostics,
            found,
            ..
        } = self;
        diagnostics.clear();
        found.clear();
        // The whole batch is checked for UTF-8 at once, which costs far less than a check per
        // line; a line that is UTF-8 on its own starts and ends at character boundaries of a
        // batch that is, so only a batch with bad bytes has its lines checked one by one.
        let text = simdutf8::basic::from_utf8(bytes).ok();
        for line in lines.iter() {
            if !line.position {
                found.push(0);
                continue;
            }
            let (offset, full_len) = (line.offset, line.full_len);
            let count = match text.and_then(|text| text.get(line.start..line.end)) {
                Some(content) => files::lint_text_line_head_into(
                    kind,
                    content,
                    full_len,
                    offset,
                    validator,
                    diagnostics,
                ),
                None => {
                    let content = bytes.get(line.start..line.end).unwrap_or_default();
                    let mut of_line =
                        files::lint_line_head(kind, content, full_len, offset, validator);
                    let count = of_line.len();
                    diagnostics.append(&mut of_line);
                    count
                }
            };
            found.push(count);
        }
    }
}

/// Lints `reader`, one FEN (or, for [`FileKind::Epd`], one EPD record) per line, calling
/// `report` for each finding in input order, but for the codes reported once per file
/// ([`fenlint::Code::once_per_file`]): the first of each, with how many more the file has, is
/// reported when the file's lines end. The file is read a batch of lines at a time, never
/// whole; the batches are linted on all available cores while this thread reads the next ones
/// and reports the linted ones in order ([`pipeline`]). `progress` is told how many bytes have
/// been reported on. A first pass reads the `allow-file` suppression comments (which may come
/// after the positions they silence); the unused ones are reported at the end. A stream read
/// once gets them from their line on, and its batches also end where its input read so far
/// does, so that its findings are reported as it is read.
pub fn lint_lines(
    path: &Arc<str>,
    kind: FileKind,
    source: Source<'_>,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Stop> {
    let rewindable = matches!(source, Source::File(_) | Source::Rewindable(_));
    let twin = match &source {
        Source::File(file) => PositionedReader::twin(file),
        _ => None,
    };
    let mut reader = BufReader::with_capacity(64 << 10, source);
    // A file that is not text (UTF-16, binary data) is one finding that says so, not a line of
    // garbage per line.
    let head = loop {
        match reader.fill_buf() {
            Ok(head) => break head,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(Stop::Read(error)),
        }
    };
    if let Some(diagnostic) = files::not_text(head) {
        if let Some(severity) = validator.severity_of(diagnostic.code()) {
            let line = head.split(|&byte| byte == b'\n').next().unwrap_or_default();
            let line = line.get(..200).unwrap_or(line);
            let snippet = Snippet::new(path, line, 0, 0);
            let diagnostic = diagnostic.with_severity(severity);
            report(Finding::new(path, &diagnostic, &snippet)).map_err(Stop::Output)?;
        }
        return Ok(());
    }
    // A file whose lines end with a lone `\r` (classic Mac OS) is not split at `\n`s: it is
    // read whole and linted by the library's file reader, which knows every line ending.
    if has_lone_cr(head) {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(Stop::Read)?;
        let diagnostics = files::lint_file(kind, &bytes, validator);
        totals.fens = totals.fens.saturating_add(
            fenlint_lines(&bytes)
                .filter(|line| files::is_position_line(line))
                .count(),
        );
        progress(bytes.len());
        return report_whole(path, &bytes, diagnostics, report);
    }
    thread::scope(|scope| {
        // The first pass reads a regular file through a second handle on another thread while
        // the lines are linted, and the findings wait for it; otherwise it runs first.
        let mut prescan = match twin {
            Some(twin) => Prescan::running(scope.spawn(move || twin_first_pass(twin, validator))),
            None if rewindable => {
                Prescan::done(first_pass(&mut reader, validator).map_err(Stop::Read)?)
            }
            None => Prescan::done(FirstPass::empty(validator)),
        };
        lint_batches(
            path,
            kind,
            LineReader::new(reader, !rewindable),
            &mut prescan,
            validator,
            totals,
            report,
            progress,
        )
    })
}

/// The lint pass of [`lint_lines`], over the lines of `lines`, with the suppressions of
/// `prescan`.
#[allow(clippy::too_many_arguments)]
fn lint_batches<R: Read>(
    path: &Arc<str>,
    kind: FileKind,
    mut lines: LineReader<R>,
    prescan: &mut Prescan<'_>,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Stop> {
    let mut reporter = Reporter {
        path,
        kind,
        hinted: None,
        rewindable: !lines.stream,
        directives: Vec::new(),
        once: (!validator.reports_every_occurrence()).then(OncePerFile::new),
        reported: Reported::default(),
        verdicts: Verdicts::default(),
        report,
    };
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let stream = lines.stream;
    pipeline(
        threads,
        |batch: &mut Batch| lines.fill(batch),
        |batch: &mut Batch| batch.lint(kind, validator),
        |batch: &mut Batch| {
            let found = prescan.found()?;
            if stream {
                // A stream read once: what the lines read so far say.
                found.hints.add_lines(&batch.bytes);
            }
            let says = (found.hints.crazyhouse, found.hints.chess960);
            if says != (false, false)
                && reporter
                    .hinted
                    .as_ref()
                    .is_none_or(|(said, _)| *said != says)
            {
                reporter.hinted = Some((says, found.hints.apply(validator).into_owned()));
            }
            let positions = batch.lines.iter().filter(|line| line.position).count();
            totals.fens = totals.fens.saturating_add(positions);
            reporter.batch(batch, &mut found.suppressor)?;
            progress(batch.end);
            Ok(())
        },
    )?;
    let suppressor =
        std::mem::replace(&mut prescan.found()?.suppressor, Suppressor::new(validator));
    let verdicts = reporter.verdicts;
    reporter.finish(suppressor)?;
    totals
        .notes
        .extend(verdicts.note(&crate::source::shown_name(path), validator));
    Ok(())
}

/// What the lint pass keeps from batch to batch as it reports their findings, in order.
struct Reporter<'p, 'r> {
    path: &'p Arc<str>,
    kind: FileKind,
    /// The validator for the lines of a file whose positions say crazyhouse or Chess960 (see
    /// [`files::FileHints`]), once the first pass has found that they do, with what they say
    /// (crazyhouse, Chess960). The lines are linted before it is over, without the hints; a
    /// hint changes only what is said of a ninth `/` group (`fen::placement::too_many_ranks`
    /// without it) or of X-FEN's `K`/`Q` beside an empty corner (`fen::castling::no_rook`), so
    /// only the lines that have those are linted again.
    hinted: Option<((bool, bool), Validator)>,
    /// Whether the input is read whole before its findings are reported (else it is a stream
    /// read once).
    rewindable: bool,
    /// The suppression comments seen, by offset: the unused ones are reported after the lines
    /// below them.
    directives: Vec<(usize, Snippet)>,
    /// The first finding of each code reported once per file, with its line, reported when the
    /// file ends with how many more there were; `None` when every occurrence is reported where
    /// it is ([`Validator::every_occurrence`]).
    once: Option<OncePerFile<Snippet>>,
    /// A stream read once: the codes reported so far, so that an `allow-file` comment that
    /// comes after some of its findings were reported (which it cannot take back) says so.
    reported: Reported,
    /// What the positions were found to be, for the note on a variant fenlint does not know.
    verdicts: Verdicts,
    report: &'r mut dyn FnMut(Finding<'_>) -> io::Result<()>,
}

impl Reporter<'_, '_> {
    /// Whether `diagnostic` is held back for the file's end, as the first (or a later one) of
    /// a code reported once per file (see [`OncePerFile::take`], which keeps what `keep` gives
    /// with the first); never when every occurrence is reported where it is.
    fn held(&mut self, diagnostic: &Diagnostic, keep: impl FnOnce() -> Snippet) -> bool {
        self.once
            .as_mut()
            .is_some_and(|once| !once.take(diagnostic, keep))
    }

    /// Reports the findings of `batch`, linted, through `suppressor`.
    fn batch(&mut self, batch: &Batch, suppressor: &mut Suppressor) -> Result<(), Stop> {
        let mut at = 0usize;
        for (line, &count) in batch.lines.iter().zip(&batch.found) {
            let content = batch.bytes.get(line.start..line.end).unwrap_or_default();
            let end = at.saturating_add(count);
            let mut diagnostics = batch.diagnostics.get(at..end).unwrap_or_default();
            at = end;
            let relinted;
            if let Some((_, validator)) = &self.hinted
                && diagnostics.iter().any(|diagnostic| {
                    matches!(
                        diagnostic.code(),
                        Code::PlacementTooManyRanks | Code::CastlingNoRook
                    )
                })
            {
                relinted = files::lint_line_head(
                    self.kind,
                    content,
                    line.full_len,
                    line.offset,
                    validator,
                );
                diagnostics = &relinted;
            }
            if line.position {
                self.verdicts.add(diagnostics);
            }
            let diagnostics = diagnostics.iter();
            if line.position && suppressor.silences_nothing() {
                // Almost every line: its diagnostics go straight to the report.
                self.position_line(line, content, diagnostics)?;
            } else {
                let diagnostics = diagnostics.cloned().collect();
                self.suppressed_line(line, content, diagnostics, suppressor)?;
            }
        }
        Ok(())
    }

    /// Reports `diagnostics`, those of the position `line` (whose text is `content`) that no
    /// suppression comment can silence.
    fn position_line<'d>(
        &mut self,
        line: &Line,
        content: &[u8],
        diagnostics: impl Iterator<Item = &'d Diagnostic>,
    ) -> Result<(), Stop> {
        let snippet = LineSnippet::new(self.path, content, line.offset, line.number);
        for diagnostic in diagnostics {
            if !self.rewindable {
                self.reported.add(diagnostic.code());
            }
            if self.held(diagnostic, || snippet.snippet().clone()) {
                continue;
            }
            (self.report)(Finding::on(self.path, diagnostic, Place::Line(&snippet)))
                .map_err(Stop::Output)?;
        }
        Ok(())
    }

    /// Reports what `suppressor` leaves of `diagnostics`, those of `line` (whose text is
    /// `content`): a position line's, or the unused codes of a suppression comment.
    fn suppressed_line(
        &mut self,
        line: &Line,
        content: &[u8],
        diagnostics: Vec<Diagnostic>,
        suppressor: &mut Suppressor,
    ) -> Result<(), Stop> {
        let diagnostics = if line.position {
            suppressor.position(line.number, diagnostics)
        } else {
            if !self.rewindable {
                // Read once: an `allow-file` comment applies from here on.
                self.reported
                    .warn_if_late(self.path, line.number, content, line.offset);
                suppressor.scan_line(content, line.offset);
            }
            suppressor.comment_line(line.number, content, line.offset)
        };
        if diagnostics.is_empty() && line.position {
            return Ok(());
        }
        // Copied into a snippet only if a format asks for its text.
        let snippet = LineSnippet::new(self.path, content, line.offset, line.number);
        if !line.position {
            self.directives
                .push((line.offset, snippet.snippet().clone()));
        }
        for diagnostic in diagnostics {
            if !self.rewindable {
                self.reported.add(diagnostic.code());
            }
            if self.held(&diagnostic, || snippet.snippet().clone()) {
                continue;
            }
            // The unused codes of a suppression comment above this line are on that line.
            let start = diagnostic.span().start;
            let place = if start < line.offset {
                directive_snippet(&self.directives, start)
                    .map_or(Place::Line(&snippet), Place::Snippet)
            } else {
                Place::Line(&snippet)
            };
            (self.report)(Finding::on(self.path, &diagnostic, place)).map_err(Stop::Output)?;
        }
        Ok(())
    }

    /// Reports what waits for the end of the file: the first finding of each code reported
    /// once per file, then the unused suppressions of `suppressor`.
    fn finish(self, suppressor: Suppressor) -> Result<(), Stop> {
        for (diagnostic, snippet) in self.once.map(OncePerFile::finish).unwrap_or_default() {
            (self.report)(Finding::new(self.path, &diagnostic, &snippet)).map_err(Stop::Output)?;
        }
        for diagnostic in suppressor.finish() {
            let Some(snippet) = directive_snippet(&self.directives, diagnostic.span().start) else {
                continue;
            };
            (self.report)(Finding::new(self.path, &diagnostic, snippet)).map_err(Stop::Output)?;
        }
        Ok(())
    }
}

/// The codes reported so far in a stream read once (see [`lint_batches`]).
#[derive(Default)]
struct Reported {
    codes: std::collections::HashSet<fenlint::Code>,
}

impl Reported {
    fn add(&mut self, code: fenlint::Code) {
        self.codes.insert(code);
    }

    /// Says on stderr when the comment `line` (0-based number `number`, at `offset`) of the
    /// stream `path` is an `allow-file` directive naming codes already reported: in a stream
    /// read once it applies from its line on, unlike in a file (or in `check --fix -`, which
    /// reads standard input whole), where it applies to every line.
    fn warn_if_late(&self, path: &str, number: usize, line: &[u8], offset: usize) {
        if self.codes.is_empty() {
            return;
        }
        let Some(directive) = fenlint::suppression::Directive::of_line(line, offset) else {
            return;
        };
        if directive.scope() != fenlint::suppression::Scope::File {
            return;
        }
        let late: Vec<&str> = directive
            .codes()
            .iter()
            .filter(|(code, _)| self.codes.contains(code))
            .map(|(code, _)| code.name())
            .collect();
        if late.is_empty() {
            return;
        }
        crate::closed::say!(
            "fenlint: warning: {}:{}: `allow-file {}` comes after findings of {} were reported: \
             an input read as it comes (a stream longer than {} MiB) is linted as it is read, so \
             the comment applies from its line on (name the file instead, or put the comment \
             before the positions)",
            crate::source::shown_name(path),
            number.saturating_add(1),
            late.join(", "),
            if late.len() == 1 { "it" } else { "them" },
            STREAM_BUFFER_BYTES >> 20
        );
    }
}

/// The snippet of the suppression comment at `offset`, among those kept in `directives`.
fn directive_snippet(directives: &[(usize, Snippet)], offset: usize) -> Option<&Snippet> {
    let at = directives.partition_point(|(start, _)| *start <= offset);
    directives
        .get(at.checked_sub(1)?)
        .map(|(_, snippet)| snippet)
}

/// The first bytes of a PGN input, which tell whether it is text at all (see
/// [`files::not_text`]).
const PGN_HEAD: u64 = 8192;

/// The most bytes of PGN read: a PGN file is read whole, so that an endless input
/// (`yes '[Event "x"]' | fenlint check --kind pgn -`) ends at this bound with an error.
const MAX_PGN_LEN: u64 = 1 << 30;

/// Lints a whole PGN file, calling `report` for each finding in order. Each finding carries
/// the lines its labels are on, found through the line starts of the file, found once, so that
/// a file of 100,000 games costs no more per game than a file of one.
pub fn lint_pgn(
    path: &Arc<str>,
    mut reader: impl Read,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
) -> Result<(), Stop> {
    // A file that is not text (binary data, an endless stream of NULs) is one finding that
    // says so, from its first bytes, and is read no further.
    let mut bytes = Vec::new();
    (&mut reader)
        .take(PGN_HEAD)
        .read_to_end(&mut bytes)
        .map_err(Stop::Read)?;
    if files::not_text(&bytes).is_some() {
        let diagnostics = files::lint_file(FileKind::Pgn, &bytes, validator);
        return report_whole(path, &bytes, diagnostics, report);
    }
    // A PGN file is read whole (its games' tags and suppression comments may be anywhere), up
    // to a bound, so that an endless stream ends with an error rather than all the memory.
    reader
        .take(MAX_PGN_LEN.saturating_sub(PGN_HEAD).saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(Stop::Read)?;
    if bytes.len() as u64 > MAX_PGN_LEN {
        return Err(Stop::Read(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a PGN input over {} GiB is not read, as it is read whole: split it into smaller files of games",
                MAX_PGN_LEN >> 30
            ),
        )));
    }
    let diagnostics = files::lint_file(FileKind::Pgn, &bytes, validator);
    if files::not_text(&bytes).is_none() {
        // Bytes that are not UTF-8 do not move the tags: `?` for each keeps every offset.
        let text = String::from_utf8_lossy(&bytes);
        totals.fens = totals.fens.saturating_add(
            fenlint::pgn::read(&text, 0)
                .games()
                .iter()
                .filter(|game| game.tag("FEN").is_some())
                .count(),
        );
    }
    report_whole(path, &bytes, diagnostics, report)
}

/// Whether `bytes` has a `\r` that no `\n` follows ([`files::has_lone_cr`]), found with
/// `memchr`: a file's first buffer is searched, and the usual file has no `\r` at all.
fn has_lone_cr(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'\r', bytes).any(|at| bytes.get(at.saturating_add(1)) != Some(&b'\n'))
}

/// The contents of the lines of `bytes`, without their endings (`\n`, `\r\n` or a lone
/// `\r`).
fn fenlint_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let starts = files::line_starts(bytes);
    let ends: Vec<usize> = starts
        .iter()
        .skip(1)
        .copied()
        .chain([bytes.len()])
        .collect();
    starts.into_iter().zip(ends).map(move |(start, end)| {
        let line = bytes.get(start..end).unwrap_or_default();
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        line.strip_suffix(b"\r").unwrap_or(line)
    })
}

/// Reports the `diagnostics` of a file read whole, `bytes`, in order, each with the lines its
/// labels are on, found through the line starts of the file, found once, so that a file of
/// 100,000 games costs no more per game than a file of one.
fn report_whole(
    path: &Arc<str>,
    bytes: &[u8],
    diagnostics: Vec<Diagnostic>,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
) -> Result<(), Stop> {
    // The snippets are cut at `\n`: a lone `\r` becomes one (the offsets stay as they are).
    let shown: std::borrow::Cow<'_, [u8]> = if files::has_lone_cr(bytes) {
        let mut shown = bytes.to_vec();
        let lone = (0..bytes.len()).filter(|&at| {
            bytes.get(at) == Some(&b'\r') && bytes.get(at.saturating_add(1)) != Some(&b'\n')
        });
        for at in lone {
            if let Some(byte) = shown.get_mut(at) {
                *byte = b'\n';
            }
        }
        std::borrow::Cow::Owned(shown)
    } else {
        std::borrow::Cow::Borrowed(bytes)
    };
    let bytes = shown.as_ref();
    let starts = files::line_starts(bytes);
    for diagnostic in diagnostics {
        let (offset, line, lines) = covering_lines(bytes, &starts, &diagnostic);
        let snippet = Snippet::new(path, lines, offset, line);
        report(Finding::new(path, &diagnostic, &snippet)).map_err(Stop::Output)?;
    }
    Ok(())
}

/// The whole lines of `bytes` (whose lines start at `starts`) that the labels of `diagnostic`
/// are on, with one line of context before and after (as miette shows): their byte offset, the
/// 0-based number of the first, and their bytes.
fn covering_lines<'b>(
    bytes: &'b [u8],
    starts: &[usize],
    diagnostic: &Diagnostic,
) -> (usize, usize, &'b [u8]) {
    let spans = diagnostic.labels().iter().map(fenlint::Label::span);
    let start = spans.clone().map(|span| span.start).min().unwrap_or(0);
    let end = spans.map(|span| span.end).max().unwrap_or(start);
    let line_of = |offset: usize| {
        starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    };
    let first = line_of(start).saturating_sub(1);
    let last = line_of(end).saturating_add(1);
    let from = starts.get(first).copied().unwrap_or(0).min(bytes.len());
    // The end of line `last`: the start of the next line without its `\n`, or the end.
    let to = starts
        .get(last.saturating_add(1))
        .map_or(bytes.len(), |&next| next.saturating_sub(1))
        .clamp(from, bytes.len());
    let to = if bytes
        .get(..to)
        .is_some_and(|before| before.ends_with(b"\r"))
    {
        to.saturating_sub(1).max(from)
    } else {
        to
    };
    (from, first, bytes.get(from..to).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::tests::Trickle;

    /// Lints the lines of `source`, the file `path`, into `report`; what was linted.
    fn lint_into(
        path: &str,
        source: Source<'_>,
        report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
    ) -> Totals {
        let mut totals = Totals::default();
        lint_lines(
            &path.into(),
            FileKind::Lines,
            source,
            &Validator::new(),
            &mut totals,
            report,
            &mut |_| {},
        )
        .unwrap();
        totals
    }

    /// The codes `lint_lines` reports for `text` read from `source`.
    fn codes_of(text: &'static str, source: Source<'static>) -> Vec<&'static str> {
        let mut codes = Vec::new();
        let totals = lint_into("-", source, &mut |finding: Finding<'_>| {
            codes.push(finding.diagnostic.code().name());
            Ok(())
        });
        assert_eq!(
            totals.fens,
            text.lines().filter(|l| !l.starts_with('#')).count()
        );
        codes
    }

    #[test]
    fn allow_file_applies_to_the_whole_input_or_from_its_line_in_a_stream_read_once() {
        let text = "8/8/8/4k3/8/8/8/4K3\n# fenlint: allow-file fen::fields::missing\n8/8/8/4k3/8/8/8/4K3\n";
        let whole = codes_of(text, Source::Rewindable(Box::new(io::Cursor::new(text))));
        assert_eq!(whole, Vec::<&str>::new());
        let once = codes_of(text, Source::Once(Box::new(io::Cursor::new(text))));
        assert_eq!(once, ["fen::fields::missing"]);
    }

    /// What `lint_lines` reports for `source`: each finding's code, span, and the text, offset
    /// and line number of its snippet.
    fn findings_of(source: Source<'_>) -> Vec<(String, usize, usize, String, usize, usize)> {
        let mut findings = Vec::new();
        lint_into("in", source, &mut |finding: Finding<'_>| {
            let span = finding.diagnostic.span();
            findings.push((
                finding.diagnostic.code().name().to_owned(),
                span.start,
                span.end,
                finding.place.snippet().text.to_string(),
                finding.place.snippet().offset,
                finding.place.snippet().line,
            ));
            Ok(())
        });
        findings
    }

    #[test]
    fn a_stream_that_trickles_in_gets_the_findings_of_the_same_text_read_at_once() {
        let mut text = String::new();
        for number in 0..3000 {
            text.push_str(match number % 7 {
                0 => "8/8/8/4k3/8/8/8/4K3 w - - 0 1\r\n",
                1 => "8/8/8/4k3/8/8/8/4K3\n",
                2 => "# fenlint: allow fen::fields::missing bogus::code\n",
                3 => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\n",
                4 => "\n",
                5 => "# just a comment\r\n",
                _ => "8/8/8/4k3/8/8/8/4K3 w - - 0 1 extra\r\n",
            });
        }
        text.push_str("8/8/8/4k3/9/8/8/4K3 w - - 0 1");
        let whole = findings_of(Source::Rewindable(Box::new(io::Cursor::new(text.clone()))));
        assert!(whole.len() > 1000, "{}", whole.len());
        let at_once = findings_of(Source::Once(Box::new(io::Cursor::new(text.clone()))));
        assert_eq!(at_once, whole);
        for step in [1, 7, 100, 5000] {
            let trickle = findings_of(Source::Once(Box::new(Trickle::new(text.as_bytes(), step))));
            assert_eq!(trickle, whole, "{step}");
        }
    }

    #[test]
    fn each_line_of_a_batch_with_bad_bytes_gets_the_findings_it_gets_alone() {
        // Valid lines around a line with a bad byte, and a two-byte character cut in two by a
        // line break: the second half starts a line, so the batch as a whole is UTF-8 while
        // neither line is.
        let lines: [&[u8]; 6] = [
            b"8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            b"8/8/8/4k3/8/8/8/4K3 w - - 0 \xff",
            b"8/8/8/4k\xc3\xa93/8/8/8/4K3 w - - 0 1",
            b"8/8/8/4k3/8/8/8/4K3 w - - 0 1 \xc3",
            b"\xa9 8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
        ];
        let text = lines.join(&b'\n');
        let found: Vec<(String, usize, usize)> =
            findings_of(Source::Once(Box::new(io::Cursor::new(text.clone()))))
                .into_iter()
                .map(|(code, start, end, ..)| (code, start, end))
                .collect();
        let mut alone = Vec::new();
        let mut offset = 0;
        for line in lines {
            for diagnostic in files::lint_line(FileKind::Lines, line, offset, &Validator::new()) {
                let span = diagnostic.span();
                alone.push((diagnostic.code().name().to_owned(), span.start, span.end));
            }
            offset += line.len() + 1;
        }
        assert_eq!(found, alone);
        let codes: Vec<&str> = found.iter().map(|(code, ..)| code.as_str()).collect();
        assert_eq!(
            codes
                .iter()
                .filter(|&&code| code == "fen::input::invalid_utf8")
                .count(),
            3,
            "{codes:?}"
        );
    }
}
