//! The main loop: the handshake, then requests and notifications from the client and lint
//! results from the worker, one at a time. Nothing here waits on a lint.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;

use crossbeam_channel::{Receiver, select};
use fenlint::{ColumnUnit, Validator};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notify, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability,
    DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, FoldingRangeProviderCapability,
    GlobPattern, HoverProviderCapability, InitializeParams, InitializeResult, LogMessageParams,
    MessageType, OneOf, PositionEncodingKind, PublishDiagnosticsParams, Registration,
    RegistrationParams, ServerCapabilities, ServerInfo, ShowMessageParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri,
};
use serde_json::Value;

use super::document::{Document, Linted};
use super::features;
use super::settings::{ClientSettings, Settings};
use super::worker::{Done, Job, Worker};

/// How the server ended, as the protocol has it: `exit` after `shutdown` is a clean end (status
/// 0); `exit` without it, or the client gone without either, is not (status 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Clean,
    Abrupt,
}

impl Ending {
    /// The process's exit status.
    pub fn status(self) -> u8 {
        match self {
            Ending::Clean => 0,
            Ending::Abrupt => 1,
        }
    }
}

/// Runs the server on `connection` until the client says `exit` or goes away.
pub fn serve(connection: Connection) -> Ending {
    let Some((id, params)) = wait_for_initialize(&connection) else {
        return Ending::Abrupt;
    };
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let unit = negotiated_unit(&params);
    let capabilities = capabilities(unit);
    let result = InitializeResult {
        capabilities,
        server_info: Some(ServerInfo {
            name: "fenlint".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    let response = match serde_json::to_value(result) {
        Ok(result) => Response::new_ok(id, result),
        Err(error) => Response::new_err(id, ErrorCode::InternalError as i32, error.to_string()),
    };
    let _ = connection.sender.send(Message::Response(response));

    let (done_sender, done) = crossbeam_channel::unbounded();
    let mut server = Server {
        connection: &connection,
        unit,
        documents: HashMap::new(),
        settings: Settings::default(),
        worker: Worker::start(done_sender),
        next_id: 0,
        shut_down: false,
    };
    server.settings.root = root_of(&params);
    if let Some(options) = &params.initialization_options {
        server.take_client_settings(options);
    }
    if params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|workspace| workspace.did_change_watched_files)
        .and_then(|watched| watched.dynamic_registration)
        .unwrap_or(false)
    {
        server.watch_config_files();
    }
    server.run(&done)
}

/// Waits for `initialize`: its id and parameters, or `None` if the client says `exit` or goes
/// away first. Other requests meanwhile get "not initialized"; notifications are dropped.
fn wait_for_initialize(connection: &Connection) -> Option<(RequestId, Value)> {
    loop {
        match connection.receiver.recv().ok()? {
            Message::Request(request) if request.method == req::Initialize::METHOD => {
                return Some((request.id, request.params));
            }
            Message::Request(request) => {
                let response = Response::new_err(
                    request.id,
                    ErrorCode::ServerNotInitialized as i32,
                    format!(
                        "`{}` before `initialize`: the server answers nothing else until it is initialized",
                        request.method
                    ),
                );
                let _ = connection.sender.send(Message::Response(response));
            }
            Message::Notification(notification) if notification.method == notify::Exit::METHOD => {
                return None;
            }
            Message::Notification(_) | Message::Response(_) => {}
        }
    }
}

/// UTF-8 columns when the client offers them, else the protocol's default, UTF-16.
fn negotiated_unit(params: &InitializeParams) -> ColumnUnit {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|general| general.position_encodings.as_ref());
    if offered.is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8)) {
        ColumnUnit::Utf8
    } else {
        ColumnUnit::Utf16
    }
}

fn capabilities(unit: ColumnUnit) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(if unit == ColumnUnit::Utf8 {
            PositionEncodingKind::UTF8
        } else {
            PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::new(features::FIX_ALL),
            ]),
            ..CodeActionOptions::default()
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// The first workspace folder (or the root URI) as a path.
#[allow(deprecated, reason = "root_uri is still what older clients send")]
fn root_of(params: &InitializeParams) -> Option<PathBuf> {
    let uri = params
        .workspace_folders
        .as_ref()
        .and_then(|folders| folders.first())
        .map(|folder| &folder.uri)
        .or(params.root_uri.as_ref())?;
    path_of(uri)
}

/// The file path of a `file:` URI.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    url::Url::parse(uri.as_str()).ok()?.to_file_path().ok()
}

/// The directory of a `file:` URI's document, where its `fenlint.toml` is looked for.
fn dir_of(uri: &Uri) -> Option<PathBuf> {
    path_of(uri).and_then(|path| path.parent().map(PathBuf::from))
}

