//! `ludex lsp` through its protocol: the real binary spawned, JSON-RPC with `Content-Length`
//! framing, every feature asserted on shipped rules files and on broken ones, and the server kept
//! serving whatever it is sent.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use std::path::Path;
use std::process::Command;

use lsp_client::{Client, find, position, range_of};
use serde_json::{Value, json};

const LUDEX: &str = env!("CARGO_BIN_EXE_ludex");
const URI: &str = "file:///rules/game.rules";

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect("a rules file")
}

/// A server with one document open, its first diagnostics received.
fn serving(text: &str) -> (Client, Vec<Value>) {
    let (mut client, _) = Client::initialized(LUDEX);
    client.open(URI, text);
    let diagnostics = client.diagnostics(URI, 1);
    (client, diagnostics)
}

fn at(position: Value) -> Value {
    json!({ "textDocument": { "uri": URI }, "position": position })
}

fn result(response: Value) -> Value {
    assert!(response.get("error").is_none(), "an error: {response}");
    response["result"].clone()
}

fn error_code(response: &Value) -> i64 {
    response["error"]["code"].as_i64().unwrap_or_else(|| panic!("not an error: {response}"))
}

fn hover_text(client: &mut Client, position: Value) -> String {
    let hover = result(client.request("textDocument/hover", at(position)));
    hover["contents"]["value"].as_str().unwrap_or_else(|| panic!("a hover: {hover}")).to_string()
}

fn labels(items: &Value) -> Vec<String> {
    let mut labels: Vec<String> = items
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["label"].as_str().expect("a label").to_string())
        .collect();
    labels.sort();
    labels
}

#[test]
fn the_handshake_initializes_shuts_down_and_exits() {
    let (mut client, capabilities) = Client::initialized(LUDEX);
    for provider in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "documentSymbolProvider",
        "renameProvider",
        "completionProvider",
        "semanticTokensProvider",
        "documentFormattingProvider",
    ] {
        assert!(capabilities.get(provider).is_some(), "{provider} in {capabilities}");
    }
    assert_eq!(capabilities["positionEncoding"], "utf-16");
    assert_eq!(capabilities["textDocumentSync"]["change"], 1, "whole documents");
    assert_eq!(capabilities["renameProvider"]["prepareProvider"], true);
    assert_eq!(error_code(&client.request("initialize", json!({ "capabilities": {} }))), -32600);
    assert_eq!(client.request("shutdown", Value::Null)["result"], Value::Null);
    assert_eq!(
        error_code(&client.request("textDocument/hover", at(json!({"line": 0, "character": 0})))),
        -32600
    );
    client.notify("exit", Value::Null);
    assert_eq!(client.exit_code(), Some(0));

    let mut early = Client::spawn(LUDEX);
    assert_eq!(error_code(&early.request("textDocument/documentSymbol", json!({}))), -32002);
    early.notify("exit", Value::Null);
    assert_eq!(early.exit_code(), Some(1), "exit without shutdown");
}

#[test]
fn diagnostics_are_published_on_open_and_on_every_change() {
    let text = read("rules/dice-chess.rules");
    let (mut client, diagnostics) = serving(&text);
    assert_eq!(diagnostics, Vec::<Value>::new());

    let broken = text.replacen("step orthogonal", "step orthogonl", 1);
    client.change(URI, 2, &broken);
    let diagnostics = client.diagnostics(URI, 2);
    assert_eq!(diagnostics.len(), 1);
    let d = &diagnostics[0];
    assert_eq!(d["code"], "unknown-direction");
    assert_eq!(d["source"], "ludex");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["message"], "unknown direction `orthogonl`\nhelp: did you mean `orthogonal`?");
    assert_eq!(d["range"], range_of(&broken, "orthogonl", 0));
    assert_eq!(d["relatedInformation"][0]["message"], "not a direction of this board");

    client.change(URI, 3, &text);
    assert_eq!(client.diagnostics(URI, 3), Vec::<Value>::new());

    let unused = text.replacen("variable quiet = 0", "variable quiet = 0\nvariable idle = 0", 1);
    client.change(URI, 4, &unused);
    let diagnostics = client.diagnostics(URI, 4);
    assert_eq!(diagnostics[0]["code"], "unused-variable");
    assert_eq!(diagnostics[0]["severity"], 2);
    assert_eq!(diagnostics[0]["tags"], json!([1]), "unnecessary");
}

