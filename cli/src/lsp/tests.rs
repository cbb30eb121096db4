//! The server driven over the protocol by an in-process client (`Connection::memory`): every
//! capability, with snapshots of the JSON the client receives.

use std::collections::VecDeque;
use std::thread::JoinHandle;
use std::time::Duration;

use fenlint::ColumnUnit;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

use super::document::Lines;
use super::features::{MAX_OUTLINE, MAX_PUBLISHED};
use super::server::Ending;

mod protocol;

/// How long the client waits for one message before the test fails (never reached unless the
/// server hangs).
const PATIENCE: Duration = Duration::from_secs(60);

struct Client {
    connection: Connection,
    server: Option<JoinHandle<Ending>>,
    next_id: i32,
    /// Notifications and requests from the server not yet looked at, in order.
    inbox: VecDeque<Message>,
}

impl Client {
    /// A server with the client capabilities and initialization options given; returns the
    /// client and the `initialize` result.
    fn start(capabilities: Value, options: Value) -> (Client, Value) {
        let (server_side, client_side) = Connection::memory();
        let server = std::thread::spawn(move || super::serve(server_side));
        let mut client = Client {
            connection: client_side,
            server: Some(server),
            next_id: 0,
            inbox: VecDeque::new(),
        };
        let result = client.request(
            "initialize",
            json!({ "capabilities": capabilities, "initializationOptions": options }),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    fn utf16() -> Client {
        Client::start(json!({}), Value::Null).0
    }

    fn receive(&mut self) -> Message {
        self.connection
            .receiver
            .recv_timeout(PATIENCE)
            .expect("the server answers")
    }

    /// Sends a request and waits for its response: the result, or `{"error": …}`.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.connection
            .sender
            .send(Message::Request(Request::new(
                id.clone(),
                method.to_owned(),
                params,
            )))
            .unwrap();
        loop {
            match self.receive() {
                Message::Response(response) if response.id == id => {
                    return match response.response_result {
                        Err(error) => {
                            json!({ "error": { "code": error.code, "message": error.message } })
                        }
                        Ok(result) => result,
                    };
                }
                other => self.inbox.push_back(other),
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        self.connection
            .sender
            .send(Message::Notification(Notification::new(
                method.to_owned(),
                params,
            )))
            .unwrap();
    }

    /// The next notification `method` from the server (others are kept).
    fn notification(&mut self, method: &str) -> Value {
        let waiting = self
            .inbox
            .iter()
            .position(|message| matches!(message, Message::Notification(n) if n.method == method));
        if let Some(at) = waiting
            && let Some(Message::Notification(n)) = self.inbox.remove(at)
        {
            return n.params;
        }
        loop {
            match self.receive() {
                Message::Notification(n) if n.method == method => return n.params,
                other => self.inbox.push_back(other),
            }
        }
    }

    /// The diagnostics published for `uri` at `version`; earlier versions are skipped.
    fn diagnostics(&mut self, uri: &str, version: i32) -> Value {
        loop {
            let published = self.notification("textDocument/publishDiagnostics");
            if published["uri"] == uri && published["version"] == version {
                return published;
            }
            assert!(
                published["uri"] != uri || published["version"].as_i64() < Some(version.into()),
                "a newer version was published before {version}: {published}"
            );
        }
    }

    fn open(&mut self, uri: &str, language: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        );
        self.diagnostics(uri, 1)
    }

    fn shutdown(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let server = self.server.take().unwrap();
        assert_eq!(server.join().unwrap(), Ending::Clean);
    }
}

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// `text` with LSP text edits applied, positions counted in `unit` on lines as the protocol
/// counts them (ended by `\r\n`, `\n` or `\r`).
fn apply(text: &str, edits: &Value, unit: ColumnUnit) -> String {
    let lines = Lines::new(text);
    let offset = |position: &Value| {
        let at = lsp_types::Position {
            line: position["line"].as_u64().unwrap() as u32,
            character: position["character"].as_u64().unwrap() as u32,
        };
        lines.offset(text, at, unit).unwrap()
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|edit| {
            (
                offset(&edit["range"]["start"]),
                offset(&edit["range"]["end"]),
                edit["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort();
    let mut out = text.to_owned();
    for (start, end, new) in edits.into_iter().rev() {
        out.replace_range(start..end, new);
    }
    out
}

/// The codes of a publishDiagnostics notification.
fn codes(published: &Value) -> Vec<String> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_owned())
        .collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn initialize_negotiates_the_position_encoding() {
    let (client, result) = Client::start(json!({}), Value::Null);
    settings().bind(|| insta::assert_json_snapshot!("lsp_initialize", result));
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-16");
    client.shutdown();
    let (client, result) = Client::start(
        json!({ "general": { "positionEncodings": ["utf-8", "utf-16"] } }),
        Value::Null,
    );
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-8");
    client.shutdown();
}

/// A notification whose parameters its method does not take (here a URI with a NUL byte) has
/// no answer: the client's log says it was ignored and why, and the server goes on.
#[test]
fn a_notification_with_parameters_it_cannot_take_is_logged() {
    let (mut client, _) = Client::start(json!({}), Value::Null);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": "file:///a\u{0}.fen", "languageId": "fen", "version": 1, "text": "8/8 w" } }),
    );
    let logged = client.notification("window/logMessage");
    let message = logged["message"].as_str().unwrap();
    assert!(
        message.starts_with("fenlint: `textDocument/didOpen` ignored: "),
        "{message}"
    );
    assert_eq!(logged["type"], 2, "a warning");
    let published = client.open("file:///b.fen", "fen", "8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(published["diagnostics"][0]["code"], "fen::kings::missing");
    client.shutdown();
}

/// A PGN line with an emoji before the FEN, after a CRLF line: the diagnostic's columns count
/// UTF-16 code units by default and bytes when the client asks for UTF-8.
#[test]
fn diagnostics_count_columns_in_the_negotiated_encoding() {
    let text = "[Event \"Blitz ♞\"]\r\n[White \"Müller 😀\"][FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1\"]\r\n\r\n*\r\n";
    let line = text.lines().nth(1).unwrap();
    let at = line.find(" QK ").unwrap() + 1;
    let utf16: usize = line[..at].chars().map(char::len_utf16).sum();
    let uri = "file:///tmp/fenlint-lsp-test/games.pgn";

    let mut client = Client::utf16();
    let published = client.open(uri, "pgn", text);
    settings().bind(|| insta::assert_json_snapshot!("lsp_diagnostics_utf16", published));
    let order = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "fen::castling::order")
        .expect("castling order is reported");
    // The primary label is on `K`, the letter out of place; `Q` is labelled "written first".
    assert_eq!(
        order["range"]["start"],
        json!({ "line": 1, "character": utf16 + 1 })
    );
    assert_eq!(
        order["range"]["end"],
        json!({ "line": 1, "character": utf16 + 2 })
    );
    assert_eq!(
        order["relatedInformation"][0]["location"]["range"]["start"],
        json!({ "line": 1, "character": utf16 })
    );
    assert_eq!(order["source"], "fenlint");
    // The link is the code's section of the grammar reference, as the diagnostic's url.
    assert_eq!(
        order["codeDescription"]["href"],
        fenlint::Code::CastlingOrder.url()
    );
    client.shutdown();

    let (mut client, _) = Client::start(
        json!({ "general": { "positionEncodings": ["utf-8"] } }),
        Value::Null,
    );
    let published = client.open(uri, "pgn", text);
    let order = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "fen::castling::order")
        .unwrap();
    assert_eq!(
        order["range"]["start"],
        json!({ "line": 1, "character": at + 1 })
    );
    assert_ne!(at, utf16);
    client.shutdown();
}

#[test]
fn secondary_labels_are_related_information() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/checks.fen";
    // Two knights check the white king: an impossible double check with both checkers labelled.
    let published = client.open(uri, "fen", "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1\n");
    let impossible = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "fen::check::impossible")
        .expect("the double check is reported");
    let related = impossible["relatedInformation"].as_array().unwrap();
    assert_eq!(related.len(), 2, "{impossible}");
    assert_eq!(related[0]["location"]["uri"], uri);
    assert!(
        related[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("check from")
    );
    client.shutdown();
}

#[test]
fn incremental_and_full_changes_are_linted_again() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/positions.fen";
    let text =
        "# 😀 two positions\r\n4k3/8/8/8/8/8/8/4K3 w QK - 0 1\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 0\r\n";
    let first = client.open(uri, "fen", text);
    assert!(
        codes(&first).contains(&"fen::castling::order".to_owned()),
        "{first}"
    );
    assert!(
        codes(&first).contains(&"fen::fullmove_number::zero".to_owned()),
        "{first}"
    );
    // Replace `QK` with `-` on line 1 (after a line with an emoji and a CRLF).
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{
                "range": { "start": { "line": 1, "character": 22 }, "end": { "line": 1, "character": 24 } },
                "text": "-"
            }]
        }),
    );
    let second = client.diagnostics(uri, 2);
    assert_eq!(codes(&second), ["fen::fullmove_number::zero"], "{second}");
    // The zero fullmove number is on line 2 still: the edit kept the lines.
    let zero = &second["diagnostics"][0];
    assert_eq!(zero["range"]["start"]["line"], 2);
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 3 },
            "contentChanges": [{ "text": format!("{START}\n") }]
        }),
    );
    let third = client.diagnostics(uri, 3);
    assert_eq!(third["diagnostics"], json!([]));
    client.shutdown();
}

