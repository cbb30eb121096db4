//! Source text as a report shows it: nothing in it can drive the terminal.

/// A text this long or shorter is shown whole by [`ShownText::around`]; a longer one as a
/// window around the label.
const SHOWN_WHOLE: usize = 400;
/// Bytes of context kept on each side of the label in a window.
const CONTEXT: usize = 60;
/// The most bytes of a label shown in a window.
const LABEL_SHOWN: usize = 200;

/// Text as a report shows it under a diagnostic, and the way between offsets in the text and
/// in what is shown.
///
/// Control characters (but tab and `\n`, which a report lays out, and a `\r` that ends a line)
/// are shown as Unicode control pictures (`␛` for ESC, `␀` for NUL, `␍` for a `\r` inside a
/// line) or as `<U+0085>`, and so are the bidirectional controls that would reorder what the
/// terminal shows (`<U+202E>`); each byte that is not UTF-8 is shown as `�`. A front end
/// shows [`ShownText::as_str`] and moves the diagnostic's labels there with
/// [`ShownText::shown_offset`] (see [`WithSource::with_labels_moved`]).
///
/// [`WithSource::with_labels_moved`]: crate::WithSource::with_labels_moved
///
/// ```
/// use fenlint::diagnostics::ShownText;
/// let shown = ShownText::new(b"8/8\x1b[2J w");
/// assert_eq!(shown.as_str(), "8/8\u{241b}[2J w");
/// // The `w` is byte 9 of the text, and byte 11 of what is shown (`␛` takes three bytes).
/// assert_eq!(shown.shown_offset(9, false), 11);
/// assert_eq!(shown.offset_of(11), 9);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownText {
    shown: String,
    /// Pairs of (offset in the text, offset in the shown text) from which the two advance
    /// together, in order; the first is the window's start and where it is shown.
    breaks: Vec<(usize, usize)>,
    /// The part of the text shown.
    window: std::ops::Range<usize>,
}

impl ShownText {
    /// All of `text` as a report shows it.
    pub fn new(text: &[u8]) -> ShownText {
        ShownText::window(text, 0, text.len())
    }

    /// `text` as a report shows it under a diagnostic whose primary label covers `label` (a
    /// range of offsets in `text`): all of it when it is short, else a window of the label
    /// (its first 200 bytes) with 60 bytes on each side, marked `…` where it cuts a line, so
    /// that a line of any length gives a report of a few lines.
    ///
    /// ```
    /// use fenlint::diagnostics::ShownText;
    /// let text = format!("{} x {}", "8".repeat(1000), "8".repeat(1000));
    /// let shown = ShownText::around(text.as_bytes(), 1001..1002);
    /// assert!(shown.as_str().starts_with('…') && shown.as_str().ends_with('…'));
    /// assert_eq!(shown.as_str().len(), 3 + 60 + 1 + 60 + 3);
    /// assert_eq!(shown.start(), 941);
    /// assert_eq!(&shown.as_str()[shown.shown_offset(1001, false)..][..1], "x");
    /// ```
    pub fn around(text: &[u8], label: std::ops::Range<usize>) -> ShownText {
        if text.len() <= SHOWN_WHOLE {
            return ShownText::new(text);
        }
        let from = label.start.min(text.len());
        let mut start = from.saturating_sub(CONTEXT);
        let mut end = label
            .end
            .min(from.saturating_add(LABEL_SHOWN))
            .saturating_add(CONTEXT)
            .min(text.len());
        // Cut at the start of a character.
        let continues = |at: usize| text.get(at).is_some_and(|&byte| byte & 0xc0 == 0x80);
        while start > 0 && continues(start) {
            start = start.saturating_sub(1);
        }
        while end < text.len() && continues(end) {
            end = end.saturating_add(1);
        }
        ShownText::window(text, start, end)
    }

