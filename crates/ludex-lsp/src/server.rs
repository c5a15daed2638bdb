//! The server: the protocol's lifecycle (`initialize`, `shutdown`, `exit`), the open documents, and
//! the dispatch of every request and notification to the feature that answers it.
//!
//! Whatever a client sends gets an answer or is ignored as the protocol says, and the server keeps
//! serving: unknown methods, bad parameters, documents not opened and positions past the end are
//! errors in the response; a feature that panicked is an internal error.

use std::collections::{BTreeSet, HashMap};
use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, LogMessage, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, Initialize,
    PrepareRenameRequest, References, Rename, Request as _, SemanticTokensFullRequest, Shutdown,
};
use lsp_types::{
    CompletionOptions, CompletionResponse, DocumentSymbolResponse, GotoDefinitionResponse,
    HoverProviderCapability, InitializeResult, LogMessageParams, MessageType, OneOf, PositionEncodingKind,
    RenameOptions, SemanticTokensFullOptions, SemanticTokensOptions, SemanticTokensResult,
    SemanticTokensServerCapabilities, ServerCapabilities, ServerInfo, TextDocumentPositionParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri,
};
use ludex_check::GameCheck;
use ludex_diagnostics::Limits;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::document::{ChangeRefused, Document};
use crate::position::OutOfRange;
use crate::transport::{self, Incoming};
use crate::{completion, diagnostics, formatting, hover, navigation, semantic_tokens, symbols};

/// Where the session is in its lifecycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting for `initialize`.
    Uninitialized,
    Running,
    /// `shutdown` was received: only `exit` is expected.
    ShutDown,
}

/// Whether to go on after a message.
pub enum Flow {
    Continue,
    /// `exit`: end the process with this code (0 after `shutdown`, 1 without).
    Exit(u8),
}

/// A request that cannot be answered, and why.
struct Failure {
    code: ErrorCode,
    message: String,
}

impl Failure {
    fn new(code: ErrorCode, message: impl Into<String>) -> Failure {
        Failure { code, message: message.into() }
    }
}

type Answer = Result<Value, Failure>;

pub struct Server<W: Write> {
    output: W,
    state: State,
    documents: HashMap<Uri, Document>,
    /// Documents whose diagnostics have changed since they were last published.
    unpublished: BTreeSet<Uri>,
    /// The limits every document is checked under.
    limits: Limits,
    /// The checks of a whole game every document's game is given to, when there are.
    game_check: Option<GameCheck>,
}

impl<W: Write> Server<W> {
    pub fn new(output: W, limits: Limits, game_check: Option<GameCheck>) -> Server<W> {
        Server {
            output,
            state: State::Uninitialized,
            documents: HashMap::new(),
            unpublished: BTreeSet::new(),
            limits,
            game_check,
        }
    }

    /// The exit code if the client goes away without `exit`: 0 after `shutdown`, else 1.
    pub fn exit_code(&self) -> u8 {
        if self.state == State::ShutDown { 0 } else { 1 }
    }

    pub fn handle(&mut self, incoming: Incoming) -> io::Result<Flow> {
        match incoming {
            Incoming::Malformed(malformed) => transport::write_malformed(&mut self.output, &malformed)?,
            Incoming::Message(Message::Request(request)) => self.request(request)?,
            Incoming::Message(Message::Notification(notification)) => return self.notification(notification),
            // The server sends no requests, so it expects no responses.
            Incoming::Message(Message::Response(_)) => {}
        }
        Ok(Flow::Continue)
    }

    fn request(&mut self, request: Request) -> io::Result<()> {
        let Request { id, method, params } = request;
        let answer = match catch_unwind(AssertUnwindSafe(|| self.answer(&method, params))) {
            Ok(answer) => answer,
            Err(_) => Err(Failure::new(
                ErrorCode::InternalError,
                format!("the server failed while answering `{method}`"),
            )),
        };
        let response = match answer {
            Ok(result) => Response { id, result: Some(result), error: None },
            Err(failure) => Response::new_err(id, failure.code as i32, failure.message),
        };
        transport::write(&mut self.output, &Message::Response(response))
    }

