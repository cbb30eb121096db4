//! `fenlint lsp` as an editor runs it, over its standard input and output: input that is not a
//! message is answered and the server keeps answering, its exit status is the protocol's, and
//! its memory does not grow with the number of problems in a document.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use assert_cmd::cargo::cargo_bin;
use serde_json::{Value, json};

/// How long a message may take (never reached unless the server hangs).
const PATIENCE: Duration = Duration::from_secs(120);

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The messages the server writes, read on a thread of their own.
    messages: Receiver<Value>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(cargo_bin("fenlint"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(value) = line.strip_prefix("Content-Length: ") {
                        length = value.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("every message has a Content-Length")];
                stdout.read_exact(&mut body).unwrap();
                if sender
                    .send(serde_json::from_slice(&body).expect("every message is JSON"))
                    .is_err()
                {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.write(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn receive(&self) -> Value {
        self.messages
            .recv_timeout(PATIENCE)
            .expect("the server answers")
    }

    /// The next response (notifications before it are passed over).
    fn response(&self) -> Value {
        loop {
            let message = self.receive();
            if message.get("method").is_none() {
                return message;
            }
        }
    }

    fn initialize(&mut self) {
        self.send(&json!({ "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": { "capabilities": {} } }));
        assert!(self.response()["result"]["capabilities"].is_object());
        self.send(&json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    }

    /// Waits for the server to end, its input left open as an editor leaves it; its exit
    /// status.
    fn status(mut self) -> Option<i32> {
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the server has not ended"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Closes the server's input; its exit status.
    fn close(mut self) -> Option<i32> {
        drop(self.stdin.take());
        self.status()
    }
}

/// The error code and id a bad frame is answered with; `None` for no answer.
type Answer = Option<(i64, Value)>;

/// Each kind of bad frame is answered (but a malformed response), and a request after it is
/// answered too; `exit` after `shutdown` then ends the server with status 0.
#[test]
fn bad_frames_are_answered_and_the_server_keeps_running() {
    let mut server = Server::start();
    server.initialize();
    let framed = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
    // Each frame, and the error code and id of its answer.
    let bad: [(&str, String, Answer); 9] = [
        (
            "a length no body has",
            "Content-Length: 99999999999999\r\n\r\n{}".to_owned(),
            Some((-32600, Value::Null)),
        ),
        (
            "malformed JSON",
            framed("{\"jsonrpc\":"),
            Some((-32700, Value::Null)),
        ),
        (
            "a body shorter than its header",
            "Content-Length: 80\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"a\"}".to_owned(),
            Some((-32700, Value::Null)),
        ),
        (
            "a body longer than its header",
            "Content-Length: 9\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"a\"}".to_owned(),
            Some((-32700, Value::Null)),
        ),
        (
            "a JSON array",
            framed("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\"}]"),
            Some((-32600, Value::Null)),
        ),
        (
            "a message without method",
            framed("{\"jsonrpc\":\"2.0\",\"id\":41}"),
            Some((-32600, json!(41))),
        ),
        (
            "no Content-Length",
            "Content-Type: application/json\r\n\r\n{}".to_owned(),
            Some((-32700, Value::Null)),
        ),
        (
            "a Content-Length that is not a number",
            "Content-Length: ten\r\n\r\n{}".to_owned(),
            Some((-32700, Value::Null)),
        ),
        (
            "a response that is not well-formed, which is not answered",
            framed("{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":0}"),
            None,
        ),
    ];
    for (number, (what, frame, answer)) in bad.into_iter().enumerate() {
        server.write(frame.as_bytes());
        let id = 100 + number as i64;
        server.send(&json!({ "jsonrpc": "2.0", "id": id, "method": "fenlint/nothing" }));
        let mut responses = vec![server.response()];
        if answer.is_some() {
            responses.push(server.response());
        }
        let answered = responses
            .iter()
            .find(|response| response["id"] == id)
            .unwrap_or_else(|| panic!("{what}: the request after it is answered: {responses:?}"));
        assert_eq!(answered["error"]["code"], -32601, "{what}");
        if let Some((code, error_id)) = answer {
            let error = responses
                .iter()
                .find(|response| response["id"] != id)
                .unwrap();
            assert_eq!(error["error"]["code"], code, "{what}: {error}");
            assert_eq!(error["id"], error_id, "{what}: {error}");
        }
    }
    server.send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "shutdown" }));
    assert_eq!(
        server.response(),
        json!({ "jsonrpc": "2.0", "id": 1, "result": null })
    );
    server
        .send(&json!({ "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {} }));
    assert_eq!(server.response()["error"]["code"], -32600);
    server.send(&json!({ "jsonrpc": "2.0", "method": "exit" }));
    assert_eq!(server.status(), Some(0));
}

/// `exit` without `shutdown` is status 1, as is the end of the input without `exit`; the end
/// of the input after `shutdown` is status 0.
#[test]
fn the_exit_status_is_the_protocols() {
    let mut server = Server::start();
    server.initialize();
    server.send(&json!({ "jsonrpc": "2.0", "method": "exit" }));
    assert_eq!(server.status(), Some(1));

    let mut server = Server::start();
    server.send(&json!({ "jsonrpc": "2.0", "method": "exit" }));
    assert_eq!(server.status(), Some(1), "exit before initialize");

    let mut server = Server::start();
    server.initialize();
    assert_eq!(server.close(), Some(1), "the input ended");

    let mut server = Server::start();
    server.initialize();
    server.send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "shutdown" }));
    server.response();
    assert_eq!(server.close(), Some(0), "the input ended after shutdown");
}

/// The server's peak memory (`VmHWM`), in KiB.
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Opens `text` in a new server and waits for its diagnostics; the server (still running),
/// what it published, and its peak memory in KiB by then.
#[cfg(target_os = "linux")]
fn open_and_measure(text: &str) -> (Server, Value, u64) {
    let mut server = Server::start();
    server.initialize();
    server.send(&json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": { "textDocument": { "uri": "file:///tmp/fenlint-lsp-memory.fen", "languageId": "fen", "version": 1, "text": text } }
    }));
    let published = loop {
        let message = server.receive();
        if message["method"] == "textDocument/publishDiagnostics" {
            break message;
        }
    };
    let peak = peak_kib(server.child.id());
    (server, published, peak)
}

