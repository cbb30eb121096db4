//! cozy-chess: `str::parse::<Board>()` (its `FromStr`, which reads plain FEN and, when the
//! castling field is not plain, Shredder-FEN); written back with `{:#}` (Shredder-FEN
//! castling, so that every right names its rook's file). Standard and Chess960 only.

use cozy_chess::Board;
use fen_conformance_adapters::{Answer, Request, serve};

fn main() {
    serve(|request: &Request| {
        if request.format != "fen" {
            return Answer::skip(request.id, "no EPD-operation or PGN reader");
        }
        if request.variant == "crazyhouse" || request.variant == "threecheck" {
            return Answer::skip(request.id, "variant not supported");
        }
        match request.text.parse::<Board>() {
            Ok(board) => Answer::accept(request.id, format!("{board:#}")),
            Err(error) => Answer::reject(request.id, format!("{error:?}")),
        }
    });
}
