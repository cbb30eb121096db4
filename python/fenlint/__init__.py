"""fenlint: the reference linter for chess FEN, EPD and PGN ``[FEN]`` tags.

Every problem comes with a stable code, a severity, a message, help, spans (character offsets
into your string, and byte offsets) and, where it is unambiguous, a fix; ``str(diagnostic)`` is
the report the ``fenlint`` command prints.

>>> import fenlint
>>> [d.code for d in fenlint.check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1")]
['fen::castling::order']
>>> fenlint.fix("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1")
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

See ``help(fenlint.check_many)`` for batch checks over Arrow columns (pyarrow, Polars, DuckDB).
"""

from typing import Literal

from fenlint._fenlint import (
    CheckResults,
    Diagnostic,
    Fix,
    Label,
    Position,
    Span,
    __version__,
    check,
    check_file,
    check_many,
    check_text,
    codes,
    explain,
    fix,
    format,
    is_valid,
    parse,
)

Variant = Literal["auto", "standard", "chess960", "crazyhouse", "threecheck", "syntax"]
"""The variant to check as: ``"auto"`` takes it from each FEN's dialect; ``"syntax"`` checks
the syntax only (for variants fenlint does not know)."""

Severity = Literal["error", "warning", "advice"]
"""How serious a diagnostic is."""

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