    fn answer(&mut self, method: &str, params: Value) -> Answer {
        match (self.state, method) {
            (State::Uninitialized, Initialize::METHOD) => {
                self.state = State::Running;
                to_json(initialize_result())
            }
            (State::Uninitialized, _) => {
                Err(Failure::new(ErrorCode::ServerNotInitialized, "the server is not initialized"))
            }
            (State::ShutDown, _) => Err(Failure::new(ErrorCode::InvalidRequest, "the server is shut down")),
            (State::Running, Initialize::METHOD) => {
                Err(Failure::new(ErrorCode::InvalidRequest, "already initialized"))
            }
            (State::Running, Shutdown::METHOD) => {
                self.state = State::ShutDown;
                Ok(Value::Null)
            }
            (State::Running, _) => self.feature(method, params),
        }
    }

    /// A request about a document.
    fn feature(&self, method: &str, params: Value) -> Answer {
        match method {
            HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = parse(params)?;
                let (document, offset) = self.at(&p.text_document_position_params)?;
                to_json(hover::hover(document, offset))
            }
            GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = parse(params)?;
                let position = &p.text_document_position_params;
                let (document, offset) = self.at(position)?;
                let locations = navigation::definition(&position.text_document.uri, document, offset);
                to_json(GotoDefinitionResponse::Array(locations))
            }
            References::METHOD => {
                let p: lsp_types::ReferenceParams = parse(params)?;
                let position = &p.text_document_position;
                let (document, offset) = self.at(position)?;
                let uri = &position.text_document.uri;
                to_json(navigation::references(uri, document, offset, p.context.include_declaration))
            }
            PrepareRenameRequest::METHOD => {
                let p: TextDocumentPositionParams = parse(params)?;
                let (document, offset) = self.at(&p)?;
                to_json(navigation::prepare_rename(document, offset).map_err(refused)?)
            }
            Rename::METHOD => {
                let p: lsp_types::RenameParams = parse(params)?;
                let position = &p.text_document_position;
                let (document, offset) = self.at(position)?;
                let uri = &position.text_document.uri;
                to_json(navigation::rename(uri, document, offset, &p.new_name).map_err(refused)?)
            }
            Completion::METHOD => {
                let p: lsp_types::CompletionParams = parse(params)?;
                let (document, offset) = self.at(&p.text_document_position)?;
                to_json(CompletionResponse::Array(completion::complete(document, offset)))
            }
            DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = parse(params)?;
                let document = self.document(&p.text_document.uri)?;
                to_json(DocumentSymbolResponse::Nested(symbols::outline(document)))
            }
            SemanticTokensFullRequest::METHOD => {
                let p: lsp_types::SemanticTokensParams = parse(params)?;
                let document = self.document(&p.text_document.uri)?;
                to_json(SemanticTokensResult::Tokens(semantic_tokens::full(document)))
            }
            Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = parse(params)?;
                let document = self.document(&p.text_document.uri)?;
                to_json(
                    formatting::format(document)
                        .map_err(|why| Failure::new(ErrorCode::RequestFailed, why))?,
                )
            }
            _ => Err(Failure::new(ErrorCode::MethodNotFound, format!("unknown method `{method}`"))),
        }
    }

    fn document(&self, uri: &Uri) -> Result<&Document, Failure> {
        self.documents.get(uri).ok_or_else(|| {
            Failure::new(
                ErrorCode::RequestFailed,
                format!("`{}` is not open: send `textDocument/didOpen` first", uri.as_str()),
            )
        })
    }

    /// The document and the byte offset of a position in it.
    fn at(&self, position: &TextDocumentPositionParams) -> Result<(&Document, usize), Failure> {
        let document = self.document(&position.text_document.uri)?;
        let offset = document.offset(position.position).map_err(out_of_range)?;
        Ok((document, offset))
    }

    fn notification(&mut self, notification: Notification) -> io::Result<Flow> {
        let Notification { method, params } = notification;
        if method == Exit::METHOD {
            return Ok(Flow::Exit(self.exit_code()));
        }
        if self.state != State::Running {
            // Before `initialize` notifications are dropped; after `shutdown`, only `exit` counts.
            return Ok(Flow::Continue);
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| self.document_notification(&method, params)));
        let problem = match outcome {
            Ok(Ok(())) => None,
            Ok(Err(failure)) => Some(failure.message),
            Err(_) => Some(format!("the server failed while handling `{method}`")),
        };
        if let Some(message) = problem {
            self.log(MessageType::ERROR, format!("{method}: {message}"))?;
        }
        Ok(Flow::Continue)
    }

    fn document_notification(&mut self, method: &str, params: Value) -> Result<(), Failure> {
        match method {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams = parse(params)?;
                let item = p.text_document;
                self.documents.insert(
                    item.uri.clone(),
                    Document::new(item.text, item.version, self.limits.clone())
                        .with_game_check(self.game_check),
                );
                self.unpublished.insert(item.uri);
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams = parse(params)?;
                let uri = p.text_document.uri;
                let document = self.documents.get_mut(&uri).ok_or_else(|| {
                    Failure::new(ErrorCode::RequestFailed, format!("`{}` is not open", uri.as_str()))
                })?;
                document.change(p.content_changes, p.text_document.version).map_err(change_refused)?;
                self.unpublished.insert(uri);
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams = parse(params)?;
                let uri = p.text_document.uri;
                self.documents.remove(&uri);
                self.unpublished.remove(&uri);
                let cleared =
                    lsp_types::PublishDiagnosticsParams { uri, diagnostics: Vec::new(), version: None };
                self.notify(PublishDiagnostics::METHOD, cleared)
                    .map_err(|e| Failure::new(ErrorCode::InternalError, e.to_string()))?;
            }
            // `initialized`, `didSave`, `$/cancelRequest` (every request is answered at once) and
            // the notifications the server does not use.
            _ => {}
        }
        Ok(())
    }

    /// Publishes the diagnostics of every document changed since they were last published.
    pub fn publish(&mut self) -> io::Result<()> {
        for uri in std::mem::take(&mut self.unpublished) {
            let Some(document) = self.documents.get(&uri) else { continue };
            match catch_unwind(AssertUnwindSafe(|| diagnostics::publish(&uri, document))) {
                Ok(params) => self.notify(PublishDiagnostics::METHOD, params)?,
                Err(_) => {
                    self.log(MessageType::ERROR, format!("the checker failed on `{}`", uri.as_str()))?
                }
            }
        }
        Ok(())
    }

    fn notify(&mut self, method: &str, params: impl Serialize) -> io::Result<()> {
        let params = serde_json::to_value(params).map_err(io::Error::other)?;
        let notification = Notification { method: method.to_string(), params };
        transport::write(&mut self.output, &Message::Notification(notification))
    }

    fn log(&mut self, typ: MessageType, message: String) -> io::Result<()> {
        self.notify(LogMessage::METHOD, LogMessageParams { typ, message })
    }
}

