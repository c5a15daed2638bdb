//! A language client for tests and benches: spawns `ludex lsp`, speaks JSON-RPC over its standard
//! input and output with `Content-Length` framing, and waits (with a time limit) for responses and
//! notifications.

// The tests and the bench that include this module each use only part of it.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};

/// How long a test waits for any one message before failing (the server should answer at once).
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    /// Notifications received while waiting for a response.
    pending: VecDeque<Value>,
    next_id: i64,
}

impl Client {
    /// Starts `ludex lsp` without initializing it.
    pub fn spawn(ludex: &str) -> Client {
        let mut child = Command::new(ludex)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ludex lsp starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, messages) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_frame(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Client { child, stdin, messages, pending: VecDeque::new(), next_id: 0 }
    }

    /// Starts `ludex lsp` and completes the `initialize` handshake; the server's capabilities.
    pub fn initialized(ludex: &str) -> (Client, Value) {
        let mut client = Client::spawn(ludex);
        let result = client.request("initialize", json!({ "capabilities": {}, "processId": null }));
        let capabilities = result["result"]["capabilities"].clone();
        client.notify("initialized", json!({}));
        (client, capabilities)
    }

    /// Writes bytes as they are, framing or not.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the server reads");
        stdin.flush().expect("the server reads");
    }

    pub fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.response(&json!(id))
    }

    /// Waits for the response with this id, keeping the notifications that come before it.
    pub fn response(&mut self, id: &Value) -> Value {
        loop {
            let message = self.receive();
            if message.get("method").is_none() && message.get("id") == Some(id) {
                return message;
            }
            assert!(message.get("method").is_some(), "an unexpected response: {message}");
            self.pending.push_back(message);
        }
    }

    /// Waits for the next notification with this method (skipping others).
    pub fn notification(&mut self, method: &str) -> Value {
        if let Some(i) = self.pending.iter().position(|m| m["method"] == method) {
            return self.pending.remove(i).expect("just found");
        }
        loop {
            let message = self.receive();
            if message["method"] == method {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    /// Waits for the diagnostics published for this version of a document.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        loop {
            let published = self.notification("textDocument/publishDiagnostics");
            let params = &published["params"];
            if params["uri"] == uri && params["version"] == version {
                return params["diagnostics"].as_array().expect("an array").clone();
            }
        }
    }

    fn receive(&mut self) -> Value {
        match self.messages.recv_timeout(PATIENCE) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("the server did not answer within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Opens a document (version 1).
    pub fn open(&mut self, uri: &str, text: &str) {
        let document = json!({ "uri": uri, "languageId": "ludex", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
    }

    /// Replaces a document's whole text.
    pub fn change(&mut self, uri: &str, version: i64, text: &str) {
        let params = json!({
            "textDocument": { "uri": uri, "version": version },
            "contentChanges": [{ "text": text }],
        });
        self.notify("textDocument/didChange", params);
    }

    /// Closes the input and waits for the server to end: its exit code.
    pub fn exit_code(mut self) -> Option<i32> {
        drop(self.stdin.take());
        self.child.wait().expect("the server ends").code()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One framed message from the server; `None` when its output ends.
fn read_frame(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// The protocol position (line, UTF-16 column) of a byte offset.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": column })
}

/// The position of the `nth` (0-based) occurrence of `needle`, `shift` bytes into it.
pub fn find(text: &str, needle: &str, nth: usize, shift: usize) -> Value {
    let offset =
        text.match_indices(needle).nth(nth).map(|(i, _)| i).unwrap_or_else(|| panic!("`{needle}` #{nth}"));
    position(text, offset + shift)
}

/// The range from the `nth` occurrence of `needle` to its end.
pub fn range_of(text: &str, needle: &str, nth: usize) -> Value {
    let offset =
        text.match_indices(needle).nth(nth).map(|(i, _)| i).unwrap_or_else(|| panic!("`{needle}` #{nth}"));
    json!({ "start": position(text, offset), "end": position(text, offset + needle.len()) })
}
