"""fenlint: the reference linter for chess FEN, EPD and PGN ``[FEN]`` tags.

Every problem comes with a stable code, a severity, a message, help, spans (character offsets
into your string, and byte offsets) and, where it is unambiguous, a fix. A FEN with problems is
never an exception: it gives diagnostics. Misuse (an unknown variant or code, an argument of the
wrong type) raises ``ValueError`` or ``TypeError``.
"""

import os
from typing import Any, Iterable, Literal, Optional, TypeAlias, Union, final, overload

__all__ = [
    "CheckResults",
    "Diagnostic",
    "Fix",
    "Label",
    "Position",
    "Severity",
    "Span",
    "Variant",
    "__version__",
    "check",
    "check_file",
    "check_many",
    "check_text",
    "codes",
    "explain",
    "fix",
    "format",
    "is_valid",
    "parse",
]

__version__: str

Variant: TypeAlias = Literal["auto", "standard", "chess960", "crazyhouse", "threecheck", "syntax"]
"""The variant to check as: ``"auto"`` takes it from each FEN's dialect; ``"syntax"`` checks
the syntax only (for variants fenlint does not know)."""

Severity: TypeAlias = Literal["error", "warning", "advice"]

@final
class Span:
    """Where something is in the text.

    ``start`` and ``end`` count characters of the Python string, so that
    ``text[span.start:span.end]`` is the part named; ``byte_start`` and ``byte_end`` count bytes
    of its UTF-8 encoding, as the command's JSON output does. ``len(span)`` is its length in
    characters.
    """

    @property
    def start(self) -> int:
        """The first character."""
    @property
    def end(self) -> int:
        """The character after the last."""
    @property
    def byte_start(self) -> int:
        """The first byte (UTF-8)."""
    @property
    def byte_end(self) -> int:
        """The byte after the last (UTF-8)."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Label:
    """A labelled part of the text: what the report underlines, with its caption."""

    @property
    def span(self) -> Span:
        """Where it is."""
    @property
    def text(self) -> str:
        """The caption."""
    @property
    def primary(self) -> bool:
        """Whether it is the diagnostic's primary label (where the problem is)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Fix:
    """A machine-applicable fix: replace the text of ``span`` with ``replacement``."""

    @property
    def span(self) -> Span:
        """What to replace."""
    @property
    def replacement(self) -> str:
        """The text to put there."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Diagnostic:
    """One problem found.

    ``str(diagnostic)`` is the report ``fenlint check`` prints for it (without colour; the
    source is named ``<fen>`` for ``check``, ``<text>`` for ``check_text`` and by its path for
    ``check_file``); ``diagnostic.report(color=True)`` colours it with ANSI escapes. As in
    the command's report, a line over 400 bytes is shown as a window around the problem, and
    control characters as visible symbols.

    Diagnostics compare by value: equal when they report the same finding (code, severity,
    message, help, labels and fix) in the same text under the same name.
    """

    @property
    def code(self) -> str:
        """The code, such as ``"fen::castling::order"``; ``explain(code)`` documents it."""
    @property
    def severity(self) -> Severity:
        """``"error"``, ``"warning"`` or ``"advice"``."""
    @property
    def message(self) -> str:
        """What is wrong, in one line."""
    @property
    def help(self) -> Optional[str]:
        """How to put it right, if there is advice."""
    @property
    def span(self) -> Span:
        """Where the problem is (the primary label's span)."""
    @property
    def labels(self) -> list[Label]:
        """Every labelled part of the text, the primary one among them."""
    @property
    def fix(self) -> Optional[Fix]:
        """The fix, when one is unambiguous."""
    @property
    def line(self) -> int:
        """The 1-based line of the span's start."""
    @property
    def column(self) -> int:
        """The 1-based column, in characters, of the span's start."""
    @property
    def end_line(self) -> int:
        """The 1-based line of the span's end."""
    @property
    def end_column(self) -> int:
        """The 1-based column, in characters, of the span's end."""
    @property
    def path(self) -> Optional[str]:
        """The file's path for ``check_file``, else ``None``."""
    @property
    def more_in_file(self) -> int:
        """For a code reported once per file: how many more times the file has it."""
    def report(self, color: bool = False) -> str:
        """The report ``fenlint check`` prints; coloured (ANSI) when ``color``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A position read from a FEN: the board and everything else the FEN says.

    ``str(position)`` is its FEN in the dialect it was read in; ``position.fen(...)`` writes
    it in any dialect.
    """

    @property
    def board(self) -> list[Optional[str]]:
        """The 64 squares from a1 (index 0) to h8 (index 63), rank by rank as python-chess
        numbers them: each a piece letter (upper case White, lower case Black) or ``None``."""
    @property
    def pieces(self) -> dict[str, str]:
        """Every piece by the name of its square, such as ``{"e1": "K", "e8": "k"}``."""
    def piece_at(self, square: str) -> Optional[str]:
        """The piece letter on the square named ``square`` (``"e4"``), ``None`` when empty;
        ``ValueError`` for a name that is not a square."""
    @property
    def turn(self) -> Literal["white", "black"]:
        """The side to move."""
    @property
    def castling(self) -> list[tuple[Literal["white", "black"], Literal["king", "queen"], str]]:
        """The castling rights, each as (colour, side of the king, rook square), such as
        ``("white", "king", "h1")``."""
    @property
    def en_passant(self) -> Optional[str]:
        """The en-passant target square, such as ``"e3"``, or ``None``."""
    @property
    def halfmove_clock(self) -> int:
        """Half-moves since the last capture or pawn move."""
    @property
    def fullmove_number(self) -> int:
        """The number of the move to be played."""
    @property
    def holdings(self) -> Optional[str]:
        """Crazyhouse pieces in hand as letters (upper case White's, lower case Black's; ``""``
        for empty hands), or ``None`` when the FEN has no holdings."""
    @property
    def checks_given(self) -> Optional[tuple[int, int]]:
        """Three-check: the checks White and Black have given, or ``None``."""
    @property
    def promoted(self) -> list[str]:
        """The squares of pieces promoted from pawns (crazyhouse ``~``)."""
    @property
    def variant(self) -> Literal["standard", "chess960", "crazyhouse", "threecheck"]:
        """The variant asked for, or the one the FEN's dialect suggests."""
    @property
    def chess960(self) -> bool:
        """Whether castling follows Chess960's rules (the king anywhere between its rooks), as
        the castling letters tell: in Chess960, and in crazyhouse or three-check from a Chess960
        start."""
    @property
    def dialect(self) -> dict[str, Any]:
        """How the FEN was written: ``castling`` (``"none"`` for ``-``, ``"classic"``,
        ``"xfen"``, ``"shredder"``, or ``None`` without the field), ``holdings``
        (``"bracket"``, ``"slash"`` or ``None``), ``checks`` (``"given"``, ``"remaining"``,
        ``"both"`` or ``None``) and ``promoted_markers`` (bool)."""
    def fen(
        self,
        *,
        castling: Optional[Literal["fen", "xfen", "shredder"]] = None,
        holdings: Optional[Literal["bracket", "slash"]] = None,
        checks: Optional[Literal["given", "remaining"]] = None,
        en_passant: Optional[Literal["always", "capturable", "legal"]] = None,
    ) -> str:
        """The position as a FEN with every field; each option left ``None`` keeps the dialect
        the FEN was read in (``en_passant``: ``"always"``)."""

@final
class CheckResults:
    """The result of ``check_many``: one row per FEN, an Arrow struct column with the fields
    ``valid`` (bool), ``errors`` (uint32, the diagnostics of error severity), ``first_code``
    (str), ``first_message`` (str) and ``codes`` (list of str, every diagnostic's code); all
    null for a null FEN, ``first_*`` null for a FEN without diagnostics.

    It implements the Arrow PyCapsule interface: ``pyarrow.array(results)`` is a
    ``StructArray``, ``pyarrow.table(results)`` and ``polars.DataFrame(results)`` a table with
    the five columns, ``polars.Series(results)`` a struct Series.
    """

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> dict[str, Any]:
        """Row ``index`` (negative counts from the end) as a dict of the five fields."""
    @overload
    def __getitem__(self, index: slice, /) -> "CheckResults":
        """The rows of the slice, as a ``CheckResults``."""
    def to_pylist(self) -> list[dict[str, Any]]:
        """Every row as a dict of the five fields."""
    @property
    def invalid_count(self) -> int:
        """How many FENs have errors (nulls not counted)."""
    def to_arrow(self) -> Any:
        """The column as a ``pyarrow.StructArray`` (pyarrow must be installed)."""
    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> tuple[object, object]:
        """The Arrow PyCapsule interface: the struct column (schema and array capsules)."""
    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object:
        """The Arrow PyCapsule interface: one record batch whose columns are the five fields."""

def check(text: str, variant: Variant = "auto") -> list[Diagnostic]:
    """Check one FEN and return every problem found, in the order of their spans.

    The whole of ``text`` is one FEN, as ``fenlint check --fen TEXT`` reads it.

    >>> [d.message for d in check("8/8/8/8/8/8/8/8 w - - 0 1")]
    ['no White king on the board, expected one `K`', 'no Black king on the board, expected one `k`']
    """

def is_valid(text: str, variant: Variant = "auto") -> bool:
    """Whether ``text`` is a FEN without errors (warnings and advice allowed) in ``variant``."""

def fix(text: str, variant: Variant = "auto") -> str:
    """``text`` with every machine-applicable fix applied, as ``fenlint check --fix`` writes
    it; unchanged when nothing can be fixed.

    >>> fix("4k3/8/8/8/8/8/8/R3K2R w QK - 0 1")
    '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1'
    """

def format(
    text: str,
    *,
    castling: Literal["fen", "xfen", "shredder"] = "fen",
    holdings: Literal["bracket", "slash"] = "bracket",
    checks: Literal["given", "remaining"] = "given",
    en_passant: Literal["always", "capturable", "legal"] = "always",
    variant: Variant = "auto",
) -> Optional[str]:
    """The FEN in canonical form, or in the dialect the options ask for, as ``fenlint fmt``
    writes it; ``None`` when it has errors (``check`` says which), which ``fmt`` leaves alone.
    With ``holdings="slash"`` and ``variant="auto"``, a FEN whose placement has a ninth
    ``/`` group is read as crazyhouse with slash holdings, as ``fenlint fmt --holdings slash``
    reads it (elsewhere a ninth group is a standard-chess error).

    >>> format("4k3/8/8/8/8/8/8/R3K2R  w  KQ - 0 1", castling="shredder")
    '4k3/8/8/8/8/8/8/R3K2R w HA - 0 1'
    """

def explain(code: str) -> str:
    """The documentation of ``code`` as ``fenlint explain CODE`` prints it; ``ValueError``
    for a name that is not a code (``codes()`` lists them)."""

def codes() -> list[str]:
    """The name of every code fenlint reports, in the order of the documentation."""

def parse(text: str, variant: Variant = "auto") -> Optional[Position]:
    """The position ``text`` describes, or ``None`` when its placement is not eight ranks of
    eight squares. Fields with errors, and fields left out, take the defaults ``w - - 0 1``
    (``check`` says what is wrong). ``variant="syntax"`` is a ``ValueError``.

    >>> parse("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").castling
    [('white', 'queen', 'a1'), ('white', 'king', 'h1')]
    """

def check_text(
    text: str,
    kind: Literal["fen", "epd", "pgn"] = "fen",
    variant: Variant = "auto",
    *,
    every_occurrence: bool = False,
) -> list[Diagnostic]:
    """Check a whole text of FEN lines (``#`` comments and blank lines skipped), EPD records
    or PGN games, as ``fenlint check`` checks a file of that kind; every diagnostic has its
    line and column. A code reported once per file (a file's convention, such as
    ``fen::fullmove_number::zero``) is reported at its first occurrence, its message saying
    how many more the file has; ``every_occurrence=True`` reports each, on its line."""

def check_file(
    path: Union[str, "os.PathLike[str]"],
    kind: Optional[Literal["fen", "epd", "pgn"]] = None,
    variant: Variant = "auto",
    *,
    every_occurrence: bool = False,
) -> list[Diagnostic]:
    """Check a file as ``fenlint check --no-config PATH`` does: ``fenlint.toml`` is not read
    (the file's own suppression comments are), ``variant`` and ``every_occurrence`` are the
    settings. Its kind comes from its extension (``.epd``, ``.pgn``, anything else FEN lines)
    unless ``kind`` names it. Spans count the characters of the file's text decoded as UTF-8
    with ``errors="replace"``. Raises the ``OSError`` subclass for the errno
    (``FileNotFoundError``, ``IsADirectoryError``, …) when it cannot be read.
    ``every_occurrence`` as for :func:`check_text`."""

def check_many(
    fens: Union[Iterable[Optional[str]], Any],
    variant: Variant = "auto",
    threads: Optional[int] = None,
    *,
    kind: Literal["fen", "epd"] = "fen",
) -> CheckResults:
    """Check many FENs at once.

    ``fens`` is an iterable of ``str`` (``None`` for a missing FEN), or an Arrow column of
    strings (``string``, ``large_string``, ``string_view`` or their binary kin) from pyarrow,
    Polars, DuckDB or any library that implements the Arrow PyCapsule interface
    (``__arrow_c_array__`` or ``__arrow_c_stream__``), read in place: its values never become
    Python strings. The GIL is released while the FENs are checked, on ``threads`` threads
    (``None``: one per core). A single ``str`` is a ``TypeError`` (use ``check``).
    ``kind="epd"`` reads each item as an EPD record (the four fields and operations, as a line
    of an ``.epd`` file) rather than a FEN; a dialect note that a file gets once (six-field
    records, operations after their ``;``) is then given on each row it applies to.

    >>> check_many(["8/8/8/8/8/8/8/8 w - - 0 1"]).to_pylist()[0]["first_code"]
    'fen::kings::missing'
    """