#[test]
fn secondary_labels_are_related_information() {
    let text = read("rules/dice-chess.rules").replacen("seat black", "seat white", 1);
    let (_client, diagnostics) = serving(&text);
    let duplicate = diagnostics.iter().find(|d| d["code"] == "duplicate-definition").expect("a duplicate");
    assert_eq!(duplicate["range"], range_of(&text, "white", 1));
    let related = duplicate["relatedInformation"].as_array().expect("related");
    assert_eq!(related.len(), 2);
    assert_eq!(related[0]["message"], "seat `white` defined again here");
    assert_eq!(related[1]["message"], "first defined here");
    assert_eq!(related[1]["location"], json!({ "uri": URI, "range": range_of(&text, "white", 0) }));
}

/// The diagnostics of the whole corpus of broken files are those of `ludex check --format json`:
/// the same codes, places, messages and help.
#[test]
fn diagnostics_match_ludex_check_on_every_broken_file() {
    let (mut client, _) = Client::initialized(LUDEX);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut paths: Vec<_> =
        std::fs::read_dir(&dir).expect("the corpus").map(|e| e.expect("an entry").path()).collect();
    paths.sort();
    assert!(paths.len() > 50);
    for (n, path) in paths.iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("a rules file");
        let uri = format!("file:///corpus/{n}.rules");
        client.open(&uri, &text);
        let published = client.diagnostics(&uri, 1);
        let output =
            Command::new(LUDEX).args(["check", "--format", "json"]).arg(path).output().expect("check runs");
        let checked: Vec<Value> = serde_json::from_slice(&output.stdout).expect("JSON diagnostics");
        assert_eq!(published.len(), checked.len(), "{}", path.display());
        for (lsp, check) in published.iter().zip(&checked) {
            let name = path.display();
            assert_eq!(format!("ludex::{}", lsp["code"].as_str().expect("a code")), check["code"], "{name}");
            let start = check["start"].as_u64().expect("start") as usize;
            let end = check["end"].as_u64().expect("end") as usize;
            let range = json!({ "start": position(&text, start), "end": position(&text, end) });
            assert_eq!(lsp["range"], range, "{name}");
            let mut message = check["message"].as_str().expect("a message").to_string();
            if let Some(help) = check["help"].as_str() {
                message = format!("{message}\nhelp: {help}");
            }
            assert_eq!(lsp["message"], message, "{name}");
            assert_eq!(lsp["severity"], if check["severity"] == "error" { 1 } else { 2 }, "{name}");
            if check["label"] != "" {
                assert_eq!(lsp["relatedInformation"][0]["message"], check["label"], "{name}");
            }
        }
    }
}

#[test]
fn positions_are_utf16_columns() {
    // `é` is one UTF-16 unit and two bytes; `🎲` two units and four bytes.
    let text = read("rules/dice-chess.rules")
        .replacen("game \"Dice Chess\"", "game \"Dés 🎲\" team t = white, blak # é🎲", 1)
        .replacen("seat white", "seat white # naïve 🎲", 1);
    let (mut client, diagnostics) = serving(&text);
    let line = text.lines().position(|l| l.starts_with("game")).expect("the game line");
    let unknown = diagnostics.iter().find(|d| d["code"] == "unknown-seat").expect("an unknown seat");
    assert_eq!(unknown["range"]["start"], json!({ "line": line, "character": 30 }));
    assert_eq!(unknown["range"]["end"], json!({ "line": line, "character": 34 }));
    // `white` on the game line, after the dice.
    let white = json!({ "line": line, "character": 25 });
    assert!(hover_text(&mut client, white).starts_with("seat `white`"));
    let definition =
        result(client.request("textDocument/definition", at(json!({ "line": line, "character": 27 }))));
    assert_eq!(definition[0]["range"], range_of(&text, "white", 1));
}

