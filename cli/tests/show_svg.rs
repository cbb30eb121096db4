//! `fenlint show --format svg`: a board picture that is well-formed XML, self-contained, and
//! marks the squares the diagnostics name; holdings and check counters where the variant has
//! them.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use common::{Run, fenlint_in};

/// Runs `fenlint show --format svg FEN` in the current directory.
fn show_svg(fen: &str) -> Run {
    fenlint_in(
        std::path::Path::new("."),
        &["show", "--format", "svg", fen],
        None,
    )
}

/// The SVG of `fen`, parsed: the test fails when it is not well-formed XML.
fn parsed(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|error| panic!("not XML: {error}\n{svg}"))
}

/// The marked squares of a board: `(square, "primary" | "secondary")`, in document order.
fn marks(svg: &str) -> Vec<(String, String)> {
    parsed(svg)
        .descendants()
        .filter_map(|node| {
            let class = node.attribute("class")?;
            let kind = class.strip_prefix("mark ")?;
            Some((node.attribute("data-square")?.to_owned(), kind.to_owned()))
        })
        .collect()
}

fn snapshot(name: &str, text: &str) {
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!(format!("show_svg__{name}"), text));
}

/// A position with a problem, a crazyhouse position with holdings and a promoted piece, and a
/// three-check position: each a well-formed SVG document, snapshotted.
#[test]
fn boards() {
    for (name, fen, status) in [
        ("adjacent_kings", "8/8/8/8/8/8/8/3kK3 w - - 0 1", 1),
        (
            "crazyhouse",
            "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPP2PPP/RNBQ~KBNR[Pp] b KQkq - 0 3",
            0,
        ),
        (
            "three_check",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+2",
            0,
        ),
    ] {
        let run = show_svg(fen);
        assert_eq!(run.code, status, "{name}: {}", run.stderr);
        assert_eq!(run.stderr, "", "{name}");
        let document = parsed(&run.stdout);
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        snapshot(name, &run.stdout);
    }
}

/// The squares a diagnostic names are marked: where the problem is as primary, what it is
/// about as secondary; nothing on a clean board.
#[test]
fn the_squares_a_diagnostic_names_are_marked() {
    // Two kings side by side: the Black king (the label on the problem) and the White one.
    let adjacent = show_svg("8/8/8/8/8/8/8/3kK3 w - - 0 1");
    assert_eq!(
        marks(&adjacent.stdout),
        [
            ("d1".to_owned(), "primary".to_owned()),
            ("e1".to_owned(), "secondary".to_owned())
        ]
    );
    // A pawn on the eighth rank.
    let pawn = show_svg("4k2P/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        marks(&pawn.stdout),
        [("h8".to_owned(), "primary".to_owned())]
    );
    assert!(
        pawn.stdout.contains("fen::pawns::back_rank"),
        "{}",
        pawn.stdout
    );
    // An en-passant square no pawn can have skipped: the square the field names.
    let en_passant = show_svg("4k3/8/8/8/8/8/8/4K3 w - e6 0 1");
    assert!(
        marks(&en_passant.stdout).contains(&("e6".to_owned(), "primary".to_owned())),
        "{}",
        en_passant.stdout
    );
    let clean = show_svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(clean.code, 0);
    assert!(marks(&clean.stdout).is_empty());
}

/// Each side's pieces in hand and checks given are drawn in its band; a board without them has
/// no bands.
#[test]
fn holdings_and_check_counters() {
    let crazyhouse = show_svg("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[QPPp] w KQkq - 0 3");
    let document = parsed(&crazyhouse.stdout);
    let hand = |color: &str| -> String {
        let group = document
            .descendants()
            .find(|node| node.attribute("class") == Some(&format!("holdings {color}")[..]))
            .unwrap_or_else(|| panic!("no {color} holdings"));
        group
            .descendants()
            .filter_map(|node| node.attribute("data-piece"))
            .collect()
    };
    assert_eq!(hand("white"), "QP");
    assert_eq!(hand("black"), "p");

    let three_check = show_svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0");
    let document = parsed(&three_check.stdout);
    let given = |color: &str| {
        document
            .descendants()
            .find(|node| node.attribute("class") == Some(&format!("checks {color}")[..]))
            .and_then(|node| node.attribute("data-given"))
            .map(str::to_owned)
    };
    assert_eq!(given("white").as_deref(), Some("2"));
    assert_eq!(given("black").as_deref(), Some("0"));

    // Counts the rules reject are still drawn, without running off the picture.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +99+0",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +255+255",
        "4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQRRRRRRRRRRBBBBBBBBBBNNNNNNNNNNNPPPPPPPPPPPPKKK] w - - 0 1",
    ] {
        let run = show_svg(fen);
        assert_eq!(run.code, 1, "{fen}: {}", run.stderr);
        parsed(&run.stdout);
    }

    let standard = show_svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!standard.stdout.contains("holdings"));
    assert!(!standard.stdout.contains("checks"));
}

/// Nothing outside the document: no fonts, no text elements, no links, no scripts, no styles,
/// no ids (so that many boards can share one page); the FEN and the diagnostics are escaped.
#[test]
fn the_picture_is_self_contained() {
    let run = show_svg("4k3/8/8/8/8/8/8/4K3 <&\"> - - 0 1");
    let document = parsed(&run.stdout);
    for node in document.descendants().filter(|node| node.is_element()) {
        let name = node.tag_name().name();
        assert!(
            ["svg", "title", "desc", "rect", "g", "path", "circle"].contains(&name),
            "<{name}>"
        );
        for attribute in node.attributes() {
            assert!(
                !["href", "id", "style", "font-family"].contains(&attribute.name()),
                "{}",
                attribute.name()
            );
        }
    }
    let title = document
        .descendants()
        .find(|node| node.has_tag_name("title"))
        .and_then(|node| node.text());
    assert_eq!(title, Some("4k3/8/8/8/8/8/8/4K3 <&\"> - - 0 1"));
}

/// A placement that is not a board gives no picture: a message, and the exit status of errors.
#[test]
fn no_board_no_picture() {
    let run = show_svg("8/8/8 w - - 0 1");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert!(run.stderr.contains("no board to show"), "{}", run.stderr);
}
