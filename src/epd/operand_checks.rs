//! The checks of the operands of the opcodes PGN §16.2.5 gives a form: one integer, moves in
//! SAN, or one string (what each form is, in `operands.rs`).

use super::operands::{
    OperandForm, annotated_san, comma_separated_san, is_coordinate_move, is_integer, is_mate_count,
    is_number, is_san, is_standard_opcode, operand_form, operand_meaning, san_spelling,
};
use super::operation::{Operand, Operation};
use super::reader::{Reader, is_opcode};
use crate::Span;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};

impl<'a> Reader<'a> {
    /// Checks the operands of the opcodes whose operands have a fixed form (PGN §16.2.5, and
    /// the perft suites' `D1`, `D2`, …): one integer, or moves in SAN. `hmvc` and `fmvn` are
    /// [`Reader::counters`]'. `ended` says whether the operation is known to end after its
    /// last operand: a `;` follows it, or the opcode of the next operation.
    pub(super) fn check_operands(&mut self, operation: &Operation<'a>, ended: bool) {
        match operand_form(operation.opcode) {
            Some(OperandForm::Integer { signed }) => self.integer_operand(operation, signed),
            Some(OperandForm::Moves { mate_count }) => {
                self.move_operands(operation, mate_count, ended)
            }
            Some(OperandForm::Text) => self.text_operand(operation),
            None => {}
        }
    }

    /// `epd::operand::unquoted` for the operand of an opcode that takes a string (`id`, `c0`
    /// to `c9`, `v0` to `v9`) written without its quotes: one or more symbols. The fix puts
    /// them in quotes, text between them included, unless that would change what they say (a
    /// `"` or `\` in them), or one of them is a standard opcode, when a `;` before it is the
    /// likelier mistake (`id WAC.001 bm Qg6;`).
    fn text_operand(&mut self, operation: &Operation<'a>) {
        let operands = operation.operands.as_slice();
        let (Some(first), Some(last)) = (operands.first(), operands.last()) else {
            return;
        };
        if operands.iter().any(|operand| operand.string) {
            return;
        }
        let opcode = operation.opcode;
        let span = first.span.cover(last.span);
        let text = self.source_text(span);
        let next_opcode = operands
            .iter()
            .skip(1)
            .find(|operand| is_standard_opcode(operand.text));
        let (what, label) = match operands.len() {
            1 => ("operand", "read as a symbol, not a string".to_owned()),
            count => ("operands", format!("{count} symbols, not a string")),
        };
        let diagnostic = Diagnostic::new(
            Code::EpdOperandUnquoted,
            format!(
                "{what} `{}` of `{}` without quotes, expected one string in double quotes",
                shown(text),
                shown(opcode)
            ),
        )
        .primary(span, label)
        .secondary(operation.opcode_span, operand_meaning(opcode));
        let diagnostic = match next_opcode {
            Some(next) => diagnostic.help(format!(
                "`{}` takes one string (PGN §16.2.5); is a `;` missing before `{}`?",
                shown(opcode),
                shown(next.text)
            )),
            None => {
                // python-chess reads a bare operand as a number when it is one, else as a move.
                let python_chess = if operands.iter().all(|operand| is_number(operand.text)) {
                    "python-chess reads it as a number, not as text"
                } else {
                    "python-chess rejects the record (it reads an operand without quotes that is no number as a move)"
                };
                let diagnostic = diagnostic.help(format!(
                    "`{}` takes one string in double quotes (PGN §16.2.5), such as `{} \"{}\";`. {python_chess}; readers that take the text up to the `;` read it as written.",
                    shown(opcode),
                    shown(opcode),
                    shown(text)
                ));
                if text.contains(['"', '\\']) {
                    diagnostic
                } else {
                    diagnostic.with_fix(span, format!("\"{text}\""))
                }
            }
        };
        self.report(diagnostic);
    }

