//! The protocol's edges: edits that keep every line ending, the lifecycle over a bare
//! connection, positions inside surrogate pairs, rejected changes, settings problems.

use super::*;

/// The "fix all" edits of a document, or `null` when there is nothing to fix.
fn fix_all_edits(client: &mut Client, uri: &str) -> Value {
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
            "context": { "diagnostics": [], "only": ["source.fixAll"] }
        }),
    );
    actions[0]["edit"]["changes"][uri].clone()
}

/// What `check --fix` makes of `text`, a file of FEN lines.
fn fixed_by_check(text: &str) -> Vec<u8> {
    fenlint::files::fix_file(
        fenlint::files::FileKind::Lines,
        text.as_bytes(),
        &fenlint::Validator::new(),
    )
    .text
}

/// Each line ending of `text`, in order.
fn endings(text: &str) -> Vec<&str> {
    let lines = Lines::new(text);
    (0..lines.line_count())
        .map(|line| {
            let content = lines.line_range(text, line).unwrap();
            let whole = lines.line_with_ending(text, line).unwrap();
            &text[content.end..whole.end]
        })
        .collect()
}

/// "Fix all" and formatting on CRLF and mixed documents, FEN, EPD and PGN: the edits applied
/// give what `check --fix` and `fmt` give, every line keeps its ending and no line is added.
#[test]
fn edits_keep_every_line_ending_and_the_number_of_lines() {
    let castling = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1";
    let spaced = "4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1";
    let good = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let pgn = |first: &str, second: &str| {
        format!(
            "{{ fenlint: allow fen::fullmove_number::zero }}\r\n[Event \"a\"]\r\n[SetUp \"1\"]\r\n[FEN \"{first}\"]\r\n[Result \"*\"]\r\n\r\n*\r\n\r\n[Event \"b\"]\r\n[SetUp \"1\"]\r\n[FEN \"{second}\"]\r\n[Result \"*\"]\r\n\r\n*\r\n"
        )
    };
    let cases = [
        (
            "crlf.fen",
            "fen",
            format!("{castling}\r\n# kept 😀\r\n{spaced}\r\n"),
            format!("{good}\r\n# kept 😀\r\n{good}\r\n"),
            format!("{castling}\r\n# kept 😀\r\n{good}\r\n"),
        ),
        (
            // LF, CRLF, a lone CR inside a comment (a line break to the editor), no final one.
            "mixed.fen",
            "fen",
            format!("{castling}\n# a\rb\r\n{castling}\r\n{spaced}"),
            format!("{good}\n# a\rb\r\n{good}\r\n{good}"),
            format!("{castling}\n# a\rb\r\n{castling}\r\n{good}"),
        ),
        (
            "crlf.epd",
            "epd",
            "4k3/8/8/8/8/8/8/R3K2R w QK - bm O-O; id \"a\";\r\n4k3/8/8/8/8/8/8/R3K2R  w KQ - id \"b\";\r\n"
                .to_owned(),
            "4k3/8/8/8/8/8/8/R3K2R w KQ - bm O-O; id \"a\";\r\n4k3/8/8/8/8/8/8/R3K2R w KQ - id \"b\";\r\n"
                .to_owned(),
            "4k3/8/8/8/8/8/8/R3K2R w QK - bm O-O; id \"a\";\r\n4k3/8/8/8/8/8/8/R3K2R w KQ - id \"b\";\r\n"
                .to_owned(),
        ),
        (
            // The suppression comment stays on its line, before the tags of its game.
            "crlf.pgn",
            "pgn",
            pgn("4k3/8/8/8/8/8/8/R3K2R w QK - 0 0", "4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1"),
            pgn("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 0", good),
            pgn("4k3/8/8/8/8/8/8/R3K2R w QK - 0 0", good),
        ),
    ];
    let mut client = Client::utf16();
    for (name, language, text, fixed, formatted) in cases {
        let uri = format!("file:///tmp/fenlint-lsp-test/{name}");
        let kind = match language {
            "epd" => fenlint::files::FileKind::Epd,
            "pgn" => fenlint::files::FileKind::Pgn,
            _ => fenlint::files::FileKind::Lines,
        };
        client.open(&uri, language, &text);
        let edits = fix_all_edits(&mut client, &uri);
        let after_fix = apply(&text, &edits, ColumnUnit::Utf16);
        assert_eq!(after_fix, fixed, "{name}: {edits}");
        assert_eq!(
            after_fix.as_bytes(),
            fenlint::files::fix_file(kind, text.as_bytes(), &fenlint::Validator::new()).text,
            "{name}: as `check --fix`"
        );
        assert_eq!(endings(&after_fix), endings(&text), "{name}");
        let edits = client.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
        );
        let after_format = apply(&text, &edits, ColumnUnit::Utf16);
        assert_eq!(after_format, formatted, "{name}: {edits}");
        assert_eq!(
            after_format.as_bytes(),
            fenlint::files::format_file(kind, text.as_bytes(), &Default::default()).text,
            "{name}: as `fmt`"
        );
        assert_eq!(endings(&after_format), endings(&text), "{name}");
        // Each edit is of one line's content: no edit brings a line ending of its own.
        for edit in edits.as_array().unwrap() {
            assert!(
                !edit["newText"].as_str().unwrap().contains(['\r', '\n']),
                "{edit}"
            );
        }
    }
    client.shutdown();
}

