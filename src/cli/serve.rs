//! `ludex serve`: serves the built playground (web/dist, made by web/build.sh) on 127.0.0.1, so it
//! works offline. Only files inside the directory are served, by GET or HEAD, with their content
//! types (WebAssembly as `application/wasm`); `/` is `index.html`. The assets are read from the
//! directory rather than built into the binary, so that `cargo build` never needs the WebAssembly
//! toolchain.

use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use clap::Args;
use tiny_http::{Header, Method, Request, Response, Server};

use super::{CliError, CliResult};

/// Where web/build.sh puts the page, from the repository's root.
const BUILT: &str = "web/dist";

#[derive(Args)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0: any free port, printed)
    #[arg(long, default_value_t = 8023)]
    port: u16,
    /// The built page [default: web/dist, from the working directory or from the source tree]
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

pub fn serve(args: &ServeArgs) -> CliResult {
    let root = site_root(args.dir.as_deref())?;
    let server = Server::http(("127.0.0.1", args.port))
        .map_err(|error| CliError::usage(format!("cannot listen on 127.0.0.1:{}: {error}", args.port)))?;
    let address = server.server_addr().to_ip().map_or_else(|| "?".to_string(), |a| a.to_string());
    let mut out = io::stdout().lock();
    writeln!(out, "serving {} at http://{address}/ (Ctrl-C stops)", root.display())?;
    out.flush()?;
    drop(out);
    for request in server.incoming_requests() {
        let response = respond(&root, &request);
        // A client that went away is no failure of the server.
        let _ = request.respond(response);
    }
    Ok(())
}

/// The directory to serve: the one given, else web/dist here, else in the source tree.
fn site_root(dir: Option<&Path>) -> CliResult<PathBuf> {
    let candidates: Vec<PathBuf> = match dir {
        Some(dir) => vec![dir.to_path_buf()],
        None => vec![PathBuf::from(BUILT), Path::new(env!("CARGO_MANIFEST_DIR")).join(BUILT)],
    };
    candidates.iter().find(|dir| dir.join("index.html").is_file()).cloned().ok_or_else(|| {
        CliError::usage(format!(
            "no built page (index.html) in {}: build it with web/build.sh, or give --dir",
            candidates.iter().map(|d| format!("`{}`", d.display())).collect::<Vec<_>>().join(" or ")
        ))
    })
}

type Reply = Response<io::Cursor<Vec<u8>>>;

fn respond(root: &Path, request: &Request) -> Reply {
    let head = match request.method() {
        Method::Get => false,
        Method::Head => true,
        _ => return text_reply(405, "only GET and HEAD"),
    };
    let Some(path) = file_path(root, request.url()) else { return text_reply(404, "not found") };
    match std::fs::read(&path) {
        Ok(bytes) => {
            let body = if head { Vec::new() } else { bytes };
            with_headers(
                Response::from_data(body),
                &[("Content-Type", content_type(&path)), ("Cache-Control", "no-cache")],
            )
        }
        Err(_) => text_reply(404, "not found"),
    }
}

/// The file a URL names inside the root: its path percent-decoded, without the query, made only of
/// plain names (no `..`), a directory meaning its `index.html`.
fn file_path(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path)?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    if !relative.components().all(|part| matches!(part, Component::Normal(_))) {
        return None;
    }
    let file = root.join(relative);
    let file = if file.is_dir() { file.join("index.html") } else { file };
    file.is_file().then_some(file)
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'%' => {
                let hex = text.get(index + 1..index + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                index += 3;
            }
            byte => {
                out.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8(out).ok().filter(|s| !s.contains('\0'))
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "rules" | "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The response with the headers (ASCII constants of this module, which tiny_http accepts).
fn with_headers(mut response: Reply, headers: &[(&str, &str)]) -> Reply {
    for (name, value) in headers {
        if let Ok(header) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    response
}

fn text_reply(status: u16, text: &str) -> Reply {
    let response = Response::from_data(text.as_bytes().to_vec()).with_status_code(status);
    with_headers(response, &[("Content-Type", "text/plain; charset=utf-8")])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_inside_the_root_are_served() {
        let root = std::env::temp_dir().join(format!("ludex-serve-test-{}", std::process::id()));
        std::fs::create_dir_all(root.join("pkg")).unwrap();
        std::fs::write(root.join("index.html"), "page").unwrap();
        std::fs::write(root.join("pkg/a b.wasm"), "wasm").unwrap();
        assert_eq!(file_path(&root, "/"), Some(root.join("index.html")));
        assert_eq!(file_path(&root, "/?rules=x"), Some(root.join("index.html")));
        assert_eq!(file_path(&root, "/pkg/a%20b.wasm"), Some(root.join("pkg/a b.wasm")));
        for url in ["/../etc/passwd", "/pkg/..%2f..%2fetc", "/%2e%2e/x", "/missing", "/%zz", "//etc/passwd"] {
            assert_eq!(file_path(&root, url), None, "{url}");
        }
        assert_eq!(content_type(Path::new("x.wasm")), "application/wasm");
    }
}
