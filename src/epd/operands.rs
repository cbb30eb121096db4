//! What the operands of the opcodes PGN §16.2.5 defines look like.

/// The form of the operands of an opcode whose operands have one.
#[derive(Clone, Copy)]
pub(super) enum OperandForm {
    /// One integer, which may have a sign when `signed`.
    Integer { signed: bool },
    /// Moves in SAN; `#N` too (a mate distance) when `mate_count`.
    Moves { mate_count: bool },
    /// One string in double quotes: an identifier, a comment or a variation's name.
    Text,
}

/// The form of `opcode`'s operands (PGN §16.2.5; `D1`, `D2`, … the node counts of perft
/// suites); `None` for an opcode whose operands are free.
///
/// Only the syntax of the moves (`bm`, `am`, `pv`, `pm`, `sm`) is checked here. Whether each move is legal in the
/// record's position needs the position's legal moves: generate them from the
/// [`crate::position::Position`] the lint has built (after its own checks pass), write each
/// in SAN with its disambiguation and check suffix, and compare the operand with them.
pub(super) fn operand_form(opcode: &str) -> Option<OperandForm> {
    match opcode {
        "acd" | "acn" | "acs" | "rc" => Some(OperandForm::Integer { signed: false }),
        // A negative `dm` is the side to move getting mated, as tablebase-derived suites write
        // it and python-chess reads it.
        "ce" | "dm" => Some(OperandForm::Integer { signed: true }),
        "bm" => Some(OperandForm::Moves { mate_count: true }),
        "am" | "pv" | "pm" | "sm" => Some(OperandForm::Moves { mate_count: false }),
        "id" => Some(OperandForm::Text),
        _ if is_numbered(opcode, 'c') || is_numbered(opcode, 'v') => Some(OperandForm::Text),
        _ if is_perft_depth(opcode) => Some(OperandForm::Integer { signed: false }),
        _ => None,
    }
}

/// The form of the operands of `opcode` when it starts an operation that a missing `;` ran
/// into the one before (`bm Nc3 id "t.1";`): the forms of [`operand_form`] and the counters
/// `hmvc` and `fmvn`. `None` for an opcode whose operands are free, which is no evidence of a
/// new operation.
pub(super) fn known_form(opcode: &str) -> Option<OperandForm> {
    match opcode {
        "hmvc" | "fmvn" => Some(OperandForm::Integer { signed: false }),
        _ => operand_form(opcode),
    }
}

/// The six move suffix annotations of PGN §8.2.3.8, longest first.
const ANNOTATIONS: [&str; 6] = ["!!", "??", "!?", "?!", "!", "?"];

/// The move and the annotation of `text` when it is a move in SAN followed by one of the six
/// suffix annotations of PGN §8.2.3.8 (`Bb5!`, `e4!?`, `Qxf7+??`).
pub(super) fn annotated_san(text: &str, king_promotion: bool) -> Option<(&str, &str)> {
    ANNOTATIONS.iter().find_map(|annotation| {
        let san = text.strip_suffix(annotation)?;
        is_san(san, king_promotion).then_some((san, *annotation))
    })
}

/// The moves of `text` when it is moves in SAN with commas between or after them (`Nc3,`,
/// `Nc3,Bb5`), one space apart; `None` when there is no comma or a part is no move in SAN. A
/// lone `,` gives no moves.
pub(super) fn comma_separated_san(text: &str, king_promotion: bool) -> Option<String> {
    if !text.contains(',') {
        return None;
    }
    let moves: Vec<&str> = text.split(',').filter(|part| !part.is_empty()).collect();
    moves
        .iter()
        .all(|san| is_san(san, king_promotion))
        .then(|| moves.join(" "))
}

/// Whether `text` reads as a move that the checks of a move operand recognise: SAN, or one
/// of the spellings and slips they report (a mate distance, another spelling, coordinates, an
/// annotation, commas).
pub(super) fn is_move_like(text: &str, king_promotion: bool) -> bool {
    is_san(text, king_promotion)
        || is_mate_count(text)
        || san_spelling(text, king_promotion).is_some()
        || is_coordinate_move(text)
        || annotated_san(text, king_promotion).is_some()
        || comma_separated_san(text, king_promotion).is_some_and(|moves| !moves.is_empty())
}

/// What the operand of `opcode` means, for a label.
pub(super) fn operand_meaning(opcode: &str) -> &'static str {
    match opcode {
        "acd" => "analysis depth",
        "acn" => "nodes analysed",
        "acs" => "seconds of analysis",
        "dm" => "moves to mate",
        "rc" => "repetition count",
        "ce" => "evaluation in centipawns",
        "bm" => "best moves",
        "am" => "moves to avoid",
        "pv" => "predicted variation",
        "pm" => "predicted move",
        "sm" => "supplied move",
        "id" => "position identifier",
        _ if is_numbered(opcode, 'c') => "comment",
        _ if is_numbered(opcode, 'v') => "variation name",
        _ => "perft node count",
    }
}

