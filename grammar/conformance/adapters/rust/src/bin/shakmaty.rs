//! shakmaty: `Fen::from_ascii`, then `Fen::into_position` (no error ignored) as `Chess`,
//! `Crazyhouse` or `ThreeCheck`, with `CastlingMode::Chess960` for Chess960 vectors and
//! `CastlingMode::Standard` otherwise; written back with `Fen::from_position(_,
//! EnPassantMode::Always)`.

use fen_conformance_adapters::{Answer, Request, serve};
use shakmaty::fen::Fen;
use shakmaty::variant::{Crazyhouse, ThreeCheck};
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Position};

fn read<P: FromSetup + Position>(fen: Fen, mode: CastlingMode, id: usize) -> Answer {
    match fen.into_position::<P>(mode) {
        Ok(position) => Answer::accept(
            id,
            Fen::from_position(&position, EnPassantMode::Always).to_string(),
        ),
        Err(error) => Answer::reject(id, error.to_string()),
    }
}

fn main() {
    serve(|request: &Request| {
        if request.format != "fen" {
            return Answer::skip(request.id, "no EPD-operation or PGN reader");
        }
        let fen = match Fen::from_ascii(request.text.as_bytes()) {
            Ok(fen) => fen,
            Err(error) => return Answer::reject(request.id, error.to_string()),
        };
        let mode = if request.variant == "chess960" {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        match request.variant.as_str() {
            "crazyhouse" => read::<Crazyhouse>(fen, mode, request.id),
            "threecheck" => read::<ThreeCheck>(fen, mode, request.id),
            _ => read::<Chess>(fen, mode, request.id),
        }
    });
}
