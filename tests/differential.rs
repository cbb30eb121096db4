//! Differential test against shakmaty 0.30.1 (with its `variant` feature).
//!
//! Seeded random legal games in standard chess, Chess960, crazyhouse and three-check give
//! positions that must all be accepted: no error-severity diagnostic. Seeded mutations of them
//! (a piece moved, removed, added or recoloured, the side to move flipped, castling letters added
//! or removed, an en-passant square set, counters changed, holdings and check counters changed,
//! ranks swapped, and so on) are then judged by both fenlint and shakmaty. Every disagreement is
//! classified by [`classify`] into a named category, and each category must be a documented
//! intentional difference, listed with its reason in [`INTENTIONAL_DIFFERENCES`]; any other
//! category fails the test with examples.
//!
//! Everything is seeded, so a run reproduces; `FENLINT_DIFFERENTIAL_SCALE` multiplies the number
//! of games for a longer run, `FENLINT_DIFFERENTIAL_SEED` explores other games.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::time::Instant;

use fenlint::Validator;
use fenlint::position::Variant;
use shakmaty::fen::Fen;
use shakmaty::variant::{Crazyhouse, ThreeCheck};
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Role, Setup,
    Square,
};

/// The places where fenlint and shakmaty are meant to judge a FEN differently, each with the
/// reason. A disagreement is accepted only when every part of its category (see [`classify`]) is
/// listed here. Each entry's condition is checked by this file independently of fenlint, so a
/// rule that fires wrongly is not hidden by its entry.
const INTENTIONAL_DIFFERENCES: &[(&str, &str)] = &[
    (
        "castling-order",
        "fenlint: `fen::castling::order` (error). The spec orders the castling letters (White's \
         before Black's, kingside before queenside, file letters from the h-side); shakmaty reads \
         the letters as a set and ignores their order.",
    ),
    (
        "castling-duplicate",
        "fenlint: `fen::castling::duplicate` (error) for a repeated letter, \
         `fen::castling::same_rook` (error) for a second letter for the same rook, such as `ka` \
         beside `kq`. Each right is written once; shakmaty reads the letters into a set of rook \
         squares, so either disappears silently.",
    ),
    (
        "counter-overflow",
        "fenlint: `fen::counter::overflow` (error). A counter beyond 32 bits is not a real game \
         and overflows in many tools; shakmaty saturates it to u32::MAX and accepts.",
    ),
    (
        "three-check-both-counter-forms",
        "fenlint reads a three-check FEN with both counters, the remaining `W+B` before the \
         move counters and the given `+W+B` after them, when they agree (and reports \
         `fen::checks::forms_disagree` when they do not); shakmaty reads only one of them and \
         rejects the other as extra text.",
    ),
    (
        "castling-chess960-start",
        "fenlint reads the castling rights of a crazyhouse or three-check FEN by Chess960's rules \
         when its castling letters say Chess960 by their notation (a file letter, or `K`/`Q` \
         naming a rook where the corner holds none): the game started from a Chess960 position. \
         shakmaty, asked for crazyhouse or three-check, castles by the standard rules only.",
    ),
    (
        "three-check-game-over-without-check",
        "fenlint: `fen::checks::game_over_without_check` (error). The third check ends the game, \
         so a side that has given three checks has just moved and the other king is in check; \
         shakmaty rejects only the case where both sides have given three.",
    ),
];

/// The four variants, in report order.
const VARIANTS: [Variant; 4] = [
    Variant::Standard,
    Variant::Chess960,
    Variant::Crazyhouse,
    Variant::ThreeCheck,
];

/// Games per variant and their ply cap (before `FENLINT_DIFFERENTIAL_SCALE`), and mutants per
/// position.
fn plan(variant: Variant) -> (usize, usize) {
    match variant {
        Variant::Standard | Variant::Chess960 => (220, 200),
        Variant::Crazyhouse => (220, 200),
        Variant::ThreeCheck => (330, 200),
        other => panic!("the differential test knows no {other:?}"),
    }
}
const MUTANTS_PER_POSITION: usize = 2;

fn scale() -> usize {
    std::env::var("FENLINT_DIFFERENTIAL_SCALE")
        .ok()
        .and_then(|scale| scale.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1)
}

