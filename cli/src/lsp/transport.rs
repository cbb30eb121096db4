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
    /// (`None` for a malformed response, which is never answered). `show` when the user should
    /// be told as well: a document too large to be read would otherwise just not be linted.
    Invalid {
        problem: String,
        reply: Option<Value>,
        show: bool,
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
        show: false,
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
            let problem = format!(
                "a message of {length} bytes (Content-Length) is over the {} MiB the server reads; skipped",
                MAX_BODY / (1024 * 1024)
            );
            return Ok(Some(Frame::Invalid {
                reply: Some(error_response(
                    Value::Null,
                    ErrorCode::InvalidRequest,
                    &problem,
                )),
                problem,
                show: true,
            }));
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
                let mut rest = line.get(1..).unwrap_or_default().to_vec();
                rest.extend_from_slice(b"\r\n");
                self.push_back(&rest);
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
        // Another protocol's message (JSON-RPC 1.0): its version is said when it is written.
        Some(Value::String(_))
            if object
                .get("jsonrpc")
                .is_some_and(|version| version != "2.0") =>
        {
            return Err(bad(
                echo,
                "`jsonrpc` must be \"2.0\": the language server protocol is JSON-RPC 2.0",
            ));
        }
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
                    show: false,
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
        crate::closed::say!("fenlint lsp: cannot start the reader thread: {error}");
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
/// the answers to what is not a message to `replies` (with a message to show the user when a
/// message was too large to read), what was wrong to standard error (the editor's log of the
/// server).
pub fn read_frames(input: impl Read, messages: &Sender<Message>, replies: &Sender<Value>) {
    let mut reader = Reader::new(input);
    loop {
        match reader.next_frame() {
            Ok(Some(Frame::Message(message))) => {
                if messages.send(message).is_err() {
                    return;
                }
            }
            Ok(Some(Frame::Invalid {
                problem,
                reply,
                show,
            })) => {
                crate::closed::say!("fenlint lsp: {problem}");
                let shown = show.then(|| {
                    json!({
                        "jsonrpc": "2.0",
                        "method": "window/showMessage",
                        "params": { "type": 1, "message": format!("fenlint: {problem}") },
                    })
                });
                for message in reply.into_iter().chain(shown) {
                    if replies.send(message).is_err() {
                        return;
                    }
                }
            }
            Ok(None) => return,
            Err(error) => {
                crate::closed::say!("fenlint lsp: reading standard input: {error}");
                return;
            }
        }
    }
}

/// Writes `messages` and `replies` (messages made by the reader, as JSON) to `output`, each
/// framed, until `messages` closes.
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
                Err(_) => {
                    // The answers already waiting are written too.
                    while let Ok(reply) = pending.try_recv() {
                        write_reply(&mut output, &reply)?;
                    }
                    return output.flush();
                }
            },
            recv(pending) -> reply => match reply {
                Ok(reply) => write_reply(&mut output, &reply)?,
                Err(_) => replies_open = false,
            },
        }
    }
}

