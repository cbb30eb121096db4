//! The protocol's framing over standard input and output: `Content-Length` headers, a blank
//! line, then a JSON body.
//!
//! The reader is the server's own, so that nothing a client sends stops the server. A body is
//! read only up to [`MAX_BODY`] and in pieces, never by the length a header claims; what is not
//! a message is answered with a JSON-RPC error where an answer is due (`-32700` for what cannot
//! be read, `-32600` for JSON that is not a message; the id is `null` when it cannot be read),
//! and reading goes on from the next `Content-Length` header in the input.

use std::io::{self, Read, Write};
use std::thread::JoinHandle;

use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, ErrorCode, Message};
use serde_json::{Value, json};

/// The largest body read: 64 MiB, far more than any FEN, EPD or PGN document an editor opens.
pub const MAX_BODY: usize = 64 * 1024 * 1024;
/// The longest header line read.
const MAX_HEADER_LINE: usize = 8 * 1024;
/// The most header lines in one header.
const MAX_HEADER_LINES: usize = 32;
/// How much is read from the input at a time.
const CHUNK: usize = 64 * 1024;
/// The header every message has, where reading starts again after an error (any case).
const CONTENT_LENGTH: &[u8] = b"content-length";

/// What one frame of the input held.
#[derive(Debug)]
pub enum Frame {
    /// A well-formed message.
    Message(Message),
    /// Input that is not a message: what is wrong, and the JSON-RPC error response to send
    /// (`None` for a malformed response, which is never answered).
    Invalid {
        problem: String,
        reply: Option<Value>,
    },
}

/// The JSON-RPC error response `{"jsonrpc": "2.0", "id": id, "error": {code, message}}`.
pub fn error_response(id: Value, code: ErrorCode, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": message },
    })
}

fn invalid(id: Value, code: ErrorCode, problem: String) -> Frame {
    Frame::Invalid {
        reply: Some(error_response(id, code, &problem)),
        problem,
    }
}

/// What a header held.
enum Header {
    /// The input ended.
    End,
    /// The body's length, as written (not yet checked against [`MAX_BODY`]).
    Length(u64),
    /// What is wrong with it.
    Bad(String),
}

/// A line of the header.
enum Line {
    End,
    TooLong,
    Text(Vec<u8>),
}

/// Reads frames from `input`, buffered, with at most [`CHUNK`] bytes (and the body being read)
/// held at a time.
pub struct Reader<R> {
    input: R,
    buffer: Vec<u8>,
    /// Where the unread part of `buffer` starts.
    at: usize,
    /// After input that was not a message: skip to the next `Content-Length` header.
    lost: bool,
}