/// A 100,000-line document: the server answers a request while the worker lints, and only
/// the newest version's diagnostics follow a change.
#[test]
fn a_long_document_does_not_block_requests_and_stale_results_are_dropped() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/long.fen";
    let line = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n";
    let at = line.find("QK").unwrap();
    let text = line.repeat(100_000);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "fen", "version": 1, "text": text } }),
    );
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{
                "range": { "start": { "line": 0, "character": at }, "end": { "line": 0, "character": at + 2 } },
                "text": "KQ"
            }]
        }),
    );
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 5, "character": 3 } }),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("to move")
    );
    let before_hover: Vec<&Message> = client.inbox.iter().collect();
    assert!(
        !before_hover.iter().any(|message| matches!(
            message,
            Message::Notification(n) if n.params["version"] == 2
        )),
        "the hover was answered after the lint of version 2, not beside it"
    );
    // 99,999 problems: the first MAX_PUBLISHED, then one that says how many more there are,
    // where they start.
    let published = client.diagnostics(uri, 2);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), MAX_PUBLISHED + 1);
    let last = &diagnostics[MAX_PUBLISHED];
    assert_eq!(
        last["message"].as_str().unwrap(),
        format!(
            "{} more problems from here on are not shown: fenlint shows the first {MAX_PUBLISHED} of a document; `fenlint check` lists them all",
            99_999 - MAX_PUBLISHED
        )
    );
    assert_eq!(last["range"]["start"]["line"], MAX_PUBLISHED + 1);
    assert_eq!(last["severity"], 3);
    client.shutdown();
}