    /// `text[start..end]` as a report shows it, with `…` where the window cuts a line.
    fn window(text: &[u8], start: usize, end: usize) -> ShownText {
        let line_start = start == 0 || text.get(start.saturating_sub(1)) == Some(&b'\n');
        let line_end = end >= text.len() || matches!(text.get(end), Some(b'\n' | b'\r'));
        let prefix = if line_start { "" } else { "…" };
        let mut shown = ShownText {
            shown: String::with_capacity(end.saturating_sub(start).saturating_add(8)),
            breaks: vec![(start, prefix.len())],
            window: start..end,
        };
        shown.shown.push_str(prefix);
        let mut at = start;
        for chunk in text.get(start..end).unwrap_or_default().utf8_chunks() {
            let valid = chunk.valid();
            for (offset, c) in valid.char_indices() {
                let after = at.saturating_add(offset).saturating_add(c.len_utf8());
                // A `\r` is a line break only before a `\n`, in the window or after it.
                let lone_cr = c == '\r' && text.get(after) != Some(&b'\n');
                match picture(c).or(lone_cr.then(|| "␍".to_owned())) {
                    Some(picture) => shown.push_replaced(&picture, after),
                    None => shown.shown.push(c),
                }
            }
            at = at.saturating_add(valid.len());
            for _ in chunk.invalid() {
                at = at.saturating_add(1);
                shown.push_replaced("\u{fffd}", at);
            }
        }
        if !line_end {
            shown.shown.push('…');
        }
        shown
    }

    /// Appends `replacement`, shown for the text up to `after`.
    fn push_replaced(&mut self, replacement: &str, after: usize) {
        self.shown.push_str(replacement);
        self.breaks.push((after, self.shown.len()));
    }

    /// What is shown.
    pub fn as_str(&self) -> &str {
        &self.shown
    }

    /// The offset in the text where what is shown starts (0 unless it is a window).
    pub fn start(&self) -> usize {
        self.window.start
    }

    /// The offset in what is shown of `offset`, an offset in the text (clamped to what is
    /// shown); an offset inside a character shown otherwise moves to the start of what shows
    /// it, or with `up` to its end.
    ///
    /// ```
    /// use fenlint::diagnostics::ShownText;
    /// let shown = ShownText::new(b"a\x00b");
    /// assert_eq!((shown.shown_offset(1, false), shown.shown_offset(2, false)), (1, 4));
    /// ```
    pub fn shown_offset(&self, offset: usize, up: bool) -> usize {
        let offset = offset.clamp(self.window.start, self.window.end);
        let at = self
            .breaks
            .partition_point(|&(text, _)| text <= offset)
            .saturating_sub(1);
        let (text, shown) = self.breaks.get(at).copied().unwrap_or((0, 0));
        let mut shown = shown
            .saturating_add(offset.saturating_sub(text))
            .min(self.shown.len());
        while !self.shown.is_char_boundary(shown) {
            shown = if up {
                shown.saturating_add(1)
            } else {
                shown.saturating_sub(1)
            };
        }
        shown
    }

    /// What a [`miette::SourceCode`] that shows this text gives miette to show `span` (offsets
    /// in what is shown) with context lines around it, under the name `name`: the gutter counts
    /// lines from `first_line` (the line, from 0, where what is shown starts), and the header's
    /// column is `column` of the offset in the text where the span starts (from 1, in the
    /// front end's own unit). The command and the Python package both show reports through it.
    ///
    /// ```
    /// use fenlint::diagnostics::ShownText;
    /// let shown = ShownText::new(b"8/8\x1b w");
    /// let contents = shown
    ///     .span_contents(&(6, 1).into(), 0, 0, "line.fen".into(), 41, |offset| offset + 1)
    ///     .unwrap();
    /// assert_eq!(contents.name(), Some("line.fen"));
    /// assert_eq!((contents.line(), contents.column()), (41, 4));
    /// ```
    pub fn span_contents<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
        name: String,
        first_line: usize,
        column: impl FnOnce(usize) -> usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        use miette::SourceCode as _;
        let contents = self
            .as_str()
            .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            name,
            contents.data(),
            *contents.span(),
            first_line.saturating_add(contents.line()),
            column(self.offset_of(span.offset())).saturating_sub(1),
            contents.line_count(),
        )))
    }

    /// The offset in the text of `shown`, an offset in what is shown.
    ///
    /// ```
    /// use fenlint::diagnostics::ShownText;
    /// assert_eq!(ShownText::new(b"a\x00b").offset_of(4), 2);
    /// ```
    pub fn offset_of(&self, shown: usize) -> usize {
        let at = self
            .breaks
            .partition_point(|&(_, at)| at <= shown)
            .saturating_sub(1);
        let (text, at) = self.breaks.get(at).copied().unwrap_or((0, 0));
        text.saturating_add(shown.saturating_sub(at))
            .clamp(self.window.start, self.window.end)
    }
}

