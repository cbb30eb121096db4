"""python-chess (PyPI `chess`).

FEN: the board class for the variant (`chess.Board(fen, chess960=...)` with `chess960=True`
for Chess960 vectors, `chess.variant.CrazyhouseBoard(fen)`, `chess.variant.ThreeCheckBoard(fen)`),
then `board.is_valid()` (its status check); written back with
`board.fen(shredder=True, en_passant="fen")`. EPD: `Board.from_epd(text)` (the same classes),
then `is_valid()`. PGN: `chess.pgn.read_game` until the end of the text; a game is read when
`game.errors` is empty and `game.board().is_valid()`.

A `ValueError` is python-chess's documented error for a bad FEN, so it is a rejection; any other
exception escapes and the driver records a crash.
"""

import io

import chess
import chess.pgn
import chess.variant

from protocol import accept, reject, serve

BOARDS = {
    "standard": chess.Board,
    "chess960": chess.Board,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "threecheck": chess.variant.ThreeCheckBoard,
}


def judge(request):
    fmt, variant, text = request["format"], request["variant"], request["text"]
    board_class = BOARDS[variant]
    chess960 = variant == "chess960"
    if fmt == "pgn":
        stream = io.StringIO(text)
        games = 0
        while (game := chess.pgn.read_game(stream)) is not None:
            games += 1
            if game.errors:
                return reject(game.errors[0])
            if not game.board().is_valid():
                return reject(game.board().status())
        return accept() if games else reject("no game")
    try:
        if fmt == "epd":
            board, _operations = board_class.from_epd(text, chess960=chess960)
        elif board_class is chess.Board:
            board = chess.Board(text, chess960=chess960)
        else:
            board = board_class(text, chess960=chess960)
    except ValueError as error:
        return reject(error)
    if not board.is_valid():
        return reject(board.status())
    return accept(board.fen(shredder=True, en_passant="fen"))


if __name__ == "__main__":
    serve(judge)