struct Server<'c> {
    connection: &'c Connection,
    unit: ColumnUnit,
    /// The open documents, by the text of their URI (`Uri` caches its parse inside, so it
    /// makes a poor key).
    documents: HashMap<String, Document>,
    settings: Settings,
    worker: Worker,
    next_id: i32,
    /// Whether `shutdown` has been received: every request but `exit` is refused from then on.
    shut_down: bool,
}

/// A request that could not be answered: an LSP error code and message.
type Failure = (ErrorCode, String);

impl Server<'_> {
    fn run(&mut self, done: &Receiver<Done>) -> Ending {
        let ending = |shut_down| {
            if shut_down {
                Ending::Clean
            } else {
                Ending::Abrupt
            }
        };
        loop {
            select! {
                recv(self.connection.receiver) -> message => {
                    let Ok(message) = message else {
                        return ending(self.shut_down); // The client went away.
                    };
                    match message {
                        Message::Request(request) => self.on_request(request),
                        Message::Notification(notification) => {
                            if notification.method == notify::Exit::METHOD {
                                return ending(self.shut_down);
                            }
                            // After `shutdown`, only `exit` means anything.
                            if !self.shut_down {
                                self.on_notification(notification);
                            }
                        }
                        Message::Response(_) => {} // Answers to our registrations.
                    }
                }
                recv(done) -> result => {
                    if let Ok(result) = result && !self.shut_down {
                        self.on_linted(result);
                    }
                }
            }
        }
    }

    fn send(&self, message: Message) {
        let _ = self.connection.sender.send(message);
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Message::Notification(Notification::new(
            N::METHOD.to_owned(),
            params,
        )));
    }

    fn show_message(&self, typ: MessageType, message: String) {
        self.notify::<notify::ShowMessage>(ShowMessageParams { typ, message });
    }

    /// Answers a request; a handler's panic becomes an internal-error response, and the server
    /// goes on.
    fn on_request(&mut self, request: Request) {
        let id = request.id.clone();
        let outcome = if self.shut_down {
            Err((
                ErrorCode::InvalidRequest,
                format!(
                    "`{}` after `shutdown`: the server takes only `exit` now",
                    request.method
                ),
            ))
        } else if request.method == req::Initialize::METHOD {
            Err((
                ErrorCode::InvalidRequest,
                "`initialize` was already received: the server is initialized once".to_owned(),
            ))
        } else if request.method == req::Shutdown::METHOD {
            self.shut_down = true;
            Ok(Value::Null)
        } else {
            catch_unwind(AssertUnwindSafe(|| self.answer(request))).unwrap_or_else(|_| {
                Err((
                    ErrorCode::InternalError,
                    "fenlint stopped on an internal error answering this request; please report it"
                        .to_owned(),
                ))
            })
        };
        let response = match outcome {
            Ok(result) => Response::new_ok(id, result),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(Message::Response(response));
    }

    fn answer(&mut self, request: Request) -> Result<Value, Failure> {
        fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, Failure> {
            serde_json::from_value(request.params).map_err(|error| {
                (
                    ErrorCode::InvalidParams,
                    format!("{}: {}", request.method, params_problem(&error)),
                )
            })
        }
        let unit = self.unit;
        let json = |value: Result<Value, serde_json::Error>| {
            value.map_err(|error| (ErrorCode::InternalError, error.to_string()))
        };
        match request.method.as_str() {
            req::HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(request)?;
                let position = p.text_document_position_params;
                let (document, validator) = self.document(&position.text_document.uri)?;
                let offset = document
                    .offset(position.position, unit)
                    .ok_or_else(outside)?;
                json(serde_json::to_value(features::hover(
                    document, offset, &validator, unit,
                )))
            }
            req::CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams = params(request)?;
                let (document, validator) = self.document(&p.text_document.uri)?;
                let actions = features::code_actions(
                    document,
                    p.range,
                    p.context.only.as_deref(),
                    &validator,
                    unit,
                );
                json(serde_json::to_value(actions))
            }
            req::Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = params(request)?;
                let options = self.format_settings(&p.text_document.uri)?;
                let (document, _) = self.document(&p.text_document.uri)?;
                json(serde_json::to_value(features::format(
                    document, &options, None, unit,
                )))
            }
            req::RangeFormatting::METHOD => {
                let p: lsp_types::DocumentRangeFormattingParams = params(request)?;
                let options = self.format_settings(&p.text_document.uri)?;
                let (document, _) = self.document(&p.text_document.uri)?;
                // A range that ends at the start of a line (a selection of whole lines) does
                // not take that line in.
                let end = match p.range.end {
                    end if end.character == 0 && end.line > p.range.start.line => {
                        end.line.saturating_sub(1)
                    }
                    end => end.line,
                };
                let lines = (p.range.start.line, end);
                json(serde_json::to_value(features::format(
                    document,
                    &options,
                    Some(lines),
                    unit,
                )))
            }
            req::DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(request)?;
                let (document, _) = self.document(&p.text_document.uri)?;
                json(serde_json::to_value(features::symbols(document, unit)))
            }
            req::FoldingRangeRequest::METHOD => {
                let p: lsp_types::FoldingRangeParams = params(request)?;
                let (document, _) = self.document(&p.text_document.uri)?;
                json(serde_json::to_value(features::folding(document)))
            }
            method => Err((
                ErrorCode::MethodNotFound,
                format!("fenlint does not answer `{method}`"),
            )),
        }
    }

    /// An open document and the validator its settings give (without the settings a problem
    /// left out).
    fn document(&mut self, uri: &Uri) -> Result<(&Document, Validator), Failure> {
        let dir = dir_of(uri);
        let (validator, _) = self.settings.validator(dir.as_deref());
        let document = self.documents.get(uri.as_str()).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("{} is not open", uri.as_str()),
            )
        })?;
        if document.lost {
            return Err((
                ErrorCode::RequestFailed,
                format!(
                    "{} is out of step with the editor since a change that did not fit it; close and reopen it",
                    uri.as_str()
                ),
            ));
        }
        Ok((document, validator))
    }

    /// How a document is formatted: the writer options and the variant positions are read as.
    fn format_settings(
        &mut self,
        uri: &Uri,
    ) -> Result<
        (
            fenlint::position::WriteOptions,
            Option<fenlint::position::Variant>,
        ),
        Failure,
    > {
        let dir = dir_of(uri);
        self.settings
            .format_settings(dir.as_deref())
            .map_err(|error| (ErrorCode::RequestFailed, error))
    }

    /// The parameters of `notification`. A notification has no answer, so when they are not
    /// what its method takes it is ignored, and the client's log says which and why.
    fn notification_params<P: serde::de::DeserializeOwned>(
        &self,
        notification: Notification,
    ) -> Option<P> {
        match serde_json::from_value(notification.params) {
            Ok(params) => Some(params),
            Err(error) => {
                self.notify::<notify::LogMessage>(LogMessageParams {
                    typ: MessageType::WARNING,
                    message: format!(
                        "fenlint: `{}` ignored: {}",
                        notification.method,
                        params_problem(&error)
                    ),
                });
                None
            }
        }
    }

    fn on_notification(&mut self, notification: Notification) {
        match notification.method.as_str() {
            notify::DidOpenTextDocument::METHOD => {
                let Some(p) =
                    self.notification_params::<lsp_types::DidOpenTextDocumentParams>(notification)
                else {
                    return;
                };
                let item = p.text_document;
                let uri = item.uri.clone();
                let named = self.settings.kind_of(&uri, dir_of(&uri).as_deref());
                let document = Document::new(
                    item.uri,
                    (&item.language_id, named),
                    item.version,
                    item.text,
                );
                self.documents.insert(uri.as_str().to_owned(), document);
                self.lint(&uri);
            }
            notify::DidChangeTextDocument::METHOD => {
                let Some(p) = self
                    .notification_params::<lsp_types::DidChangeTextDocumentParams>(notification)
                else {
                    return;
                };
                let uri = p.text_document.uri;
                let Some(document) = self.documents.get_mut(uri.as_str()) else {
                    self.show_message(
                        MessageType::WARNING,
                        format!("fenlint: a change to {}, which is not open", uri.as_str()),
                    );
                    return;
                };
                // A change that does not fit is not linted: nothing is published for its version,
                // and the document waits for its whole text again.
                match document.apply(p.text_document.version, p.content_changes, self.unit) {
                    Ok(true) => self.lint(&uri),
                    Ok(false) => {}
                    Err(error) => self.show_message(
                        MessageType::ERROR,
                        format!(
                            "fenlint: {}: {error}; the server no longer knows its text: close and reopen it",
                            uri.as_str()
                        ),
                    ),
                }
            }
            notify::DidCloseTextDocument::METHOD => {
                let Some(p) =
                    self.notification_params::<lsp_types::DidCloseTextDocumentParams>(notification)
                else {
                    return;
                };
                if self
                    .documents
                    .remove(p.text_document.uri.as_str())
                    .is_some()
                {
                    self.notify::<notify::PublishDiagnostics>(PublishDiagnosticsParams {
                        uri: p.text_document.uri,
                        diagnostics: Vec::new(),
                        version: None,
                    });
                }
            }
            notify::DidChangeConfiguration::METHOD => {
                let Some(p) = self
                    .notification_params::<lsp_types::DidChangeConfigurationParams>(notification)
                else {
                    return;
                };
                self.take_client_settings(&p.settings);
                self.lint_all();
            }
            notify::DidChangeWatchedFiles::METHOD => {
                self.settings.forget_configs();
                self.lint_all();
            }
            _ => {} // `initialized`, `$/cancelRequest`, `didSave` and the like need nothing.
        }
    }

    fn take_client_settings(&mut self, value: &Value) {
        let (settings, problems) = ClientSettings::from_json(value);
        for problem in problems {
            self.show_message(MessageType::WARNING, format!("fenlint settings: {problem}"));
        }
        self.settings.client = settings;
    }

    /// Asks the client to tell us when a `fenlint.toml` changes.
    fn watch_config_files(&mut self) {
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![FileSystemWatcher {
                glob_pattern: GlobPattern::String("**/fenlint.toml".to_owned()),
                kind: None,
            }],
        };
        let registration = Registration {
            id: "fenlint-toml".to_owned(),
            method: notify::DidChangeWatchedFiles::METHOD.to_owned(),
            register_options: serde_json::to_value(options).ok(),
        };
        self.next_id = self.next_id.wrapping_add(1);
        self.send(Message::Request(Request::new(
            RequestId::from(format!("fenlint/{}", self.next_id)),
            req::RegisterCapability::METHOD.to_owned(),
            RegistrationParams {
                registrations: vec![registration],
            },
        )));
    }

    fn lint_all(&mut self) {
        let uris: Vec<Uri> = self.documents.values().map(|d| d.uri.clone()).collect();
        for uri in uris {
            self.lint(&uri);
        }
    }

    /// Sends the document's current version to the worker, with what is wrong with its
    /// settings.
    fn lint(&mut self, uri: &Uri) {
        let dir = dir_of(uri);
        let (validator, problems) = self.settings.validator(dir.as_deref());
        let Some(document) = self.documents.get(uri.as_str()) else {
            return;
        };
        if document.lost {
            return;
        }
        let job = Job {
            uri: uri.clone(),
            version: document.version,
            text: document.text.clone(),
            kind: document.kind,
            validator,
            problems,
        };
        if !self.worker.send(job) {
            self.show_message(
                MessageType::ERROR,
                "fenlint: the lint thread has stopped; restart the server".to_owned(),
            );
        }
    }

    /// Publishes a lint if its document still holds the text linted; drops it otherwise.
    /// The settings' problems come first, then at most [`features::MAX_PUBLISHED`]
    /// diagnostics, then one that says how many more there are.
    fn on_linted(&mut self, done: Done) {
        let unit = self.unit;
        let Some(document) = self.documents.get_mut(done.uri.as_str()) else {
            return;
        };
        if !Arc::ptr_eq(&document.text, &done.text) || document.lost {
            return; // Stale: a newer text is on its way to the worker.
        }
        let mut published: Vec<lsp_types::Diagnostic> = done
            .problems
            .iter()
            .map(|problem| features::settings_problem(problem))
            .collect();
        match done.outcome {
            Ok(found) => {
                published.extend(
                    found
                        .diagnostics
                        .iter()
                        .map(|diagnostic| features::to_lsp(document, diagnostic, unit)),
                );
                if let Some(at) = found.first_left_out {
                    published.push(features::left_out(document, at, found.left_out, unit));
                }
                document.linted = Some(Linted {
                    text: done.text,
                    diagnostics: found.diagnostics,
                });
            }
            Err(error) => published.push(lsp_types::Diagnostic {
                range: lsp_types::Range::default(),
                severity: Some(lsp_types::DiagnosticSeverity::ERROR),
                source: Some("fenlint".to_owned()),
                message: error,
                ..lsp_types::Diagnostic::default()
            }),
        }
        self.notify::<notify::PublishDiagnostics>(PublishDiagnosticsParams {
            uri: done.uri,
            diagnostics: published,
            version: Some(done.version),
        });
    }
}

/// What is wrong with a request's params, said in JSON's words: the deserializer names the
/// Rust type it expected (`expected struct HoverParams`, `expected u32`), which means nothing to
/// the client's author.
fn params_problem(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let mut said: Vec<String> = Vec::new();
    let mut words = message.split(' ');
    while let Some(word) = words.next() {
        let (plain, end) = split_punctuation(word);
        let phrase = match plain {
            "struct" | "enum" => {
                // The type's name follows; what ends it (`,`) is kept.
                let (_, end) = words.next().map_or(("", ""), split_punctuation);
                let what = if plain == "struct" {
                    "an object"
                } else {
                    "one of its values"
                };
                format!("{what}{end}")
            }
            "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
                format!("a whole number{end}")
            }
            _ => word.to_owned(),
        };
        said.push(phrase);
    }
    said.join(" ")
}

/// `word` without the `,` or `;` that ends it, and that ending.
fn split_punctuation(word: &str) -> (&str, &str) {
    let plain = word.trim_end_matches([',', ';']);
    (plain, word.get(plain.len()..).unwrap_or_default())
}

fn outside() -> Failure {
    (
        ErrorCode::InvalidParams,
        "the position is outside the document".to_owned(),
    )
}