/// A lint belongs to the text it was made from, not to a version number: a document closed
/// and opened again at version 1 (or a client that lowers a version) never gets the
/// diagnostics, nor the quick fixes, of the text it had before.
#[test]
fn a_lint_of_an_earlier_text_with_the_same_version_is_dropped() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/reopened.fen";
    let before = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n".repeat(100_000);
    let after = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n";
    for (notification, params) in [
        (
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "fen", "version": 1, "text": before } }),
        ),
        (
            "textDocument/didClose",
            json!({ "textDocument": { "uri": uri } }),
        ),
        (
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "fen", "version": 1, "text": after } }),
        ),
    ] {
        client.notify(notification, params);
        // Time for the worker to take the first text on its own, before the others come.
        std::thread::sleep(Duration::from_millis(100));
    }
    let closed = loop {
        let published = client.notification("textDocument/publishDiagnostics");
        if published["uri"] == uri && published["version"].is_null() {
            break published;
        }
    };
    assert_eq!(closed["diagnostics"], json!([]));
    let reopened = client.diagnostics(uri, 1);
    assert_eq!(
        reopened["diagnostics"].as_array().map(Vec::len),
        Some(0),
        "the lint of the text before was published"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 1, "character": 0 } },
            "context": { "diagnostics": [], "only": ["quickfix"] }
        }),
    );
    assert_eq!(actions, json!([]));
    client.shutdown();
}

