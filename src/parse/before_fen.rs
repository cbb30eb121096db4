//! What may stand before a FEN on its line, where the grammar expects the FEN's first field: the
//! name UCI gives the start position (`startpos`, or the whole `position startpos` command),
//! UCI's `position fen` command that carries a FEN, and other words (a label such as `3check`,
//! a number such as `1.`). Each is one error token and one diagnostic, and the FEN after the
//! words is read as a FEN, so that one mistake does not become a report on every field.

use super::cx::Cx;
use super::placement::is_piece_letter;
use super::whitespace::{field, field_len, separator, whitespace};
use crate::diagnostics::text::around_shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// The standard start position's FEN.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How many words may stand before a FEN to be read as such (`position fen`, `3check`, `1.`):
/// a FEN further along the line is not looked for.
const MAX_WORDS_BEFORE: usize = 3;

/// The standard start position as UCI names it, in place of a FEN at the start of `input`
/// (after any leading whitespace): `startpos`, or UCI's `position startpos` command. The name
/// and what follows it are error tokens, with one `fen::input::uci_startpos`, whose fix writes
/// the FEN when nothing follows. Returns whether the input is so.
pub(super) fn uci_start_position<'a>(cx: &Cx<'a>, input: &'a str) -> bool {
    let command = uci_position_command(input);
    // The prefix first: a FEN's first field is not read twice to find its end.
    let Some(after) = command.unwrap_or(input).strip_prefix("startpos") else {
        return false;
    };
    if after.chars().next().is_some_and(|c| !c.is_whitespace()) {
        return false;
    }
    let name = input
        .get(..input.len().saturating_sub(after.len()))
        .unwrap_or_default();
    let span = cx.token(SyntaxKind::Error, name);
    let (message, label) = if command.is_some() {
        (
            "UCI's `position startpos` command in place of a FEN, expected the position's FEN",
            "a UCI command naming the start position",
        )
    } else {
        (
            "UCI's `startpos` in place of a FEN, expected the position's FEN",
            "the start position, as UCI names it",
        )
    };
    let diagnostic = Diagnostic::new(Code::InputUciStartpos, message)
        .primary(span, label)
        .help(format!(
            "`startpos` is the start position in UCI's `position` command (`position startpos moves e2e4`); its FEN is `{START}`."
        ));
    let diagnostic = if after.trim().is_empty() {
        diagnostic.with_fix(span, START)
    } else {
        diagnostic
    };
    cx.report(diagnostic);
    // What follows (`moves e2e4 …`, or only whitespace) is no part of a FEN: the report says so.
    let (after, space) = whitespace(after).unwrap_or((after, ""));
    cx.token(SyntaxKind::Whitespace, space);
    cx.token(SyntaxKind::Error, after);
    true
}

/// The text after `position` and the whitespace after it at the start of `input`: UCI's
/// `position` command, whose argument follows.
fn uci_position_command(input: &str) -> Option<&str> {
    let after = input.strip_prefix("position")?;
    whitespace(after).ok().map(|(argument, _)| argument)
}

