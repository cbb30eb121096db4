//! Whole files of positions: which lines hold a position, every diagnostic of a file, every fix
//! applied and every position formatted, for any front end (the command, an editor, a script).
//!
//! Three kinds of file are read ([`FileKind`]): one FEN per line, one EPD record per line, and
//! PGN games with `[FEN]` tags. Spans are byte offsets into the whole file; a
//! [`LineIndex`](crate::LineIndex) turns them into lines and columns.
//!
//! ```
//! use fenlint::files::{FileKind, fix_file, lint_file};
//! use fenlint::Validator;
//!
//! let text = b"# two positions\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n";
//! let diagnostics = lint_file(FileKind::Lines, text, &Validator::new());
//! assert!(diagnostics.iter().any(|d| d.code().name() == "fen::castling::order"));
//!
//! let fixed = fix_file(FileKind::Lines, text, &Validator::new());
//! assert_eq!(fixed.applied, 1);
//! assert!(fixed.text.ends_with(b"w KQ - 0 1\n"));
//! ```

mod fix;
mod format;
mod hints;
mod lines;
mod lint;
mod perft_script;

pub use crate::file_kind::FileKind;
pub use fix::{Fixed, apply_fixes, fix_file};
pub use format::{Formatted, canonical_fen, format_file, format_file_as, format_lines_as};
pub use hints::{FileHints, may_have_slash_holdings, may_say_chess960};
pub(crate) use lines::line_len;
pub use lines::{has_lone_cr, is_position_line, line_starts, lines};
pub use lint::{
    OncePerFile, binary, invalid_utf8, lint_file, lint_line, lint_line_head, lint_text_line,
    lint_text_line_head, lint_text_line_head_into, not_text, utf16,
};
pub use perft_script::{is_perft_script_directive, perft_script_position};

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::fix::{FIX_PASSES, fix_with, inside_a_character};
    use super::lint::lint_every;
    use super::*;
    use crate::position::{Variant, WriteOptions};
    use crate::{Code, Diagnostic, Validator};

    /// A fix may end before a byte that is not UTF-8, even one in the range of a character's
    /// later bytes; it never ends or starts inside a character that is UTF-8.
    #[test]
    fn a_fix_cuts_before_a_byte_that_is_not_utf8_but_never_inside_a_character() {
        let bytes = "[FEN \"1R w QKkq\u{8b}q\"]".as_bytes();
        let mut latin1 = b"[FEN \"1R w QKkq\x8Bq\xB4\xB4\"]".to_vec();
        for (text, offset, inside) in [
            (latin1.as_slice(), 17, false),
            (latin1.as_slice(), 18, false),
            (bytes, 15, false),
            (bytes, 16, true),
            ("é😀".as_bytes(), 1, true),
            ("é😀".as_bytes(), 3, true),
            ("é😀".as_bytes(), 5, true),
            ("é😀".as_bytes(), 6, false),
        ] {
            assert_eq!(
                inside_a_character(text, offset),
                inside,
                "{text:?} {offset}"
            );
        }
        let diagnostics = lint_file(FileKind::Pgn, &latin1, &Validator::new());
        let fixed = apply_fixes(
            &latin1,
            diagnostics
                .iter()
                .filter(|diagnostic| diagnostic.code() == crate::Code::CastlingDuplicate)
                .filter_map(Diagnostic::fix),
        );
        assert_eq!(fixed.applied, 1, "{diagnostics:?}");
        latin1.remove(16);
        assert_eq!(fixed.text, latin1);
    }

    /// A code reported once per file is reported at its first occurrence, with the count of
    /// the others in its message, in every kind of file; the others codes are all reported.
    #[test]
    fn a_code_reported_once_per_file_is_reported_once_with_a_count() {
        let zero = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
        let lines = format!("# problems\n{zero}\n8/8/8/8/8/8/8/4K3 w - - 0 0\n{zero}\n");
        let epd = "4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;\n8/8/8/8/8/8/8/4K3 w - - fmvn 0;\n";
        let pgn = format!(
            "[SetUp \"1\"]\n[FEN \"{zero}\"]\n\n*\n\n[SetUp \"1\"]\n[FEN \"{zero}\"]\n\n*\n"
        );
        for (kind, text, more, others) in [
            (FileKind::Lines, lines.as_str(), 2, 1),
            (FileKind::Epd, epd, 1, 1),
            (FileKind::Pgn, pgn.as_str(), 1, 0),
        ] {
            let every = lint_every(kind, text.as_bytes(), &Validator::new());
            let reported = lint_file(kind, text.as_bytes(), &Validator::new());
            let zeros: Vec<&Diagnostic> = reported
                .iter()
                .filter(|d| d.code() == crate::Code::FullmoveZero)
                .collect();
            assert_eq!(zeros.len(), 1, "{kind:?}: {reported:?}");
            let first = every
                .iter()
                .find(|d| d.code() == crate::Code::FullmoveZero)
                .unwrap();
            assert_eq!(zeros[0].span(), first.span(), "{kind:?}");
            assert_eq!(
                zeros[0].message(),
                format!("{} (and {more} more in this file)", first.message())
            );
            assert_eq!(reported.len(), 1 + others, "{kind:?}: {reported:?}");
            assert_eq!(every.len(), 1 + more + others, "{kind:?}: {every:?}");
            // Still in order of their spans.
            assert!(reported.is_sorted_by_key(|d| d.span().start), "{kind:?}");
            // `--fix` fixes every occurrence.
            let fixed = fix_file(kind, text.as_bytes(), &Validator::new());
            assert_eq!(fixed.applied, 1 + more, "{kind:?}");
        }
        // One occurrence: its message as it is.
        let one = lint_file(FileKind::Lines, zero.as_bytes(), &Validator::new());
        assert_eq!(one[0].message(), "fullmove number 0, expected 1 or more");
    }

    /// Whitespace after every line's FEN is one writer's habit: one warning for the file, with
    /// the count, and the fix removes it from every line.
    #[test]
    fn trailing_whitespace_on_every_line_is_one_warning() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1  \n4k3/8/8/8/8/8/8/3K4 b - - 0 1 \t\n4k3/8/8/8/8/8/8/5K2 w - - 0 1\n";
        let reported = lint_file(FileKind::Lines, text.as_bytes(), &Validator::new());
        let [trailing] = reported.as_slice() else {
            panic!("{reported:?}");
        };
        assert_eq!(trailing.code(), crate::Code::WhitespaceTrailing);
        assert!(
            trailing.message().ends_with("(and 1 more in this file)"),
            "{}",
            trailing.message()
        );
        let fixed = fix_file(FileKind::Lines, text.as_bytes(), &Validator::new());
        assert_eq!(
            String::from_utf8(fixed.text).unwrap(),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/3K4 b - - 0 1\n4k3/8/8/8/8/8/8/5K2 w - - 0 1\n"
        );
    }

    /// Severity overrides and suppression comments apply before the tally: the first
    /// occurrence reported is the first not silenced, with the severity in force.
    #[test]
    fn once_per_file_counts_what_is_reported() {
        let zero = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
        let text = format!("# fenlint: allow fen::fullmove_number::zero\n{zero}\n{zero}\n{zero}\n");
        let denied =
            Validator::new().with_severity(crate::Code::FullmoveZero, crate::Severity::Error);
        let reported = lint_file(FileKind::Lines, text.as_bytes(), &denied);
        assert_eq!(reported.len(), 1, "{reported:?}");
        assert_eq!(reported[0].severity(), crate::Severity::Error);
        assert_eq!(
            reported[0].span().start,
            text.find('\n').unwrap() + 1 + zero.len() + 1 + 28
        );
        assert!(reported[0].message().ends_with("(and 1 more in this file)"));
        let allowed = Validator::new().allow(crate::Code::FullmoveZero);
        let reported = lint_file(FileKind::Lines, text.as_bytes(), &allowed);
        // The comment silences nothing when the code is not reported at all.
        assert!(
            reported
                .iter()
                .all(|d| d.code() != crate::Code::FullmoveZero)
        );
    }

    #[test]
    fn the_tally_reports_other_codes_at_once_and_keeps_the_first_of_the_others() {
        let validator = Validator::new();
        let mut tally = OncePerFile::new();
        let first = lint_line(
            FileKind::Lines,
            b"8/8/8/8/8/8/8/4K3 w - - 0 0",
            0,
            &validator,
        );
        let taken: Vec<bool> = first.iter().map(|d| tally.take(d, || "first")).collect();
        assert_eq!(taken, [true, false]);
        assert!(!tally.is_empty());
        for offset in [30, 60] {
            let again = lint_line(
                FileKind::Lines,
                b"4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                offset,
                &validator,
            );
            assert!(!tally.take(&again[0], || "later"));
        }
        let held = tally.finish();
        assert_eq!(held.len(), 1);
        assert_eq!(held[0].1, "first");
        assert_eq!(held[0].0.span(), first[1].span());
        assert!(held[0].0.message().ends_with(" (and 2 more in this file)"));
        assert!(OncePerFile::<()>::new().finish().is_empty());
    }

    /// Formatting writes the fields a FEN gives, in canonical form, and makes up none.
    #[test]
    fn formatting_makes_up_no_field() {
        let options = WriteOptions::default();
        for (fen, written) in [
            ("8/8/8/2K5/4k3/8/8/8", "8/8/8/2K5/4k3/8/8/8"),
            ("4k3/8/8/8/8/8/8/4K3  b", "4k3/8/8/8/8/8/8/4K3 b"),
            ("4k3/8/8/8/8/8/8/R3K3 w Q", "4k3/8/8/8/8/8/8/R3K3 w Q"),
            ("4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - -"),
            ("4k3/8/8/8/8/8/8/4K3 b - - 7", "4k3/8/8/8/8/8/8/4K3 b - - 7"),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 03+3",
                "4k3/8/8/8/8/8/8/4K3 w - - 3+3",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 2+1 4",
                "4k3/8/8/8/8/8/8/4K3 w - - 2+1 4",
            ),
            // All six fields: the canonical dialect, checks given at the end.
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 2+1 4 9",
                "4k3/8/8/8/8/8/8/4K3 w - - 4 9 +1+2",
            ),
        ] {
            assert_eq!(
                canonical_fen(fen, None, &options).as_deref(),
                Some(written),
                "{fen}"
            );
        }
    }

    /// A ninth `/` group of piece letters is holdings in a file whose other lines say
    /// crazyhouse, for every reader of whole files; a rank too many (with its fix, for a bare
    /// `/`) in a file without one, and when the file is read as standard chess.
    #[test]
    fn a_crazyhouse_file_reads_slash_holdings() {
        let slash = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1\n";
        let crazyhouse = [slash, "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1\n"].concat();
        let validator = Validator::new();
        let standard = Validator::new().variant(Variant::Standard);
        for kind in [FileKind::Lines, FileKind::Epd] {
            let too_many = |bytes: &[u8], validator: &Validator| {
                lint_file(kind, bytes, validator)
                    .iter()
                    .filter(|d| d.code() == Code::PlacementTooManyRanks)
                    .count()
            };
            assert_eq!(too_many(crazyhouse.as_bytes(), &validator), 0, "{kind:?}");
            assert_eq!(too_many(crazyhouse.as_bytes(), &standard), 1, "{kind:?}");
            assert_eq!(too_many(slash.as_bytes(), &validator), 1, "{kind:?}");
            assert_eq!(fix_file(kind, crazyhouse.as_bytes(), &validator).applied, 0);
            assert_eq!(fix_file(kind, slash.as_bytes(), &validator).applied, 1);
        }
        let options = WriteOptions::default();
        let formatted = format_file(FileKind::Lines, crazyhouse.as_bytes(), &options);
        assert!(
            formatted
                .text
                .starts_with(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w")
        );
        assert_eq!(
            format_file(FileKind::Lines, slash.as_bytes(), &options).skipped,
            [1]
        );
        // A piece of the file read a batch at a time, with the whole file's hints.
        let hints = FileHints::of(FileKind::Lines, crazyhouse.as_bytes());
        let piece = format_lines_as(FileKind::Lines, slash.as_bytes(), &options, None, hints);
        assert_eq!(piece.changed, 1);
    }

    /// NUL bytes after a record are said once per file and removed by the fix; the record
    /// before them is read, and formatted with them kept.
    #[test]
    fn trailing_nuls_are_said_once_and_fixed() {
        let text =
            b"4k3/8/8/8/8/8/8/4K3  w - - id \"a\";\0\n4k3/8/8/8/8/8/8/3K4 w - - id \"b\";\0\0\n";
        let validator = Validator::new();
        let found = lint_file(FileKind::Epd, text, &validator);
        let codes: Vec<&str> = found.iter().map(|d| d.code().name()).collect();
        assert_eq!(
            codes,
            ["fen::whitespace::separator", "fen::input::trailing_nul"]
        );
        assert_eq!(found[1].span(), crate::Span::new(34, 35));
        assert!(
            found[1].message().contains("(and 1 more in this file)"),
            "{}",
            found[1].message()
        );
        let fixed = fix_file(FileKind::Epd, text, &validator);
        assert_eq!(
            fixed.text,
            b"4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\n4k3/8/8/8/8/8/8/3K4 w - - id \"b\";\n"
        );
        let formatted = format_file(FileKind::Epd, text, &WriteOptions::default());
        assert_eq!(formatted.changed, 1);
        assert_eq!(
            formatted.text,
            b"4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\0\n4k3/8/8/8/8/8/8/3K4 w - - id \"b\";\0\0\n"
        );
        // A FEN line too.
        let fen = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\0\n";
        let codes: Vec<Code> = lint_file(FileKind::Lines, fen, &validator)
            .iter()
            .map(|d| d.code())
            .collect();
        assert_eq!(codes, [Code::InputTrailingNul]);
    }

    #[test]
    fn fixing_converges_on_ambiguous_castling_letters() {
        // `castling::ambiguous` turns `K` into `H`; were `mixed_notation` to turn it back,
        // `--fix` would rewrite the file again and again.
        let text = b"1r1k2rr/ppppppp1/8/8/8/8/PPPPPPP1/1R1K2RR w KQkq - 0 1\n";
        let fixed = fix_file(FileKind::Lines, text, &Validator::new());
        assert_eq!(fixed.applied, 2);
        assert_eq!(
            fixed.text,
            b"1r1k2rr/ppppppp1/8/8/8/8/PPPPPPP1/1R1K2RR w HQhq - 0 1\n"
        );
        let again = fix_file(FileKind::Lines, &fixed.text, &Validator::new());
        assert_eq!(again.applied, 0);
    }

    #[test]
    fn fixes_that_undo_one_another_stop_and_say_so() {
        // Two fixes that turn `a` into `b` and `b` back into `a`: the loop stops on the text it
        // has seen, keeps the one pass that changed something and does not claim to have
        // converged.
        let flip = |text: &[u8]| {
            let replacement = if text == b"a" { "b" } else { "a" };
            vec![
                Diagnostic::new(crate::Code::CastlingMixedNotation, "flip")
                    .with_fix(crate::Span::new(0, 1), replacement),
            ]
        };
        let fixed = fix_with(b"a", |text| {
            apply_fixes(text, flip(text).iter().filter_map(Diagnostic::fix))
        });
        assert_eq!((fixed.text.as_slice(), fixed.applied), (b"b".as_slice(), 1));
        assert!(!fixed.converged);
        // Fixes that never settle (each pass makes a new text) stop after the last pass.
        let grow = |text: &[u8]| {
            vec![
                Diagnostic::new(crate::Code::CastlingMixedNotation, "grow")
                    .with_fix(crate::Span::empty(text.len()), "x"),
            ]
        };
        let fixed = fix_with(b"", |text| {
            apply_fixes(text, grow(text).iter().filter_map(Diagnostic::fix))
        });
        assert_eq!(fixed.applied, FIX_PASSES);
        assert!(!fixed.converged);
        // Fixes that settle say so.
        let fixed = fix_file(
            FileKind::Lines,
            b"8/8/8/8/8/8/8/8 w QK - 0 1\n",
            &Validator::new(),
        );
        assert!(fixed.converged);
        assert_eq!(fixed.applied, 1);
    }

    #[test]
    fn a_fix_that_splits_a_character_is_skipped() {
        let diagnostics = crate::lint("8/8/8/8/8/8/8/8 w QK - 0 1").into_diagnostics();
        let Some(fix) = diagnostics.iter().find_map(Diagnostic::fix) else {
            panic!("no fix");
        };
        // The same span over text where it starts inside `é`.
        let mut text = "8/8/8/8/8/8/8/é".as_bytes().to_vec();
        text.resize(fix.span().end + 2, b' ');
        let start = fix.span().start;
        text[start - 1] = 0xC3;
        text[start] = 0xA9;
        let fixed = apply_fixes(&text, [fix]);
        assert_eq!(fixed.applied, 0);
        assert_eq!(fixed.text, text);
    }

    #[test]
    fn formatting_a_pgn_that_is_not_utf8_formats_the_rest_and_keeps_the_bad_bytes() {
        let text = b"[White \"M\xfcller\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3  w - - 0 1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 \xe9 - - 0 1\"]\n";
        let formatted = format_file(FileKind::Pgn, text, &WriteOptions::default());
        assert_eq!(
            formatted.text,
            b"[White \"M\xfcller\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 \xe9 - - 0 1\"]\n"
        );
        assert_eq!(formatted.changed, 1);
        assert_eq!(formatted.not_utf8_lines, [3]);
        assert!(formatted.not_utf8);
    }
}
