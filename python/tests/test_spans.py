"""Spans are character offsets into the Python string, and byte offsets into its UTF-8: both
name the same text, whatever characters come before."""

import fenlint

# Non-ASCII of every UTF-8 length before, inside and after the problems: 2-byte (é, NBSP),
# 3-byte (♔, the replacement character, an em dash) and 4-byte (an emoji, one code point in
# Python, two UTF-16 units), and a combining accent.
TEXTS = [
    "é8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1 ♔",
    "♔♚/8/8/8/8/8/8/4K3 w QKkq - 0 1",
    "😀 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u00a0w QKkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e\u03013 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - — 0 1😀",
    "\ufeff4k3/8/8/8/8/8/8/4K3 w - - 0 1\ufffd",
]


def spans_of(diagnostic):
    yield diagnostic.span
    for label in diagnostic.labels:
        yield label.span
    if diagnostic.fix:
        yield diagnostic.fix.span


def assert_spans_agree(text, diagnostics):
    encoded = text.encode("utf-8")
    assert diagnostics, text
    for diagnostic in diagnostics:
        for span in spans_of(diagnostic):
            assert text[span.start : span.end].encode("utf-8") == encoded[span.byte_start : span.byte_end], (text, diagnostic)
            assert len(text[: span.start].encode("utf-8")) == span.byte_start
            assert len(span) == span.end - span.start


def test_check_spans_index_the_python_string():
    for text in TEXTS:
        diagnostics = fenlint.check(text)
        assert_spans_agree(text, diagnostics)


def test_character_offsets_differ_from_byte_offsets_after_non_ascii():
    [diagnostic] = [d for d in fenlint.check(TEXTS[2]) if d.code == "fen::castling::order"]
    assert (diagnostic.span.start, diagnostic.span.byte_start) == (22, 26)
    assert TEXTS[2][diagnostic.span.start] == "K"
    # The emoji, one character of four bytes, is text before the FEN.
    [diagnostic] = [d for d in fenlint.check(TEXTS[3]) if d.code == "fen::input::text_before"]
    assert (diagnostic.span.end, diagnostic.span.byte_end) == (1, 4)
    [diagnostic] = [d for d in fenlint.check(TEXTS[3]) if d.code == "fen::castling::order"]
    assert (diagnostic.span.start, diagnostic.span.byte_start) == (49, 52)


def test_check_text_lines_and_columns_count_characters():
    text = "\n".join(TEXTS) + "\n"
    diagnostics = fenlint.check_text(text)
    assert_spans_agree(text, diagnostics)
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    for diagnostic in diagnostics:
        assert diagnostic.column == diagnostic.span.start - starts[diagnostic.line - 1] + 1
        assert diagnostic.end_column == diagnostic.span.end - starts[diagnostic.end_line - 1] + 1


def test_a_fix_applied_by_slicing_is_what_fix_gives():
    text = TEXTS[4]
    fixed = text
    for diagnostic in reversed(fenlint.check(text)):
        span = diagnostic.fix.span
        fixed = fixed[: span.start] + diagnostic.fix.replacement + fixed[span.end :]
    assert fixed == fenlint.fix(text) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_check_file_counts_bytes_that_are_not_utf8_as_replacement_characters(tmp_path):
    raw = "é4k3/8/8/8/8/8/8/4K3 w QK - 0 1\n".encode("utf-8") + b"\xe2\x82\n" + "♔8/8/8/8/8/8/8/8 w QKkq - 0 1\n".encode("utf-8")
    path = tmp_path / "mixed.fen"
    path.write_bytes(raw)
    text = raw.decode("utf-8", errors="replace")
    diagnostics = fenlint.check_file(path)
    codes = [d.code for d in diagnostics]
    assert "fen::input::invalid_utf8" in codes
    for diagnostic in diagnostics:
        for span in spans_of(diagnostic):
            assert text[span.start : span.end] == raw[span.byte_start : span.byte_end].decode("utf-8", errors="replace")
    [last] = [d for d in diagnostics if d.line == 3 and d.code == "fen::castling::order"]
    assert text[last.span.start] == "K"