    /// The operand of an opcode that takes one integer (with a sign when `signed`).
    fn integer_operand(&mut self, operation: &Operation<'a>, signed: bool) {
        let opcode = operation.opcode;
        match operation.operands.as_slice() {
            [operand] if !operand.string && is_integer(operand.text, signed) => {}
            [operand] => {
                let expected = if signed {
                    "a whole number, with a sign or without"
                } else {
                    "a whole number of zero or more"
                };
                self.report(
                    Diagnostic::new(
                        Code::EpdOperandInvalid,
                        format!(
                            "operand `{}` of `{}`, expected {expected}",
                            shown(operand.text),
                            shown(opcode)
                        ),
                    )
                    .primary(operand.span, "not a whole number")
                    .secondary(operation.opcode_span, operand_meaning(opcode))
                    .help(format!(
                        "`{}` takes one integer, such as `{} {};` (PGN §16.2.5).",
                        shown(opcode),
                        shown(opcode),
                        if signed { "-35" } else { "12" }
                    )),
                );
            }
            [] => self.report(
                Diagnostic::new(
                    Code::EpdOperandInvalid,
                    format!(
                        "`{}` without an operand, expected one integer",
                        shown(opcode)
                    ),
                )
                .primary(operation.opcode_span, "no operand")
                .help(format!(
                    "Write the {} after the opcode, or remove the operation.",
                    operand_meaning(opcode)
                )),
            ),
            [first, .., last] => {
                let count = operation.operands.len();
                self.report(
                    Diagnostic::new(
                        Code::EpdOperandInvalid,
                        format!(
                            "`{}` with {count} operands, expected one integer",
                            shown(opcode)
                        ),
                    )
                    .primary(first.span.cover(last.span), format!("{count} operands"))
                    .secondary(operation.opcode_span, operand_meaning(opcode))
                    .help(format!(
                        "`{}` takes one operand; is a `;` missing after `{}`?",
                        shown(opcode),
                        shown(first.text)
                    )),
                );
            }
        }
    }

    /// The operands of an opcode that takes moves in SAN (a mate distance `#N` too when
    /// `mate_count`); `ended` as for [`Reader::check_operands`].
    fn move_operands(&mut self, operation: &Operation<'a>, mate_count: bool, ended: bool) {
        let opcode = operation.opcode;
        if operation.operands.is_empty() {
            self.report(
                        Diagnostic::new(
                            Code::EpdOperandInvalid,
                            format!("`{}` without an operand, expected at least one move", shown(opcode)),
                        )
                        .primary(operation.opcode_span, "no move")
                        .help(format!("Write the moves in SAN after the opcode, such as `{} Nf3;`, or remove the operation.", shown(opcode))),
                    );
        }
        for (at, operand) in operation.operands.iter().enumerate() {
            if !operand.string && is_san(operand.text, self.king_promotion) {
                continue;
            }
            let before = at.checked_sub(1).and_then(|at| operation.operands.get(at));
            if let Some(before) = before.filter(|before| {
                matches!(operand.text, "+" | "#")
                    && !before.string
                    && is_san(before.text, self.king_promotion)
                    && !before.text.ends_with(['+', '#'])
            }) {
                self.detached_check_sign(opcode, before, operand);
                continue;
            }
            // Without its `;`, the operation may run into the next one (`bm Kd2 id
            // "x"`): an operand that could be an opcode, with more after it, and what follows
            // are left to `epd::operation::unterminated`. The last operand is an operand.
            let more = at.saturating_add(1) < operation.operands.len();
            if !ended && !operand.string && more && is_opcode(operand.text) {
                break;
            }
            if mate_count && !operand.string && is_mate_count(operand.text) {
                self.report(
                            Diagnostic::new(
                                Code::EpdOperandMateCount,
                                format!("`{} {}` names a mate distance, not a move: read as mate in {}", shown(opcode), shown(operand.text), shown(operand.text.trim_start_matches('#'))),
                            )
                            .primary(operand.span, "mate distance")
                            .help("Mate-finding suites write `bm #N` for \"mate in N\"; other EPD readers expect a move in SAN here, and `dm N;` for the distance."),
                        );
                continue;
            }
            if !operand.string
                && let Some(san) = san_spelling(operand.text, self.king_promotion)
            {
                self.san_spelling(opcode, operand, san);
                continue;
            }
            if !operand.string && is_coordinate_move(operand.text) {
                self.coordinate_move(operation, operand);
                continue;
            }
            // A move in SAN but for the piece it becomes: a king, which antichess promotes to
            // and chess does not.
            if !operand.string && !self.king_promotion && is_san(operand.text, true) {
                self.promotion_to_a_king(operation, operand);
                continue;
            }
            if !operand.string
                && let Some((san, annotation)) = annotated_san(operand.text, self.king_promotion)
            {
                self.annotated_move(opcode, operand, san, annotation);
                continue;
            }
            if !operand.string
                && let Some(moves) = comma_separated_san(operand.text, self.king_promotion)
                && (!moves.is_empty() || before.is_some())
            {
                self.comma_between_moves(opcode, operand, before, moves);
                continue;
            }
            self.report(
                        Diagnostic::new(
                            Code::EpdOperandInvalid,
                            format!("operand `{}` of `{}`, expected a move in SAN", shown(operand.text), shown(opcode)),
                        )
                        .primary(operand.span, "not a move in SAN")
                        .secondary(operation.opcode_span, operand_meaning(opcode))
                        .help("Write moves in standard algebraic notation (PGN §8.2.3): `Nf3`, `exd5`, `O-O`, `e8=Q+`; not coordinates such as `g1f3` or `Ng1-f3`."),
                    );
        }
    }