#[test]
fn hover_shows_declarations_with_their_comments_and_the_languages_documentation() {
    let text = read("rules/dice-chess.rules");
    let (mut client, _) = serving(&text);
    assert_eq!(
        hover_text(&mut client, find(&text, "it.face", 0, 4)),
        "attribute `face`\n```ludex\nattribute face from 1 to 6\n```\n\nA die shows one face, from 1 to 6."
    );
    assert_eq!(
        hover_text(&mut client, find(&text, "quiet >= 6", 0, 2)),
        "variable `quiet`\n```ludex\nvariable quiet = 0\n```\n\nTurns in a row that ended without a capture (\"an \
         effective play\")."
    );
    let piece = hover_text(&mut client, find(&text, "die for each", 0, 1));
    assert!(piece.starts_with("piece type `die`\n```ludex\npiece die {\n  letter D\n"), "{piece}");
    let parameter = hover_text(&mut client, find(&text, "pieces(s)", 0, 7));
    assert_eq!(
        parameter,
        "parameter `s` of definition `board_total`\n```ludex\ndefine board_total(s) = sum(pieces(s), it.face)\n```"
    );
    let mover = hover_text(&mut client, find(&text, "win mover", 0, 5));
    assert!(mover.contains("context word `mover` — the seat acting"), "{mover}");
    let count = hover_text(&mut client, find(&text, "count(pieces", 0, 2));
    assert!(
        count.starts_with("```ludex\ncount(COLLECTION [, PRED]) → int\n```\nbuilt-in `count`"),
        "{count}"
    );
    let slide = hover_text(&mut client, find(&text, "slide", 0, 0));
    assert!(slide.contains("keyword `slide` — The piece moves in a straight line"), "{slide}");
    assert!(slide.ends_with("*The ludex language, section 15.1*"));
    let direction = hover_text(&mut client, find(&text, "step orthogonal", 0, 6));
    assert_eq!(direction, "direction `orthogonal` of the board");
    let hover = result(client.request("textDocument/hover", at(find(&text, "Dice Chess —", 0, 2))));
    assert_eq!(hover, Value::Null, "nothing in a comment");
}

/// In a slide of exact length, `direction` is the direction walked and `axis` a built-in.
#[test]
fn hover_explains_the_direction_a_slide_walks() {
    let text = read("rules/lines-of-action.rules");
    let (mut client, _) = serving(&text);
    let direction = hover_text(&mut client, find(&text, "direction)", 0, 2));
    assert!(
        direction.contains(
            "the word `direction` — in the distance of a slide of exact length: the direction being walked"
        ),
        "{direction}"
    );
    let axis = hover_text(&mut client, find(&text, "axis(from", 0, 1));
    assert!(axis.starts_with("```ludex\naxis(CELL [, DIRS]) → collection\n```\nbuilt-in `axis`"), "{axis}");
}

#[test]
fn definition_and_references_follow_the_checkers_resolution() {
    let text = read("rules/dice-chess.rules");
    let (mut client, _) = serving(&text);
    let definition =
        result(client.request("textDocument/definition", at(find(&text, "board_total(seat)", 0, 3))));
    assert_eq!(definition, json!([{ "uri": URI, "range": range_of(&text, "board_total", 0) }]));
    let uses = |include: bool| json!({ "textDocument": { "uri": URI }, "position": find(&text, "quiet", 1, 0), "context": { "includeDeclaration": include } });
    let all = result(client.request("textDocument/references", uses(true)));
    let expected: Vec<Value> =
        (0..4).map(|n| json!({ "uri": URI, "range": range_of(&text, "quiet", n) })).collect();
    assert_eq!(all, json!(expected));
    let without = result(client.request("textDocument/references", uses(false)));
    assert_eq!(without, json!(expected[1..]));

    // An attribute is declared by every piece type that has it.
    let ism = read("rules/immortal-star-masters.rules");
    client.change(URI, 2, &ism);
    let moved = ism.find("piece.moved").expect("a use of moved") + "piece.".len();
    let definitions = result(client.request("textDocument/definition", at(position(&ism, moved))));
    let declared = ism.matches("attribute moved").count();
    assert!(declared > 1);
    assert_eq!(definitions.as_array().expect("locations").len(), declared);
    // A parameter named like a context word is the parameter.
    let lawful = ism.find("define lawful(from, to, target)").expect("lawful");
    let to_use = lawful + ism[lawful..].find("dead(to").expect("a use of to") + "dead(".len();
    let definition = result(client.request("textDocument/definition", at(position(&ism, to_use))));
    let to_param = lawful + "define lawful(from, ".len();
    assert_eq!(definition[0]["range"]["start"], position(&ism, to_param));
}

