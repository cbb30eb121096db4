#!/usr/bin/env python3
"""The FEN minefield: the conformance vectors run through the implementations people use.

    python3 grammar/conformance/driver.py                      # install, run all, write MATRIX.md
    python3 grammar/conformance/driver.py --only python-chess,fenlint
    python3 grammar/conformance/driver.py --only python-chess,fenlint --check

Each implementation is an adapter under `adapters/` that reads vectors as JSON lines and answers
accept / reject / skip, with the position it read written back as a FEN where it can (the
protocol is in `adapters/protocol.py`). The driver installs what an adapter needs (pip, npm,
cargo, apt-get), sends it every vector in one batch, and when the batch dies or hangs, runs the
first unanswered vector alone with a timeout of its own: a vector that kills the process is a
crash, one that does not finish is a timeout, and the batch goes on after it.

Each implementation's answers are kept in `results/NAME.tsv`; `MATRIX.md` is written from all of
them. `--check` runs the implementations named, compares their answers with the committed
`results/NAME.tsv` and `MATRIX.md` with what the committed results give, and exits 1 with a
diff when either differs. Standard library only.
"""

import argparse
import difflib
import hashlib
import html
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ADAPTERS = os.path.join(HERE, "adapters")
RESULTS = os.path.join(HERE, "results")
MATRIX = os.path.join(HERE, "MATRIX.md")

sys.path.insert(0, HERE)
from run import unescape  # noqa: E402  (the vector files' escapes, shared with run.py)

# Seconds a whole batch may take: a base plus a share per vector.
BATCH_SECONDS = 60.0
BATCH_SECONDS_PER_VECTOR = 0.5
# Seconds one vector may take when run alone.
VECTOR_SECONDS = 10.0

PYTHON_CHESS = "1.11.2"
PYFFISH = "0.0.90"


# --- the vectors -------------------------------------------------------------------------------


class Vector:
    def __init__(self, source, line, fields):
        self.source, self.line = source, line
        # The key of its results: what the vector is, not where it stands, so that results stay
        # attached to their vectors when others are added.
        identity = "\t".join([source, *fields[:3]]).encode("utf-8")
        self.key = hashlib.sha256(identity).hexdigest()[:12]
        self.place = f"{source}:{line}"
        self.escaped = fields[0]
        self.text = unescape(fields[0])
        self.format = fields[1]
        self.declared = fields[2]
        if source == "valid.tsv":
            self.valid = True
            _, _, _, self.dialect, canonical, warnings, self.reason = fields
            self.canonical = None if canonical == "-" else unescape(canonical)
            self.codes = [] if warnings == "-" else warnings.split(",")
            self.lenient = bool(self.codes)
        else:
            self.valid, self.lenient, self.dialect, self.canonical = False, False, "-", None
            _, _, _, codes, _spans, self.reason = fields
            self.codes = codes.split(",")
        self.variant = self.declared if self.declared != "auto" else guess_variant(self.format, self.text)


CHECKS_GIVEN = re.compile(r"^\+(\d+)\+(\d+)$")
CHECKS_REMAINING = re.compile(r"^(\d+)\+(\d+)$")


def guess_variant(fmt, text):
    """The variant a user would pick for a text that does not name one: crazyhouse for holdings
    (`[...]`, a ninth `/`-group) or a promoted marker, three-check for check counters,
    Chess960 for castling file letters, standard otherwise."""
    if fmt == "pgn":
        return "standard"
    fields = text.split(";")[0].split() if fmt == "epd" else text.split()
    if not fields:
        return "standard"
    if "[" in fields[0] or "~" in fields[0] or fields[0].count("/") >= 8:
        return "crazyhouse"
    if any(CHECKS_GIVEN.match(f) or CHECKS_REMAINING.match(f) for f in fields[1:]):
        return "threecheck"
    if len(fields) > 2 and re.fullmatch(r"[A-Ha-h]+", fields[2]) and not re.fullmatch(r"[KQkq]+", fields[2]):
        return "chess960"
    return "standard"


