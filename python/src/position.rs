//! `Position`: a FEN read back, and written again in any dialect.

use std::collections::BTreeMap;

use fenlint::position::{CastlingStyle, ChecksStyle, HoldingsStyle, Variant, WriteOptions};
use fenlint::syntax::{CastlingNotation, ChecksForm, Dialect, HoldingsForm};
use fenlint::{Color, Square, Validator};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A position read from a FEN: the board and everything else the FEN says, the variant and the
/// dialect it was written in. `position.fen(...)` writes it in any dialect; `str(position)` in
/// the dialect it was read in.
#[pyclass(module = "fenlint", frozen)]
pub struct Position {
    inner: fenlint::position::Position,
    dialect: Dialect,
}

/// The name of `color` as `Position` gives it.
fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Position {
    /// The position of the FEN `text`, read as `variant` (`None`: from its dialect); `None`
    /// when its placement is not eight ranks of eight squares.
    pub fn read(text: &str, variant: Option<Variant>) -> Option<Position> {
        // Read as the variant, which decides what the text means (a ninth `/` group is
        // crazyhouse holdings only when something says crazyhouse).
        let validator = match variant {
            Some(variant) => Validator::new().variant(variant),
            None => Validator::new(),
        };
        let lint = validator.lint(text);
        let mut inner = lint.position()?.clone();
        if let Some(variant) = variant {
            inner.variant = variant;
        }
        let mut dialect = lint.tree().dialect();
        // Text read as something other than holdings (a ninth group in standard chess) was
        // written in no holdings form.
        if inner.holdings.is_none() {
            dialect.holdings = None;
        }
        Some(Position { inner, dialect })
    }

    /// The writer options of the dialect the FEN was written in.
    fn own_options(&self) -> WriteOptions {
        let mut options = WriteOptions::default();
        if self.dialect.castling == Some(CastlingNotation::Shredder) {
            options = options.with_castling(CastlingStyle::Shredder);
        }
        if self.dialect.holdings == Some(HoldingsForm::Slash) {
            options = options.with_holdings(HoldingsStyle::Slash);
        }
        if self.dialect.checks == Some(ChecksForm::Remaining) {
            options = options.with_checks(ChecksStyle::Remaining);
        }
        options
    }
}

#[pymethods]
impl Position {
    /// The 64 squares from a1 (index 0) to h8 (index 63), rank by rank as python-chess numbers
    /// them: each a piece letter (upper case White, lower case Black) or `None`.
    #[getter]
    fn board(&self) -> Vec<Option<String>> {
        (0..64u8)
            .map(|index| {
                Square::from_index(index)
                    .and_then(|square| self.inner.board.piece_at(square))
                    .map(|piece| piece.letter().to_string())
            })
            .collect()
    }

    /// Every piece by the name of its square, such as `{"e1": "K", "e8": "k"}`.
    #[getter]
    fn pieces(&self) -> BTreeMap<String, String> {
        self.inner
            .board
            .pieces()
            .map(|(square, piece)| (square.to_string(), piece.letter().to_string()))
            .collect()
    }