/// A lone `\r` is a line break to the editor (the protocol says so) and an irregular separator
/// to fenlint, as to `fenlint check`: the diagnostics are where the editor shows that text,
/// and "fix all" gives what `check --fix` gives, in one edit of the whole document since the
/// number of lines changes.
#[test]
fn a_lone_carriage_return_is_a_line_break_for_positions() {
    let text = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r4k3/8/8/8/8/8/8/R3K2R  w QK - 0 1\r";
    let uri = "file:///tmp/fenlint-lsp-test/cr.fen";
    let mut client = Client::utf16();
    let published = client.open(uri, "fen", text);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    let at = |code: &str| -> Vec<Value> {
        diagnostics
            .iter()
            .filter(|d| d["code"] == code)
            .map(|d| d["range"]["start"]["line"].clone())
            .collect()
    };
    // Each position is a line of its own, as `fenlint check` reads the file.
    assert_eq!(
        at("fen::castling::order"),
        [json!(0), json!(1)],
        "{published}"
    );
    assert_eq!(at("fen::whitespace::separator"), [json!(1)], "{published}");
    assert!(at("fen::fields::unexpected").is_empty(), "{published}");
    let edits = fix_all_edits(&mut client, uri);
    let fixed = apply(text, &edits, ColumnUnit::Utf16);
    assert_eq!(fixed.as_bytes(), fixed_by_check(text));
    // The lone `\r` line endings stay, and so does the number of lines.
    assert_eq!(fixed.matches('\r').count(), 2, "{fixed:?}");
    assert!(!fixed.contains('\n'), "{fixed:?}");
    client.shutdown();
}

/// A server on a thread and the client's end of its connection, before any message.
fn bare() -> (Connection, JoinHandle<Ending>) {
    let (server_side, client_side) = Connection::memory();
    (
        client_side,
        std::thread::spawn(move || super::super::serve(server_side)),
    )
}

fn send_request(connection: &Connection, id: i32, method: &str, params: Value) {
    connection
        .sender
        .send(Message::Request(Request::new(
            RequestId::from(id),
            method.to_owned(),
            params,
        )))
        .unwrap();
}

fn send_notification(connection: &Connection, method: &str, params: Value) {
    connection
        .sender
        .send(Message::Notification(Notification::new(
            method.to_owned(),
            params,
        )))
        .unwrap();
}