#[test]
fn rename_edits_every_occurrence_and_refuses_what_would_break_the_rules() {
    let text = read("rules/dice-chess.rules");
    let (mut client, _) = serving(&text);
    let rename = |name: &str| json!({ "textDocument": { "uri": URI }, "position": find(&text, "quiet", 2, 1), "newName": name });
    let edit = result(client.request("textDocument/rename", rename("calm")));
    let edits = edit["changes"][URI].as_array().expect("edits").clone();
    let expected: Vec<Value> =
        (0..4).map(|n| json!({ "range": range_of(&text, "quiet", n), "newText": "calm" })).collect();
    assert_eq!(edits, expected);

    let prepared =
        result(client.request("textDocument/prepareRename", at(find(&text, "diagonal, double", 0, 2))));
    assert_eq!(prepared, json!({ "range": range_of(&text, "diagonal", 3), "placeholder": "diagonal" }));
    assert_eq!(
        error_code(&client.request("textDocument/prepareRename", at(find(&text, "slide", 0, 1)))),
        -32803
    );

    for (name, why) in [
        ("die", "there is already a piece type `die`"),
        ("2x", "`2x` is not a name"),
        ("and", "`and` is a reserved word"),
        ("mover", "`mover` is a context word"),
        ("count", "`count` is a built-in function"),
        ("e4", "renaming to `e4` would make the rules wrong"),
    ] {
        let refused = client.request("textDocument/rename", rename(name));
        assert_eq!(error_code(&refused), -32803, "{name}");
        let message = refused["error"]["message"].as_str().expect("a message");
        assert!(message.contains(why), "{name}: {message}");
    }

    // Actions are named apart: an action may take a phase's name.
    let action = json!({ "textDocument": { "uri": URI }, "position": find(&text, "step, diagonal", 0, 1), "newName": "play" });
    let edits = result(client.request("textDocument/rename", action))["changes"][URI]
        .as_array()
        .expect("edits")
        .len();
    assert_eq!(edits, 2);

    let broken = format!("{text}\nzone broken = rows 1 to\n");
    client.change(URI, 2, &broken);
    let refused = client.request("textDocument/rename", rename("calm"));
    assert!(refused["error"]["message"].as_str().expect("a message").contains("syntax errors"), "{refused}");
}

#[test]
fn completion_offers_the_keywords_and_names_of_the_place() {
    let text = read("rules/dice-chess.rules");
    let (mut client, _) = serving(&text);
    let mut complete = |text: &str, offset: usize, version: i64| {
        client.change(URI, version, text);
        let params = json!({ "textDocument": { "uri": URI }, "position": position(text, offset) });
        labels(&result(client.request("textDocument/completion", params)))
    };
    let top = format!("{text}\n");
    let mut items: Vec<String> = ludex::syntax::ITEM_KEYWORDS.iter().map(|k| k.to_string()).collect();
    items.sort();
    assert_eq!(complete(&top, top.len(), 2), items);

    let clause = text.find("  step orthogonal").expect("a step");
    let action = complete(&text, clause + 2, 3);
    assert!(
        ["step", "slide", "leap", "walk", "when", "where", "then", "promote"]
            .iter()
            .all(|k| action.contains(&k.to_string()))
    );
    assert!(!action.contains(&"piece".to_string()));

    let directions = complete(&text, clause + "  step ".len(), 4);
    for direction in ["orthogonal", "diagonal", "n", "se", "forward", "backward_left"] {
        assert!(directions.contains(&direction.to_string()), "{direction}: {directions:?}");
    }

    let play = text.find("play step").expect("play") + "play ".len();
    assert_eq!(complete(&text, play, 5), ["diagonal", "double", "step"]);

    let field = text.find("target.face").expect("a field") + "target.".len();
    assert_eq!(complete(&text, field, 6), ["cell", "face", "owner", "type", "value"]);

    let capture = text.find("when target").expect("the capture") + "when ".len();
    let in_capture = complete(&text, capture, 7);
    let end = text.find("when count").expect("an end rule") + "when ".len();
    let in_end = complete(&text, end, 8);
    for name in ["quiet", "board_total", "white", "die", "count", "mover", "captures", "not"] {
        assert!(in_capture.contains(&name.to_string()) && in_end.contains(&name.to_string()), "{name}");
    }
    assert!(in_capture.contains(&"target".to_string()) && !in_end.contains(&"target".to_string()));
    assert!(in_end.contains(&"next".to_string()) && !in_capture.contains(&"next".to_string()));
    assert!(!in_end.contains(&"back".to_string()), "a zone is not a value");

    // While typing, before the file parses again.
    let typing = text.replacen("  when piece.face >= 2\n", "  when piece.face >= 2 and fr\n", 1);
    let typed = typing.find("and fr").expect("typed") + "and fr".len();
    let items = complete(&typing, typed, 9);
    assert!(items.contains(&"from".to_string()) && !items.contains(&"to".to_string()), "{items:?}");
    let comment = complete(&text, text.find("A die shows").expect("a comment") + 3, 10);
    assert!(comment.is_empty());
}