/// `fen::input::text_before`: up to [`MAX_WORDS_BEFORE`] words before the FEN at the start of
/// `input` (after any leading whitespace), when the first field is no board (it has no `/`)
/// and a field after them is one (it has the 7 `/` of 8 ranks); or the columns of a table row
/// before its FEN column (see [`tab_columns_before_fen`] and [`columns_before_board`]). The words are an error token
/// and the whitespace after them trivia; returns the rest, which starts with the FEN, or
/// `input` when no FEN follows words. Words of piece letters and digits alone are not taken
/// for words before the FEN: they are its first rank, split by whitespace.
///
/// UCI's `position fen` command (`position fen FEN moves e2e4`) is named as such; its fix keeps
/// the FEN alone when no moves follow it (with moves, the FEN is not the position the command
/// sets up). Other words have no fix: a label such as `3check` may say how to read the FEN.
pub(super) fn text_before<'a>(cx: &Cx<'a>, input: &'a str) -> &'a str {
    let Some((words, fen)) = words_before_fen(input) else {
        return input;
    };
    let text = words.trim_end();
    let span = cx.token(SyntaxKind::Error, text);
    let space = words.get(text.len()..).unwrap_or_default();
    let whole = if space.is_empty() {
        span
    } else {
        span.cover(cx.token(SyntaxKind::Whitespace, space))
    };
    let uci = uci_position_command(words).is_some_and(|argument| argument.trim_end() == "fen");
    let diagnostic = if uci {
        let moves = fen.split_whitespace().any(|word| word == "moves");
        let diagnostic = Diagnostic::new(
            Code::InputTextBefore,
            "UCI's `position fen` command before the FEN, expected the FEN alone",
        )
        .primary(span, "a UCI command, no part of the FEN");
        if moves {
            diagnostic.help("`position fen FEN moves …` is UCI's command that sets up the FEN and plays the moves after it, which no FEN holds: the FEN is checked as it is written; write the FEN of the position after the moves to keep that one.")
        } else {
            diagnostic
                .help("`position fen FEN` is UCI's command that sets up the FEN; a FEN alone is the FEN without the command.")
                .with_fix(whole, "")
        }
    } else if text.ends_with([',', ';', '|']) || text.contains('\t') {
        Diagnostic::new(
            Code::InputTextBefore,
            around_shown("columns `", text, "` before the FEN, expected the FEN at the start"),
        )
        .primary(span, "a table's columns, no part of the FEN")
        .help("The line is a row of a table whose columns are joined by tabs, `,`, `;` or `|`: check its FEN column alone (`fenlint.check_many` in Python takes a column); the FEN after them is checked as it is.")
    } else {
        Diagnostic::new(
            Code::InputTextBefore,
            around_shown("text `", text, "` before the FEN, expected the FEN at the start"),
        )
        .primary(span, "no part of the FEN")
        .help("A FEN starts with its piece placement; a label, a number or a command before it is no part of it. Put such text in a comment line (`# …`) or remove it; the FEN after it is checked as it is.")
    };
    cx.report(diagnostic);
    fen
}

/// The words before the FEN at the start of `input`, with the whitespace after them, and the
/// rest (see [`text_before`]); `None` unless the first field has no `/` and one of the next
/// [`MAX_WORDS_BEFORE`] fields has at least 7.
fn words_before_fen(input: &str) -> Option<(&str, &str)> {
    if let Some(rank) = first_rank(input) {
        return columns_before_board(input, rank);
    }
    let (mut rest, first) = field(input).ok()?;
    if first.contains('/') {
        return None;
    }
    if let Some(columns) = tab_columns_before_fen(input) {
        return Some(columns);
    }
    // Whether a word has a character no rank holds: words of piece letters and digits alone
    // (`r bqkbnr/…`, `4k3 8/8/…`) are the board's first rank split by whitespace, not words
    // before it.
    let mut words_only = !is_rank_text(first);
    for _ in 0..MAX_WORDS_BEFORE {
        let (next, _) = separator(rest).ok()?;
        let (after, candidate) = field(next).ok()?;
        if has_ranks_of_a_board(candidate) {
            let words = input
                .get(..input.len().saturating_sub(next.len()))
                .unwrap_or_default();
            // Words of piece letters and digits are no part of a first rank that is whole
            // without them (`B17\trnbqkbnr/…`: an ECO code in a table's first column).
            let first_rank = candidate.split('/').next().unwrap_or_default();
            return (words_only || squares(first_rank) >= 8).then_some((words, next));
        }
        words_only |= !is_rank_text(candidate);
        rest = after;
    }
    None
}

/// The columns before the FEN of a row of tab-separated values, however many words they hold
/// (`A00<TAB>Amar Opening<TAB>1. Nh3<TAB>g1h3<TAB>rnbqkbnr/…`, an openings table): the text up
/// to and with the first tab that a field with the 7 `/` of 8 ranks follows, and the rest.
fn tab_columns_before_fen(input: &str) -> Option<(&str, &str)> {
    input.match_indices('\t').find_map(|(at, _)| {
        let after = at.saturating_add(1);
        let rest = input.get(after..)?;
        let field = rest.get(..field_len(rest)).unwrap_or(rest);
        has_ranks_of_a_board(field).then(|| (input.get(..after).unwrap_or_default(), rest))
    })
}

