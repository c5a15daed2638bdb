//! ludex's language server: `ludex lsp` speaks the Language Server Protocol over standard input and
//! output, with the checker of `ludex check` behind it.
//!
//! It publishes the checker's diagnostics on every open and change, and answers hover, go to
//! definition, find references, rename, completion, document symbols, semantic tokens and formatting
//! (`ludex fmt`'s layout), reading names through the symbol index the checker records as it resolves them ([`ludex_check::analyze`]).
//! The protocol's types come from `lsp-types` and its messages from `lsp-server` (as in
//! rust-analyzer); the framing is read here so that a malformed message gets an error and the
//! server goes on.
//!
//! Documents are untrusted input like any rules file: each is checked under the [`Limits`] the
//! server was started with (`ludex --limit NAME=VALUE lsp`).
//!
//! A reader thread reads frames; the main thread answers them in order. Changes that arrive while
//! a document is being checked are applied together, and the document is checked once for all.

// No message may make the server panic: errors are answered, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

mod completion;
mod diagnostics;
mod docs;
mod document;
mod formatting;
mod hover;
mod lexer;
mod navigation;
mod position;
#[cfg(test)]
mod robustness;
mod semantic_tokens;
mod server;
mod symbols;
mod transport;

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc;
use std::thread;

use ludex_check::GameCheck;
use ludex_diagnostics::Limits;
use server::{Flow, Server};

/// Serves one client on standard input and output, checking documents under `limits` and with
/// `game_check` as `ludex check` does; the process's exit code.
pub fn run_stdio(limits: &Limits, game_check: GameCheck) -> u8 {
    match serve(io::stdin(), io::stdout().lock(), limits, Some(game_check)) {
        Ok(code) => code,
        Err(error) => {
            let _ = writeln!(io::stderr(), "ludex lsp: {error}");
            1
        }
    }
}

/// Serves one client until `exit` or the end of its input: 0 after a `shutdown`, 1 otherwise. An
/// error is one of writing to the client. A document is checked under `limits` as `ludex check`
/// checks a file: one longer than `source-bytes` is refused unread, and at most `diagnostics` of its
/// diagnostics are published; a game that checks is given to `game_check`, when there is one (the
/// checks that need the runtime, which this crate does not depend on).
pub fn serve(
    input: impl Read + Send + 'static,
    output: impl Write,
    limits: &Limits,
    game_check: Option<GameCheck>,
) -> io::Result<u8> {
    let (sender, receiver) = mpsc::channel();
    thread::Builder::new().name("ludex-lsp-reader".to_string()).spawn(move || {
        let mut input = BufReader::new(input);
        while let Ok(Some(incoming)) = transport::read(&mut input) {
            if sender.send(incoming).is_err() {
                break;
            }
        }
    })?;
    let mut server = Server::new(output, limits.clone(), game_check);
    while let Ok(first) = receiver.recv() {
        for incoming in std::iter::once(first).chain(receiver.try_iter()) {
            if let Flow::Exit(code) = server.handle(incoming)? {
                return Ok(code);
            }
        }
        server.publish()?;
    }
    Ok(server.exit_code())
}