/// A turn's `legal if` offers the look-ahead `stuck` and `next`; its `after` offers `next` but not
/// `stuck`; an action's `where` neither.
#[test]
fn completion_in_a_turn_offers_the_words_of_legal_if_and_after() {
    let text = read("rules/shogi.rules");
    let (mut client, _) = serving(&text);
    let mut complete = |offset: usize, version: i64| {
        let params = json!({ "textDocument": { "uri": URI }, "position": position(&text, offset) });
        client.change(URI, version, &text);
        labels(&result(client.request("textDocument/completion", params)))
    };
    let legal = complete(text.find("legal if not").expect("legal if") + "legal if ".len(), 2);
    let after = complete(text.find("set checks(mover)").expect("after") + "set checks(mover) = ".len(), 3);
    let filter = complete(text.find("where promotion != knight").expect("a where") + "where ".len(), 4);
    let has = |items: &[String], word: &str| items.iter().any(|item| item == word);
    assert!(has(&legal, "stuck") && has(&legal, "next"), "{legal:?}");
    assert!(!has(&after, "stuck") && has(&after, "next"), "{after:?}");
    assert!(!has(&filter, "stuck") && !has(&filter, "next"), "{filter:?}");
}

#[test]
fn document_symbols_outline_the_file() {
    let text = read("rules/dice-chess.rules");
    let (mut client, _) = serving(&text);
    let symbols =
        result(client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } })));
    let outline: Vec<(String, i64)> = symbols
        .as_array()
        .expect("symbols")
        .iter()
        .map(|s| (s["name"].as_str().expect("a name").to_string(), s["kind"].as_i64().expect("a kind")))
        .collect();
    let expected = [
        ("Dice Chess", 1),
        ("white", 19),
        ("black", 19),
        ("board", 4),
        ("die", 5),
        ("back", 3),
        ("quiet", 13),
        ("board_total", 12),
        ("captured_total", 12),
        ("setup", 9),
        ("step", 6),
        ("diagonal", 6),
        ("double", 6),
        ("capture", 24),
        ("play", 2),
        ("end", 2),
    ];
    let expected: Vec<(String, i64)> = expected.iter().map(|(n, k)| (n.to_string(), *k)).collect();
    assert_eq!(outline, expected);
    let die = &symbols[4];
    assert_eq!(die["children"][0]["name"], "face");
    assert_eq!(die["selectionRange"], range_of(&text, "die", 0));
    let end = &symbols[15];
    assert_eq!(end["children"][0]["name"], "when count(pieces(next)) == 0: win mover");
    assert_eq!(end["children"].as_array().expect("rules").len(), 2);
}

/// Decodes semantic tokens: (line, column, length, type name, modifier names).
fn decode(tokens: &Value, legend: &Value) -> Vec<(u64, u64, u64, String, Vec<String>)> {
    let data: Vec<u64> =
        tokens["data"].as_array().expect("data").iter().map(|n| n.as_u64().expect("a number")).collect();
    let types = legend["tokenTypes"].as_array().expect("types");
    let modifiers = legend["tokenModifiers"].as_array().expect("modifiers");
    let (mut line, mut column) = (0, 0);
    data.chunks(5)
        .map(|t| {
            line += t[0];
            column = if t[0] == 0 { column + t[1] } else { t[1] };
            let names = (0..modifiers.len()).filter(|&i| t[4] & (1 << i) != 0);
            let names = names.map(|i| modifiers[i].as_str().expect("a name").to_string()).collect();
            (line, column, t[2], types[t[3] as usize].as_str().expect("a name").to_string(), names)
        })
        .collect()
}