/// Whether `opcode` is `letter` and one digit: the comments `c0` to `c9` and the variation
/// names `v0` to `v9`.
fn is_numbered(opcode: &str, letter: char) -> bool {
    opcode
        .strip_prefix(letter)
        .is_some_and(|digit| digit.len() == 1 && digit.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `text` is one of the opcodes PGN §16.2.5 defines.
pub(super) fn is_standard_opcode(text: &str) -> bool {
    matches!(
        text,
        "acd"
            | "acn"
            | "acs"
            | "am"
            | "bm"
            | "ce"
            | "dm"
            | "draw_accept"
            | "draw_claim"
            | "draw_offer"
            | "draw_reject"
            | "eco"
            | "fmvn"
            | "hmvc"
            | "id"
            | "nic"
            | "noop"
            | "pm"
            | "pv"
            | "rc"
            | "resign"
            | "sm"
            | "tcgs"
            | "tcri"
            | "tcsi"
    ) || is_numbered(text, 'c')
        || is_numbered(text, 'v')
}

/// Whether `opcode` is a perft depth: `D` and a number (`D1`, `D12`).
pub(super) fn is_perft_depth(opcode: &str) -> bool {
    opcode
        .strip_prefix('D')
        .is_some_and(|depth| !depth.is_empty() && depth.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `text` is a decimal integer: digits, after a `+` or `-` when `signed`.
/// Whether `text` is a number as python-chess reads a bare operand: a sign, a digit or a `.`
/// first, and a decimal number in all (`8`, `-0.5`, `1e3`).
pub(super) fn is_number(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '-' | '.'))
        && text.parse::<f64>().is_ok()
}

pub(super) fn is_integer(text: &str, signed: bool) -> bool {
    let digits = if signed {
        text.strip_prefix(['+', '-']).unwrap_or(text)
    } else {
        text
    };
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `text` is a mate distance as mate-finding suites write it in `bm`: `#` and a
/// number from 1 (`#3`).
pub(super) fn is_mate_count(text: &str) -> bool {
    text.strip_prefix('#').is_some_and(|count| {
        count.starts_with(|c: char| matches!(c, '1'..='9'))
            && count.bytes().all(|b| b.is_ascii_digit())
    })
}

/// Whether `text` is a move in SAN (PGN §8.2.3), by its syntax alone: castling (`O-O`,
/// `O-O-O`), a piece move (`Nf3`, `Nbd2`, `R1e2`, `Qh4xe1`), or a pawn move (`e4`, `exd5`,
/// `e8=Q`, and `e8=K` with `king_promotion`), each with an optional `+` or `#`.
pub(super) fn is_san(text: &str, king_promotion: bool) -> bool {
    let body = text.strip_suffix(['+', '#']).unwrap_or(text);
    if body == "O-O" || body == "O-O-O" {
        return true;
    }
    let bytes = body.as_bytes();
    let file = |b: &u8| (b'a'..=b'h').contains(b);
    let rank = |b: &u8| (b'1'..=b'8').contains(b);
    match bytes {
        [b'K' | b'Q' | b'R' | b'B' | b'N', rest @ ..] => {
            // Optional file, optional rank, optional `x`, then the target square.
            let Some((before, [to_file, to_rank])) = rest.split_last_chunk::<2>() else {
                return false;
            };
            let square = file(to_file) && rank(to_rank);
            let before = before.strip_suffix(b"x").unwrap_or(before);
            let from_ok = match before {
                [] => true,
                [f] => file(f) || rank(f),
                [f, r] => file(f) && rank(r),
                _ => false,
            };
            square && from_ok
        }
        _ => {
            // A pawn: `e4`, `exd5`, with `=Q` on the last rank.
            let (body, promotion) = match bytes {
                [head @ .., b'=', b'Q' | b'R' | b'B' | b'N'] => (head, true),
                [head @ .., b'=', b'K'] if king_promotion => (head, true),
                _ => (bytes, false),
            };
            let target_rank = match body {
                [f, r] if file(f) && rank(r) => *r,
                [f, b'x', g, r] if file(f) && file(g) && f.abs_diff(*g) == 1 && rank(r) => *r,
                _ => return false,
            };
            promotion == matches!(target_rank, b'1' | b'8')
        }
    }
}

/// The SAN of `text` when it is a move written in a spelling that SAN does not use but that
/// readers such as python-chess accept, so that only the spelling is wrong: castling with zeros
/// (`0-0`, `0-0-0`), or a pawn's promotion without its `=` (`e8Q`) or with the piece in lower
/// case (`e8=q`, `e8q`); a `+` or `#` after it is kept.
pub(super) fn san_spelling(text: &str, king_promotion: bool) -> Option<String> {
    let body = text.strip_suffix(['+', '#']).unwrap_or(text);
    let sign = text.get(body.len()..).unwrap_or_default();
    let san = match body {
        "0-0" => "O-O".to_owned(),
        "0-0-0" => "O-O-O".to_owned(),
        _ => {
            let piece = body.chars().next_back()?;
            let square = body.get(..body.len().checked_sub(1)?)?;
            let square = square.strip_suffix('=').unwrap_or(square);
            format!("{square}={}", piece.to_ascii_uppercase())
        }
    };
    let san = san + sign;
    (san != text && is_san(&san, king_promotion)).then_some(san)
}

/// Whether `text` is a move given by its squares, from and to, as UCI writes it (`g1f3`,
/// `e7e8q`) or long algebraic notation (`Ng1-f3`, `Bf1xb5+`, `e2-e4`, `e7-e8=Q`).
pub(super) fn is_coordinate_move(text: &str) -> bool {
    let body = text.strip_suffix(['+', '#']).unwrap_or(text).as_bytes();
    let (piece, body) = match body {
        [b'K' | b'Q' | b'R' | b'B' | b'N', rest @ ..] => (true, rest),
        _ => (false, body),
    };
    let square =
        |file: &u8, rank: &u8| (b'a'..=b'h').contains(file) && (b'1'..=b'8').contains(rank);
    let [from_file, from_rank, rest @ ..] = body else {
        return false;
    };
    let rest = rest
        .strip_prefix(b"-")
        .or_else(|| rest.strip_prefix(b"x"))
        .unwrap_or(rest);
    let [to_file, to_rank, promotion @ ..] = rest else {
        return false;
    };
    let promotion = match promotion {
        [] => true,
        [piece_letter] | [b'=', piece_letter] => {
            !piece && matches!(piece_letter.to_ascii_lowercase(), b'q' | b'r' | b'b' | b'n')
        }
        _ => false,
    };
    square(from_file, from_rank)
        && square(to_file, to_rank)
        && (from_file, from_rank) != (to_file, to_rank)
        && promotion
}

/// Whether a string operand (starting with `"`) ends with its closing quote.
pub(super) fn closed_string(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('"') else {
        return false;
    };
    let Some(body) = inner.strip_suffix('"') else {
        return false;
    };
    // The final quote is not escaped: an even number of backslashes precede it.
    let backslashes = body.bytes().rev().take_while(|&b| b == b'\\').count();
    backslashes % 2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_spelled_as_san_does_not_is_given_its_san() {
        for (text, san) in [
            ("0-0", Some("O-O")),
            ("0-0-0+", Some("O-O-O+")),
            ("e8Q", Some("e8=Q")),
            ("e8=q", Some("e8=Q")),
            ("bxa1n#", Some("bxa1=N#")),
            ("a8K", None),
            // SAN already, or no move whatever the spelling.
            ("e8=Q", None),
            ("O-O", None),
            ("e7q", None),
            ("Qe8q", None),
            ("0-0-0-0", None),
            ("=", None),
            ("", None),
            ("é", None),
        ] {
            assert_eq!(san_spelling(text, false).as_deref(), san, "{text}");
        }
        assert_eq!(san_spelling("a8k", true).as_deref(), Some("a8=K"));
    }

    #[test]
    fn identifiers_comments_and_variation_names_take_a_string() {
        for opcode in ["id", "c0", "c9", "v0", "v5"] {
            assert!(
                matches!(operand_form(opcode), Some(OperandForm::Text)),
                "{opcode}"
            );
            assert!(is_standard_opcode(opcode), "{opcode}");
        }
        for opcode in ["c", "c10", "cx", "v", "idx", "D1", "bm"] {
            assert!(
                !matches!(operand_form(opcode), Some(OperandForm::Text)),
                "{opcode}"
            );
        }
        assert!(!is_standard_opcode("c10"));
        assert!(!is_standard_opcode("WAC.001"));
    }

    #[test]
    fn a_move_by_its_squares_is_told_from_san_and_from_no_move() {
        for text in [
            "g1f3", "e7e8q", "e7e8=Q", "Ng1-f3", "Bf1xb5+", "e2-e4", "e1g1#",
        ] {
            assert!(is_coordinate_move(text), "{text}");
        }
        for text in [
            "Nf3", "e4", "e1e1", "Ng1-f3q", "e2-e9", "g1f", "O-O", "", "e7e8k", "é2e4",
        ] {
            assert!(!is_coordinate_move(text), "{text}");
        }
    }
}