    /// The piece letter on the square named `square` ("e4"), or `None` when it is empty.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        let found = Square::from_name(square).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown square {square:?}: expected a file a–h and a rank 1–8, such as \"e4\""
            ))
        })?;
        Ok(self
            .inner
            .board
            .piece_at(found)
            .map(|piece| piece.letter().to_string()))
    }

    /// "white" or "black".
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.inner.turn)
    }

    /// The castling rights, each as (colour, side, rook square), such as
    /// `("white", "king", "h1")`; the side is the king's side of the rook ("king" for the
    /// h-side, "queen" for the a-side).
    #[getter]
    fn castling(&self) -> Vec<(&'static str, &'static str, String)> {
        self.inner
            .castling
            .squares()
            .map(|rook| {
                let color = if rook.rank() <= 4 {
                    Color::White
                } else {
                    Color::Black
                };
                let king_file = self
                    .inner
                    .board
                    .king_of(color)
                    .filter(|king| king.rank() == rook.rank())
                    .map_or(4, |king| king.file().index());
                let side = if rook.file().index() > king_file {
                    "king"
                } else {
                    "queen"
                };
                (color_name(color), side, rook.to_string())
            })
            .collect()
    }

    /// The en-passant target square, such as "e3", or `None`.
    #[getter]
    fn en_passant(&self) -> Option<String> {
        self.inner.en_passant.map(|square| square.to_string())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u64 {
        self.inner.halfmove_clock
    }

    /// The number of the move to be played.
    #[getter]
    fn fullmove_number(&self) -> u64 {
        self.inner.fullmove_number
    }

    /// Crazyhouse pieces in hand as letters (upper case White's, lower case Black's, "" for
    /// empty hands), or `None` when the FEN has no holdings.
    #[getter]
    fn holdings(&self) -> Option<String> {
        self.inner
            .holdings
            .as_ref()
            .map(|holdings| holdings.pieces().map(|piece| piece.letter()).collect())
    }

    /// Three-check: the checks White and Black have given, or `None`.
    #[getter]
    fn checks_given(&self) -> Option<(u8, u8)> {
        self.inner.checks_given.map(|[white, black]| (white, black))
    }

    /// The squares of pieces promoted from pawns (crazyhouse `~`).
    #[getter]
    fn promoted(&self) -> Vec<String> {
        self.inner
            .promoted
            .squares()
            .map(|square| square.to_string())
            .collect()
    }

    /// "standard", "chess960", "crazyhouse" or "threecheck": the one asked for, or the one the
    /// FEN's dialect suggests.
    #[getter]
    fn variant(&self) -> &'static str {
        crate::variant_name(self.inner.variant)
    }

    /// Whether castling follows Chess960's rules (the king anywhere between its rooks), as the
    /// castling letters tell: in Chess960, and in crazyhouse or three-check from a Chess960
    /// start.
    #[getter]
    fn chess960(&self) -> bool {
        self.inner.chess960
    }

    /// How the FEN was written: `castling` ("none" for `-`, "classic" for `KQkq`, "xfen",
    /// "shredder", or `None` without a castling field), `holdings` ("bracket", "slash" or
    /// `None`), `checks` ("given", "remaining", "both" or `None`) and `promoted_markers`.
    #[getter]
    fn dialect<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item(
            "castling",
            self.dialect.castling.map(|notation| match notation {
                CastlingNotation::NoRights => "none",
                CastlingNotation::Classic => "classic",
                CastlingNotation::Shredder => "shredder",
                _ => "xfen",
            }),
        )?;
        dict.set_item(
            "holdings",
            self.dialect.holdings.map(|form| match form {
                HoldingsForm::Slash => "slash",
                _ => "bracket",
            }),
        )?;
        dict.set_item(
            "checks",
            self.dialect.checks.map(|form| match form {
                ChecksForm::Remaining => "remaining",
                ChecksForm::Given => "given",
                _ => "both",
            }),
        )?;
        dict.set_item("promoted_markers", self.dialect.promoted_markers)?;
        Ok(dict)
    }

    /// The position as a FEN with every field. Each option left `None` keeps the dialect the
    /// FEN was read in: `castling` "fen"/"xfen" or "shredder", `holdings` "bracket" or "slash",
    /// `checks` "given" or "remaining", `en_passant` "always", "capturable" or "legal".
    #[pyo3(signature = (*, castling = None, holdings = None, checks = None, en_passant = None))]
    fn fen(
        &self,
        castling: Option<&str>,
        holdings: Option<&str>,
        checks: Option<&str>,
        en_passant: Option<&str>,
    ) -> PyResult<String> {
        let options =
            crate::write_options(self.own_options(), castling, holdings, checks, en_passant)?;
        Ok(self.inner.to_fen(&options))
    }

    fn __str__(&self) -> String {
        self.inner.to_fen(&self.own_options())
    }

    fn __repr__(&self) -> String {
        format!("Position({:?})", self.__str__())
    }
}