/// A 200,000-line document with a problem on every line: the diagnostics published are capped
/// (with one that says how many were left out), and the server's peak memory stays small:
/// about 80 MB (the text is 6.6 MB and is held a few times while it is read), where
/// publishing every diagnostic would take gigabytes. What each problem costs is measured
/// against a document of as many lines without problems: about 100 bytes (publishing each
/// took about 9 KB).
#[cfg(target_os = "linux")]
#[test]
fn memory_does_not_grow_with_the_number_of_problems() {
    const LINES: usize = 200_000;
    let (clean, published, clean_peak) =
        open_and_measure(&"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n".repeat(LINES));
    assert_eq!(published["params"]["diagnostics"], json!([]));
    drop(clean);
    let (mut server, published, peak) =
        open_and_measure(&"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n".repeat(LINES));
    let diagnostics = published["params"]["diagnostics"].as_array().unwrap();
    let shown = diagnostics.len() - 1;
    assert!((1_000..=5_000).contains(&shown), "{shown}");
    let last = diagnostics.last().unwrap()["message"].as_str().unwrap();
    assert!(
        last.starts_with(&format!(
            "{} more problems from here on are not shown",
            LINES - shown
        )),
        "{last}"
    );
    let per_problem = peak.saturating_sub(clean_peak) * 1024 / LINES as u64;
    eprintln!(
        "peak memory of `fenlint lsp`: {peak} KiB with {LINES} problems, {clean_peak} KiB with none: {per_problem} bytes a problem"
    );
    assert!(peak < 200 * 1024, "{peak} KiB");
    assert!(per_problem < 512, "{per_problem} bytes a problem");
    server.send(&json!({ "jsonrpc": "2.0", "id": 1, "method": "shutdown" }));
    server.response();
    server.send(&json!({ "jsonrpc": "2.0", "method": "exit" }));
    assert_eq!(server.status(), Some(0));
}