#[test]
fn code_actions_fix_one_problem_or_all_of_them() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/fixes.fen";
    let text = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n# 😀\n4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\n";
    client.open(uri, "fen", text);
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 25 }, "end": { "line": 0, "character": 25 } },
            "context": { "diagnostics": [] }
        }),
    );
    settings().bind(|| insta::assert_json_snapshot!("lsp_code_actions", actions));
    let actions = actions.as_array().unwrap();
    let quick = actions
        .iter()
        .find(|action| action["kind"] == "quickfix")
        .expect("a quick fix for the castling order");
    let fixed = apply(text, &quick["edit"]["changes"][uri], ColumnUnit::Utf16);
    assert!(
        fixed.starts_with("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n"),
        "{fixed}"
    );
    let all = actions
        .iter()
        .find(|action| action["kind"] == "source.fixAll.fenlint")
        .expect("fix all");
    let fixed = apply(text, &all["edit"]["changes"][uri], ColumnUnit::Utf16);
    let linted = fenlint::files::lint_file(
        fenlint::files::FileKind::Lines,
        fixed.as_bytes(),
        &fenlint::Validator::new(),
    );
    assert!(
        linted.iter().all(|d| d.fix().is_none()),
        "fix all leaves nothing fixable: {fixed:?} {linted:?}"
    );
    assert!(fixed.contains("# 😀\n"), "comments are kept: {fixed:?}");
    // `only` narrows the kinds.
    let only = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
            "context": { "diagnostics": [], "only": ["source.fixAll"] }
        }),
    );
    let kinds: Vec<&Value> = only
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["kind"])
        .collect();
    assert_eq!(kinds, [&json!("source.fixAll.fenlint")]);
    // A range to past the last line, as clients send for the whole document, takes in every
    // problem.
    let whole = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 99, "character": 0 } },
            "context": { "diagnostics": [], "only": ["quickfix"] }
        }),
    );
    let fixes = whole
        .as_array()
        .unwrap()
        .iter()
        .filter(|action| action["isPreferred"] == true)
        .count();
    assert_eq!(fixes, 2, "{whole}");
    client.shutdown();
}

#[test]
fn a_quick_fix_suppresses_a_problem_with_a_comment() {
    let mut client = Client::utf16();
    for (uri, language, text, line, title, comment) in [
        (
            "file:///tmp/fenlint-lsp-test/suppress.fen",
            "fen",
            "# 😀\r\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n",
            1,
            "Suppress fen::castling::order for this position",
            "# fenlint: allow fen::castling::order\r\n",
        ),
        (
            "file:///tmp/fenlint-lsp-test/suppress.pgn",
            "pgn",
            "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\"]\n\n*\n",
            2,
            "Suppress fen::castling::order for this game",
            "{ fenlint: allow fen::castling::order }\n",
        ),
    ] {
        client.open(uri, language, text);
        let actions = client.request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": { "line": line, "character": 0 }, "end": { "line": line, "character": 40 } },
                "context": { "diagnostics": [] }
            }),
        );
        let titles: Vec<&str> = actions
            .as_array()
            .unwrap()
            .iter()
            .map(|action| action["title"].as_str().unwrap())
            .collect();
        // After the fix, before "fix all".
        assert_eq!(titles[1], title, "{titles:?}");
        let suppress = &actions[1];
        assert_eq!(suppress["kind"], "quickfix");
        assert_eq!(suppress["isPreferred"], false);
        let suppressed = apply(text, &suppress["edit"]["changes"][uri], ColumnUnit::Utf16);
        assert!(suppressed.contains(comment), "{suppressed:?}");
        let kind = if language == "pgn" {
            fenlint::files::FileKind::Pgn
        } else {
            fenlint::files::FileKind::Lines
        };
        let linted =
            fenlint::files::lint_file(kind, suppressed.as_bytes(), &fenlint::Validator::new());
        assert!(linted.is_empty(), "{suppressed:?}: {linted:?}");
        // The server reads the comment too.
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": 2 },
                "contentChanges": [{ "text": suppressed }]
            }),
        );
        let published = client.diagnostics(uri, 2);
        assert_eq!(codes(&published), Vec::<String>::new());
    }
    client.shutdown();
}