/// The columns of a table row before the board that starts the first field, joined to it by
/// `,`, `;` or `|` (`00008,r6k/pp2r2p/…`, a puzzle database's row), and the rest from the
/// board on; `None` when the first rank holds no such separator, or the board after the last
/// one has fewer than the 7 `/` of 8 ranks, or its first rank is not 8 squares wide without
/// the columns (`r,6k/…` is a rank with a stray `,`).
fn columns_before_board<'a>(input: &'a str, first_rank: &str) -> Option<(&'a str, &'a str)> {
    let joined = first_rank
        .bytes()
        .rposition(|byte| matches!(byte, b',' | b';' | b'|'))?
        .checked_add(1)?;
    let (columns, board) = input.split_at_checked(joined)?;
    let rank = first_rank.get(joined..).unwrap_or_default();
    let field = board.get(..field_len(board)).unwrap_or(board);
    (is_rank_text(rank) && squares(rank) == 8 && has_ranks_of_a_board(field))
        .then_some((columns, board))
}

/// Whether `input` starts with a board's first rank, ended by its `/`. Most lines are answered
/// there, without their first field read to its end; `false` when whitespace comes first, or a
/// character that is not ASCII (which may be whitespace): then the field is read as a whole.
fn starts_with_a_rank(input: &str) -> bool {
    first_rank(input).is_some()
}

/// The text before the `/` that ends the board's first rank at the start of `input` (see
/// [`starts_with_a_rank`]).
fn first_rank(input: &str) -> Option<&str> {
    let stop = input
        .bytes()
        .position(|byte| byte == b'/' || byte.is_ascii_whitespace() || !byte.is_ascii())?;
    (input.as_bytes().get(stop) == Some(&b'/')).then(|| input.get(..stop))?
}

/// `fen::input::not_a_fen`: `input` (after any leading whitespace and words before a FEN)
/// holds no board, as its first field shows: no `/`, a character no rank holds, and fewer
/// squares than one rank has (`perft 1 20`, `id gentest-1`, a table's header `fen,eval`). The
/// rest of the line is one error token with one diagnostic, instead of an error for each field
/// it would be read as. A first field that describes a rank or more (`rnbqkbnr-pppppppp-…`, a
/// board with the wrong separators) is read as a board, whose diagnostics say what is wrong.
/// Returns whether the input is so.
pub(super) fn not_a_fen<'a>(cx: &Cx<'a>, input: &'a str) -> bool {
    if starts_with_a_rank(input) {
        return false;
    }
    let Ok((_, first)) = field(input) else {
        return false;
    };
    if first.contains('/') || is_rank_text(first) || squares(first) >= 8 {
        return false;
    }
    let text = input.trim_end();
    let span = cx.token(SyntaxKind::Error, text);
    cx.token(
        SyntaxKind::Whitespace,
        input.get(text.len()..).unwrap_or_default(),
    );
    cx.report(
        Diagnostic::new(
            Code::InputNotAFen,
            around_shown("`", text, "` is no FEN, expected a piece placement of 8 ranks first"),
        )
        .primary(span, "no board")
        .help("A FEN starts with its piece placement, 8 ranks joined by `/`. A line of other text in a file of positions (a heading, a table's header) belongs in a `#` comment; a file of PGN games is checked as such with `--kind pgn`, or by naming its extension in fenlint.toml's `[extensions]`."),
    );
    true
}

/// Whether `field` has the 7 `/` of a board's 8 ranks: a FEN's first field, whatever else is
/// wrong with it.
fn has_ranks_of_a_board(field: &str) -> bool {
    field.bytes().filter(|&byte| byte == b'/').count() >= 7
}

/// The squares `text` describes as a rank would: a square a piece letter, a digit 1–8 as many.
fn squares(text: &str) -> u32 {
    text.bytes().fold(0u32, |squares, byte| match byte {
        b'1'..=b'8' => squares.saturating_add(u32::from(byte.saturating_sub(b'0'))),
        _ if is_piece_letter(char::from(byte)) => squares.saturating_add(1),
        _ => squares,
    })
}

/// Whether `word` holds only what a rank holds: piece letters, digits and `~`.
fn is_rank_text(word: &str) -> bool {
    word.chars()
        .all(|c| c.is_ascii_digit() || c == '~' || is_piece_letter(c))
}
