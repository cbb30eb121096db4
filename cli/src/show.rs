//! `fenlint show`: the position as a board diagram, with the squares diagnostics name
//! highlighted, then the diagnostics.

use std::fmt::Write as _;
use std::io::Read;

use fenlint::position::{Holdings, Position};
use fenlint::{Color, File, Lint, Square};
use owo_colors::OwoColorize;

use crate::bounded::{Line, Lines};

/// The diagram of `lint`'s position: ranks and files labelled, the squares the diagnostics name
/// ([`crate::svg::marked_squares`]) in brackets (and in bold red when `color`), then the side to
/// move, castling, en passant, counters, holdings and check counts.
pub fn diagram(lint: &Lint<'_>, position: &Position, color: bool) -> String {
    // The squares the SVG board marks, so that the two pictures of a position agree.
    let marked = crate::svg::marked_squares(lint.tree(), lint.diagnostics());
    let highlighted = |square: Square| marked.iter().any(|&(s, _)| s == square);
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
    let fields = Fields::of(lint, position);
    let _ = writeln!(
        out,
        "{} · castling {} · en passant {} · halfmove clock {} · move {} · {:?}",
        fields.turn,
        fields.castling,
        fields.en_passant,
        fields.halfmove_clock,
        fields.fullmove_number,
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

/// The fields after the placement as a reader is told them: what the FEN says; `unknown`
/// and the text for a field that says nothing readable; and, for a field left out, the value
/// the position takes with `(assumed)`. Never a value the FEN does not give as if it did.
pub struct Fields {
    /// `White to move`, `side to move unknown (`x`)` or `White to move (assumed)`.
    pub turn: String,
    pub castling: String,
    pub en_passant: String,
    pub halfmove_clock: String,
    pub fullmove_number: String,
}

impl Fields {
    /// The fields of `lint`'s FEN, whose position is `position`.
    pub fn of(lint: &Lint<'_>, position: &Position) -> Fields {
        let tree = lint.tree();
        let assumed = |value: String| format!("{value} (assumed)");
        let unknown = |text: &str| format!("unknown (`{text}`)");
        let turn = match tree.side_to_move() {
            None => assumed(format!("{} to move", position.turn)),
            Some(side) => match side.color() {
                Some(color) => format!("{color} to move"),
                None => format!("side to move {}", unknown(side.text())),
            },
        };
        let castling = match tree.castling() {
            None => assumed("-".to_owned()),
            Some(castling) if castling.has_errors() => unknown(castling.text()),
            Some(castling) => castling.text().to_owned(),
        };
        let en_passant = match tree.en_passant() {
            None => assumed("-".to_owned()),
            Some(field) if field.is_none() => "-".to_owned(),
            Some(field) => match field.square() {
                Some(square) => square.to_string(),
                None => unknown(field.text()),
            },
        };
        let counter = |counter: Option<fenlint::syntax::Counter<'_, '_>>, value: u64| match counter
        {
            None => assumed(value.to_string()),
            Some(counter) if counter.has_number() => counter.text().to_owned(),
            Some(counter) => unknown(counter.text()),
        };
        Fields {
            turn,
            castling,
            en_passant,
            halfmove_clock: counter(tree.halfmove_clock(), position.halfmove_clock),
            fullmove_number: counter(tree.fullmove_number(), position.fullmove_number),
        }
    }
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

/// The FEN `fenlint show` reads from standard input, `input`: its first line that is not blank
/// or a `#` comment, without its line ending, and how many more such lines follow; or what is
/// wrong. The input is read a line at a time, each kept up to the line limit, so that an input
/// of any size (`show < /dev/zero`) takes no more memory than a line.
pub fn fen_of_input(input: impl Read) -> Result<(String, usize), String> {
    let mut lines = Lines::new(input);
    let mut first: Option<String> = None;
    let mut more = 0usize;
    let mut number = 0usize;
    while let Some(kind) = lines
        .next()
        .map_err(|error| format!("cannot read standard input: {error}"))?
    {
        let line = lines.line();
        let start = lines.position().saturating_sub(line.len() as u64);
        // A long line's kept start may end inside a character, which is no error.
        let text = match std::str::from_utf8(line) {
            Ok(text) => text,
            Err(error) if kind == Line::Long && error.error_len().is_none() => line
                .get(..error.valid_up_to())
                .and_then(|valid| std::str::from_utf8(valid).ok())
                .unwrap_or_default(),
            Err(error) => {
                return Err(format!(
                    "standard input is not UTF-8 (byte {})",
                    start.saturating_add(error.valid_up_to() as u64)
                ));
            }
        };
        number = number.saturating_add(1);
        let text = if number == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        };
        let content = text.strip_suffix('\n').map_or(text, |content| {
            content.strip_suffix('\r').unwrap_or(content)
        });
        if !fenlint::files::is_position_line(content.as_bytes()) {
            continue;
        }
        if first.is_some() {
            more = more.saturating_add(1);
        } else if kind == Line::Long {
            return Err(format!(
                "the FEN on line {number} of standard input is longer than {} KiB, the limit of a line",
                fenlint::MAX_LINE_LEN / 1024
            ));
        } else {
            first = Some(content.to_owned());
        }
    }
    first
        .map(|fen| (fen, more))
        .ok_or_else(|| "no FEN on standard input".to_owned())
}

#[cfg(test)]
mod tests {
    use super::{Fields, diagram, fen_of_input};

    /// The squares the diagnostics name are those the SVG board marks: the en-passant square, and
    /// of a rank's run of empty squares only the one a label names.
    #[test]
    fn the_squares_named_are_in_brackets() {
        let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 b - e3 0 1");
        let text = diagram(&lint, lint.position().unwrap(), false);
        let rank = |n: usize| text.lines().nth(9 - n).unwrap().to_owned();
        assert_eq!(rank(4), " 4 │  ·  ·  ·  · [·] ·  ·  ·  │", "{text}");
        assert_eq!(rank(3), " 3 │  ·  ·  ·  · [·] ·  ·  ·  │", "{text}");
        assert_eq!(rank(8), " 8 │  ·  ·  ·  ·  k  ·  ·  ·  │", "{text}");
    }

    /// The fields as `show` and the editor's hover describe them.
    fn fields(fen: &str) -> [String; 5] {
        let lint = fenlint::lint(fen);
        let fields = Fields::of(&lint, lint.position().unwrap());
        [
            fields.turn,
            fields.castling,
            fields.en_passant,
            fields.halfmove_clock,
            fields.fullmove_number,
        ]
    }

    #[test]
    fn fields_say_what_the_fen_says_and_nothing_it_does_not() {
        assert_eq!(
            fields("4k3/8/8/8/8/8/8/4K3 b - e3 5 30"),
            ["Black to move", "-", "e3", "5", "30"]
        );
        assert_eq!(
            fields("4k3/8/8/8/8/8/8/4K3 x - e9 y 30"),
            [
                "side to move unknown (`x`)",
                "-",
                "unknown (`e9`)",
                "unknown (`y`)",
                "30"
            ]
        );
        assert_eq!(
            fields("8/8/8/2K5/4k3/8/8/8"),
            [
                "White to move (assumed)",
                "- (assumed)",
                "- (assumed)",
                "0 (assumed)",
                "1 (assumed)"
            ]
        );
        assert_eq!(
            fields("r3k3/8/8/8/8/8/8/4K3 b qx"),
            [
                "Black to move",
                "unknown (`qx`)",
                "- (assumed)",
                "0 (assumed)",
                "1 (assumed)"
            ]
        );
    }

    #[test]
    fn the_first_position_of_the_input() {
        let input = "\u{feff}# a comment\r\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n8/8 w\n";
        assert_eq!(
            fen_of_input(input.as_bytes()),
            Ok(("4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_owned(), 1))
        );
        assert!(fen_of_input(&b"# only a comment\n"[..]).is_err());
        assert!(
            fen_of_input(&b"\xff"[..])
                .unwrap_err()
                .contains("not UTF-8")
        );
        assert_eq!(
            fen_of_input(&b"8/8/8/4k3/8/8/8/4K3 w - - 0 1\n# \xff\n"[..]),
            Err("standard input is not UTF-8 (byte 32)".to_owned())
        );
    }
}
