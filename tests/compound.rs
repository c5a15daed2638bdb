//! Compound moves (`then ACTION`, docs/language.md 15.5): a second part that must follow and one
//! that follows only where its condition holds, its `from` where the first part landed, the turn
//! seeing one move (its `after` once, its `legal if` after both parts, the first part's context),
//! a default turn that does not offer a second part alone, the notation read back, and records of
//! Amazons and Nine Men's Morris games that replay.

mod support;

use std::collections::BTreeMap;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, Value};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{engine, legal, load, play, sorted, variable};

/// The checker alone: without a setup the games are over at their start (nobody can move), which
/// `ludex::compile` refuses; the tests load their positions.
fn compiled(text: &str) -> Engine {
    let compiled = ludex::check::compile(text, &BTreeMap::new());
    assert!(!compiled.diagnostics.iter().any(|d| d.is_error()), "{:?}", compiled.diagnostics);
    Engine::new(compiled.game.expect("a game"))
}

/// A runner that steps, then must climb one cell north from where it landed; no phase, so the
/// default turn offers `dash` and not `climb` alone.
const MUST_CLIMB: &str = "game \"Climb\"\nseat white\nseat black\nboard square 3 by 3\n\
    piece runner {\n  letter R\n}\n\
    action dash for runner {\n  step orthogonal\n  to empty\n  then climb\n}\n\
    action climb for runner {\n  step n\n  to empty\n}\n\
    end {\n  when stuck: win mover\n}\n";

#[test]
fn a_second_part_without_if_must_follow_and_starts_where_the_first_landed() {
    let engine = compiled(MUST_CLIMB);
    // From a1: to a2 then a3; to b1 then b2, which is taken: that first part is no move.
    let state = load(&engine, "pieces R1@a1 R2@b2 R2@c3");
    assert_eq!(legal(&engine, &state), sorted(&["a1-a2/a2-a3"]));
    let free = load(&engine, "pieces R1@a1 R2@c3");
    assert_eq!(legal(&engine, &free), sorted(&["a1-a2/a2-a3", "a1-b1/b1-b2"]));
}

/// The second part follows only a first part that ends on row 1; the turn's `after` counts
/// moves and keeps the move's `to`; `legal if` is read after both parts.
const MAY_CLIMB: &str = "game \"Climb\"\nseat white\nseat black\nboard square 3 by 3\n\
    piece runner {\n  letter R\n}\nzone home = row 1\nvariable moves = 0\nvariable landed: cell = none\n\
    action dash for runner {\n  step orthogonal\n  to empty\n  then climb if to in home\n}\n\
    action climb for runner {\n  step n\n  to empty\n}\n\
    phase race {\n  turn {\n    play dash\n    after {\n      set moves = moves + 1\n      set landed = to\n    }\n\
        legal if piece_at(c2) == none\n  }\n}\n\
    end {\n  when stuck: win mover\n}\n";

#[test]
fn a_second_part_with_if_follows_only_where_the_condition_holds() {
    let engine = compiled(MAY_CLIMB);
    // a1-a2 ends on row 2: alone; a1-b1 ends on row 1: it must climb, and b2 is taken.
    let blocked = load(&engine, "phase race\npieces R1@a1 R2@b2 R2@a3");
    assert_eq!(legal(&engine, &blocked), sorted(&["a1-a2"]));
    let free = load(&engine, "phase race\npieces R1@a1 R2@a3");
    assert_eq!(legal(&engine, &free), sorted(&["a1-a2", "a1-b1/b1-b2"]));
}

#[test]
fn the_turn_sees_one_move() {
    let engine = compiled(MAY_CLIMB);
    // b1-c1 must climb to c2, which `legal if`, read after both parts, forbids.
    let mut state = load(&engine, "phase race\npieces R1@b1 R2@a3");
    assert_eq!(legal(&engine, &state), sorted(&["b1-a1/a1-a2", "b1-b2"]));
    play(&engine, &mut state, "b1-a1/a1-a2");
    assert_eq!(engine.ply(&state), 1);
    assert_eq!(variable(&engine, &state, "moves"), Value::Int(1), "`after` runs once");
    assert_eq!(variable(&engine, &state, "landed"), Value::Cell(engine.cell_named("a1").unwrap()));
    assert_eq!(support::to_move(&engine, &state).as_deref(), Some("black"));
}

#[test]
fn every_compound_move_reads_back_from_its_notation() {
    let engine = engine("rules/amazons.rules");
    let state = engine.initial_state();
    let mut moves = Vec::new();
    engine.legal_moves(&state, &mut moves);
    assert_eq!(moves.len(), 2176);
    for &mv in &moves {
        let text = engine.move_notation(&state, mv);
        assert_eq!(engine.parse_move(&state, &text), Ok(mv), "{text}");
    }
    let written = engine.parse_move(&state, "d1-d7/g7").expect("a legal move");
    assert_eq!(engine.parse_move(&state, "D1D7/G7"), Ok(written));
    assert!(engine.parse_move(&state, "d1-d7").unwrap_err().contains("not a legal move"));
    assert!(engine.parse_move(&state, "d1-d7/d1-g7").is_err());
}

#[test]
fn games_of_compound_moves_replay_from_their_records() {
    for path in ["rules/amazons.rules", "rules/morris.rules"] {
        let engine = engine(path);
        let seed = 3;
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
        let game =
            play_out(&engine, engine.initial_state(), &mut agents, &mut ChaCha8Rng::seed_from_u64(seed));
        assert!(game.result().is_some(), "{path}: {:?}", game.ending);
        let header = RecordHeader {
            rules: path.into(),
            options: BTreeMap::new(),
            seed,
            seats: vec!["random".into(); 2],
            position: None,
        };
        let record = Record::new(header, game);
        let mut text = Vec::new();
        record::write(&mut text, &record).expect("written");
        let line = String::from_utf8(text).expect("UTF-8");
        assert!(line.contains('/'), "{path}: a compound move is recorded: {line}");
        let (_, read) = record::read(line.as_bytes()).next().expect("a record").expect("it reads");
        record::verify(&engine, &read).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