fn initialize_result() -> InitializeResult {
    let capabilities = ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::FULL),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".to_string()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: semantic_tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    };
    let server_info =
        ServerInfo { name: "ludex".to_string(), version: Some(env!("CARGO_PKG_VERSION").to_string()) };
    InitializeResult { capabilities, server_info: Some(server_info) }
}

fn parse<P: DeserializeOwned>(params: Value) -> Result<P, Failure> {
    serde_json::from_value(params)
        .map_err(|e| Failure::new(ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
}

fn to_json(result: impl Serialize) -> Answer {
    serde_json::to_value(result).map_err(|e| Failure::new(ErrorCode::InternalError, e.to_string()))
}

fn out_of_range(error: OutOfRange) -> Failure {
    Failure::new(
        ErrorCode::InvalidParams,
        format!("line {} is past the end of the document, which has {} lines", error.line, error.lines),
    )
}

fn change_refused(refused: ChangeRefused) -> Failure {
    match refused {
        ChangeRefused::OutOfRange(error) => out_of_range(error),
        ChangeRefused::TooLong { bytes } => Failure::new(
            ErrorCode::InvalidParams,
            format!(
                "the change would make the document {bytes} bytes long, more than the {} bytes a \
                 message may bring: it is not applied",
                transport::MAX_MESSAGE_BYTES
            ),
        ),
    }
}

fn refused(refused: navigation::Refused) -> Failure {
    Failure::new(ErrorCode::RequestFailed, refused.0)
}