def read_vectors():
    vectors = []
    for source in ("valid.tsv", "invalid.tsv"):
        with open(os.path.join(HERE, source), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.startswith("#"):
                    continue
                vectors.append(Vector(source, number, line.rstrip("\n").split("\t")))
    return vectors


def error_codes(fenlint):
    """The codes that are errors, as `fenlint explain` lists them."""
    listing = subprocess.run([fenlint, "explain"], capture_output=True, check=True, text=True).stdout
    return {parts[0] for parts in (line.split() for line in listing.splitlines()) if parts[1:2] == ["error"]}


VALID_CLASSES = [
    "standard", "lenient forms", "X-FEN", "Shredder-FEN", "Chess960", "DFRC",
    "crazyhouse forms", "three-check forms", "EPD", "PGN",
]


def classify(vector, errors):
    """The vector's class in the matrix: for a valid vector its dialect, for an invalid one
    `invalid: GROUP`, the group (`fen::castling`) of its first error code."""
    if not vector.valid:
        first = next((c for c in vector.codes if c in errors), vector.codes[0])
        return "invalid: " + "::".join(first.split("::")[:2])
    if vector.format == "epd":
        return "EPD"
    if vector.format == "pgn":
        return "PGN"
    if vector.variant == "crazyhouse":
        return "crazyhouse forms"
    if vector.variant == "threecheck":
        return "three-check forms"
    if vector.variant == "chess960":
        position = parse_fen(vector.canonical)
        kings = {color: [s for s, p in position["board"].items() if p == king] for color, king in (("w", "K"), ("b", "k"))}
        if [s[0] for s in kings["w"]] != [s[0] for s in kings["b"]]:
            return "DFRC"
    if "castling=shredder" in vector.dialect:
        return "Shredder-FEN"
    if "castling=xfen" in vector.dialect:
        return "X-FEN"
    if vector.variant == "chess960":
        return "Chess960"
    return "lenient forms" if vector.lenient else "standard"


# --- reading back what an implementation wrote ------------------------------------------------

FILES = "abcdefgh"


def parse_fen(text):
    """A FEN written back by an implementation, as the position it stands for: the board
    (square to piece), promoted squares, holdings, side, castling rights as (colour, rook file),
    en-passant square, counters and checks given. Reads every dialect the vectors use."""
    fields = text.replace("\ufeff", "").split()
    placement = fields[0]
    holdings = ""
    if "[" in placement:
        placement, _, rest = placement.partition("[")
        holdings = rest.rstrip("]").replace("-", "")
    groups = placement.split("/")
    if len(groups) == 9:
        holdings = groups.pop()
    if len(groups) != 8:
        raise ValueError(f"{len(groups)} ranks")
    board, promoted = {}, set()
    for index, group in enumerate(groups):
        rank, file = 8 - index, 0
        for c in group:
            if c.isdigit():
                file += int(c)
            elif c == "~":
                promoted.add(FILES[file - 1] + str(rank))
            elif c in "PNBRQKpnbrqk" and file < 8:
                board[FILES[file] + str(rank)] = c
                file += 1
            else:
                raise ValueError(f"`{c}` on rank {rank}")
        if file != 8:
            raise ValueError(f"rank {rank} has {file} squares")
    side = fields[1] if len(fields) > 1 else "w"
    castling = fields[2] if len(fields) > 2 else "-"
    en_passant = fields[3] if len(fields) > 3 else "-"
    counters, checks = [], (0, 0)
    for field in fields[4:]:
        if m := CHECKS_GIVEN.match(field):
            checks = (int(m[1]), int(m[2]))
        elif m := CHECKS_REMAINING.match(field):
            checks = (3 - int(m[1]), 3 - int(m[2]))
        else:
            counters.append(int(field))
    rights = set()
    for c in castling.replace("-", ""):
        color, rank = ("w", "1") if c.isupper() else ("b", "8")
        rook, king = ("R", "K") if color == "w" else ("r", "k")
        king_files = [f for f in FILES if board.get(f + rank) == king]
        rooks = [f for f in FILES if board.get(f + rank) == rook]
        if c.lower() == "k" and king_files:
            outer = [f for f in rooks if f > king_files[0]]
            rights.add((color, outer[-1] if outer else "k?"))
        elif c.lower() == "q" and king_files:
            outer = [f for f in rooks if f < king_files[0]]
            rights.add((color, outer[0] if outer else "q?"))
        else:
            rights.add((color, c.lower()))
    return {
        "board": board, "promoted": promoted, "holdings": "".join(sorted(holdings)), "side": side,
        "castling": rights, "en passant": en_passant,
        "halfmove clock": counters[0] if counters else 0,
        "fullmove number": counters[1] if len(counters) > 1 else 1, "checks": checks,
    }


def differences(vector, written):
    """The parts of the position `written` back that differ from the vector's canonical form.
    Holdings and promoted markers count in crazyhouse only, check counters in three-check only.
    An en-passant square left out is a writer's convention (many write it only when a capture
    is possible), not a different position: only a square the text does not give counts."""
    try:
        got = parse_fen(written)
    except (ValueError, IndexError) as error:
        return [f"unreadable output ({error})"]
    want = parse_fen(vector.canonical)
    fields = ["board", "side", "castling", "halfmove clock", "fullmove number"]
    if vector.variant == "crazyhouse":
        fields += ["holdings", "promoted"]
    if vector.variant == "threecheck":
        fields.append("checks")
    found = [f for f in fields if got[f] != want[f]]
    if got["en passant"] != "-" and got["en passant"] != want["en passant"]:
        found.append("en passant")
    return found


def differences_in_parts(text, written):
    """For an invalid FEN that an implementation accepted: the parts of the text that are well
    formed on their own (a board of 8 ranks; a side `w` or `b`, in either case; a castling field
    of castling letters; digit counters) and that the implementation read differently. Where the
    text is invalid, only what it does say clearly is held against the reader."""
    fields = text.replace("\ufeff", "").split()
    try:
        got = parse_fen(written)
        board = parse_fen(fields[0])
    except (ValueError, IndexError):
        return []
    found = ["board"] if got["board"] != board["board"] else []
    if len(fields) > 1 and fields[1] in ("w", "b", "W", "B") and got["side"] != fields[1].lower():
        found.append("side")
    if len(fields) > 2 and re.fullmatch(r"-|[KQkqA-Ha-h]{1,4}", fields[2]):
        if got["castling"] != parse_fen(f"{fields[0]} w {fields[2]}")["castling"]:
            found.append("castling")
    counters = fields[4:6] if len(fields) > 5 else []
    if len(counters) == 2 and all(c.isdigit() for c in counters):
        if [got["halfmove clock"], got["fullmove number"]] != [int(c) for c in counters]:
            found.append("counters")
    return found


# --- the implementations ---------------------------------------------------------------------


def run_quiet(command, **kwargs):
    print("+", " ".join(command), file=sys.stderr)
    return subprocess.run(command, check=True, **kwargs)


def pip_install(distribution, version):
    try:
        if importlib.metadata.version(distribution) == version:
            return
    except importlib.metadata.PackageNotFoundError:
        pass
    run_quiet([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               f"{distribution}=={version}"])


def npm_install():
    js = os.path.join(ADAPTERS, "js")
    lock = os.path.join(js, "package-lock.json")
    stamp = os.path.join(js, "node_modules", ".package-lock.json")
    if not os.path.exists(stamp) or os.path.getmtime(stamp) < os.path.getmtime(lock):
        run_quiet(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=js)


def cargo_build():
    run_quiet(["cargo", "build", "--release", "--locked", "--quiet"], cwd=os.path.join(ADAPTERS, "rust"))


def apt_install(package):
    if shutil.which(package) or os.path.exists(f"/usr/games/{package}"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    install = [*sudo, "apt-get", "install", "-y", "-qq", package]
    if subprocess.run(install, capture_output=True).returncode != 0:
        run_quiet([*sudo, "apt-get", "update", "-qq"], capture_output=True)
        run_quiet(install, capture_output=True)


def target_dir(workspace):
    """Where cargo puts what it builds in `workspace`: `$CARGO_TARGET_DIR` (relative to the
    workspace, where cargo is run) when it is set, as cargo itself reads it."""
    return os.path.join(workspace, os.environ.get("CARGO_TARGET_DIR") or "target")


def fenlint_path():
    return os.environ.get("FENLINT") or os.path.join(target_dir(ROOT), "debug", "fenlint")


def build_fenlint():
    if not os.environ.get("FENLINT"):
        run_quiet(["cargo", "build", "--quiet", "-p", "fenlint-cli"], cwd=ROOT)


def js_version(package):
    with open(os.path.join(ADAPTERS, "js", "node_modules", package, "package.json"), encoding="utf-8") as f:
        return json.load(f)["version"]


def cargo_version(crate):
    with open(os.path.join(ADAPTERS, "rust", "Cargo.lock"), encoding="utf-8") as f:
        return re.search(rf'name = "{crate}"\nversion = "([^"]+)"', f.read())[1]


def stockfish_version():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "stockfish"], capture_output=True, text=True)
    return f"Debian {out.stdout}" if out.returncode == 0 else "unknown"