impl<R: Read> Reader<R> {
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            buffer: Vec::new(),
            at: 0,
            lost: false,
        }
    }

    /// The next frame, or `None` at the end of the input.
    pub fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        if self.lost {
            if !self.skip_to_header()? {
                return Ok(None);
            }
            self.lost = false;
        }
        let length = match self.read_header()? {
            Header::End => return Ok(None),
            Header::Length(length) => length,
            Header::Bad(problem) => {
                self.lost = true;
                return Ok(Some(invalid(Value::Null, ErrorCode::ParseError, problem)));
            }
        };
        let Some(length) = usize::try_from(length).ok().filter(|&n| n <= MAX_BODY) else {
            // Not read: the next header is looked for in what follows instead, so that a
            // length no body has does not swallow the messages after it.
            self.lost = true;
            return Ok(Some(invalid(
                Value::Null,
                ErrorCode::InvalidRequest,
                format!(
                    "a message of {length} bytes (Content-Length) is over the {} MiB the server reads; skipped",
                    MAX_BODY / (1024 * 1024)
                ),
            )));
        };
        let body = self.read_body(length)?;
        if body.len() < length {
            return Ok(Some(invalid(
                Value::Null,
                ErrorCode::ParseError,
                format!(
                    "the input ended {} bytes into a body of {length} (Content-Length)",
                    body.len()
                ),
            )));
        }
        match message_of(&body) {
            Ok(message) => Ok(Some(Frame::Message(message))),
            Err(Rejected::Unreadable(problem)) => {
                // A body shorter than its header has the next message's header inside it; a
                // longer one has the rest of itself before the next header.
                if let Some(next) = find_header(&body) {
                    self.push_back(body.get(next..).unwrap_or_default());
                }
                self.lost = true;
                Ok(Some(invalid(Value::Null, ErrorCode::ParseError, problem)))
            }
            Err(Rejected::Invalid(frame)) => Ok(Some(frame)),
        }
    }

    /// Reads more of the input into the buffer; `false` at its end.
    fn fill(&mut self) -> io::Result<bool> {
        self.buffer.drain(..self.at.min(self.buffer.len()));
        self.at = 0;
        let had = self.buffer.len();
        self.buffer.resize(had.saturating_add(CHUNK), 0);
        let read = loop {
            match self
                .input
                .read(self.buffer.get_mut(had..).unwrap_or_default())
            {
                Ok(read) => break read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    self.buffer.truncate(had);
                    return Err(error);
                }
            }
        };
        self.buffer.truncate(had.saturating_add(read));
        Ok(read > 0)
    }

    fn unread(&self) -> &[u8] {
        self.buffer.get(self.at..).unwrap_or_default()
    }

    /// Puts `bytes` before the unread input.
    fn push_back(&mut self, bytes: &[u8]) {
        let mut buffer = Vec::with_capacity(bytes.len().saturating_add(self.unread().len()));
        buffer.extend_from_slice(bytes);
        buffer.extend_from_slice(self.unread());
        self.buffer = buffer;
        self.at = 0;
    }

    /// One line, without its `\r\n` (or `\n`); at most [`MAX_HEADER_LINE`] bytes.
    fn read_line(&mut self) -> io::Result<Line> {
        loop {
            if let Some(end) = memchr::memchr(b'\n', self.unread()) {
                let line = self.unread().get(..end).unwrap_or_default();
                let line = line.strip_suffix(b"\r").unwrap_or(line).to_vec();
                self.at = self.at.saturating_add(end).saturating_add(1);
                return Ok(Line::Text(line));
            }
            if self.unread().len() > MAX_HEADER_LINE {
                return Ok(Line::TooLong);
            }
            if !self.fill()? {
                return Ok(Line::End);
            }
        }
    }

    /// The header's lines up to the blank line after them, and the `Content-Length` among
    /// them. Blank lines before a header are passed over.
    fn read_header(&mut self) -> io::Result<Header> {
        let mut length = None;
        let mut lines = 0usize;
        loop {
            let line = match self.read_line()? {
                Line::End => return Ok(Header::End),
                Line::TooLong => {
                    // Looked through from its second byte on for the next header.
                    self.at = self.at.saturating_add(1);
                    return Ok(Header::Bad(format!(
                        "a header line longer than {MAX_HEADER_LINE} bytes"
                    )));
                }
                Line::Text(line) => line,
            };
            if line.is_empty() {
                if lines == 0 {
                    continue;
                }
                return Ok(match length {
                    Some(length) => Header::Length(length),
                    None => Header::Bad("a message without a Content-Length header".to_owned()),
                });
            }
            lines = lines.saturating_add(1);
            if lines > MAX_HEADER_LINES {
                return Ok(Header::Bad(format!(
                    "a header of more than {MAX_HEADER_LINES} lines"
                )));
            }
            let Some((name, value)) = header_field(&line) else {
                // Perhaps the rest of a body longer than its header, before the next header:
                // looked through from its second byte on.
                self.push_back(line.get(1..).unwrap_or_default());
                return Ok(Header::Bad(
                    "a header line that is not `Name: value` (text outside a message?)".to_owned(),
                ));
            };
            if name.eq_ignore_ascii_case(CONTENT_LENGTH) {
                let digits = value.trim_ascii();
                if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                    return Ok(Header::Bad(format!(
                        "Content-Length `{}` is not a number of bytes",
                        String::from_utf8_lossy(digits.get(..64).unwrap_or(digits)).escape_debug()
                    )));
                }
                // Too many digits for a u64 is too long a body all the same.
                let parsed = std::str::from_utf8(digits)
                    .ok()
                    .and_then(|digits| digits.parse::<u64>().ok())
                    .unwrap_or(u64::MAX);
                if length.is_some_and(|length| length != parsed) {
                    return Ok(Header::Bad(
                        "two different Content-Length headers".to_owned(),
                    ));
                }
                length = Some(parsed);
            }
        }
    }

    /// `length` bytes (fewer if the input ends first), read as they come.
    fn read_body(&mut self, length: usize) -> io::Result<Vec<u8>> {
        let buffered = self.unread().len().min(length);
        let mut body = self.unread().get(..buffered).unwrap_or_default().to_vec();
        self.at = self.at.saturating_add(buffered);
        let rest = u64::try_from(length.saturating_sub(buffered)).unwrap_or(u64::MAX);
        (&mut self.input).take(rest).read_to_end(&mut body)?;
        Ok(body)
    }

    /// Drops input up to the next `Content-Length` header; `false` if the input ends first.
    fn skip_to_header(&mut self) -> io::Result<bool> {
        loop {
            if let Some(found) = find_header(self.unread()) {
                self.at = self.at.saturating_add(found);
                return Ok(true);
            }
            // Keep what could be the start of the name, cut by the end of the buffer.
            let keep = CONTENT_LENGTH
                .len()
                .saturating_sub(1)
                .min(self.unread().len());
            self.at = self.buffer.len().saturating_sub(keep);
            if !self.fill()? {
                return Ok(false);
            }
        }
    }
}

/// Where `Content-Length` (any case) first is in `bytes`.
fn find_header(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(CONTENT_LENGTH.len())
        .position(|window| window.eq_ignore_ascii_case(CONTENT_LENGTH))
}