fn seed(variant: Variant) -> u64 {
    let base = match variant {
        Variant::Standard => 0x5eed_0001,
        Variant::Chess960 => 0x5eed_0960,
        Variant::Crazyhouse => 0x5eed_2c0e,
        Variant::ThreeCheck => 0x5eed_0003,
        other => panic!("the differential test knows no {other:?}"),
    };
    let extra = std::env::var("FENLINT_DIFFERENTIAL_SEED")
        .ok()
        .and_then(|seed| seed.parse::<u64>().ok())
        .unwrap_or(0);
    base ^ extra.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

// ---------------------------------------------------------------------------------------------
// Generation: seeded random legal games.

/// Plays a random legal game from `pos`, pushing the FEN of every position (deduplicated).
fn play<P: Position + Clone>(
    mut pos: P,
    rng: &mut fastrand::Rng,
    max_plies: usize,
    seen: &mut HashSet<String>,
    out: &mut Vec<String>,
) {
    for ply in 0..=max_plies {
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        if seen.insert(fen.clone()) {
            out.push(fen);
        }
        if ply == max_plies || pos.is_variant_end() || pos.is_insufficient_material() {
            return;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let m = moves[rng.usize(..moves.len())];
        pos.play_unchecked(m);
    }
}

/// The positions of `games` random games of `variant`.
fn generate(
    variant: Variant,
    games: usize,
    max_plies: usize,
    rng: &mut fastrand::Rng,
) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..games {
        // Vary the game length so that positions deep into a game are not all from long games.
        let plies = rng.usize(max_plies / 2..=max_plies);
        match variant {
            Variant::Standard => play(Chess::default(), rng, plies, &mut seen, &mut out),
            Variant::Chess960 => {
                let board = Board::chess960(rng.u32(..960));
                let setup = Setup {
                    castling_rights: board.rooks(),
                    board,
                    ..Setup::empty()
                };
                let pos = Chess::from_setup(setup, CastlingMode::Chess960)
                    .expect("every Chess960 start position is valid");
                play(pos, rng, plies, &mut seen, &mut out);
            }
            Variant::Crazyhouse => play(Crazyhouse::default(), rng, plies, &mut seen, &mut out),
            Variant::ThreeCheck => play(ThreeCheck::default(), rng, plies, &mut seen, &mut out),
            other => panic!("the differential test knows no {other:?}"),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Judging.

fn castling_mode(variant: Variant) -> CastlingMode {
    if variant == Variant::Chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// shakmaty's verdict: `Ok` when it parses the FEN and sets up the position, else why not (the
/// `ParseFenError`, or each of the `PositionErrorKinds`).
fn shakmaty_verdict(fen: &str, variant: Variant) -> Result<(), Vec<String>> {
    shakmaty_verdict_in(fen, variant, castling_mode(variant))
}

/// [`shakmaty_verdict`], with castling by the rules of `mode`.
fn shakmaty_verdict_in(fen: &str, variant: Variant, mode: CastlingMode) -> Result<(), Vec<String>> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|error| vec![format!("{error:?}")])?;
    let kinds = match variant {
        Variant::Standard | Variant::Chess960 => {
            parsed.into_position::<Chess>(mode).err().map(|e| e.kinds())
        }
        Variant::Crazyhouse => parsed
            .into_position::<Crazyhouse>(mode)
            .err()
            .map(|e| e.kinds()),
        Variant::ThreeCheck => parsed
            .into_position::<ThreeCheck>(mode)
            .err()
            .map(|e| e.kinds()),
        other => panic!("the differential test knows no {other:?}"),
    };
    match kinds {
        None => Ok(()),
        Some(kinds) => Err(kinds
            .iter_names()
            .map(|(name, _)| name.to_owned())
            .collect()),
    }
}

/// fenlint's error codes for `fen` (empty when it accepts the FEN).
fn fenlint_errors(validator: &Validator, fen: &str) -> Vec<&'static str> {
    let lint = validator.lint(fen);
    let mut codes: Vec<&'static str> = lint
        .diagnostics()
        .iter()
        .filter(|diagnostic| diagnostic.severity() == fenlint::Severity::Error)
        .map(|diagnostic| diagnostic.code().name())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

// ---------------------------------------------------------------------------------------------
// Classification of disagreements.

/// The fields of a FEN, split on spaces, with the three-check counters taken out: (placement,
/// side to move, castling, en passant, halfmove clock, fullmove number).
fn main_fields(fen: &str) -> Vec<&str> {
    fen.split(' ')
        .filter(|field| !field.is_empty())
        .filter(|field| {
            !(field.contains('+') && field.bytes().all(|b| b == b'+' || b.is_ascii_digit()))
        })
        .collect()
}

/// The sort key of a castling letter in the spec's order: White first, then kingside to
/// queenside (`K`, then file letters from h to a, then `Q`).
fn castling_key(letter: u8) -> (bool, std::cmp::Reverse<i8>) {
    let side = match letter.to_ascii_lowercase() {
        b'k' => 8,
        b'q' => -1,
        file => i8::try_from(file.wrapping_sub(b'a')).unwrap_or(0),
    };
    (letter.is_ascii_lowercase(), std::cmp::Reverse(side))
}

fn castling_in_order(field: &str) -> bool {
    field
        .as_bytes()
        .windows(2)
        .all(|pair| castling_key(pair[0]) <= castling_key(pair[1]))
}

/// Whether two castling letters of a side name the same rook: the same letter twice, or two
/// notations of one right (`kq` and `ka` when a8 holds the outermost rook). shakmaty resolves
/// each letter to its rook square, so fewer squares than letters means a repeat.
fn castling_has_duplicate(fen: &str) -> bool {
    let Some(field) = main_fields(fen).get(2).copied() else {
        return false;
    };
    let Ok(parsed) = Fen::from_ascii(fen.as_bytes()) else {
        return false;
    };
    let rights = parsed.into_setup().castling_rights;
    [Color::White, Color::Black].into_iter().any(|color| {
        let letters = field
            .bytes()
            .filter(|letter| letter.is_ascii_uppercase() == color.is_white())
            .count();
        letters > (rights & color.backrank()).count()
    })
}

/// Whether the castling letters of a crazyhouse or three-check FEN say Chess960 by their
/// notation (a file letter, or `K`/`Q` whose corner holds no rook of that side), and shakmaty
/// accepts the FEN with Chess960's castling rules.
fn castles_from_chess960_start(fen: &str, variant: Variant) -> bool {
    let Some(field) = main_fields(fen).get(2).copied() else {
        return false;
    };
    let Ok(parsed) = Fen::from_ascii(fen.as_bytes()) else {
        return false;
    };
    let board = parsed.into_setup().board;
    let corner_without_rook = |letter: u8| {
        let (color, corner) = match letter {
            b'K' => (Color::White, Square::H1),
            b'Q' => (Color::White, Square::A1),
            b'k' => (Color::Black, Square::H8),
            b'q' => (Color::Black, Square::A8),
            _ => return false,
        };
        board.piece_at(corner)
            != Some(Piece {
                color,
                role: Role::Rook,
            })
    };
    let by_notation = field.bytes().any(|letter| {
        matches!(letter.to_ascii_lowercase(), b'a'..=b'h') || corner_without_rook(letter)
    });
    by_notation && shakmaty_verdict_in(fen, variant, CastlingMode::Chess960).is_ok()
}

fn counter_overflows(fen: &str) -> bool {
    let fields = main_fields(fen);
    fields.iter().skip(4).any(|field| {
        field.parse::<u64>().is_ok_and(|n| n > u64::from(u32::MAX))
            || (field.len() > 19 && field.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// A side has given three checks, but it is not the case that it has just moved and the other
/// king is in check.
fn three_check_over_without_check(fen: &str) -> bool {
    let Ok(parsed) = Fen::from_ascii(fen.as_bytes()) else {
        return false;
    };
    let setup = parsed.into_setup();
    let Some(remaining) = setup.remaining_checks else {
        return false;
    };
    let turn = setup.turn;
    let in_check = setup.board.king_of(turn).is_some_and(|king| {
        setup
            .board
            .attacks_to(king, !turn, setup.board.occupied())
            .any()
    });
    let exhausted = |color: Color| remaining.get(color).is_zero();
    exhausted(turn) || (exhausted(!turn) && !in_check)
}

/// Whether a three-check FEN has both the remaining `W+B` (before the counters) and the given
/// `+W+B` (after them), saying the same.
fn both_check_forms_agree(fen: &str) -> bool {
    let counts = |field: &str| -> Option<(u32, u32)> {
        let (white, black) = field.split_once('+')?;
        Some((white.parse().ok()?, black.parse().ok()?))
    };
    let fields: Vec<&str> = fen.split(' ').collect();
    let remaining = fields
        .iter()
        .find(|field| !field.starts_with('+') && field.contains('+'))
        .and_then(|field| counts(field));
    let given = fields
        .iter()
        .find_map(|field| field.strip_prefix('+'))
        .and_then(counts);
    match (remaining, given) {
        (Some((rw, rb)), Some((gw, gb))) => rw + gw == 3 && rb + gb == 3,
        _ => false,
    }
}

/// The category of a disagreement, as its parts: for a FEN fenlint rejects and shakmaty accepts,
/// one part per error code (named after an intentional difference when this file confirms its
/// condition on its own, independently of fenlint); for a FEN shakmaty rejects and fenlint
/// accepts, one part per reason shakmaty gives.
fn classify(
    fen: &str,
    variant: Variant,
    errors: &[&'static str],
    shakmaty: &Result<(), Vec<String>>,
) -> Vec<String> {
    let parts: BTreeSet<String> = match shakmaty {
        Err(reasons) => reasons
            .iter()
            .map(|reason| match reason.as_str() {
                "InvalidFen" if variant == Variant::ThreeCheck && both_check_forms_agree(fen) => {
                    "three-check-both-counter-forms".to_owned()
                }
                "INVALID_CASTLING_RIGHTS"
                    if matches!(variant, Variant::Crazyhouse | Variant::ThreeCheck)
                        && castles_from_chess960_start(fen, variant) =>
                {
                    "castling-chess960-start".to_owned()
                }
                _ => format!("shakmaty rejects ({reason}), fenlint accepts"),
            })
            .collect(),
        Ok(()) => {
            let castling = main_fields(fen).get(2).copied().unwrap_or("-");
            errors
                .iter()
                .map(|&code| {
                    let confirmed = match code {
                        "fen::castling::order" if !castling_in_order(castling) => {
                            Some("castling-order")
                        }
                        "fen::castling::duplicate" | "fen::castling::same_rook"
                            if castling_has_duplicate(fen) =>
                        {
                            Some("castling-duplicate")
                        }
                        "fen::counter::overflow" if counter_overflows(fen) => {
                            Some("counter-overflow")
                        }
                        "fen::checks::game_over_without_check"
                            if variant == Variant::ThreeCheck
                                && three_check_over_without_check(fen) =>
                        {
                            Some("three-check-game-over-without-check")
                        }
                        _ => None,
                    };
                    confirmed.map_or_else(
                        || format!("fenlint rejects ({code}), shakmaty accepts"),
                        str::to_owned,
                    )
                })
                .collect()
        }
    };
    parts.into_iter().collect()
}

fn is_intentional(part: &str) -> bool {
    INTENTIONAL_DIFFERENCES
        .iter()
        .any(|(name, _)| *name == part)
}

// ---------------------------------------------------------------------------------------------
// Mutation: a FEN split into editable parts.

#[derive(Clone, Debug)]
struct Model {
    /// `board[row][file]`, row 0 being rank 8: the piece letter and its promoted marker.
    board: [[Option<(u8, bool)>; 8]; 8],
    holdings: Option<Vec<u8>>,
    slash_holdings: bool,
    turn: u8,
    castling: Vec<u8>,
    en_passant: Option<(u8, u8)>,
    /// Remaining checks, White's and Black's.
    checks: Option<(u32, u32)>,
    given_form: bool,
    /// Checks given, written as `+W+B` after the counters in addition to the remaining form.
    also_given: Option<(u32, u32)>,
    halfmove: String,
    fullmove: String,
    /// Leave out the two counters (EPD style).
    no_counters: bool,
    /// Write runs of empty squares as two digits (`4` as `13`).
    split_runs: bool,
}

const PIECES: &[u8] = b"PNBRQKpnbrqk";

impl Model {
    /// Reads a FEN as shakmaty writes it.
    fn parse(fen: &str) -> Model {
        let mut fields = fen.split(' ');
        let first = fields.next().unwrap_or_default();
        let (placement, holdings) = match first.split_once('[') {
            Some((placement, holdings)) => (
                placement,
                Some(holdings.trim_end_matches(']').bytes().collect()),
            ),
            None => (first, None),
        };
        let mut board = [[None; 8]; 8];
        for (row, rank) in placement.split('/').enumerate().take(8) {
            let mut file = 0;
            for byte in rank.bytes() {
                if byte.is_ascii_digit() {
                    file += usize::from(byte - b'0');
                } else if byte == b'~' {
                    if let Some(Some((_, promoted))) = board[row].get_mut(file.wrapping_sub(1)) {
                        *promoted = true;
                    }
                } else {
                    board[row][file] = Some((byte, false));
                    file += 1;
                }
            }
        }
        let turn = fields.next().unwrap_or("w").as_bytes()[0];
        let castling = match fields.next().unwrap_or("-") {
            "-" => Vec::new(),
            letters => letters.bytes().collect(),
        };
        let en_passant = match fields.next().unwrap_or("-").as_bytes() {
            [file, rank] => Some((file - b'a', rank - b'1')),
            _ => None,
        };
        let mut rest: Vec<&str> = fields.collect();
        let checks = (rest.len() == 3).then(|| {
            let (white, black) = rest.remove(0).split_once('+').unwrap_or(("3", "3"));
            (white.parse().unwrap_or(3), black.parse().unwrap_or(3))
        });
        Model {
            board,
            holdings,
            slash_holdings: false,
            turn,
            castling,
            en_passant,
            checks,
            given_form: false,
            also_given: None,
            halfmove: rest.first().copied().unwrap_or("0").to_owned(),
            fullmove: rest.get(1).copied().unwrap_or("1").to_owned(),
            no_counters: false,
            split_runs: false,
        }
    }

    fn write(&self) -> String {
        let mut out = String::with_capacity(96);
        for (row, rank) in self.board.iter().enumerate() {
            if row > 0 {
                out.push('/');
            }
            let mut empty = 0;
            let run = |out: &mut String, empty: u8| {
                if self.split_runs && empty > 1 {
                    out.push('1');
                    out.push(char::from(b'0' + empty - 1));
                } else if empty > 0 {
                    out.push(char::from(b'0' + empty));
                }
            };
            for square in rank {
                match square {
                    None => empty += 1,
                    Some((piece, promoted)) => {
                        run(&mut out, empty);
                        empty = 0;
                        out.push(char::from(*piece));
                        if *promoted {
                            out.push('~');
                        }
                    }
                }
            }
            run(&mut out, empty);
        }
        if let Some(holdings) = &self.holdings {
            let letters: String = holdings.iter().map(|&b| char::from(b)).collect();
            if self.slash_holdings {
                out.push('/');
                out.push_str(&letters);
            } else {
                out.push('[');
                out.push_str(&letters);
                out.push(']');
            }
        }
        out.push(' ');
        out.push(char::from(self.turn));
        out.push(' ');
        if self.castling.is_empty() {
            out.push('-');
        } else {
            out.extend(self.castling.iter().map(|&b| char::from(b)));
        }
        out.push(' ');
        match self.en_passant {
            Some((file, rank)) => {
                out.push(char::from(b'a' + file));
                out.push(char::from(b'1' + rank));
            }
            None => out.push('-'),
        }
        if let (Some((white, black)), false) = (self.checks, self.given_form) {
            out.push_str(&format!(" {white}+{black}"));
        }
        if !self.no_counters {
            out.push(' ');
            out.push_str(&self.halfmove);
            out.push(' ');
            out.push_str(&self.fullmove);
        }
        if let (Some((white, black)), true) = (self.checks, self.given_form) {
            out.push_str(&format!(
                " +{}+{}",
                3u32.saturating_sub(white),
                3u32.saturating_sub(black)
            ));
        } else if let (Some(_), Some((white, black))) = (self.checks, self.also_given) {
            out.push_str(&format!(" +{white}+{black}"));
        }
        out
    }

    fn occupied(&self) -> Vec<(usize, usize)> {
        (0..8)
            .flat_map(|row| (0..8).map(move |file| (row, file)))
            .filter(|&(row, file)| self.board[row][file].is_some())
            .collect()
    }

    fn sort_castling(&mut self) {
        self.castling.sort_by_key(|&letter| castling_key(letter));
    }
}

/// Applies one random mutation to `model`; returns its name.
fn mutate_once(model: &mut Model, variant: Variant, rng: &mut fastrand::Rng) -> &'static str {
    let random_square = |rng: &mut fastrand::Rng| (rng.usize(..8), rng.usize(..8));
    let mut ops: Vec<(&'static str, u32)> = vec![
        ("move piece", 12),
        ("remove piece", 8),
        ("add piece", 8),
        ("recolour piece", 4),
        ("change role", 4),
        ("flip side to move", 6),
        ("add castling letter", 6),
        ("remove castling letter", 4),
        ("reorder castling letters", 1),
        ("duplicate castling letter", 1),
        ("plausible en passant", 6),
        ("random en passant", 3),
        ("clear en passant", 2),
        ("halfmove clock", 3),
        ("fullmove number", 3),
        ("counter overflow", 1),
        ("swap ranks", 3),
        ("move king along back rank", 2),
        ("two digits for a run", 1),
        ("add checker", 6),
        ("add back-rank rook", 3),
        ("name a second rook on one side", 2),
    ];
    if variant != Variant::ThreeCheck {
        ops.push(("leave out counters", 1));
    }
    if variant == Variant::Crazyhouse {
        ops.extend([
            ("add to holdings", 6),
            ("remove from holdings", 4),
            ("toggle promoted marker", 4),
            ("slash holdings", 1),
        ]);
    }
    if variant == Variant::ThreeCheck {
        ops.extend([
            ("set remaining checks", 8),
            ("given-checks form", 2),
            ("both check forms", 2),
        ]);
    }
    let total: u32 = ops.iter().map(|(_, weight)| weight).sum();
    let mut pick = rng.u32(..total);
    let name = ops
        .iter()
        .find(|(_, weight)| {
            if pick < *weight {
                true
            } else {
                pick -= weight;
                false
            }
        })
        .map_or("move piece", |(name, _)| name);
    match name {
        "move piece" | "remove piece" | "recolour piece" | "change role" => {
            let occupied = model.occupied();
            if occupied.is_empty() {
                return name;
            }
            let (row, file) = occupied[rng.usize(..occupied.len())];
            let piece = model.board[row][file].take();
            match name {
                "move piece" => {
                    let (to_row, to_file) = random_square(rng);
                    model.board[to_row][to_file] = piece;
                }
                "remove piece" => {}
                "recolour piece" => {
                    model.board[row][file] = piece.map(|(letter, promoted)| {
                        let flipped = if letter.is_ascii_uppercase() {
                            letter.to_ascii_lowercase()
                        } else {
                            letter.to_ascii_uppercase()
                        };
                        (flipped, promoted)
                    });
                }
                _ => {
                    model.board[row][file] = piece.map(|(letter, promoted)| {
                        let role = b"pnbrqk"[rng.usize(..6)];
                        let letter = if letter.is_ascii_uppercase() {
                            role.to_ascii_uppercase()
                        } else {
                            role
                        };
                        (letter, promoted)
                    });
                }
            }
        }
        "add piece" => {
            let (row, file) = random_square(rng);
            model.board[row][file] = Some((PIECES[rng.usize(..PIECES.len())], false));
        }
        "flip side to move" => {
            model.turn = if model.turn == b'w' { b'b' } else { b'w' };
        }
        "add castling letter" => {
            // The classic letters, the file of a rook of that side on its back rank (as
            // Shredder-FEN writes it), or any file.
            let white = rng.bool();
            let (row, rook) = if white { (7, b'R') } else { (0, b'r') };
            let rooks: Vec<u8> = (0..8u8)
                .filter(|&file| model.board[row][usize::from(file)].is_some_and(|(p, _)| p == rook))
                .collect();
            let letter = match rng.u8(..10) {
                0..5 => b"KQ"[rng.usize(..2)],
                5..8 if !rooks.is_empty() => b'A' + rooks[rng.usize(..rooks.len())],
                _ => b'A' + rng.u8(..8),
            };
            let letter = if white {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            if !model.castling.contains(&letter) {
                model.castling.push(letter);
                model.sort_castling();
            }
        }
        "remove castling letter" => {
            if !model.castling.is_empty() {
                let index = rng.usize(..model.castling.len());
                model.castling.remove(index);
            }
        }
        "reorder castling letters" => {
            if model.castling.len() > 1 {
                model.castling.reverse();
            }
        }
        "duplicate castling letter" => {
            if !model.castling.is_empty() {
                let index = rng.usize(..model.castling.len());
                let letter = model.castling[index];
                model.castling.insert(index, letter);
            }
        }
        "plausible en passant" => {
            // A pawn of the side that just moved on its fourth rank, the square behind it.
            let (pawn, row, behind) = if model.turn == b'w' {
                (b'p', 3, 2)
            } else {
                (b'P', 4, 5)
            };
            let files: Vec<usize> = (0..8)
                .filter(|&file| model.board[row][file].is_some_and(|(p, _)| p == pawn))
                .collect();
            let file = if files.is_empty() {
                rng.usize(..8)
            } else {
                files[rng.usize(..files.len())]
            };
            model.en_passant = Some((file as u8, 7 - behind as u8));
        }
        "random en passant" => {
            let rank = if rng.bool() { 2 } else { 5 };
            model.en_passant = Some((rng.u8(..8), rank));
        }
        "clear en passant" => model.en_passant = None,
        "halfmove clock" => model.halfmove = rng.u32(..=160).to_string(),
        "fullmove number" => model.fullmove = rng.u32(..=250).to_string(),
        "counter overflow" => {
            let huge = [
                "4294967296",
                "99999999999",
                "18446744073709551616",
                "4294967295",
            ][rng.usize(..4)];
            if rng.bool() {
                model.halfmove = huge.to_owned();
            } else {
                model.fullmove = huge.to_owned();
            }
        }
        "swap ranks" => {
            let (a, b) = (rng.usize(..8), rng.usize(..8));
            model.board.swap(a, b);
        }
        "move king along back rank" => {
            let (king, row) = if rng.bool() { (b'K', 7) } else { (b'k', 0) };
            if let Some(from) =
                (0..8).find(|&file| model.board[row][file].is_some_and(|(p, _)| p == king))
            {
                let to = rng.usize(..8);
                if model.board[row][to].is_none() {
                    model.board[row][to] = model.board[row][from].take();
                }
            }
        }
        "add to holdings" => {
            let letter = if rng.u8(..20) == 0 {
                if rng.bool() { b'K' } else { b'k' }
            } else {
                b"PNBRQpnbrq"[rng.usize(..10)]
            };
            let holdings = model.holdings.get_or_insert_with(Vec::new);
            holdings.push(letter);
            holdings.sort_by_key(|&letter| {
                (
                    letter.is_ascii_lowercase(),
                    b"qrbnpk"
                        .iter()
                        .position(|&r| r == letter.to_ascii_lowercase()),
                )
            });
        }
        "remove from holdings" => {
            if let Some(holdings) = &mut model.holdings
                && !holdings.is_empty()
            {
                let index = rng.usize(..holdings.len());
                holdings.remove(index);
            }
        }
        "toggle promoted marker" => {
            let occupied = model.occupied();
            if !occupied.is_empty() {
                let (row, file) = occupied[rng.usize(..occupied.len())];
                if let Some((_, promoted)) = &mut model.board[row][file] {
                    *promoted = !*promoted;
                }
            }
        }
        "add checker" => add_checker(model, rng),
        "name a second rook on one side" => {
            // A rook between the king and its side's edge, named by its file beside `K`/`Q`:
            // two rights on one side of the king, or two letters for one rook.
            let white = rng.bool();
            let (row, rook, king) = if white {
                (7, b'R', b'K')
            } else {
                (0, b'r', b'k')
            };
            let Some(king_file) =
                (0..8).find(|&file| model.board[row][file].is_some_and(|(p, _)| p == king))
            else {
                return name;
            };
            let kingside = rng.bool();
            let files: Vec<usize> = if kingside {
                (king_file + 1..8).collect()
            } else {
                (0..king_file).collect()
            };
            let empty: Vec<usize> = files
                .into_iter()
                .filter(|&file| model.board[row][file].is_none())
                .collect();
            if empty.is_empty() {
                return name;
            }
            let file = empty[rng.usize(..empty.len())];
            model.board[row][file] = Some((rook, false));
            let case = |letter: u8| {
                if white {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                }
            };
            for letter in [
                case(b'A' + file as u8),
                case(if kingside { b'K' } else { b'Q' }),
            ] {
                if !model.castling.contains(&letter) {
                    model.castling.push(letter);
                }
            }
            model.sort_castling();
        }
        "add back-rank rook" => {
            // A second rook beside a castling rook, often named by a later castling letter.
            let (row, rook) = if rng.bool() { (7, b'R') } else { (0, b'r') };
            let file = rng.usize(..8);
            if model.board[row][file].is_none() {
                model.board[row][file] = Some((rook, false));
            }
        }
        "two digits for a run" => model.split_runs = true,
        "leave out counters" => model.no_counters = true,
        "slash holdings" => model.slash_holdings = !model.slash_holdings,
        "set remaining checks" => {
            model.checks = Some((rng.u32(..=3), rng.u32(..=3)));
        }
        "given-checks form" => model.given_form = !model.given_form,
        "both check forms" => {
            // Usually saying the same thing, sometimes not.
            model.given_form = false;
            let (white, black) = model.checks.unwrap_or((3, 3));
            model.also_given = Some(if rng.u8(..4) == 0 {
                (rng.u32(..=3), rng.u32(..=3))
            } else {
                (3u32.saturating_sub(white), 3u32.saturating_sub(black))
            });
        }
        _ => unreachable!("unknown mutation {name}"),
    }
    name
}

/// Puts a piece of the side that just moved where it attacks the king of the side to move: a
/// check, or a second or third checker.
fn add_checker(model: &mut Model, rng: &mut fastrand::Rng) {
    let Ok(parsed) = Fen::from_ascii(model.write().as_bytes()) else {
        return;
    };
    let board = parsed.into_setup().board;
    let turn = Color::from_white(model.turn == b'w');
    let Some(king) = board.king_of(turn) else {
        return;
    };
    let role = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ][rng.usize(..5)];
    let piece = Piece { color: !turn, role };
    let occupied = board.occupied();
    let squares: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&square| {
            !occupied.contains(square)
                && shakmaty::attacks::attacks(square, piece, occupied).contains(king)
        })
        .collect();
    if squares.is_empty() {
        return;
    }
    let square = squares[rng.usize(..squares.len())];
    let row = 7 - usize::from(square.rank());
    let file = usize::from(square.file());
    model.board[row][file] = u8::try_from(piece.char())
        .ok()
        .map(|letter| (letter, false));
}

/// A mutant of `fen`: one or two mutations that change its text (`None` if none did).
fn mutant(
    fen: &str,
    variant: Variant,
    rng: &mut fastrand::Rng,
) -> Option<(String, Vec<&'static str>)> {
    let original = Model::parse(fen);
    for _ in 0..8 {
        let mut model = original.clone();
        let count = if rng.u8(..10) < 3 { 2 } else { 1 };
        let names = (0..count)
            .map(|_| mutate_once(&mut model, variant, rng))
            .collect();
        let text = model.write();
        if text != fen {
            return Some((text, names));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// The test.

/// A disagreement, as reported.
struct Example {
    variant: Variant,
    fen: String,
    /// Every part of its category.
    parts: Vec<String>,
    fenlint: Vec<&'static str>,
    shakmaty: Result<(), Vec<String>>,
    mutations: Vec<&'static str>,
}

impl std::fmt::Display for Example {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let fenlint = if self.fenlint.is_empty() {
            "accepts".to_owned()
        } else {
            format!("rejects: {}", self.fenlint.join(", "))
        };
        let shakmaty = match &self.shakmaty {
            Ok(()) => "accepts".to_owned(),
            Err(reasons) => format!("rejects: {}", reasons.join(" | ")),
        };
        write!(
            f,
            "      {:?}  `{}`\n        fenlint {fenlint}; shakmaty {shakmaty}; mutations: {}",
            self.variant,
            self.fen,
            self.mutations.join(", ")
        )?;
        if self.parts.len() > 1 {
            write!(f, "; also in: {}", self.parts.join(" & "))?;
        }
        Ok(())
    }
}

/// The disagreements of one category part.
#[derive(Default)]
struct Disagreements {
    /// Per variant, in [`VARIANTS`] order.
    counts: [usize; 4],
    /// Examples whose category is this part alone, then others.
    alone: Vec<Example>,
    mixed: Vec<Example>,
}

const EXAMPLES: usize = 2;

impl Disagreements {
    fn add(&mut self, index: usize, count: usize, example: Option<Example>) {
        self.counts[index] += count;
        if let Some(example) = example {
            let list = if example.parts.len() == 1 {
                &mut self.alone
            } else {
                &mut self.mixed
            };
            if list.len() < EXAMPLES {
                list.push(example);
            }
        }
    }

    fn examples(&self) -> impl Iterator<Item = &Example> {
        self.alone.iter().chain(&self.mixed).take(EXAMPLES)
    }
}

#[derive(Default)]
struct Report {
    positions: usize,
    /// Generated positions fenlint rejects: (FEN, error codes).
    rejected_positions: Vec<(String, Vec<&'static str>)>,
    /// Generated positions shakmaty rejects (the harness is broken if any).
    shakmaty_rejected_positions: Vec<(String, Vec<String>)>,
    mutants: usize,
    /// Mutants both reject.
    both_reject: usize,
    agreements: usize,
    /// Per category part.
    disagreements: BTreeMap<String, Disagreements>,
}

fn run_variant(index: usize, variant: Variant) -> Report {
    let mut rng = fastrand::Rng::with_seed(seed(variant));
    let (games, max_plies) = plan(variant);
    let positions = generate(variant, games * scale(), max_plies, &mut rng);
    let validator = Validator::new().variant(variant);
    let mut report = Report {
        positions: positions.len(),
        ..Report::default()
    };
    for fen in &positions {
        let errors = fenlint_errors(&validator, fen);
        if !errors.is_empty() {
            report.rejected_positions.push((fen.clone(), errors));
        }
        if let Err(reasons) = shakmaty_verdict(fen, variant) {
            report
                .shakmaty_rejected_positions
                .push((fen.clone(), reasons));
        }
        for _ in 0..MUTANTS_PER_POSITION {
            let Some((text, mutations)) = mutant(fen, variant, &mut rng) else {
                continue;
            };
            report.mutants += 1;
            let errors = fenlint_errors(&validator, &text);
            let shakmaty = shakmaty_verdict(&text, variant);
            if errors.is_empty() == shakmaty.is_ok() {
                report.agreements += 1;
                report.both_reject += usize::from(!errors.is_empty());
                continue;
            }
            let parts = classify(&text, variant, &errors, &shakmaty);
            for part in &parts {
                let example = Example {
                    variant,
                    fen: text.clone(),
                    parts: parts.clone(),
                    fenlint: errors.clone(),
                    shakmaty: shakmaty.clone(),
                    mutations: mutations.clone(),
                };
                report
                    .disagreements
                    .entry(part.clone())
                    .or_default()
                    .add(index, 1, Some(example));
            }
        }
    }
    report
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

#[test]
fn fenlint_agrees_with_shakmaty() {
    let start = Instant::now();
    let reports: Vec<Report> = std::thread::scope(|scope| {
        let handles: Vec<_> = VARIANTS
            .iter()
            .enumerate()
            .map(|(index, &variant)| scope.spawn(move || run_variant(index, variant)))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a variant's run panicked"))
            .collect()
    });

    let mut summary = String::new();
    let mut failures = Vec::new();
    let (mut positions, mut mutants, mut agreements) = (0, 0, 0);
    let mut disagreements: BTreeMap<String, Disagreements> = BTreeMap::new();
    for (index, (variant, report)) in VARIANTS.iter().zip(reports).enumerate() {
        positions += report.positions;
        mutants += report.mutants;
        agreements += report.agreements;
        summary.push_str(&format!(
            "{variant:?}: {} positions from games ({} rejected by fenlint), {} mutants: {} agree \
             ({:.2}%; {} rejected by both), {} disagree\n",
            report.positions,
            report.rejected_positions.len(),
            report.mutants,
            report.agreements,
            percent(report.agreements, report.mutants),
            report.both_reject,
            report.mutants - report.agreements,
        ));
        if !report.rejected_positions.is_empty() {
            let mut text = format!(
                "{variant:?}: fenlint rejects {} of the positions from legal games:\n",
                report.rejected_positions.len()
            );
            for (fen, codes) in report.rejected_positions.iter().take(20) {
                text.push_str(&format!("      `{fen}`: {}\n", codes.join(", ")));
            }
            failures.push(text);
        }
        if !report.shakmaty_rejected_positions.is_empty() {
            let mut text = format!(
                "{variant:?}: shakmaty rejects {} of its own positions (the test is broken):\n",
                report.shakmaty_rejected_positions.len()
            );
            for (fen, reasons) in report.shakmaty_rejected_positions.iter().take(20) {
                text.push_str(&format!("      `{fen}`: {}\n", reasons.join(" | ")));
            }
            failures.push(text);
        }
        for (part, found) in report.disagreements {
            let merged = disagreements.entry(part).or_default();
            let count = found.counts[index];
            merged.add(index, count, None);
            for example in found.alone.into_iter().chain(found.mixed) {
                merged.add(index, 0, Some(example));
            }
        }
    }
    summary.push_str(&format!(
        "total: {positions} positions + {mutants} mutants = {} FENs judged; {:.2}% of mutants \
         judged alike; {:.1?}\n",
        positions + mutants,
        percent(agreements, mutants),
        start.elapsed(),
    ));
    summary.push_str("disagreements (a FEN counts once per part of its category):\n");
    for (part, found) in &disagreements {
        let intentional = is_intentional(part);
        let counts: Vec<String> = VARIANTS
            .iter()
            .zip(found.counts)
            .filter(|&(_, count)| count > 0)
            .map(|(variant, count)| format!("{variant:?} {count}"))
            .collect();
        let mut text = format!(
            "  [{}] {part}: {}\n",
            if intentional {
                "intentional"
            } else {
                "NOT LISTED"
            },
            counts.join(", "),
        );
        for example in found.examples() {
            text.push_str(&format!("{example}\n"));
        }
        summary.push_str(&text);
        if !intentional {
            failures.push(text);
        }
    }
    println!("{summary}");
    assert!(
        positions + mutants >= 100_000,
        "only {} FENs judged, expected at least 100,000",
        positions + mutants
    );
    assert!(
        failures.is_empty(),
        "{} problems (disagreements not in INTENTIONAL_DIFFERENCES, or generated positions \
         rejected):\n{}\nsummary:\n{summary}",
        failures.len(),
        failures.join("\n")
    );
}