def rust_binary(name):
    return [os.path.join(target_dir(os.path.join(ADAPTERS, "rust")), "release", name)]


class Implementation:
    def __init__(self, name, title, install, command, version, adapter, calls):
        self.name, self.title, self.install, self.command = name, title, install, command
        self.version, self.adapter, self.calls = version, adapter, calls


def python_adapter(script):
    return lambda: [sys.executable, os.path.join(ADAPTERS, script)]


IMPLEMENTATIONS = [
    Implementation(
        "fenlint", "fenlint", build_fenlint, python_adapter("fenlint.py"),
        lambda: subprocess.run([fenlint_path(), "--version"], capture_output=True, text=True).stdout.split()[-1],
        "adapters/fenlint.py",
        "`fenlint check --format json --variant V` on the text (V: the vector's variant, `auto` "
        "where the row leaves it to the reader), `fenlint fmt --to xfen --ep always -` to write it back",
    ),
    Implementation(
        "python-chess", "python-chess", lambda: pip_install("chess", PYTHON_CHESS), python_adapter("python_chess.py"),
        lambda: importlib.metadata.version("chess"), "adapters/python_chess.py",
        "`chess.Board(fen, chess960=…)`, `chess.variant.CrazyhouseBoard`, `ThreeCheckBoard`, then "
        "`is_valid()`; EPD `Board.from_epd`; PGN `chess.pgn.read_game`",
    ),
    Implementation(
        "shakmaty", "shakmaty", cargo_build, lambda: rust_binary("shakmaty"),
        lambda: cargo_version("shakmaty"), "adapters/rust/src/bin/shakmaty.rs",
        "`Fen::from_ascii`, then `into_position` as `Chess`, `Crazyhouse` or `ThreeCheck` with "
        "`CastlingMode::Chess960` for Chess960 vectors",
    ),
    Implementation(
        "cozy-chess", "cozy-chess", cargo_build, lambda: rust_binary("cozy_chess"),
        lambda: cargo_version("cozy-chess"), "adapters/rust/src/bin/cozy_chess.rs",
        "`str::parse::<Board>()` (plain FEN, then Shredder-FEN); no variants",
    ),
    Implementation(
        "chess.js", "chess.js", npm_install, lambda: ["node", os.path.join(ADAPTERS, "js", "chessjs.mjs")],
        lambda: js_version("chess.js"), "adapters/js/chessjs.mjs",
        "`new Chess(fen)`; PGN `loadPgn`; standard chess only (Chess960 vectors as they are)",
    ),
    Implementation(
        "chessops", "chessops", npm_install, lambda: ["node", os.path.join(ADAPTERS, "js", "chessops.mjs")],
        lambda: js_version("chessops"), "adapters/js/chessops.mjs",
        "`parseFen`, then `setupPosition(rules)` with `chess`, `crazyhouse` or `3check`; PGN "
        "`parsePgn` + `startingPosition`",
    ),
    Implementation(
        "stockfish", "Stockfish", lambda: apt_install("stockfish"), python_adapter("stockfish.py"),
        stockfish_version, "adapters/stockfish.py",
        "UCI `setoption name UCI_Chess960`, `position fen …`, `d`, `go perft 1`; never rejects",
    ),
    Implementation(
        "pyffish", "Fairy-Stockfish (pyffish)", lambda: pip_install("pyffish", PYFFISH),
        python_adapter("pyffish_adapter.py"), lambda: importlib.metadata.version("pyffish"),
        "adapters/pyffish_adapter.py",
        "`validate_fen(fen, variant, chess960)` with `chess`, `crazyhouse` or `3check`, then `get_fen`",
    ),
]
BY_NAME = {i.name: i for i in IMPLEMENTATIONS}