/// The name and value of a header line `Name: value`; the name is a token of letters, digits
/// and `-`/`_`/`.`.
fn header_field(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let colon = memchr::memchr(b':', line)?;
    let name = line.get(..colon)?;
    let value = line.get(colon.saturating_add(1)..)?;
    let token = |byte: &u8| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.');
    (!name.is_empty() && name.iter().all(token)).then_some((name, value))
}

/// Why a body is not a message.
enum Rejected {
    /// It is not JSON (or not UTF-8): `-32700`, and the framing is in doubt.
    Unreadable(String),
    /// It is JSON, but not a message; the answer, if one is due.
    Invalid(Frame),
}

/// The message a body holds.
fn message_of(body: &[u8]) -> Result<Message, Rejected> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|error| Rejected::Unreadable(format!("the message is not JSON: {error}")))?;
    let bad = |id: Value, problem: &str| {
        Rejected::Invalid(invalid(id, ErrorCode::InvalidRequest, problem.to_owned()))
    };
    let object = match &value {
        Value::Object(object) => object,
        Value::Array(_) => {
            return Err(bad(
                Value::Null,
                "a batch (a JSON array): the protocol sends one message per frame, a JSON object",
            ));
        }
        _ => return Err(bad(Value::Null, "a message must be a JSON object")),
    };
    // The id to answer with: the request's own, if it can be read, else null.
    let id = object.get("id");
    let echo = match id {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    match object.get("method") {
        Some(Value::String(_)) => {
            let usable = match id {
                None | Some(Value::String(_)) => true,
                Some(id) => id.as_i64().is_some_and(|id| i32::try_from(id).is_ok()),
            };
            if !usable {
                return Err(bad(
                    echo,
                    "the id of a request must be a string or an integer of 32 bits",
                ));
            }
        }
        Some(_) => return Err(bad(echo, "`method` must be a string")),
        None if object.contains_key("result") || object.contains_key("error") => {
            // A response: never answered, whatever is wrong with it.
            return serde_json::from_value(value).map_err(|error| {
                Rejected::Invalid(Frame::Invalid {
                    problem: format!("a response that is not well-formed: {error}"),
                    reply: None,
                })
            });
        }
        None => {
            return Err(bad(
                echo,
                "a message without `method` (a request or notification) or `result` or `error` (a response)",
            ));
        }
    }
    serde_json::from_value(value)
        .map_err(|error| bad(echo, &format!("not a request or notification: {error}")))
}

/// The connection over standard input and output: a thread reads frames from standard input
/// and answers what is not a message; another writes messages to standard output. The writer
/// ends, after writing everything sent before, when the connection is dropped; the reader at
/// the end of the input (the process does not wait for it).
pub fn stdio() -> (Connection, JoinHandle<io::Result<()>>) {
    let (to_server, from_reader) = crossbeam_channel::bounded::<Message>(0);
    let (to_writer, from_server) = crossbeam_channel::bounded::<Message>(0);
    let (replies, replies_to_write) = crossbeam_channel::bounded::<Value>(0);
    let reader = std::thread::Builder::new()
        .name("fenlint-lsp-reader".to_owned())
        .spawn(move || read_frames(io::stdin(), &to_server, &replies));
    if let Err(error) = reader {
        eprintln!("fenlint lsp: cannot start the reader thread: {error}");
    }
    let writer = std::thread::spawn(move || {
        write_frames(io::stdout().lock(), &from_server, replies_to_write)
    });
    (
        Connection {
            sender: to_writer,
            receiver: from_reader,
        },
        writer,
    )
}

/// Reads frames from `input` until it ends or the server has gone: messages to `messages`,
/// the answers to what is not a message to `replies`, what was wrong to standard error (the
/// editor's log of the server).
pub fn read_frames(input: impl Read, messages: &Sender<Message>, replies: &Sender<Value>) {
    let mut reader = Reader::new(input);
    loop {
        match reader.next_frame() {
            Ok(Some(Frame::Message(message))) => {
                if messages.send(message).is_err() {
                    return;
                }
            }
            Ok(Some(Frame::Invalid { problem, reply })) => {
                eprintln!("fenlint lsp: {problem}");
                if let Some(reply) = reply
                    && replies.send(reply).is_err()
                {
                    return;
                }
            }
            Ok(None) => return,
            Err(error) => {
                eprintln!("fenlint lsp: reading standard input: {error}");
                return;
            }
        }
    }
}

/// Writes `messages` and `replies` to `output`, each framed, until `messages` closes.
pub fn write_frames(
    mut output: impl Write,
    messages: &Receiver<Message>,
    replies: Receiver<Value>,
) -> io::Result<()> {
    let closed = crossbeam_channel::never();
    let mut replies_open = true;
    loop {
        // Once the reader has ended, only the server's messages are left to write.
        let pending = if replies_open { &replies } else { &closed };
        select! {
            recv(messages) -> message => match message {
                Ok(message) => message.write(&mut output)?,
                Err(_) => return output.flush(),
            },
            recv(pending) -> reply => match reply {
                Ok(reply) => {
                    let body = reply.to_string();
                    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
                    output.flush()?;
                }
                Err(_) => replies_open = false,
            },
        }
    }
}