#[test]
fn semantic_tokens_classify_every_name_by_what_the_checker_resolved() {
    let text = read("rules/dice-chess.rules").replacen("seat white", "seat white # é🎲 naïve", 1);
    let (mut client, capabilities) = Client::initialized(LUDEX);
    client.open(URI, &text);
    client.diagnostics(URI, 1);
    let legend = &capabilities["semanticTokensProvider"]["legend"];
    let response =
        client.request("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": URI } }));
    let tokens = decode(&result(response), legend);
    let token_at = |needle: &str, shift: usize| {
        let p = find(&text, needle, 0, shift);
        let (line, column) = (p["line"].as_u64().expect("line"), p["character"].as_u64().expect("column"));
        let (_, _, length, kind, modifiers) = tokens
            .iter()
            .find(|t| t.0 == line && t.1 == column)
            .unwrap_or_else(|| panic!("a token at `{needle}`"));
        (*length, kind.clone(), modifiers.join(" "))
    };
    let expect = |length: u64, kind: &str, modifiers: &str| (length, kind.to_string(), modifiers.to_string());
    assert_eq!(token_at("# Dice Chess", 0), expect(54, "comment", ""));
    assert_eq!(token_at("# é🎲", 0), expect(11, "comment", ""), "UTF-16 units");
    assert_eq!(token_at("game \"", 0), expect(4, "keyword", ""));
    assert_eq!(token_at("\"Dice Chess\"", 0), expect(12, "string", ""));
    assert_eq!(token_at("white", 0), expect(5, "enumMember", "declaration"));
    assert_eq!(token_at("8 by", 0), expect(1, "number", ""));
    assert_eq!(token_at("piece die", 6), expect(3, "class", "declaration"));
    assert_eq!(token_at("face from", 0), expect(4, "property", "declaration"));
    assert_eq!(token_at("on back", 3), expect(4, "namespace", ""));
    assert_eq!(token_at("quiet = 0", 0), expect(5, "variable", "declaration"));
    assert_eq!(token_at("board_total", 0), expect(11, "function", "declaration"));
    assert_eq!(token_at("sum", 0), expect(3, "function", "defaultLibrary"));
    assert_eq!(token_at("s),", 0), expect(1, "parameter", ""));
    assert_eq!(token_at("d6", 0), expect(2, "number", ""));
    assert_eq!(token_at("orthogonal", 0), expect(10, "macro", "defaultLibrary"));
    assert_eq!(token_at("piece.face >=", 0), expect(5, "variable", "readonly defaultLibrary"));
    assert_eq!(token_at(">=", 0), expect(2, "operator", ""));
    assert_eq!(token_at("step, diagonal", 0), expect(4, "method", ""));
    assert_eq!(token_at("play {", 0), expect(4, "type", "declaration"));
}