# --- running ---------------------------------------------------------------------------------


def request(vector, number):
    return json.dumps({"id": number, "format": vector.format, "variant": vector.variant,
                       "declared": vector.declared, "text": vector.text}) + "\n"


def run_batch(command, vectors, numbers, timeout):
    """Runs the adapter on `numbers` (indexes into `vectors`); returns the answers it gave (by
    number), whether it finished, and its exit status and standard error."""
    payload = "".join(request(vectors[n], n) for n in numbers).encode("utf-8")
    try:
        done = subprocess.run(command, input=payload, capture_output=True, timeout=timeout)
        out, err, status, finished = done.stdout, done.stderr, done.returncode, True
    except subprocess.TimeoutExpired as expired:
        out, err, status, finished = expired.stdout or b"", expired.stderr or b"", None, False
    answers = {}
    for line in out.decode("utf-8", "replace").splitlines():
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            continue
        answers[answer["id"]] = answer
    return answers, finished and status == 0, status, err.decode("utf-8", "replace")


def last_line(text):
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def run_implementation(implementation, vectors):
    """Every vector's answer, by index: a batch, then after a crash or a hang the first vector
    left alone (crash or timeout is its answer), then the rest as a new batch."""
    command = implementation.command()
    pending = list(range(len(vectors)))
    answers = {}
    while pending:
        timeout = BATCH_SECONDS + BATCH_SECONDS_PER_VECTOR * len(pending)
        got, clean, _, _ = run_batch(command, vectors, pending, timeout)
        answers.update(got)
        left = [n for n in pending if n not in got]
        if not left:
            break
        culprit = left[0]
        alone, _, status, err = run_batch(command, vectors, [culprit], VECTOR_SECONDS)
        if culprit in alone:
            answers[culprit] = alone[culprit]
        elif status is None:
            answers[culprit] = {"verdict": "timeout", "detail": f"no answer in {VECTOR_SECONDS:g} s"}
        else:
            how = f"killed by signal {-status}" if status < 0 else f"exit status {status}"
            answers[culprit] = {"verdict": "crash", "detail": f"{how}: {last_line(err)}"}
        pending = left[1:]
    return [answers[n] for n in range(len(vectors))]


