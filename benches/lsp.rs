//! How responsive `ludex lsp` is on the largest rules file, measured through the protocol: the
//! time from a `didChange` to the diagnostics of that version, and of the requests an editor sends
//! after an edit (semantic tokens, hover, completion) on a freshly changed text.
//!
//! `cargo bench --bench lsp` (the bench profile is optimized). Prints the figures; asserts nothing
//! about time.

#[path = "../tests/support/lsp_client.rs"]
mod lsp_client;

use std::time::{Duration, Instant};

use lsp_client::{Client, find};
use serde_json::json;

const URI: &str = "file:///rules/immortal-star-masters.rules";
const CHANGES: usize = 60;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/immortal-star-masters.rules");
    let text = std::fs::read_to_string(path).expect("the rules file");
    // Three texts an edit moves between: the file, a space typed, a name misspelled (an error).
    let variants = [
        text.clone(),
        text.replacen("define in_check(s)", "define in_check (s)", 1),
        text.replacen("pieces(s, king)", "pieces(s, kng)", 1),
    ];
    let (mut client, _) = Client::initialized(env!("CARGO_BIN_EXE_ludex"));
    client.open(URI, &text);
    client.diagnostics(URI, 1);

    let mut version = 1;
    let mut each = |client: &mut Client, request: Option<(&str, serde_json::Value)>| -> Vec<Duration> {
        (0..CHANGES)
            .map(|i| {
                version += 1;
                let started = Instant::now();
                client.change(URI, version, &variants[i % variants.len()]);
                match &request {
                    None => drop(client.diagnostics(URI, version)),
                    Some((method, params)) => drop(client.request(method, params.clone())),
                }
                started.elapsed()
            })
            .collect()
    };
    let document = json!({ "uri": URI });
    let diagnostics = each(&mut client, None);
    let tokens =
        each(&mut client, Some(("textDocument/semanticTokens/full", json!({ "textDocument": document }))));
    let place = json!({ "textDocument": document, "position": find(&text, "attacked(it.cell", 0, 2) });
    let hover = each(&mut client, Some(("textDocument/hover", place.clone())));
    let completion = each(&mut client, Some(("textDocument/completion", place)));

    println!(
        "ludex lsp on rules/immortal-star-masters.rules ({} lines), {CHANGES} changes each:",
        text.lines().count()
    );
    report("didChange → publishDiagnostics", diagnostics);
    report("didChange → semanticTokens/full", tokens);
    report("didChange → hover", hover);
    report("didChange → completion", completion);

    // A burst of edits faster than they are checked: the last version's diagnostics.
    let started = Instant::now();
    for i in 0..20 {
        version += 1;
        client.change(URI, version, &variants[i % variants.len()]);
    }
    client.diagnostics(URI, version);
    println!("20 changes sent at once → diagnostics of the last: {:.1} ms", millis(started.elapsed()));
    client.request("shutdown", serde_json::Value::Null);
    client.notify("exit", serde_json::Value::Null);
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| millis(times[((times.len() - 1) as f64 * q).round() as usize]);
    println!(
        "  {what:34} min {:6.2} ms  median {:6.2} ms  p95 {:6.2} ms  max {:6.2} ms",
        at(0.0),
        at(0.5),
        at(0.95),
        at(1.0)
    );
}