#[test]
fn hover_shows_the_board_and_explains_diagnostics() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/hover.fen";
    let text = "r3k2r/8/8/8/8/8/8/R3K2R w QK - 0 1\nrnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 3\n";
    client.open(uri, "fen", text);
    let on_castling = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 26 } }),
    );
    let markdown = on_castling["contents"]["value"]
        .as_str()
        .unwrap()
        .to_owned();
    settings().bind(|| insta::assert_snapshot!("lsp_hover_castling", markdown));
    assert!(markdown.contains("♜ · · · ♚ · · ♜"), "{markdown}");
    assert!(markdown.contains("rooks on a1, h1"), "{markdown}");
    assert!(markdown.contains("`fen::castling::order`"), "{markdown}");
    let crazyhouse = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 0 } }),
    );
    let markdown = crazyhouse["contents"]["value"].as_str().unwrap().to_owned();
    assert!(markdown.contains("**Crazyhouse** position"), "{markdown}");
    assert!(
        markdown.contains("holdings: White ♙, Black ♟"),
        "{markdown}"
    );
    assert!(
        !markdown.contains("---"),
        "no diagnostic to explain: {markdown}"
    );
    client.shutdown();
}

#[test]
fn formatting_follows_the_format_table_of_fenlint_toml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fenlint.toml"),
        "[format]\ncastling = \"shredder\"\n",
    )
    .unwrap();
    let path = dir.path().join("a.fen");
    let uri = url::Url::from_file_path(&path).unwrap().to_string();
    let mut client = Client::utf16();
    let text =
        "r3k2r/8/8/8/8/8/8/R3K2R  w KQkq - 0 1\n# kept\nr3k2r/8/8/8/8/8/8/R3K2R w KQ - 0   1\n";
    client.open(&uri, "fen", text);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    settings().bind(|| insta::assert_json_snapshot!("lsp_formatting", edits));
    assert_eq!(
        apply(text, &edits, ColumnUnit::Utf16),
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\n# kept\nr3k2r/8/8/8/8/8/8/R3K2R w HA - 0 1\n"
    );
    let ranged = client.request(
        "textDocument/rangeFormatting",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 2, "character": 0 }, "end": { "line": 2, "character": 5 } },
            "options": { "tabSize": 4, "insertSpaces": true }
        }),
    );
    assert_eq!(
        apply(text, &ranged, ColumnUnit::Utf16),
        "r3k2r/8/8/8/8/8/8/R3K2R  w KQkq - 0 1\n# kept\nr3k2r/8/8/8/8/8/8/R3K2R w HA - 0 1\n"
    );
    // A selection of whole lines ends at the start of the next one, which it does not take in.
    let whole_line = client.request(
        "textDocument/rangeFormatting",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 2, "character": 0 } },
            "options": { "tabSize": 4, "insertSpaces": true }
        }),
    );
    assert_eq!(whole_line, json!([]), "{whole_line}");
    client.shutdown();
}

/// A document whose extension `[extensions]` names is read as that kind, unless the client's
/// language id names one.
#[test]
fn extensions_of_fenlint_toml_give_a_document_its_kind() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fenlint.toml"),
        "[extensions]\nperft = \"epd\"\n",
    )
    .unwrap();
    let uri = url::Url::from_file_path(dir.path().join("suite.perft"))
        .unwrap()
        .to_string();
    let text = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n";
    let codes = |published: &Value| -> Vec<String> {
        published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|diagnostic| diagnostic["code"].as_str().unwrap().to_owned())
            .collect()
    };
    let mut client = Client::utf16();
    assert_eq!(
        codes(&client.open(&uri, "plaintext", text)),
        Vec::<String>::new()
    );
    client.shutdown();
    let mut client = Client::utf16();
    assert_eq!(
        codes(&client.open(&uri, "fen", text)),
        ["fen::fields::unexpected"]
    );
    client.shutdown();
}