# --- scoring ---------------------------------------------------------------------------------

# An outcome is what the implementation did with a vector, judged against the vector:
#   ok        accepted a valid vector as the position it stands for, or rejected an invalid one
#   strict    rejected a valid vector of a lenient form (a strict reader may)
#   rejected  rejected a valid vector
#   misread   accepted a valid vector as another position than it stands for
#   accepted  accepted an invalid vector
#   crash, timeout, skip (no reader for the format or the variant)
OUTCOMES = ["ok", "strict", "rejected", "misread", "accepted", "crash", "timeout", "skip"]
LABELS = {
    "ok": "as expected", "strict": "lenient form rejected", "rejected": "valid rejected",
    "misread": "read differently", "accepted": "invalid accepted", "crash": "crashed",
    "timeout": "timed out", "skip": "not supported",
}
SYMBOLS = {"ok": "✓", "strict": "s", "rejected": "R", "misread": "M", "accepted": "A", "crash": "C",
           "timeout": "T", "skip": "·"}


def judge(vector, answer):
    """(outcome, the parts read differently) of one answer."""
    verdict = answer["verdict"]
    if verdict in ("crash", "timeout", "skip"):
        return verdict, []
    if verdict == "reject":
        return ("strict" if vector.lenient else "rejected", []) if vector.valid else ("ok", [])
    if not vector.valid:
        return "accepted", (differences_in_parts(vector.text, answer["fen"]) if vector.format == "fen" and answer.get("fen") else [])
    if vector.canonical is not None and answer.get("fen"):
        found = differences(vector, answer["fen"])
        if found:
            return "misread", found
    return "ok", []


def one_line(text, limit=160):
    text = (text or "").replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    return text if len(text) <= limit else text[: limit - 1] + "…"


HEADER = "# vector\tkey\toutcome\tread differently\twritten back\tdetail\n"


def results_text(vectors, answers):
    lines = [HEADER]
    for vector, answer in zip(vectors, answers):
        outcome, found = judge(vector, answer)
        lines.append("\t".join([vector.place, vector.key, outcome, ",".join(found) or "-", one_line(answer.get("fen")) or "-",
                                one_line(answer.get("detail")) or "-"]) + "\n")
    return "".join(lines)


def read_results(name):
    path = os.path.join(RESULTS, f"{name}.tsv")
    if not os.path.exists(path):
        return None
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            _place, key, outcome, found, written, detail = line.rstrip("\n").split("\t")
            rows[key] = {"outcome": outcome, "found": found, "written": written, "detail": detail}
    return rows


# --- the matrix ------------------------------------------------------------------------------

COLOURS = {
    "ok": "#4caf50", "strict": "#a5d6a7", "rejected": "#ffb300", "misread": "#1e88e5",
    "accepted": "#fb8c00", "crash": "#e53935", "timeout": "#8e24aa", "skip": "#e0e0e0",
}


def cell(text):
    # Braces are escaped as well: `{{#` would be read as an mdBook directive.
    return html.escape(text).replace("{", "&#123;").replace("}", "&#125;").replace("|", "&#124;")


