//! `fenlint show`: the position as a board diagram, with the squares diagnostics name
//! highlighted, then the diagnostics.

use std::fmt::Write as _;

use fenlint::position::{Holdings, Position};
use fenlint::{Color, File, Lint, Square};
use owo_colors::OwoColorize;

/// The diagram of `lint`'s position: ranks and files labelled, highlighted squares in brackets
/// (and in bold red when `color`), then the side to move, castling, en passant, counters,
/// holdings and check counts.
pub fn diagram(lint: &Lint<'_>, position: &Position, color: bool) -> String {
    let squares = lint
        .tree()
        .placement()
        .map(|placement| placement.squares())
        .unwrap_or_default();
    let highlighted = |square: Square| {
        squares.iter().any(|&(s, span)| {
            s == square
                && lint
                    .diagnostics()
                    .iter()
                    .any(|diagnostic| diagnostic.labels().iter().any(|label| label.span() == span))
        })
    };
    let mut out = String::new();
    out.push_str("   ┌──────────────────────────┐\n");
    for rank in (1..=8u8).rev() {
        let _ = write!(out, " {rank} │ ");
        for file in 0..8u8 {
            let Some(square) = File::new(file).and_then(|file| Square::new(file, rank)) else {
                continue;
            };
            let letter = position
                .board
                .piece_at(square)
                .map_or('·', |piece| piece.letter());
            let marker = if position.promoted.contains(square) {
                '~'
            } else {
                ' '
            };
            if highlighted(square) {
                let marked = format!("[{letter}]");
                if color {
                    let _ = write!(out, "{}", marked.red().bold());
                } else {
                    out.push_str(&marked);
                }
            } else {
                let _ = write!(out, " {letter}{marker}");
            }
        }
        out.push_str(" │\n");
    }
    out.push_str("   └──────────────────────────┘\n");
    out.push_str("      a  b  c  d  e  f  g  h\n\n");
    let castling = lint
        .tree()
        .castling()
        .map_or("-".to_owned(), |castling| castling.text().to_owned());
    let en_passant = position
        .en_passant
        .map_or("-".to_owned(), |square| square.to_string());
    let _ = writeln!(
        out,
        "{} to move · castling {castling} · en passant {en_passant} · halfmove clock {} · move {} · {:?}",
        position.turn,
        position.halfmove_clock,
        position.fullmove_number,
        lint.variant().unwrap_or(position.variant)
    );
    if let Some(holdings) = &position.holdings {
        let _ = writeln!(
            out,
            "holdings: White {}, Black {}",
            hand(holdings, Color::White, |letter| letter),
            hand(holdings, Color::Black, |letter| letter)
        );
    }
    if let Some([white, black]) = position.checks_given {
        let _ = writeln!(out, "checks given: White {white}, Black {black}");
    }
    out
}

/// The pieces `color` holds, each drawn by `draw` from its letter, or `-` for none.
pub fn hand(holdings: &Holdings, color: Color, draw: impl Fn(char) -> char) -> String {
    let pieces: String = holdings
        .pieces()
        .filter(|piece| piece.color == color)
        .map(|piece| draw(piece.letter()))
        .collect();
    if pieces.is_empty() {
        "-".to_owned()
    } else {
        pieces
    }
}

/// The FEN `fenlint show` reads from standard input: its first line that is not blank or a `#`
/// comment, without its line ending, and how many more such lines follow; or what is wrong.
pub fn fen_of_input(bytes: &[u8]) -> Result<(String, usize), String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|error| format!("standard input is not UTF-8 (byte {})", error.valid_up_to()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut positions = text
        .lines()
        .filter(|line| fenlint::files::is_position_line(line.as_bytes()));
    let first = positions
        .next()
        .ok_or_else(|| "no FEN on standard input".to_owned())?;
    Ok((first.to_owned(), positions.count()))
}

#[cfg(test)]
mod tests {
    use super::fen_of_input;

    #[test]
    fn the_first_position_of_the_input() {
        let input = "\u{feff}# a comment\r\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n8/8 w\n";
        assert_eq!(
            fen_of_input(input.as_bytes()),
            Ok(("4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_owned(), 1))
        );
        assert!(fen_of_input(b"# only a comment\n").is_err());
        assert!(fen_of_input(b"\xff").unwrap_err().contains("not UTF-8"));
    }
}