#[test]
fn formatting_reads_positions_as_the_variant_of_fenlint_toml() {
    // Chess960 castling rights with the king on c1: formatted in Chess960 (and automatically),
    // left alone in standard chess, where they are errors.
    let text = "1rk3r1/8/8/8/8/8/8/1RK3R1  w GBgb - 0 1\n";
    let edits_in = |toml: Option<&str>| {
        let dir = tempfile::tempdir().unwrap();
        if let Some(toml) = toml {
            std::fs::write(dir.path().join("fenlint.toml"), toml).unwrap();
        }
        let uri = url::Url::from_file_path(dir.path().join("a.fen"))
            .unwrap()
            .to_string();
        let mut client = Client::utf16();
        client.open(&uri, "fen", text);
        let edits = client.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
        );
        client.shutdown();
        edits
    };
    let automatic = edits_in(None);
    assert_eq!(
        apply(text, &automatic, ColumnUnit::Utf16),
        "1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1\n"
    );
    assert_eq!(edits_in(Some("variant = \"chess960\"\n")), automatic);
    assert_eq!(edits_in(Some("variant = \"standard\"\n")), json!([]));
}

#[test]
fn symbols_and_folding_follow_positions_and_games() {
    let mut client = Client::utf16();
    let pgn = "file:///tmp/fenlint-lsp-test/games.pgn";
    let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n\n[Event \"Other\"]\n*\n";
    client.open(pgn, "pgn", text);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": pgn } }),
    );
    let folding = client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": pgn } }),
    );
    settings().bind(|| {
        insta::assert_json_snapshot!("lsp_symbols_pgn", symbols);
        insta::assert_json_snapshot!("lsp_folding_pgn", folding);
    });
    assert_eq!(symbols[0]["name"], "Ann – Bob");
    assert_eq!(
        symbols[0]["children"][0]["name"],
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert_eq!(symbols[1]["name"], "Game 2");
    assert_eq!(folding[0]["startLine"], 0);
    assert_eq!(folding[0]["endLine"], 5);
    assert_eq!(folding.as_array().unwrap().len(), 2);

    let epd = "file:///tmp/fenlint-lsp-test/suite.epd";
    client.open(
        epd,
        "epd",
        "# suite\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"WAC.001\";\n4k3/8/8/8/8/8/8/4K3 b - -\n",
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": epd } }),
    );
    let names: Vec<&Value> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["name"])
        .collect();
    assert_eq!(
        names,
        [&json!("WAC.001"), &json!("4k3/8/8/8/8/8/8/4K3 b - -")]
    );
    assert_eq!(symbols[0]["range"]["start"]["line"], 1);
    client.shutdown();
}

#[test]
fn a_long_outline_stops_at_its_limit_and_says_how_many_more() {
    let mut client = Client::utf16();
    let fen = "file:///tmp/fenlint-lsp-test/book.fen";
    let lines: String = (1..=MAX_OUTLINE + 3)
        .map(|n| format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {n}\n"))
        .collect();
    client.open(fen, "fen", &lines);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": fen } }),
    );
    let symbols = symbols.as_array().unwrap();
    assert_eq!(symbols.len(), MAX_OUTLINE + 1);
    assert_eq!(
        symbols[MAX_OUTLINE - 1]["name"],
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {MAX_OUTLINE}")
    );
    let last = &symbols[MAX_OUTLINE];
    assert_eq!(last["name"], "3 more positions not listed");
    assert_eq!(
        last["detail"],
        format!("fenlint lists the first {MAX_OUTLINE}")
    );
    assert_eq!(last["range"]["start"]["line"], MAX_OUTLINE);

    let pgn = "file:///tmp/fenlint-lsp-test/games.pgn";
    let games: String = (0..=MAX_OUTLINE)
        .map(|_| "[Event \"Club\"]\n\n1. e4 *\n\n")
        .collect();
    client.open(pgn, "pgn", &games);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": pgn } }),
    );
    let folding = client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": pgn } }),
    );
    assert_eq!(symbols.as_array().unwrap().len(), MAX_OUTLINE + 1);
    assert_eq!(symbols[MAX_OUTLINE]["name"], "1 more game not listed");
    assert_eq!(
        symbols[MAX_OUTLINE]["range"]["start"]["line"],
        4 * MAX_OUTLINE
    );
    assert_eq!(folding.as_array().unwrap().len(), MAX_OUTLINE);
    client.shutdown();
}

