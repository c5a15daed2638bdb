//! Golden pictures: the start position of every rules file in `rules/` and `docs/examples/`, a
//! position with its last move marked, and a board with cells left out, each snapshot-tested as SVG;
//! and what every picture must hold (one clickable cell per board cell, one token per piece).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ludex_agents::play::roll_to_decision;
use ludex_render::{LastMove, Picture, svg};
use ludex_runtime::{Engine, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn engine(text: &str) -> Engine {
    let compiled = ludex_check::compile(text, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// The start position, its setup rolls made from seed 0.
fn start(engine: &Engine) -> State {
    let mut state = engine.initial_state();
    roll_to_decision(engine, &mut state, &mut ChaCha8Rng::seed_from_u64(0));
    state
}

fn rules_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<PathBuf> = ["rules", "docs/examples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).expect("the directory exists"))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

/// Checks what every picture holds, then returns it.
fn checked_svg(engine: &Engine, state: &State, picture: &Picture) -> String {
    let text = svg(engine, state, picture);
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.ends_with("</svg>\n"));
    let board = &engine.game.board;
    assert_eq!(text.matches("class=\"cell\"").count(), board.cell_count());
    for cell in &board.cells {
        assert!(text.contains(&format!("data-cell=\"{}\"", cell.name)), "{}", cell.name);
    }
    text
}

#[test]
fn every_rules_file_start_position() {
    let files = rules_files();
    assert!(files.len() >= 13, "{files:?}");
    for path in files {
        let engine = engine(&std::fs::read_to_string(&path).expect("readable"));
        let text = checked_svg(&engine, &start(&engine), &Picture::default());
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        // The documentation's examples apart from the games: both have a `hex`.
        let examples = path.parent().is_some_and(|dir| dir.ends_with("examples"));
        let folder = if examples { "examples-" } else { "" };
        insta::assert_snapshot!(format!("start-{folder}{name}"), text);
    }
}

#[test]
fn a_position_with_its_last_move_marked() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/chess.rules"))
        .expect("chess");
    let engine = engine(&text);
    let mut state = start(&engine);
    let mv = engine.parse_move(&state, "e2-e4").expect("a legal move");
    let last = LastMove::of(&engine, &state, mv);
    assert_eq!((last.notation.as_str(), last.seat), ("e2-e4", Some(0)));
    engine.apply_move(&mut state, mv);
    let picture = Picture { zones: Vec::new(), last_move: Some(last) };
    let text = checked_svg(&engine, &state, &picture);
    assert!(text.contains("class=\"last-move\""));
    assert!(text.contains("last move: e2-e4 (white)"));
    insta::assert_snapshot!("chess-after-e4", text);
}

/// A 33-hole cross: the corners of a 7 × 7 board left out, with the middle zone tinted.
const CROSS: &str = r#"game "Cross"
seat solo
board square 7 by 7 without (files a to b + files f to g) - rows 3 to 5
piece peg { letter O }
zone middle = cells d4
setup { place peg for solo on board - middle }
action jump for peg { step orthogonal }
phase play { turn { play jump } }
end { when turns >= 1: draw }
"#;

#[test]
fn a_board_with_cells_left_out_keeps_its_columns() {
    let engine = engine(CROSS);
    assert_eq!(engine.game.board.cell_count(), 33);
    let state = start(&engine);
    let picture = Picture { zones: vec![0], last_move: None };
    let text = checked_svg(&engine, &state, &picture);
    // c7 stands in file c's column, above c1's: the same x.
    let x_of = |name: &str| {
        let at = text.find(&format!("data-cell=\"{name}\" points=\"")).expect(name);
        let points = &text[at..];
        let first = points.split('"').nth(3).expect("points");
        let xs: Vec<f64> = first.split(' ').map(|p| p.split(',').next().unwrap().parse().unwrap()).collect();
        xs.iter().sum::<f64>() / xs.len() as f64
    };
    assert_eq!(x_of("c7"), x_of("c1"));
    assert_eq!(x_of("e7"), x_of("e3"));
    assert!(x_of("c7") > x_of("a3"));
    assert_eq!(text.matches("<circle").count() - legend_discs(&engine), 32);
    insta::assert_snapshot!("cross", text);
}

/// The discs the legend draws: one per seat, one per piece type.
fn legend_discs(engine: &Engine) -> usize {
    engine.game.seats.len() + engine.game.pieces.len()
}
