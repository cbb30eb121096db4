//! Diagnostic texts built part by part, for the rules whose message depends on the position:
//! the rule's words, and the names of squares, sides and pieces as their `Display` writes them
//! (the tests below check every part).

use crate::{Color, Piece, Square};

/// A diagnostic text being built, in one `String` of the capacity asked for: the rules' own
/// words, names and numbers, and text from the input.
pub(crate) struct Message(String);

impl Message {
    /// An empty text with room for `capacity` bytes (more are added as needed).
    pub(crate) fn with_capacity(capacity: usize) -> Message {
        Message(String::with_capacity(capacity))
    }

    /// Adds `part`, words of the rules' own, as it is.
    #[must_use]
    pub(crate) fn str(mut self, part: &str) -> Message {
        self.0.push_str(part);
        self
    }

    /// Adds `text`, from the input, as it is.
    #[must_use]
    pub(crate) fn input(mut self, text: &str) -> Message {
        self.0.push_str(text);
        self
    }

    /// Adds `letter`.
    #[must_use]
    pub(crate) fn char(mut self, letter: char) -> Message {
        self.0.push(letter);
        self
    }

    /// Adds the name of `square`, such as `e4`.
    #[must_use]
    pub(crate) fn square(mut self, square: Square) -> Message {
        self.0.push(square.file().letter());
        // A rank is 1 to 8, one digit.
        self.0
            .push(char::from_digit(u32::from(square.rank()), 10).unwrap_or('?'));
        self
    }

    /// Adds `number` in decimal.
    #[must_use]
    pub(crate) fn number(self, number: u64) -> Message {
        self.str(itoa::Buffer::new().format(number))
    }

    /// Adds the name of `color`, `White` or `Black`.
    #[must_use]
    pub(crate) fn color(self, color: Color) -> Message {
        self.str(color.name())
    }

    /// Adds the name of `piece`, such as `White pawn`.
    #[must_use]
    pub(crate) fn piece(self, piece: Piece) -> Message {
        self.color(piece.color).char(' ').str(piece.role.name())
    }
}

impl From<Message> for std::borrow::Cow<'static, str> {
    fn from(message: Message) -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Owned(message.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    fn text(message: Message) -> String {
        message.0
    }

    #[test]
    fn each_part_is_what_display_writes() {
        for index in 0..64 {
            let square = Square::from_index(index).unwrap();
            assert_eq!(
                text(Message::with_capacity(0).square(square)),
                square.to_string()
            );
        }
        for color in [Color::White, Color::Black] {
            assert_eq!(
                text(Message::with_capacity(0).color(color)),
                color.to_string()
            );
            for role in Role::ALL {
                let piece = Piece { color, role };
                assert_eq!(
                    text(Message::with_capacity(0).piece(piece)),
                    piece.to_string()
                );
            }
        }
        for number in [0, 1, 9, 10, 99, 100, 4_294_967_295, u64::MAX] {
            let built = Message::with_capacity(2).str("n=").number(number).char('!');
            assert_eq!(text(built), format!("n={number}!"));
        }
        for input in ["12", "1\"2", "\t"] {
            let built = Message::with_capacity(0).str("n=").input(input);
            assert_eq!(text(built), format!("n={input}"));
        }
    }
}