/// The next message, which must be the response to `id`: its result, or `{"error": …}`.
fn response(connection: &Connection, id: i32) -> Value {
    match connection.receiver.recv_timeout(PATIENCE).unwrap() {
        Message::Response(response) => {
            assert_eq!(response.id, RequestId::from(id));
            match response.response_result {
                Ok(result) => result,
                Err(error) => {
                    // Messages are for people: no Rust debug text.
                    for debug in [
                        "RequestId",
                        "Request {",
                        "I32(",
                        "params:",
                        "struct ",
                        "u32",
                    ] {
                        assert!(!error.message.contains(debug), "{}", error.message);
                    }
                    json!({ "error": { "code": error.code, "message": error.message } })
                }
            }
        }
        other => panic!("expected the response to {id}, got {other:?}"),
    }
}

/// Before `initialize`, after it, after `shutdown`, and how the server ends.
#[test]
fn the_lifecycle_is_the_specifications() {
    let uri = "file:///tmp/fenlint-lsp-test/lifecycle.fen";
    let open = json!({ "textDocument": { "uri": uri, "languageId": "fen", "version": 1, "text": "8/8 w - - 0 1\n" } });
    let hover =
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } });
    let (client, server) = bare();
    // Before `initialize`: requests are refused, notifications dropped.
    send_request(&client, 1, "textDocument/hover", hover.clone());
    let refused = response(&client, 1);
    assert_eq!(refused["error"]["code"], -32002, "{refused}");
    assert_eq!(
        refused["error"]["message"],
        "`textDocument/hover` before `initialize`: the server answers nothing else until it is initialized"
    );
    send_notification(&client, "textDocument/didOpen", open.clone());
    send_request(&client, 2, "initialize", json!({ "capabilities": {} }));
    assert!(response(&client, 2)["capabilities"].is_object());
    // The document opened before `initialize` was not kept.
    send_request(&client, 3, "textDocument/hover", hover.clone());
    assert_eq!(response(&client, 3)["error"]["code"], -32602);
    // Params of the wrong shape are said in JSON's words, not the server's types.
    send_request(&client, 30, "textDocument/hover", json!("x"));
    let wrong = response(&client, 30);
    assert_eq!(wrong["error"]["code"], -32602, "{wrong}");
    assert!(
        wrong["error"]["message"]
            .as_str()
            .unwrap()
            .contains("expected an object"),
        "{wrong}"
    );
    send_request(
        &client,
        31,
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": -1, "character": 0 } }),
    );
    let negative = response(&client, 31);
    assert!(
        negative["error"]["message"]
            .as_str()
            .unwrap()
            .contains("expected a whole number"),
        "{negative}"
    );
    // A second `initialize` is an invalid request.
    send_request(&client, 4, "initialize", json!({ "capabilities": {} }));
    let again = response(&client, 4);
    assert_eq!(again["error"]["code"], -32600, "{again}");
    // After `shutdown`: requests are invalid, notifications dropped, nothing published.
    send_request(&client, 5, "shutdown", Value::Null);
    assert_eq!(response(&client, 5), Value::Null);
    send_notification(&client, "textDocument/didOpen", open);
    for (id, method) in [
        (6, "textDocument/hover"),
        (7, "shutdown"),
        (8, "initialize"),
    ] {
        send_request(&client, id, method, hover.clone());
        let late = response(&client, id);
        assert_eq!(late["error"]["code"], -32600, "{late}");
        assert_eq!(
            late["error"]["message"],
            format!("`{method}` after `shutdown`: the server takes only `exit` now")
        );
    }
    send_notification(&client, "exit", Value::Null);
    assert_eq!(server.join().unwrap(), Ending::Clean);
    let rest: Vec<Message> = client.receiver.try_iter().collect();
    assert!(rest.is_empty(), "nothing after `shutdown`: {rest:?}");
    assert_eq!(Ending::Clean.status(), 0);
    assert_eq!(Ending::Abrupt.status(), 1);

    // `exit` without `shutdown`, before or after `initialize`, and a client gone without
    // either, end the server abruptly (status 1); gone after `shutdown`, cleanly.
    let (client, server) = bare();
    send_notification(&client, "exit", Value::Null);
    assert_eq!(server.join().unwrap(), Ending::Abrupt);
    let (client, server) = bare();
    send_request(&client, 1, "initialize", json!({ "capabilities": {} }));
    response(&client, 1);
    send_notification(&client, "exit", Value::Null);
    assert_eq!(server.join().unwrap(), Ending::Abrupt);
    let (client, server) = bare();
    send_request(&client, 1, "initialize", json!({ "capabilities": {} }));
    response(&client, 1);
    drop(client);
    assert_eq!(server.join().unwrap(), Ending::Abrupt);
    let (client, server) = bare();
    send_request(&client, 1, "initialize", json!({ "capabilities": {} }));
    response(&client, 1);
    send_request(&client, 2, "shutdown", Value::Null);
    response(&client, 2);
    drop(client);
    assert_eq!(server.join().unwrap(), Ending::Clean);
}