    /// `epd::operand::invalid` for the move `operand` of `operation`, in SAN but a promotion to
    /// a king; the label is on the `K`.
    fn promotion_to_a_king(&mut self, operation: &Operation<'_>, operand: &Operand<'_>) {
        let opcode = operation.opcode;
        let king = operand
            .text
            .find("=K")
            .and_then(|at| at.checked_add(1))
            .and_then(|at| operand.span.start.checked_add(at))
            .map_or(operand.span, |at| Span::new(at, at.saturating_add(1)));
        self.report(
            Diagnostic::new(
                Code::EpdOperandInvalid,
                format!(
                    "operand `{}` of `{}` promotes a pawn to a king, expected a promotion to a queen, rook, bishop or knight",
                    shown(operand.text),
                    shown(opcode)
                ),
            )
            .primary(king, "not a piece a pawn becomes")
            .secondary(operation.opcode_span, operand_meaning(opcode))
            .help("In chess a pawn promotes to `Q`, `R`, `B` or `N` (`e8=Q`); promotion to a king belongs to antichess, whose positions fenlint checks with `--variant syntax`."),
        );
    }

    /// `epd::operand::coordinate_move` for the move `operand` of `operation`, given by its
    /// squares (see [`is_coordinate_move`]).
    fn coordinate_move(&mut self, operation: &Operation<'_>, operand: &Operand<'_>) {
        let opcode = operation.opcode;
        self.report(
            Diagnostic::new(
                Code::EpdOperandCoordinateMove,
                format!(
                    "move `{}` of `{}` given by its squares, expected it in SAN",
                    shown(operand.text),
                    shown(opcode)
                ),
            )
            .primary(operand.span, "from and to squares")
            .secondary(operation.opcode_span, operand_meaning(opcode))
            .help("SAN (PGN §8.2.3) names the piece and the square it goes to (`Nf3`, `exd5`, `e8=Q`); UCI's `g1f3` and long algebraic `Ng1-f3` give both squares, which python-chess reads and strict EPD readers do not."),
        );
    }