#[test]
fn a_broken_file_still_has_its_parsed_items_served() {
    let text = read("rules/dice-chess.rules")
        .replacen("  step orthogonal\n", "  step orthogonal (\n", 1)
        .replacen("win mover\n", "win mover (\n", 1);
    let (mut client, diagnostics) = serving(&text);
    assert!(!diagnostics.is_empty());
    assert!(diagnostics.iter().all(|d| d["code"] == "syntax-error"), "{diagnostics:?}");
    assert!(hover_text(&mut client, find(&text, "set quiet", 0, 5)).starts_with("variable `quiet`"));
    let unchecked = hover_text(&mut client, find(&text, "win mover", 0, 5));
    assert!(unchecked.contains("context word `mover` — the seat acting"), "{unchecked}");
    let symbols =
        result(client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": URI } })));
    let names: Vec<&str> =
        symbols.as_array().expect("symbols").iter().map(|s| s["name"].as_str().expect("a name")).collect();
    assert!(names.contains(&"diagonal") && !names.contains(&"step"), "{names:?}");
}

#[test]
fn the_server_answers_errors_and_keeps_serving() {
    let text = read("rules/dice-chess.rules");
    let (mut client, _) = serving(&text);
    client.send_raw(b"Content-Length: 8\r\n\r\n{\"jsonrp");
    let parse_error = client.response(&Value::Null);
    assert_eq!(error_code(&parse_error), -32700);
    client.send(&json!({ "jsonrpc": "2.0", "id": 2.5, "method": "textDocument/hover" }));
    assert_eq!(error_code(&client.response(&json!(2.5))), -32600);
    client.send_raw(b"Content-Length: nine\r\n\r\n");
    assert_eq!(error_code(&client.response(&Value::Null)), -32700);
    client.send_raw(b"\xff\xfe garbage\r\nContent-Length: 2\r\n\r\n[]");
    assert_eq!(error_code(&client.response(&Value::Null)), -32600);
    assert_eq!(error_code(&client.request("textDocument/unknown", json!({}))), -32601);
    assert_eq!(error_code(&client.request("textDocument/hover", json!({ "textDocument": 7 }))), -32602);
    let past = at(json!({ "line": 500, "character": 0 }));
    let response = client.request("textDocument/hover", past);
    assert_eq!(error_code(&response), -32602);
    // The document's lines: those the text ends, and the empty one after its last newline.
    let lines = text.matches('\n').count() + 1;
    let message = format!("line 500 is past the end of the document, which has {lines} lines");
    assert_eq!(response["error"]["message"], message.as_str());
    let beyond_line =
        result(client.request("textDocument/hover", at(json!({ "line": 2, "character": 999 }))));
    assert_eq!(beyond_line, Value::Null, "a column past the line's end is its end");
    let closed = json!({ "textDocument": { "uri": "file:///not/open.rules" }, "position": { "line": 0, "character": 0 } });
    assert_eq!(error_code(&client.request("textDocument/definition", closed)), -32803);
    client.notify("textDocument/didChange", json!({ "textDocument": { "uri": "file:///not/open.rules", "version": 2 }, "contentChanges": [{ "text": "" }] }));
    assert_eq!(client.notification("window/logMessage")["params"]["type"], 1);
    client.notify("$/unknown", json!(null));

    // Every request at every place of the largest rules file gets an answer, none an internal error.
    let ism = read("rules/immortal-star-masters.rules");
    client.change(URI, 2, &ism);
    for offset in (0..ism.len()).step_by(97).filter(|&o| ism.is_char_boundary(o)) {
        let place = at(position(&ism, offset));
        for method in [
            "textDocument/hover",
            "textDocument/definition",
            "textDocument/completion",
            "textDocument/prepareRename",
        ] {
            let response = client.request(method, place.clone());
            assert_ne!(response["error"]["code"], -32603, "{method} at {offset}: {response}");
        }
    }
    let hover = client.request("textDocument/hover", at(find(&ism, "define in_check", 0, 8)));
    assert!(
        result(hover)["contents"]["value"].as_str().expect("a hover").starts_with("definition `in_check`")
    );
}

#[test]
fn formatting_lays_the_document_out_as_ludex_fmt_does() {
    let text = read("rules/mana.rules");
    let (mut client, _) = serving(&text);
    let request = |client: &mut Client| {
        client.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 2, "insertSpaces": true } }),
        )
    };
    assert_eq!(result(request(&mut client)), json!([]), "a formatted file needs no edit");

    let untidy =
        text.replacen("board square", "board   square", 1).replacen("level(from)", "level( from )", 1);
    client.change(URI, 2, &untidy);
    let edits = result(request(&mut client));
    let edits = edits.as_array().expect("edits");
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["newText"], text.as_str(), "the formatted text is the shipped file");
    assert_eq!(edits[0]["range"]["start"], json!({ "line": 0, "character": 0 }));
    let lines = untidy.lines().count() as u64;
    assert!(edits[0]["range"]["end"]["line"].as_u64().expect("a line") >= lines - 1);

    client.change(URI, 3, "game \"Broken\"\nboard square 4 by\n");
    let refused = request(&mut client);
    assert_eq!(error_code(&refused), -32803, "{refused}");
    assert!(refused["error"]["message"].as_str().expect("a message").contains("syntax error"), "{refused}");
}