def code(text):
    """Text as a Markdown code span inside a table: entities are not read there, so only `|`
    is escaped (GitHub and mdBook tables take a backslash before it), and `{{` is broken by a
    zero-width space, so that no `{{#` is read as an mdBook directive."""
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}".replace("|", "\\|").replace("{{", "{\u200b{")


def shortened(text, limit):
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render(vectors, classes, results, versions):
    names = [i.name for i in IMPLEMENTATIONS if results.get(i.name) is not None]
    out = []
    w = out.append
    w("# The FEN minefield: conformance matrix\n\n")
    w("The conformance vectors (`valid.tsv`, `invalid.tsv`) run through the FEN readers people use. "
      "Written by `python3 grammar/conformance/driver.py` (it installs what it needs; "
      "`--only NAME,NAME` runs a subset, `--check` compares a run with this file); each "
      "implementation's answers are in `results/NAME.tsv`.\n\n")
    w("A valid vector is expected to be accepted as the position its canonical form gives (a strict "
      "reader may reject the lenient forms, the valid vectors with warnings); an invalid one to be "
      "rejected. Each implementation gets a vector's own variant where the row names one, and otherwise "
      "the variant its text suggests (holdings or `~`: crazyhouse; check counters: three-check; castling "
      "file letters: Chess960), with the variant options its API has; fenlint detects the variant "
      "itself. The position an implementation writes back is compared field by field with the "
      "vector's canonical form: the board, side, castling rights (as rook files), counters, holdings "
      "and promoted pieces in crazyhouse, checks in three-check, and an en-passant square the text "
      "does not give. The vectors are fenlint's own reading (`cargo test --test conformance` holds it to "
      "them), so its column checks the harness: anything but ✓ there is a bug in fenlint or in the "
      "driver.\n\n")
    w("| implementation | version | adapter | called |\n|---|---|---|---|\n")
    for name in names:
        i = BY_NAME[name]
        w(f"| {i.title} | {versions.get(name, '?')} | `{i.adapter}` | {i.calls} |\n")
    w("\n")
    unavailable = [i for i in IMPLEMENTATIONS if results.get(i.name) is None]
    for i in unavailable:
        w(f"{i.title}: no results (run the driver with `--only {i.name}`).\n\n")

    # Totals.
    w("## Summary\n\n")
    w("| implementation | as expected | valid rejected | lenient form rejected | read differently | "
      "invalid accepted | crashed | timed out | not supported |\n|---|---|---|---|---|---|---|---|---|\n")
    for name in names:
        counts = Counter(results[name][v.key]["outcome"] for v in vectors)
        run = sum(counts.values()) - counts["skip"]
        w(f"| {BY_NAME[name].title} | {counts['ok']} / {run} | " + " | ".join(
            str(counts[o]) for o in ("rejected", "strict", "misread", "accepted", "crash", "timeout", "skip")) + " |\n")
    w("\n")

    # Per class: the share as expected, and every outcome counted.
    order = [c for c in VALID_CLASSES if c in classes.values()]
    order += sorted({c for c in classes.values() if c.startswith("invalid")})
    by_class = defaultdict(list)
    for v in vectors:
        by_class[classes[v.key]].append(v)
    w("## By class\n\n")
    w("Each cell: the vectors read as expected / those the implementation reads (the others it does not "
      "support), then what differs: A accepted (invalid), R rejected (valid), s lenient form rejected, "
      "M read differently, C crashed, T timed out.\n\n")
    w("| class | vectors | " + " | ".join(BY_NAME[n].title for n in names) + " |\n")
    w("|---|---|" + "---|" * len(names) + "\n")
    for c in order:
        row = [c, str(len(by_class[c]))]
        for name in names:
            counts = Counter(results[name][v.key]["outcome"] for v in by_class[c])
            run = len(by_class[c]) - counts["skip"]
            if run == 0:
                row.append("·")
                continue
            extra = " ".join(f"{counts[o]}{SYMBOLS[o]}" for o in ("accepted", "rejected", "strict", "misread", "crash", "timeout") if counts[o])
            row.append(f"{counts['ok']}/{run}" + (f" ({extra})" if extra else ""))
        w("| " + " | ".join(row) + " |\n")
    w("\n")

    # Disagreements among the readers that validate.
    validating = [n for n in names if n != "stockfish"]
    w("## Where the implementations disagree\n\n")
    w("Vectors that some of the validating implementations accept and others reject, or read as "
      "different positions (Stockfish is left out here: it never rejects; its column is in the grid). "
      + ", ".join(f"{SYMBOLS[o]} {LABELS[o]}" for o in OUTCOMES) + ".\n\n")
    w("| vector | class | " + " | ".join(BY_NAME[n].title for n in validating) + " |\n")
    w("|---|---|" + "---|" * len(validating) + "\n")
    for v in vectors:
        rows = {n: results[n][v.key] for n in validating}
        verdicts = {verdict(v, r["outcome"]) for r in rows.values() if r["outcome"] != "skip"}
        if len(verdicts) < 2:
            continue
        w(f"| {code(shortened(v.escaped, 90))} ({cell(v.reason)}) | {classes[v.key]} | "
          + " | ".join(SYMBOLS[rows[n]["outcome"]] for n in validating) + " |\n")
    w("\n")

    w(findings(vectors, classes, results, names))
    w(grid(vectors, classes, results, names, order))
    return "".join(out)


def verdict(vector, outcome):
    """What the implementation did, for comparing implementations: accepted as the text says,
    accepted as something else, rejected, or failed."""
    if outcome in ("crash", "timeout"):
        return "failed"
    if outcome == "misread":
        return "accepted otherwise"
    if outcome in ("strict", "rejected") or (outcome == "ok" and not vector.valid):
        return "rejected"
    return "accepted"


def findings(vectors, classes, results, names):
    """Crashes, hangs and positions read silently wrong, one minimal vector (the shortest) for
    each implementation and each kind."""
    out = ["## Findings worth reporting upstream\n\n",
           "Crashes, hangs, valid positions accepted as another position than the text gives, and "
           "invalid inputs accepted with their well-formed parts (a board of 8 ranks, a side `w` or "
           "`b` in either case, a field of castling letters, digit counters) read as something else: "
           "the parts read differently in brackets, each with the shortest vector that shows it. Then "
           "the invalid inputs each validating implementation accepts, by class. The full list is in "
           "`results/NAME.tsv`.\n\n"]
    for name in names:
        groups = defaultdict(list)
        for v in vectors:
            r = results[name][v.key]
            if r["outcome"] in ("crash", "timeout"):
                groups[(r["outcome"], r["detail"].split(":")[0] + " (" + classes[v.key] + ")")].append(v)
            elif r["outcome"] == "misread":
                groups[("misread", r["found"])].append(v)
            elif r["outcome"] == "accepted" and r["found"] != "-":
                groups[("accepted", r["found"])].append(v)
        accepted = Counter(classes[v.key] for v in vectors if results[name][v.key]["outcome"] == "accepted")
        if not groups and not accepted:
            continue
        out.append(f"### {BY_NAME[name].title}\n\n")
        for (kind, what), group in sorted(groups.items()):
            v = min(group, key=lambda v: (len(v.escaped), v.source, v.line))
            r = results[name][v.key]
            shown = f": reads {code(r['written'])}" if kind in ("misread", "accepted") else ""
            label = {"crash": f"crashes, {cell(what)},", "timeout": f"hangs, {cell(what)},",
                     "misread": f"reads differently ({cell(what)})",
                     "accepted": f"accepts an invalid input and reads its well-formed parts differently ({cell(what)})"}[kind]
            out.append(f"- {label} on {len(group)} vector{'s' if len(group) > 1 else ''}; shortest: "
                       f"{code(v.escaped)} ({cell(v.reason)}){shown}\n")
        if accepted and name != "stockfish":
            out.append("- accepts invalid inputs: " + ", ".join(f"{c[len('invalid: '):]} {n}" for c, n in sorted(accepted.items())) + "\n")
        out.append("\n")
    return "".join(out)


# The grid's cells are many: short class names keep the page small.
CELL_CLASSES = {"ok": "k", "strict": "s", "rejected": "r", "misread": "m", "accepted": "a", "crash": "c",
                "timeout": "t", "skip": "n"}


# Rows of a class between two repetitions of the implementations' names in the grid.
GRID_HEADER_EVERY = 40
# Characters of a vector shown in the grid.
GRID_VECTOR_CHARS = 56


def grid(vectors, classes, results, names, order):
    out = ["## The grid\n\n",
           "One row per vector, one column per implementation; hover over a vector for why it is there (and the whole of it where it is cut short), "
           "over a cell for what the implementation did (what it wrote back, or its error).\n\n"]
    out.append("<style>\n.fen-grid{border-collapse:collapse;font-size:11px;line-height:1.1}\n"
               ".fen-grid th,.fen-grid td{border:1px solid #fff;padding:1px 3px;white-space:nowrap;"
               "text-align:center;color:#fff}\n"
               ".fen-grid td.v{font-family:monospace;text-align:left;color:inherit;white-space:pre}\n"
               # The implementations' names wrap, so that the columns are as narrow as their cells.
               ".fen-grid th{white-space:normal;vertical-align:bottom}\n"
               ".fen-grid thead th{color:inherit;background:var(--bg,#fff)}\n"
               ".fen-grid tr.h th{background:#eee;color:#000}\n"
               ".fen-grid th.c{text-align:left}\n"
               + "".join(f".fen-grid .{CELL_CLASSES[o]}{{background:{c}}}\n" for o, c in COLOURS.items())
               + ".fen-grid .n,.fen-grid .s{color:#333}\n</style>\n")
    out.append('<table class="fen-grid">\n<thead><tr><th>legend</th>'
               + "".join(f'<td class="{CELL_CLASSES[o]}">{SYMBOLS[o]} {LABELS[o]}</td>' for o in OUTCOMES)
               + "</tr></thead>\n</table>\n")
    out.append('<table class="fen-grid">\n<thead><tr><th>vector</th>'
               + "".join(f"<th>{cell(BY_NAME[n].title)}</th>" for n in names) + "</tr></thead>\n<tbody>\n")
    by_class = defaultdict(list)
    for v in vectors:
        by_class[classes[v.key]].append(v)
    # Each class opens with the implementations' names again, and a long class has them every
    # GRID_HEADER_EVERY rows: a header that stays at the top of the window (`position: sticky`)
    # does not work inside mdBook's page, whose content is a scrolling box of its own.
    names_row = "".join(f"<th>{cell(BY_NAME[n].title)}</th>" for n in names)
    for c in order:
        for index, v in enumerate(by_class[c]):
            if index % GRID_HEADER_EVERY == 0:
                title = cell(c) if index == 0 else f"{cell(c)} (continued)"
                out.append(f'<tr class="h"><th class="c">{title}</th>{names_row}</tr>\n')
            cells = []
            for n in names:
                r = results[n][v.key]
                outcome = r["outcome"]
                if outcome == "ok":
                    cells.append(f"<td class=k>{SYMBOLS[outcome]}</td>")
                    continue
                tip = LABELS[outcome]
                if r["found"] != "-":
                    tip += f" ({r['found']})"
                if r["written"] != "-":
                    tip += f": {r['written']}"
                elif r["detail"] != "-":
                    tip += f": {r['detail']}"
                cells.append(f'<td class={CELL_CLASSES[outcome]} title="{cell(one_line(tip, 120))}">{SYMBOLS[outcome]}</td>')
            # The vector's column is kept narrow enough for the grid to fit beside mdBook's
            # sidebar on a common screen; a vector cut short is whole in its title.
            shown = shortened(v.escaped, GRID_VECTOR_CHARS)
            why = v.reason if shown == v.escaped else f"{v.escaped}: {v.reason}"
            out.append(f'<tr><td class="v" title="{cell(why)}">{cell(shown)}</td>{"".join(cells)}</tr>\n')
    out.append("</tbody>\n</table>\n")
    return "".join(out)


# --- the command -----------------------------------------------------------------------------


def read_versions():
    path = os.path.join(RESULTS, "versions.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    return {}


def read_text(path):
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated implementations: " + ", ".join(BY_NAME))
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 with a diff when a run or MATRIX.md differs from what is committed")
    parser.add_argument("--no-install", action="store_true", help="install nothing")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(BY_NAME)
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        parser.error(f"unknown implementation {', '.join(unknown)}; known: {', '.join(BY_NAME)}")

    vectors = read_vectors()
    if "fenlint" in names and not args.no_install:
        build_fenlint()
    errors = error_codes(fenlint_path())
    classes = {v.key: classify(v, errors) for v in vectors}
    versions = read_versions()
    fresh = {}
    failed = []
    for name in names:
        implementation = BY_NAME[name]
        try:
            if not args.no_install and name != "fenlint":
                implementation.install()
            versions[name] = implementation.version()
        except (subprocess.CalledProcessError, OSError, importlib.metadata.PackageNotFoundError) as error:
            print(f"{name}: could not be installed: {error}", file=sys.stderr)
            failed.append(name)
            continue
        print(f"{name} {versions[name]}: {len(vectors)} vectors", file=sys.stderr)
        fresh[name] = results_text(vectors, run_implementation(implementation, vectors))

    differ = []
    committed_versions = read_versions()
    for name, text in fresh.items():
        path = os.path.join(RESULTS, f"{name}.tsv")
        if args.check:
            if committed_versions.get(name) != versions[name]:
                differ.append(f"{name}: version {versions[name]}, committed results are of {committed_versions.get(name)}\n")
            committed = read_text(path)
            if committed != text:
                differ.append("".join(difflib.unified_diff(
                    committed.splitlines(True), text.splitlines(True), f"committed/{name}.tsv", f"run/{name}.tsv")))
        else:
            os.makedirs(RESULTS, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if not args.check:
        with open(os.path.join(RESULTS, "versions.json"), "w", encoding="utf-8") as f:
            json.dump(dict(sorted(versions.items())), f, indent=1)
            f.write("\n")
    results = {i.name: read_results(i.name) for i in IMPLEMENTATIONS}
    for name, rows in results.items():
        if rows is not None and any(v.key not in rows for v in vectors):
            print(f"{name}: results/{name}.tsv is of other vectors; it is left out of the matrix until "
                  f"`python3 grammar/conformance/driver.py --only {name}` runs again", file=sys.stderr)
            results[name] = None
    matrix = render(vectors, classes, results, read_versions())
    if args.check:
        committed = read_text(MATRIX)
        if committed != matrix:
            differ.append("".join(difflib.unified_diff(
                committed.splitlines(True), matrix.splitlines(True), "committed/MATRIX.md", "from-results/MATRIX.md")))
    else:
        with open(MATRIX, "w", encoding="utf-8") as f:
            f.write(matrix)
    if differ:
        sys.stdout.write("".join(differ))
        print(f"\nthe run differs from what is committed; to update: python3 grammar/conformance/driver.py "
              f"--only {','.join(fresh)}", file=sys.stderr)
        return 1
    if failed:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