    /// `epd::operand::invalid` for the move `operand` of `opcode` written as `san` and one of
    /// the suffix annotations of PGN §8.2.3.8, `annotation`, with the fix that removes it.
    fn annotated_move(&mut self, opcode: &str, operand: &Operand<'_>, san: &str, annotation: &str) {
        let at = operand.span.start.saturating_add(san.len());
        let suffix = Span::new(at, operand.span.end);
        self.report(
            Diagnostic::new(
                Code::EpdOperandInvalid,
                format!(
                    "move `{}` of `{}` with the annotation `{annotation}`, expected the move alone in SAN, `{}`",
                    shown(operand.text),
                    shown(opcode),
                    shown(san)
                ),
            )
            .primary(suffix, "annotation")
            .secondary(Span::new(operand.span.start, at), "the move")
            .help(format!(
                "The move is good, but SAN in an EPD record carries no `!` or `?`: PGN §8.2.3.8 keeps annotations out of the SAN token (a game's export format writes them as NAGs, `$1`), and python-chess rejects `{}` as no move. Write `{}`.",
                shown(operand.text),
                shown(san)
            ))
            .with_fix(suffix, ""),
        );
    }

    /// `epd::operand::invalid` for the operand `operand` of `opcode`, moves in SAN with commas
    /// between or after them (`moves`, one space apart; none for a lone `,`, which `before`
    /// precedes), with the fix that separates them with spaces alone.
    fn comma_between_moves(
        &mut self,
        opcode: &str,
        operand: &Operand<'_>,
        before: Option<&Operand<'_>>,
        moves: String,
    ) {
        let comma = operand.text.find(',').map_or(operand.span, |offset| {
            let at = operand.span.start.saturating_add(offset);
            Span::new(at, at.saturating_add(1))
        });
        let diagnostic = Diagnostic::new(
            Code::EpdOperandInvalid,
            format!(
                "comma in the operand `{}` of `{}`, expected moves separated by spaces",
                shown(operand.text),
                shown(opcode)
            ),
        )
        .primary(comma, "comma")
        .help(format!(
            "EPD separates operands with spaces (PGN §16.2.4), as in `{} Nc3 Bb5;`; python-chess reads a `,` as joining the legs of one move (a multi-leg move it does not support) and rejects the record.",
            shown(opcode)
        ));
        // A lone `,` goes with the blank before it; otherwise the moves take the operand's
        // place.
        let diagnostic = match before {
            Some(before) if moves.is_empty() => {
                diagnostic.with_fix(Span::new(before.span.end, operand.span.end), "")
            }
            _ => diagnostic.with_fix(operand.span, moves),
        };
        self.report(diagnostic);
    }

    /// `epd::operand::san_spelling` for the move `operand` of `opcode`, which is `san` spelled
    /// as SAN does not (see [`san_spelling`]), with the fix that writes `san`.
    fn san_spelling(&mut self, opcode: &str, operand: &Operand<'_>, san: String) {
        self.report(
            Diagnostic::new(
                Code::EpdOperandSanSpelling,
                format!(
                    "move `{}` of `{}` in a spelling SAN does not use, expected `{san}`",
                    shown(operand.text),
                    shown(opcode)
                ),
            )
            .primary(operand.span, format!("SAN writes `{san}`"))
            .help("SAN (PGN §8.2.3) writes castling with the capital letter O, `O-O`, and a promotion with `=` and an upper-case piece letter, `e8=Q`; python-chess reads `e8Q` and `e8=q` too, strict SAN readers read none of these spellings.")
            .with_fix(operand.span, san),
        );
    }

    /// `epd::operand::invalid` for a check or mate sign written apart from the move before it
    /// (`bm Qd1 + ;`), with the fix that joins them (`bm Qd1+;`).
    fn detached_check_sign(&mut self, opcode: &str, mov: &Operand<'_>, sign: &Operand<'_>) {
        let (what, text) = if sign.text == "#" {
            ("mate", "#")
        } else {
            ("check", "+")
        };
        self.report(
            Diagnostic::new(
                Code::EpdOperandInvalid,
                format!(
                    "{what} sign `{text}` of `{}` apart from the move `{}`, expected it joined to the move",
                    shown(opcode),
                    shown(mov.text)
                ),
            )
            .primary(sign.span, format!("{what} sign"))
            .secondary(mov.span, "the move it belongs to")
            .help(format!(
                "In SAN the sign is part of the move (PGN §8.2.3): write `{}{text}`; a `{text}` on its own reads as another move.",
                shown(mov.text),
            ))
            .with_fix(Span::new(mov.span.end, sign.span.end), text),
        );
    }
}
