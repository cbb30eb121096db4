//! `fenlint show --format svg`: the position as a self-contained SVG board, with the squares the
//! diagnostics name marked, and the holdings and check counters of the variants that have them.
//!
//! Self-contained means the picture looks the same in every browser and image viewer: no
//! fonts (the coordinates and counts are drawn as strokes of a small built-in glyph set), no
//! links to other files, no scripts, no `id`s (so that many boards can share one HTML page), and
//! only integer coordinates, so that the text of a board is stable. The piece shapes are drawn
//! for fenlint (`PIECES` below) and licensed as the rest of the repository.

use std::fmt::Write as _;

use fenlint::position::{Holdings, Position};
use fenlint::syntax::SyntaxTree;
use fenlint::{Color, Diagnostic, File, Piece, Role, Square};

/// The side of one square, in SVG user units (pixels at the default size).
const SQUARE: u32 = 45;
/// The margin left of the board, where the rank numbers are.
const LEFT: u32 = 24;
/// The margin right of the board, where the side-to-move marker is.
const RIGHT: u32 = 24;
/// The room above and below everything.
const PAD: u32 = 8;
/// The row under the board, where the file letters are.
const FILE_ROW: u32 = 22;
/// The height of a side's band of holdings and check counters, when the variant has them.
const BAND: u32 = 40;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const INK: &str = "#3a3a3a";
/// The squares of a diagnostic's primary label: where the problem is.
const PRIMARY: &str = "#e5484d";
/// The squares of its other labels: what the problem is about (a king, a rook).
const SECONDARY: &str = "#3e8ed0";

/// How a square is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// A square a diagnostic's primary label names.
    Primary,
    /// A square only its other labels name.
    Secondary,
}

/// The squares `diagnostics` name, each once, in square order (a1, b1, …, h8), marked
/// [`Mark::Primary`] when any primary label names it. A label names a square when its span is
/// the placement token that describes the square (a piece letter, or the digit of a run of
/// empty squares) or the en-passant field that names it. A label on a run of empty squares
/// whose text names some of them (`e4 is empty` on the `8` of a rank) names only those: the
/// run's digit is the nearest token to one empty square, and marking the whole rank would
/// point at seven squares the diagnostic is not about.
pub fn marked_squares(tree: &SyntaxTree<'_>, diagnostics: &[Diagnostic]) -> Vec<(Square, Mark)> {
    let mut squares: Vec<(Square, fenlint::Span)> = tree
        .placement()
        .map(|placement| placement.squares())
        .unwrap_or_default();
    if let Some(field) = tree.en_passant()
        && let Some(square) = field.square()
    {
        squares.push((square, field.span()));
    }
    let mut marks: [Option<Mark>; 64] = [None; 64];
    for diagnostic in diagnostics {
        for label in diagnostic.labels() {
            let mark = if label.is_primary() {
                Mark::Primary
            } else {
                Mark::Secondary
            };
            let spanned: Vec<Square> = squares
                .iter()
                .filter(|&&(_, span)| span == label.span())
                .map(|&(square, _)| square)
                .collect();
            let named: Vec<Square> = spanned
                .iter()
                .copied()
                .filter(|&square| names_square(label.text(), square))
                .collect();
            let chosen = if spanned.len() > 1 && !named.is_empty() {
                named
            } else {
                spanned
            };
            for square in chosen {
                if let Some(slot) = marks.get_mut(usize::from(square.index())) {
                    *slot = Some(slot.map_or(mark, |old| old.min(mark)));
                }
            }
        }
    }
    (0..64u8)
        .filter_map(|index| {
            let mark = (*marks.get(usize::from(index))?)?;
            Some((Square::from_index(index)?, mark))
        })
        .collect()
}