/// How the character `c` is shown in a report, when not as itself: control characters (but tab
/// and line breaks, which the report lays out) as Unicode control pictures (`␛`) or `<U+0085>`,
/// and the bidirectional controls that could reorder what the terminal shows as `<U+202E>`.
///
/// ```
/// use fenlint::diagnostics::picture;
/// assert_eq!(picture('\u{1b}').as_deref(), Some("␛"));
/// assert_eq!(picture('\u{202e}').as_deref(), Some("<U+202E>"));
/// assert_eq!(picture('\t'), None);
/// assert_eq!(picture('K'), None);
/// ```
pub fn picture(c: char) -> Option<String> {
    match c {
        '\t' | '\n' | '\r' => None,
        // U+2400 to U+241F picture the controls 0 to 31, in order.
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 | u32::from(c)).map(String::from),
        '\u{7f}' => Some("␡".to_owned()),
        _ if c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') => {
            Some(format!("<U+{:04X}>", u32::from(c)))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every offset of the text maps to what is shown and back, for text with control
    /// characters, lone and paired `\r`, bytes that are not UTF-8 and multi-byte characters.
    #[test]
    fn offsets_map_to_what_is_shown_and_back() {
        let text = b"a\x00\x1b\r\n\rb\xe1 \xc3\xa9\xe2\x80\xaeK";
        let shown = ShownText::new(text);
        assert_eq!(
            shown.as_str(),
            "a\u{2400}\u{241b}\r\n\u{240d}b\u{fffd} \u{e9}<U+202E>K"
        );
        for offset in 0..=text.len() {
            let there = shown.shown_offset(offset, false);
            assert!(shown.as_str().is_char_boundary(there), "{offset}");
            let back = shown.offset_of(there);
            assert!(back <= offset, "{offset}: {back}");
            // Offsets at character starts come back exactly.
            if std::str::from_utf8(text.get(..offset).unwrap_or_default()).is_ok() {
                assert_eq!(back, offset, "{offset}");
            }
        }
        assert_eq!(
            shown.shown_offset(text.len() + 5, false),
            shown.as_str().len()
        );
        // A bad byte and the `\r` inside the line each take the three bytes of their picture.
        assert_eq!(shown.shown_offset(8, false), 16);
        assert_eq!(shown.offset_of(16), 8);
    }

    /// A long text is shown as a window around the label, cut at character starts and marked
    /// where it cuts a line; a short one whole.
    #[test]
    fn a_long_text_is_shown_as_a_window_around_the_label() {
        let line = format!("{}é{}x{}", "8".repeat(500), "8".repeat(59), "8".repeat(500));
        let at = line.find('x').unwrap();
        let shown = ShownText::around(line.as_bytes(), at..at + 1);
        // 60 bytes before the `x` fall inside the `é`: the window starts at its first byte.
        assert_eq!(shown.start(), at - 60 - 1);
        assert!(shown.as_str().starts_with("…é"), "{}", shown.as_str());
        assert!(shown.as_str().ends_with('…'));
        let x = shown.shown_offset(at, false);
        assert_eq!(shown.as_str().get(x..x + 1), Some("x"));
        assert_eq!(shown.offset_of(x), at);
        // Offsets outside the window are clamped to it.
        assert_eq!(shown.shown_offset(0, false), "…".len());
        assert_eq!(shown.offset_of(0), shown.start());
        // Several lines: no mark where the window starts or ends a line.
        let text = format!(
            "{}\n{}x\n{}",
            "1".repeat(300),
            "2".repeat(30),
            "3".repeat(300)
        );
        let at = text.find('x').unwrap();
        let shown = ShownText::around(text.as_bytes(), at..at + 1);
        assert!(shown.as_str().starts_with('…') && shown.as_str().contains('\n'));
        assert_eq!(ShownText::around(b"8/8 x", 4..5).as_str(), "8/8 x");
    }

    #[test]
    fn plain_text_is_shown_as_it_is() {
        let shown = ShownText::new("rnbqkbnr/pppppppp w KQkq - 0 1 ♔".as_bytes());
        assert_eq!(shown.as_str(), "rnbqkbnr/pppppppp w KQkq - 0 1 ♔");
        assert_eq!(shown.shown_offset(5, false), 5);
        assert_eq!(shown.offset_of(31), 31);
    }
}