/// A position between the two UTF-16 code units of an emoji is the emoji's start, in a change
/// and in a request, not "outside the document".
#[test]
fn a_position_inside_a_surrogate_pair_is_clamped() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/surrogate.fen";
    client.open(uri, "fen", &format!("# 😀\n{START}\n"));
    // "# " is columns 0 and 1, the emoji 2 and 3.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{
                "range": { "start": { "line": 0, "character": 3 }, "end": { "line": 0, "character": 3 } },
                "text": "x"
            }]
        }),
    );
    let published = client.diagnostics(uri, 2);
    assert_eq!(published["diagnostics"], json!([]));
    assert!(
        client.inbox.iter().all(
            |message| !matches!(message, Message::Notification(n) if n.method == "window/showMessage")
        ),
        "{:?}",
        client.inbox
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(symbols[0]["range"]["start"]["line"], 1, "{symbols}");
    // The text is now `# x😀`: hover inside the emoji (column 4) is answered.
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 4 } }),
    );
    assert!(hover.get("error").is_none(), "{hover}");
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 4 }, "end": { "line": 1, "character": 2 } },
            "context": { "diagnostics": [] }
        }),
    );
    assert!(actions.is_array(), "{actions}");
    client.shutdown();
}

/// A change that does not fit the text is shown to the user and nothing is published for its
/// version; the next change with the whole text is linted.
#[test]
fn a_rejected_change_publishes_nothing() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/rejected.fen";
    client.open(uri, "fen", "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n");
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [
                { "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "text": "# first\n" },
                { "range": { "start": { "line": 9, "character": 0 }, "end": { "line": 9, "character": 0 } }, "text": "x" }
            ]
        }),
    );
    let message = client.notification("window/showMessage");
    assert!(
        message["message"]
            .as_str()
            .unwrap()
            .contains("change at 9:0-9:0 is outside the document"),
        "{message}"
    );
    // Later incremental changes cannot be placed either: dropped, without another message.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 3 },
            "contentChanges": [{ "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "text": "y" }]
        }),
    );
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 4 },
            "contentChanges": [
                { "text": "4k3/8/8/8/8/8/8/R3K2R w QK - 0 0\n" },
                { "range": { "start": { "line": 0, "character": 24 }, "end": { "line": 0, "character": 26 } }, "text": "KQ" }
            ]
        }),
    );
    let mut versions = Vec::new();
    loop {
        let published = client.notification("textDocument/publishDiagnostics");
        versions.push(published["version"].clone());
        if published["version"] == 4 {
            assert_eq!(
                codes(&published),
                ["fen::fullmove_number::zero"],
                "{published}"
            );
            break;
        }
    }
    assert_eq!(versions, [json!(4)], "nothing for versions 2 and 3");
    assert!(
        client.inbox.iter().all(
            |message| !matches!(message, Message::Notification(n) if n.method == "window/showMessage")
        ),
        "one message for the rejected change: {:?}",
        client.inbox
    );
    client.shutdown();
}