/// One answer to input that was not a message, framed.
fn write_reply(output: &mut impl Write, reply: &Value) -> io::Result<()> {
    let body = reply.to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    /// `body` framed as the protocol frames it.
    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    const PING: &str = r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#;

    /// Every frame read from `input`: a message as `{"method" or "id"}`, anything else as the
    /// error answered (`{"code", "id"}`, or `"unanswered"`).
    fn frames(input: &[u8]) -> Vec<Value> {
        let mut reader = Reader::new(input);
        let mut out = Vec::new();
        while let Some(frame) = reader.next_frame().unwrap() {
            out.push(match frame {
                Frame::Message(Message::Request(request)) => json!({ "request": request.method }),
                Frame::Message(Message::Notification(n)) => json!({ "notification": n.method }),
                Frame::Message(Message::Response(response)) => {
                    json!({ "response": response.id.to_string() })
                }
                Frame::Invalid { reply: None, .. } => json!("unanswered"),
                Frame::Invalid {
                    reply: Some(reply),
                    problem,
                    ..
                } => {
                    assert_eq!(reply["jsonrpc"], "2.0");
                    assert_eq!(reply["error"]["message"], problem.as_str());
                    assert!(!problem.contains("RequestId"), "{problem}");
                    json!({ "code": reply["error"]["code"], "id": reply["id"] })
                }
            });
        }
        out
    }

    /// Each kind of bad input, then a good request: the bad input is answered as JSON-RPC says
    /// (`-32700` for what cannot be read, `-32600` for JSON that is not a message, the id null
    /// when it cannot be read), and the request after it is read.
    #[test]
    fn bad_frames_are_answered_and_reading_goes_on() {
        for (what, bad, expected) in bad_frames() {
            let input = format!("{bad}{}", frame(PING));
            let mut expected = expected;
            expected.push(json!({ "request": "ping" }));
            assert_eq!(frames(input.as_bytes()), expected, "{what}: {input:?}");
        }
    }

    /// Every kind of bad input in a row, then a request: one stream recovers from each in turn.
    #[test]
    fn one_stream_recovers_from_each_bad_frame_in_turn() {
        let all: String = [
            "Content-Length: 99999999999999\r\n\r\n{}".to_owned(),
            frame("[1]"),
            format!("Content-Length: 60\r\n\r\n{}", r#"{"method":"a"}"#),
            "Content-Length: x\r\n\r\n{}".to_owned(),
            frame(PING),
        ]
        .concat();
        let read = frames(all.as_bytes());
        assert_eq!(read.last(), Some(&json!({ "request": "ping" })), "{read:?}");
        assert_eq!(read.len(), 5, "{read:?}");
    }

    /// Each kind of bad input (and a few good ones) with what the reader makes of it.
    fn bad_frames() -> Vec<(&'static str, String, Vec<Value>)> {
        let parse = |id: Value| json!({ "code": -32700, "id": id });
        let invalid = |id: Value| json!({ "code": -32600, "id": id });
        vec![
            (
                "a length no body has",
                "Content-Length: 99999999999999\r\n\r\n{\"method\":\"a\"}".to_owned(),
                vec![invalid(Value::Null)],
            ),
            (
                "a length past u64",
                "Content-Length: 999999999999999999999999\r\n\r\n".to_owned(),
                vec![invalid(Value::Null)],
            ),
            (
                "malformed JSON",
                frame(r#"{"jsonrpc":"2.0","id":1,"method":"#),
                vec![parse(Value::Null)],
            ),
            (
                "a body shorter than its header",
                format!("Content-Length: 60\r\n\r\n{}", r#"{"method":"a"}"#),
                vec![parse(Value::Null)],
            ),
            (
                "a body longer than its header",
                format!("Content-Length: 5\r\n\r\n{}", r#"{"method":"a"}"#),
                vec![parse(Value::Null)],
            ),
            (
                "a batch",
                frame(&format!("[{PING}]")),
                vec![invalid(Value::Null)],
            ),
            ("a number", frame("12"), vec![invalid(Value::Null)]),
            (
                "no method",
                frame(r#"{"jsonrpc":"2.0","id":3}"#),
                vec![invalid(json!(3))],
            ),
            (
                "a method that is not a string",
                frame(r#"{"jsonrpc":"2.0","id":"x","method":4}"#),
                vec![invalid(json!("x"))],
            ),
            (
                "an id past 32 bits",
                frame(r#"{"jsonrpc":"2.0","id":5000000000,"method":"a"}"#),
                vec![invalid(json!(5_000_000_000u64))],
            ),
            (
                "a null id",
                frame(r#"{"jsonrpc":"2.0","id":null,"method":"a"}"#),
                vec![invalid(Value::Null)],
            ),
            (
                "another version of JSON-RPC",
                frame(r#"{"jsonrpc":"1.0","id":9,"method":"initialize","params":{}}"#),
                vec![invalid(json!(9))],
            ),
            (
                "a malformed response, which is never answered",
                frame(r#"{"jsonrpc":"2.0","id":null,"result":1}"#),
                vec![json!("unanswered")],
            ),
            (
                "no Content-Length",
                format!(
                    "Content-Type: application/json\r\n\r\n{}",
                    r#"{"method":"a"}"#
                ),
                vec![parse(Value::Null)],
            ),
            (
                "a Content-Length that is not a number",
                format!("Content-Length: twelve\r\n\r\n{}", r#"{"method":"a"}"#),
                vec![parse(Value::Null)],
            ),
            (
                "a negative Content-Length",
                "Content-Length: -5\r\n\r\n{}".to_owned(),
                vec![parse(Value::Null)],
            ),
            (
                "two Content-Lengths that disagree",
                "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".to_owned(),
                vec![parse(Value::Null)],
            ),
            (
                "a header line too long",
                format!("X-Long: {}\r\n\r\n{{}}", "a".repeat(MAX_HEADER_LINE * 3)),
                vec![parse(Value::Null)],
            ),
            (
                "text between messages",
                "garbage, then the next message: ".to_owned(),
                vec![parse(Value::Null)],
            ),
            (
                "blank lines before a header",
                "\r\n\n\r\n".to_owned(),
                vec![],
            ),
            (
                "a request of its own",
                frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#),
                vec![json!({ "request": "initialize" })],
            ),
            (
                "a notification with a header in another case and a content type",
                format!(
                    "content-length: 17\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}",
                    r#"{"method":"exit"}"#
                ),
                vec![json!({ "notification": "exit" })],
            ),
            (
                "a response",
                frame(r#"{"jsonrpc":"2.0","id":"fenlint/1","result":null}"#),
                vec![json!({ "response": "\"fenlint/1\"" })],
            ),
        ]
    }

    /// Not UTF-8 inside a JSON string, and the input ending inside a body.
    #[test]
    fn bytes_that_are_not_text_and_a_cut_body_are_parse_errors() {
        let mut input = b"Content-Length: 4\r\n\r\n\"\xff\xfe\"".to_vec();
        input.extend_from_slice(frame(PING).as_bytes());
        assert_eq!(
            frames(&input),
            [
                json!({ "code": -32700, "id": null }),
                json!({ "request": "ping" })
            ]
        );
        assert_eq!(
            frames(b"Content-Length: 50000000\r\n\r\n{\"method\":"),
            [json!({ "code": -32700, "id": null })]
        );
        let mut reader = Reader::new(&b"Content-Length: 50000000\r\n\r\n{}"[..]);
        let Some(Frame::Invalid { problem, .. }) = reader.next_frame().unwrap() else {
            panic!("the cut body is reported");
        };
        assert_eq!(
            problem,
            "the input ended 2 bytes into a body of 50000000 (Content-Length)"
        );
    }

    /// A message too large to read is answered, and the user is told, since a document that
    /// large would otherwise just not be linted.
    #[test]
    fn a_message_too_large_is_shown_to_the_user() {
        let (messages, read) = crossbeam_channel::unbounded();
        let (replies, answers) = crossbeam_channel::unbounded();
        let input = format!(
            "Content-Length: {}\r\n\r\n{{\"method\":\"textDocument/didOpen\"}}{}",
            MAX_BODY + 1,
            frame(PING)
        );
        read_frames(input.as_bytes(), &messages, &replies);
        let answers: Vec<Value> = answers.try_iter().collect();
        let problem = format!(
            "a message of {} bytes (Content-Length) is over the 64 MiB the server reads; skipped",
            MAX_BODY + 1
        );
        assert_eq!(
            answers,
            [
                error_response(Value::Null, ErrorCode::InvalidRequest, &problem),
                json!({
                    "jsonrpc": "2.0",
                    "method": "window/showMessage",
                    "params": { "type": 1, "message": format!("fenlint: {problem}") }
                })
            ]
        );
        assert!(matches!(read.try_recv(), Ok(Message::Request(r)) if r.method == "ping"));
    }

    /// The answer to a frame that cannot be read is written framed, with the id null, beside
    /// the server's own messages.
    #[test]
    fn answers_are_written_framed() {
        let (messages, read) = crossbeam_channel::unbounded();
        let (replies, to_write) = crossbeam_channel::unbounded();
        read_frames(
            format!("{}{}", frame("[]"), frame(PING)).as_bytes(),
            &messages,
            &replies,
        );
        drop(replies);
        assert!(matches!(read.try_recv(), Ok(Message::Request(r)) if r.method == "ping"));
        let (server, written) = crossbeam_channel::unbounded::<Message>();
        server
            .send(Message::Notification(lsp_server::Notification::new(
                "window/logMessage".to_owned(),
                json!({}),
            )))
            .unwrap();
        let mut output = Vec::new();
        std::thread::scope(|scope| {
            let writer = scope.spawn(|| write_frames(&mut output, &written, to_write));
            drop(server);
            writer.join().unwrap().unwrap();
        });
        let output = String::from_utf8(output).unwrap();
        let reply = error_response(
            Value::Null,
            ErrorCode::InvalidRequest,
            "a batch (a JSON array): the protocol sends one message per frame, a JSON object",
        )
        .to_string();
        assert!(output.contains(&frame(&reply)), "{output}");
        assert!(output.contains("window/logMessage"), "{output}");
    }
}