#[test]
fn client_settings_and_fenlint_toml_set_severities() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.fen");
    let uri = url::Url::from_file_path(&path).unwrap().to_string();
    let text = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 0\n";
    let (mut client, _) = Client::start(
        json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } }),
        json!({ "severities": { "fen::castling::order": "allow" } }),
    );
    let first = client.open(&uri, "fen", text);
    assert_eq!(codes(&first), ["fen::fullmove_number::zero"], "{first}");
    assert_eq!(
        first["diagnostics"][0]["severity"], 2,
        "a warning by default"
    );
    // The server asked to be told about fenlint.toml.
    let registered = client.inbox.iter().any(|message| {
        matches!(message, Message::Request(r) if r.method == "client/registerCapability"
            && r.params.to_string().contains("**/fenlint.toml"))
    });
    assert!(registered, "{:?}", client.inbox);

    std::fs::write(dir.path().join("fenlint.toml"), "deny = [\"all\"]\n").unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": url::Url::from_file_path(dir.path().join("fenlint.toml")).unwrap().to_string(), "type": 1 }] }),
    );
    let second = client.diagnostics(&uri, 1);
    assert_eq!(codes(&second), ["fen::fullmove_number::zero"], "{second}");
    assert_eq!(
        second["diagnostics"][0]["severity"], 1,
        "denied by fenlint.toml"
    );

    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "fenlint": { "severities": { "fen::fullmove_number::zero": "allow" } } } }),
    );
    let third = client.diagnostics(&uri, 1);
    assert_eq!(
        codes(&third),
        ["fen::castling::order"],
        "the client's settings replace the earlier ones: {third}"
    );

    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "fenlint": { "severities": { "no::such::code": "deny" } } } }),
    );
    let broken = client.diagnostics(&uri, 1);
    assert!(
        broken["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("no::such::code"),
        "{broken}"
    );
    client.shutdown();
}

#[test]
fn bad_requests_get_errors_and_the_server_keeps_running() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/robust.fen";
    let garbage = "\u{0}\u{1f}\u{feff}💥/8/8 w ~~ [[ \t\r\n\n\r\r\n8/8/8/8/8/8/8/8 w - - 0 1";
    let published = client.open(uri, "fen", garbage);
    assert!(!codes(&published).is_empty());
    let errors = json!([
        client.request("textDocument/hover", json!({ "nonsense": true })),
        client.request("textDocument/hover", json!({ "textDocument": { "uri": "file:///not/open.fen" }, "position": { "line": 0, "character": 0 } })),
        client.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": { "line": 99, "character": 0 } })),
        client.request("workspace/executeCommand", json!({ "command": "x" })),
    ]);
    settings().bind(|| insta::assert_json_snapshot!("lsp_errors", errors));
    for error in errors.as_array().unwrap() {
        assert!(error["error"]["code"].is_i64(), "{error}");
    }
    // A change outside the document is shown to the user; the server goes on.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{ "range": { "start": { "line": 50, "character": 0 }, "end": { "line": 60, "character": 0 } }, "text": "x" }]
        }),
    );
    let message = client.notification("window/showMessage");
    assert!(
        message["message"]
            .as_str()
            .unwrap()
            .contains("outside the document"),
        "{message}"
    );
    client.notify("textDocument/didChange", json!({ "garbage": 1 }));
    // The server no longer knows the editor's text: it answers nothing on it, rather than
    // edits that would not fit, until a change gives the whole text again.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(symbols["error"]["code"], -32803, "{symbols}");
    assert!(
        symbols["error"]["message"]
            .as_str()
            .unwrap()
            .contains("out of step with the editor"),
        "{symbols}"
    );
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 3 },
            "contentChanges": [{ "text": format!("{START}\n") }]
        }),
    );
    let published = client.diagnostics(uri, 3);
    assert_eq!(published["diagnostics"], json!([]));
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(symbols.is_array(), "{symbols}");
    client.shutdown();
}
