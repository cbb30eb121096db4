//! The EPD opcode terminal, which EPD records have and which the FEN production looks for too:
//! EPD operations in a line of FENs are reported as such.

/// Whether `text` is an opcode: `opcode ::= [A-Za-z] [A-Za-z0-9_]*`.
pub(crate) fn is_opcode(text: &str) -> bool {
    text.bytes()
        .next()
        .is_some_and(|byte| byte.is_ascii_alphabetic())
        && text.chars().all(is_opcode_char)
}

/// Whether `c` may appear in an opcode after its first letter.
pub(crate) fn is_opcode_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}