/// Whether `text` names `square` as a word of its own (`e4`, not the `e4` of `e45`).
fn names_square(text: &str, square: Square) -> bool {
    let name = square.to_string();
    text.match_indices(&name).any(|(start, _)| {
        let before = text.get(..start).and_then(|head| head.chars().next_back());
        let after = text
            .get(start + name.len()..)
            .and_then(|tail| tail.chars().next());
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The SVG document of `position` (read from `tree`), with the squares `diagnostics` name
/// marked, its side to move, and, where the variant has them, each side's holdings and checks
/// given. `title` is the picture's accessible title (the FEN); each diagnostic is listed in its
/// description.
pub fn board(
    tree: &SyntaxTree<'_>,
    position: &Position,
    diagnostics: &[Diagnostic],
    title: &str,
) -> String {
    let bands = position.holdings.is_some() || position.checks_given.is_some();
    let band = if bands { BAND } else { 0 };
    let board_top = PAD + band;
    let width = LEFT + 8 * SQUARE + RIGHT;
    let height = board_top + 8 * SQUARE + FILE_ROW + band + PAD;
    let mut out = String::new();
    draw_header(&mut out, width, height, title, diagnostics);
    draw_squares(&mut out, &marked_squares(tree, diagnostics), board_top);
    draw_pieces(&mut out, position, board_top);
    draw_coordinates(&mut out, board_top);
    draw_turn(&mut out, position.turn, board_top);
    if bands {
        // Black's band above the board, White's below the file letters: each side's pieces in
        // hand from the left, its checks given on the right.
        let bottom = board_top + 8 * SQUARE + FILE_ROW;
        for (color, top) in [(Color::Black, PAD), (Color::White, bottom)] {
            if let Some(holdings) = &position.holdings {
                draw_holdings(&mut out, holdings, color, top);
            }
            if let Some(checks) = position.checks_given {
                let given = match color {
                    Color::White => checks[0],
                    Color::Black => checks[1],
                };
                draw_checks(&mut out, given, color, top);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The `<svg>` element's start, its title and, listing `diagnostics`, its description, and the
/// white background.
fn draw_header(out: &mut String, width: u32, height: u32, title: &str, diagnostics: &[Diagnostic]) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    if !diagnostics.is_empty() {
        out.push_str("<desc>");
        for (n, diagnostic) in diagnostics.iter().enumerate() {
            if n > 0 {
                out.push('\n');
            }
            let _ = write!(
                out,
                "{} {}: {}",
                diagnostic.severity(),
                diagnostic.code().name(),
                escape(diagnostic.message())
            );
        }
        out.push_str("</desc>\n");
    }
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
}

/// The 64 squares of a board whose top edge is at `board_top`, those of `marks` marked, and its
/// frame.
fn draw_squares(out: &mut String, marks: &[(Square, Mark)], board_top: u32) {
    for square in (0..64u8).filter_map(Square::from_index) {
        let (x, y) = square_origin(square, board_top);
        let light = (square.file().index() + square.rank()) % 2 == 0;
        let fill = if light { LIGHT } else { DARK };
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        );
        if let Some(&(_, mark)) = marks.iter().find(|(marked, _)| *marked == square) {
            let (color, name) = match mark {
                Mark::Primary => (PRIMARY, "primary"),
                Mark::Secondary => (SECONDARY, "secondary"),
            };
            let _ = writeln!(
                out,
                r#"<rect class="mark {name}" data-square="{square}" x="{}" y="{}" width="{}" height="{}" fill="{color}" fill-opacity="0.45" stroke="{color}" stroke-width="3"/>"#,
                x + 2,
                y + 2,
                SQUARE - 4,
                SQUARE - 4,
            );
        }
    }
    let _ = writeln!(
        out,
        r#"<rect x="{LEFT}" y="{board_top}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="1"/>"#,
        8 * SQUARE,
        8 * SQUARE
    );
}

/// The pieces of `position`'s board, a promoted piece with its ring.
fn draw_pieces(out: &mut String, position: &Position, board_top: u32) {
    for (square, piece) in position.board.pieces() {
        let (x, y) = square_origin(square, board_top);
        draw_piece(out, piece, x, y, SQUARE);
        if position.promoted.contains(square) {
            // A promoted piece (crazyhouse `~`): a small ring in the square's corner.
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="4" fill="none" stroke="{INK}" stroke-width="1.5"/>"#,
                x + SQUARE - 7,
                y + 7
            );
        }
    }
}

/// The rank numbers on the left of the board and the file letters below it.
fn draw_coordinates(out: &mut String, board_top: u32) {
    // Coordinates: rank numbers on the left, file letters below.
    for rank in 1..=8u8 {
        let y = board_top + (8 - u32::from(rank)) * SQUARE + SQUARE / 2 - 6;
        draw_text(out, &rank.to_string(), 8, y, INK);
    }
    for file in (0..8u8).filter_map(File::new) {
        let x = LEFT + u32::from(file.index()) * SQUARE + SQUARE / 2 - 3;
        draw_text(
            out,
            &file.letter().to_string(),
            x,
            board_top + 8 * SQUARE + 5,
            INK,
        );
    }
}

/// The side to move, `turn`: a disc of its colour beside its own back rank.
fn draw_turn(out: &mut String, turn: Color, board_top: u32) {
    let turn_y = match turn {
        Color::White => board_top + 8 * SQUARE - SQUARE / 2,
        Color::Black => board_top + SQUARE / 2,
    };
    let (turn_fill, turn_name) = match turn {
        Color::White => ("#ffffff", "white"),
        Color::Black => ("#1a1a1a", "black"),
    };
    let _ = writeln!(
        out,
        r#"<circle class="turn {turn_name}" cx="{}" cy="{turn_y}" r="7" fill="{turn_fill}" stroke="{INK}" stroke-width="1.5"/>"#,
        LEFT + 8 * SQUARE + RIGHT / 2
    );
}

/// The top-left corner of `square` on a board whose top edge is at `board_top`.
fn square_origin(square: Square, board_top: u32) -> (u32, u32) {
    (
        LEFT + u32::from(square.file().index()) * SQUARE,
        board_top + (8 - u32::from(square.rank())) * SQUARE,
    )
}

/// `color`'s pieces in hand, from the queen down, each kind once with its count when above one.
fn draw_holdings(out: &mut String, holdings: &Holdings, color: Color, top: u32) {
    const SIZE: u32 = 32;
    let mut x = LEFT;
    let _ = writeln!(
        out,
        r#"<g class="holdings {}">"#,
        match color {
            Color::White => "white",
            Color::Black => "black",
        }
    );
    for role in [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let count = holdings.count(color, role);
        if count == 0 {
            continue;
        }
        draw_piece(out, Piece { color, role }, x, top + 4, SIZE);
        x += SIZE;
        if count > 1 {
            let text = count.to_string();
            draw_text(out, &text, x, top + 20, INK);
            x += text_width(&text);
        }
        x += 6;
    }
    out.push_str("</g>\n");
}

/// The checks `color` has given in Three-Check: a `+` and three discs, one filled per check;
/// a count above three (which the counters' rules report) is written out before them.
fn draw_checks(out: &mut String, given: u8, color: Color, top: u32) {
    const DISCS: u32 = 3;
    let right = LEFT + 8 * SQUARE;
    let first = right - DISCS * 16 + 8;
    let name = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    let _ = writeln!(out, r#"<g class="checks {name}" data-given="{given}">"#);
    let mut label = String::from("+");
    if u32::from(given) > DISCS {
        label.push_str(&given.to_string());
    }
    let label_x = first.saturating_sub(14 + text_width(&label));
    draw_text(out, &label, label_x, top + 14, INK);
    for n in 0..DISCS {
        let fill = if n < u32::from(given) {
            PRIMARY
        } else {
            "#ffffff"
        };
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="6" fill="{fill}" stroke="{INK}" stroke-width="1.5"/>"#,
            first + n * 16,
            top + BAND / 2
        );
    }
    out.push_str("</g>\n");
}

/// One element of a piece's drawing, in a 100 × 100 box.
enum Shape {
    /// A closed outline, filled with the piece's colour.
    Body(&'static str),
    /// A line inside the outline, in the colour that stands out on the piece.
    Detail(&'static str),
    /// A disc, filled with the piece's colour: `(cx, cy, r)`.
    Ball(u32, u32, u32),
}

/// The shapes of each role's piece, drawn for fenlint: base, body and head.
fn shapes(role: Role) -> &'static [Shape] {
    use Shape::{Ball, Body, Detail};
    match role {
        Role::Pawn => &[
            Body("M36 80C36 64 44 56 46 47H54C56 56 64 64 64 80Z"),
            Body("M40 42H60V49H40Z"),
            Ball(50, 31, 12),
            Body("M28 80H72V89H28Z"),
        ],
        Role::Knight => &[
            Body(
                "M30 86C31 74 37 68 46 59C40 62 33 64 27 62C21 60 19 53 23 47C29 38 35 30 43 25L45 13L52 21C67 25 78 44 74 86Z",
            ),
            Detail("M40 36L42 38"),
            Detail("M56 28C64 38 68 52 68 80"),
            Body("M24 84H76V92H24Z"),
        ],
        Role::Bishop => &[
            Body("M38 80C40 71 44 67 44 63H56C56 67 60 71 62 80Z"),
            Body("M40 57H60V64H40Z"),
            Body("M50 18C36 30 34 44 40 57H60C66 44 64 30 50 18Z"),
            Detail("M55 31L46 43"),
            Ball(50, 15, 4),
            Body("M28 80H72V89H28Z"),
        ],
        Role::Rook => &[
            Body("M34 80L37 44H63L66 80Z"),
            Body("M30 44V22H39V30H46V22H54V30H61V22H70V44Z"),
            Detail("M37 44H63"),
            Body("M26 80H74V89H26Z"),
        ],
        Role::Queen => &[
            Body("M30 80L20 38L34 60L36 30L46 58L50 26L54 58L64 30L66 60L80 38L70 80Z"),
            Detail("M31 70H69"),
            Ball(20, 34, 5),
            Ball(36, 26, 5),
            Ball(50, 22, 5),
            Ball(64, 26, 5),
            Ball(80, 34, 5),
            Body("M26 80H74V89H26Z"),
        ],
        Role::King => &[
            Body("M30 80C22 64 20 50 31 44C40 39 46 45 50 52C54 45 60 39 69 44C80 50 78 64 70 80Z"),
            Body("M43 50C41 41 45 35 50 35C55 35 59 41 57 50L50 58Z"),
            Body("M47 10H53V17H60V23H53V35H47V23H40V17H47Z"),
            Detail("M31 70H69"),
            Body("M26 80H74V89H26Z"),
        ],
    }
}

/// Draws `piece` in the `size` × `size` square whose top-left corner is `(x, y)`.
fn draw_piece(out: &mut String, piece: Piece, x: u32, y: u32, size: u32) {
    let (fill, detail) = match piece.color {
        Color::White => ("#ffffff", "#1a1a1a"),
        Color::Black => ("#1a1a1a", "#e8e8e8"),
    };
    // The shapes are drawn in a 100-unit box; `size / 100` scales them, written as a decimal
    // with two places so that the text stays the same on every platform.
    let _ = writeln!(
        out,
        r##"<g class="piece" data-piece="{}" transform="translate({x} {y}) scale({}.{:02})" stroke="#000000" stroke-width="3" stroke-linejoin="round" stroke-linecap="round">"##,
        piece.letter(),
        size / 100,
        size % 100
    );
    for shape in shapes(piece.role) {
        let _ = match shape {
            Shape::Body(d) => writeln!(out, r#"<path d="{d}" fill="{fill}"/>"#),
            Shape::Detail(d) => writeln!(out, r#"<path d="{d}" fill="none" stroke="{detail}"/>"#),
            Shape::Ball(cx, cy, r) => {
                writeln!(
                    out,
                    r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}"/>"#
                )
            }
        };
    }
    out.push_str("</g>\n");
}

/// The strokes of a character of the built-in glyph set, in a box 6 wide and 10 high (the
/// baseline at 10; `g` goes below it), or `None` for a character it does not have.
fn glyph(c: char) -> Option<&'static str> {
    Some(match c {
        'a' => "M5 4V10M5 7C5 4 1 4 1 7C1 10 5 10 5 7",
        'b' => "M1 0V10M1 7C1 4 5 4 5 7C5 10 1 10 1 7",
        'c' => "M5 5C4 3.5 1 3.5 1 7C1 10.5 4 10.5 5 9",
        'd' => "M5 0V10M5 7C5 4 1 4 1 7C1 10 5 10 5 7",
        'e' => "M1 7H5C5 4 1 4 1 7C1 10.5 4 10.5 5 9",
        'f' => "M5 0.5C3 -0.5 2 0.5 2 2V10M0.5 4H4.5",
        'g' => "M5 4V11C5 13 1.5 13 1 12M5 7C5 4 1 4 1 7C1 10 5 10 5 7",
        'h' => "M1 0V10M1 6.5C2 3.5 5 3.5 5 6.5V10",
        '0' => "M3 0C-0.5 0 -0.5 10 3 10C6.5 10 6.5 0 3 0Z",
        '1' => "M1 2L3.5 0V10M1 10H6",
        '2' => "M0.5 2.5C1 -0.5 5.5 -0.5 5.5 2.5C5.5 5 1 7 0.5 10H5.5",
        '3' => "M0.5 0.5H5L2.5 4.5C4.5 4.5 5.5 5.5 5.5 7.2C5.5 10.5 1.5 10.5 0.5 9",
        '4' => "M4.5 10V0L0.5 7H6",
        '5' => "M5.5 0H1.2L0.8 4.5C3 3.5 5.5 4.5 5.5 7C5.5 10.5 1.5 10.5 0.5 9",
        '6' => "M5 0.8C2 -0.5 0.5 3 0.5 6.5C0.5 10.5 5.5 10.5 5.5 7C5.5 4 1 4 0.5 6.5",
        '7' => "M0.5 0H5.5L2.5 10",
        '8' => "M3 4.5C0.5 4.5 0.5 0 3 0C5.5 0 5.5 4.5 3 4.5C0 4.5 0 10 3 10C6 10 6 4.5 3 4.5Z",
        '9' => "M5.5 3.5C5 6 0.5 6 0.5 3.2C0.5 -0.5 5.5 -0.5 5.5 3.5C5.5 7 4 10 1 9.2",
        '+' => "M3 1V9M-1 5H7",
        _ => return None,
    })
}

/// How wide `text` is drawn with [`draw_text`].
fn text_width(text: &str) -> u32 {
    8 * u32::try_from(text.chars().count()).unwrap_or(u32::MAX / 8)
}

/// Draws `text` in the built-in glyph set with its top-left corner at `(x, y)`, 12 units high
/// (characters the set lacks are left out).
fn draw_text(out: &mut String, text: &str, x: u32, y: u32, color: &str) {
    let _ = writeln!(
        out,
        r#"<g transform="translate({x} {y}) scale(1.2)" fill="none" stroke="{color}" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round">"#
    );
    for (n, d) in text.chars().filter_map(glyph).enumerate() {
        let offset = u32::try_from(n).unwrap_or(0) * 8 * 10 / 12;
        if offset == 0 {
            let _ = writeln!(out, r#"<path d="{d}"/>"#);
        } else {
            let _ = writeln!(out, r#"<path transform="translate({offset} 0)" d="{d}"/>"#);
        }
    }
    out.push_str("</g>\n");
}

/// `text` with the characters XML gives a meaning to written as references, and the control
/// characters XML 1.0 does not allow written as visible symbols (U+2400 and on).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if u32::from(c) < 0x20 => {
                out.push(char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}'));
            }
            '\u{7f}' => out.push('\u{2421}'),
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Mark, escape, marked_squares};

    fn marks(fen: &str) -> Vec<(String, Mark)> {
        let lint = fenlint::lint(fen);
        marked_squares(lint.tree(), lint.diagnostics())
            .into_iter()
            .map(|(square, mark)| (square.to_string(), mark))
            .collect()
    }

    #[test]
    fn the_squares_the_labels_name_are_marked() {
        // Two kings side by side: both squares are named.
        let adjacent = marks("8/8/8/8/8/8/8/3kK3 w - - 0 1");
        assert!(
            adjacent.iter().any(|(square, _)| square == "d1"),
            "{adjacent:?}"
        );
        assert!(
            adjacent.iter().any(|(square, _)| square == "e1"),
            "{adjacent:?}"
        );
        // A pawn on the back rank: its square is where the problem is.
        assert_eq!(
            marks("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
            [("h8".to_owned(), Mark::Primary)]
        );
        // An en-passant square no pawn stands in front of: the square the field names.
        assert!(
            marks("4k3/8/8/8/8/8/8/4K3 w - e6 0 1")
                .iter()
                .any(|(square, mark)| square == "e6" && *mark == Mark::Primary)
        );
        // The king's empty fourth rank written as one `8`: only the square the label names
        // (`e4 is empty`), not the rank the digit describes.
        assert_eq!(
            marks("4k3/8/8/8/8/8/8/4K3 b - e3 0 1"),
            [
                ("e3".to_owned(), Mark::Primary),
                ("e4".to_owned(), Mark::Secondary)
            ]
        );
        // A clean position marks nothing.
        assert!(marks("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_empty());
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
        assert_eq!(escape("\u{1b}[31m"), "\u{241b}[31m");
    }
}
