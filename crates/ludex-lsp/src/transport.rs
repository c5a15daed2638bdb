//! The wire: JSON-RPC messages framed by `Content-Length` headers on a byte stream. Reading never
//! fails on what a client sends: a frame that is not a message becomes [`Incoming::Malformed`],
//! answered with the JSON-RPC error it deserves, and reading goes on with the next frame.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};
use serde_json::Value;

/// The largest message read; a larger one is skipped and refused, so no client can exhaust memory.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;
/// The longest header line kept.
const MAX_HEADER_BYTES: usize = 8 << 10;

/// One frame read from the client.
#[derive(Debug)]
pub enum Incoming {
    Message(Message),
    /// A frame that is not a JSON-RPC message, and the error to answer it with.
    Malformed(Malformed),
}

/// A frame that is not a message: its request id when one could be read, and why.
#[derive(Debug)]
pub struct Malformed {
    pub id: Option<Value>,
    pub code: ErrorCode,
    pub message: String,
}

impl Malformed {
    fn new(code: ErrorCode, message: impl Into<String>) -> Malformed {
        Malformed { id: None, code, message: message.into() }
    }
}

/// Reads the next frame; `None` when the stream ends.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    let Some(length) = read_headers(input)? else { return Ok(None) };
    let length = match length {
        Ok(length) => length,
        Err(malformed) => return Ok(Some(Incoming::Malformed(malformed))),
    };
    if length > MAX_MESSAGE_BYTES {
        let skipped = io::copy(&mut input.take(length as u64), &mut io::sink())?;
        if skipped < length as u64 {
            return Ok(None);
        }
        let message =
            format!("a message of {length} bytes is larger than the {MAX_MESSAGE_BYTES} bytes allowed");
        return Ok(Some(Incoming::Malformed(Malformed::new(ErrorCode::InvalidRequest, message))));
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Ok(Some(parse(&body))),
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
        Err(error) => Err(error),
    }
}

/// The headers of a frame, up to the empty line: the body's length, or why there is none.
fn read_headers(input: &mut impl BufRead) -> io::Result<Option<Result<usize, Malformed>>> {
    let mut length: Option<Result<usize, Malformed>> = None;
    let mut read_any = false;
    loop {
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if !read_any {
                // Blank lines between frames.
                continue;
            }
            let missing =
                || Err(Malformed::new(ErrorCode::ParseError, "the message has no Content-Length header"));
            return Ok(Some(length.unwrap_or_else(missing)));
        }
        read_any = true;
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = Some(value.trim().parse::<usize>().map_err(|_| {
                Malformed::new(
                    ErrorCode::ParseError,
                    format!("Content-Length `{}` is not a length", value.trim()),
                )
            }));
        }
    }
}

/// One line, without keeping more than [`MAX_HEADER_BYTES`] of it; `None` at the end of the stream.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let read = input.by_ref().take(MAX_HEADER_BYTES as u64).read_until(b'\n', &mut line)?;
    if read == 0 {
        return Ok(None);
    }
    if !line.ends_with(b"\n") && read == MAX_HEADER_BYTES {
        // Too long to be a header: the rest of the line is dropped.
        let mut rest = Vec::new();
        while input.by_ref().take(MAX_HEADER_BYTES as u64).read_until(b'\n', &mut rest)? == MAX_HEADER_BYTES {
            if rest.ends_with(b"\n") {
                break;
            }
            rest.clear();
        }
    }
    Ok(Some(line))
}

/// A frame's body as a message, or why it is not one.
fn parse(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => {
            return Incoming::Malformed(Malformed::new(ErrorCode::ParseError, format!("not JSON: {error}")));
        }
    };
    let id = value.get("id").filter(|id| !id.is_null()).cloned();
    let invalid = |id, why: String| {
        let id = Option::filter(id, |id: &Value| id.is_number() || id.is_string());
        let message = format!("not a JSON-RPC request, response or notification: {why}");
        Incoming::Malformed(Malformed { id, code: ErrorCode::InvalidRequest, message })
    };
    match serde_json::from_value::<Message>(value) {
        // A request whose id is not one (`2.5`) would otherwise read as a notification.
        Ok(Message::Notification(_)) if id.is_some() => {
            invalid(id, "its id is not an integer or a string".into())
        }
        Ok(message) => Incoming::Message(message),
        Err(error) => invalid(id, error.to_string()),
    }
}

/// Sends a message.
pub fn write(output: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(output)
}

/// Answers a frame that is not a message (with a `null` id when its id could not be read).
pub fn write_malformed(output: &mut impl Write, malformed: &Malformed) -> io::Result<()> {
    let response = serde_json::json!({
        "jsonrpc": "2.0",
        "id": malformed.id.clone().unwrap_or(Value::Null),
        "error": { "code": malformed.code as i32, "message": malformed.message },
    });
    let body = response.to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut reader = io::BufReader::new(input);
        let mut read = Vec::new();
        while let Some(incoming) = super::read(&mut reader).expect("reading a slice") {
            read.push(match incoming {
                Incoming::Message(Message::Request(r)) => format!("request {} {}", r.id, r.method),
                Incoming::Message(Message::Notification(n)) => format!("notification {}", n.method),
                Incoming::Message(Message::Response(r)) => format!("response {}", r.id),
                Incoming::Malformed(m) => format!("malformed {:?} {:?}", m.code, m.id),
            });
        }
        read
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn reads_messages_and_goes_on_after_malformed_ones() {
        let input = [
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#),
            frame("{not json"),
            frame(r#"{"jsonrpc":"2.0","id":2.5,"method":"x"}"#),
            frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
            "Content-Type: x\r\n\r\n".to_string(),
            "Content-Length: many\r\n\r\n".to_string(),
            frame(r#"{"jsonrpc":"2.0","id":"a","result":null}"#),
        ]
        .concat();
        assert_eq!(
            frames(input.as_bytes()),
            [
                "request 1 initialize",
                "malformed ParseError None",
                "malformed InvalidRequest Some(Number(2.5))",
                "notification exit",
                "malformed ParseError None",
                "malformed ParseError None",
                "response \"a\"",
            ]
        );
    }

    #[test]
    fn a_huge_or_cut_message_does_not_exhaust_memory() {
        let huge = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE_BYTES + 1);
        assert!(frames(huge.as_bytes()).is_empty(), "the stream ends before the body");
        let cut = "Content-Length: 100\r\n\r\n{\"jsonrpc\"";
        assert!(frames(cut.as_bytes()).is_empty());
        let endless_header = vec![b'x'; 3 * MAX_HEADER_BYTES];
        assert!(frames(&endless_header).is_empty());
    }
}