/// Every problem with the settings is published, the client's and `fenlint.toml`'s, and the
/// lint runs with the settings that could be used.
#[test]
fn every_settings_problem_is_shown_beside_the_lint() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fenlint.toml"),
        "variant = \"bughouse\"\nallow = [\"fen::castling::ordr\", \"fen::fullmove_number::zero\"]\n",
    )
    .unwrap();
    let uri = url::Url::from_file_path(dir.path().join("a.fen"))
        .unwrap()
        .to_string();
    let (mut client, _) = Client::start(
        json!({}),
        json!({ "severities": { "no::such::code": "deny", "nor::this": "warn", "fen::castling::order": "deny" } }),
    );
    let published = client.open(&uri, "fen", "4k3/8/8/8/8/8/8/R3K2R w QK - 0 0\n");
    let messages: Vec<&str> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    let settings: Vec<&&str> = messages
        .iter()
        .filter(|message| message.starts_with("fenlint settings: "))
        .collect();
    assert_eq!(settings.len(), 4, "{messages:#?}");
    for name in [
        "bughouse",
        "fen::castling::ordr",
        "no::such::code",
        "nor::this",
    ] {
        assert!(
            settings.iter().any(|message| message.contains(name)),
            "{name}: {messages:#?}"
        );
    }
    assert!(
        settings
            .iter()
            .any(|message| message.contains("fenlint.toml:2:")),
        "the file's problems say where: {messages:#?}"
    );
    // fenlint.toml's allow applies; the client's deny applies.
    let order = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "fen::castling::order")
        .expect("linted all the same");
    assert_eq!(order["severity"], 1);
    assert!(
        !codes(&published).contains(&"fen::fullmove_number::zero".to_owned()),
        "{published}"
    );
    client.shutdown();
}

#[test]
fn a_code_reported_once_per_file_is_reported_once_per_document() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/problems.fen";
    let zero = "4k3/8/8/8/8/8/8/4K3 w - - 0 0\n";
    let published = client.open(uri, "fen", &zero.repeat(3));
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(codes(&published), ["fen::fullmove_number::zero"]);
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 0);
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("fullmove number 0, expected 1 or more (and 2 more in this file)\n"),
        "{published}"
    );
    client.shutdown();
}

#[test]
fn hover_makes_up_no_field() {
    let mut client = Client::utf16();
    let uri = "file:///tmp/fenlint-lsp-test/fields.fen";
    client.open(
        uri,
        "fen",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1\n8/8/8/2K5/4k3/8/8/8\n",
    );
    let hover = |client: &mut Client, line: u32| {
        let hover = client.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": 0 } }),
        );
        hover["contents"]["value"].as_str().unwrap().to_owned()
    };
    let markdown = hover(&mut client, 0);
    assert!(
        markdown.contains("- side to move unknown (`x`)"),
        "{markdown}"
    );
    assert!(!markdown.contains("White to move"), "{markdown}");
    let markdown = hover(&mut client, 1);
    assert!(markdown.contains("- White to move (assumed)"), "{markdown}");
    assert!(
        markdown.contains("- halfmove clock 0 (assumed), move 1 (assumed)"),
        "{markdown}"
    );
    client.shutdown();
}

/// "Fix all" on a book whose every line changes is one edit from the first changed line to the
/// end of the last, not an edit a line: the same text, in a response the size of the document.
#[test]
fn many_changed_lines_are_one_edit() {
    let line = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n";
    let text = format!("# a book\r\n{}", line.repeat(3000));
    let uri = "file:///tmp/fenlint-lsp-test/book.fen";
    let mut client = Client::utf16();
    client.open(uri, "fen", &text);
    let edits = fix_all_edits(&mut client, uri);
    let array = edits.as_array().unwrap();
    assert_eq!(array.len(), 1, "one edit");
    assert_eq!(
        array[0]["range"]["start"],
        json!({ "line": 1, "character": 0 })
    );
    let fixed = apply(&text, &edits, ColumnUnit::Utf16);
    assert_eq!(fixed.as_bytes(), fixed_by_check(&text));
    assert_eq!(endings(&fixed), endings(&text));
    // A few changed lines stay an edit each.
    let few = format!("# a book\r\n{}", line.repeat(3));
    let uri = "file:///tmp/fenlint-lsp-test/few.fen";
    client.open(uri, "fen", &few);
    assert_eq!(fix_all_edits(&mut client, uri).as_array().unwrap().len(), 3);
    client.shutdown();
}
