//! Duwen (`rules/duwen.rules`): the pyramid's heights, the elevation rule of pushing on a height map
//! written here, and random games on the standard and the custom board that finish and replay from
//! their records. The scenario of every rule of the rulebook, with its worked examples, is in
//! rules/duwen.tests and rules/duwen-ridge.tests (`ludex test rules/duwen.rules`).

mod support;

use std::collections::BTreeMap;

use ludex::runtime::{Engine, State, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::{legal, load, token_on as at};

const RULES: &str = "rules/duwen.rules";
const RIDGE: &str = "rules/duwen-ridge.rules";

fn compile(text: &str) -> Engine {
    let compiled = ludex::compile(text, &BTreeMap::new());
    let game = compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics));
    Engine::new(game)
}

fn engine() -> Engine {
    support::engine(RULES)
}

/// The rules with the standard height map's first rank (its last grid line) replaced.
fn engine_with_first_rank(rank: &str) -> Engine {
    let text = std::fs::read_to_string(RULES).expect("the rules file");
    let standard = "  1 2 2 2 2 2 1\n  1 1 1 1 1 1 1\n}";
    assert!(text.contains(standard));
    compile(&text.replacen(standard, &format!("  1 2 2 2 2 2 1\n  {rank}\n}}"), 1))
}

/// A position: the header lines, then the board (seven ranks, the 7th first).
fn position(engine: &Engine, header: &str, board: &str) -> State {
    load(engine, &format!("{header}\nboard\n{board}"))
}

fn is_legal(engine: &Engine, state: &State, text: &str) -> bool {
    engine.parse_move(state, text).is_ok_and(|mv| engine.move_notation(state, mv) == text)
}

/// The cells of the lowest level: the outer ring.
fn ring() -> Vec<String> {
    let mut cells = Vec::new();
    for file in 'a'..='g' {
        for rank in 1..=7 {
            if file == 'a' || file == 'g' || rank == 1 || rank == 7 {
                cells.push(format!("{file}{rank}"));
            }
        }
    }
    cells
}

#[test]
fn the_pyramid_starts_with_five_crystals_on_top_and_six_explorers_in_each_basecamp() {
    let engine = engine();
    let state = engine.initial_state();
    for cell in ["c3", "e3", "d4", "c5", "e5"] {
        assert_eq!(at(&engine, &state, cell), "C", "{cell}");
    }
    assert_eq!((0..49).filter(|&c| engine.piece_at(&state, c).is_some()).count(), 5);
    assert_eq!((engine.reserve(&state, 0).len(), engine.reserve(&state, 1).len()), (6, 6));
    assert_eq!(engine.status(&state), Status::Decision { seat: 0 }, "light moves first");
    let height = |cell: &str| engine.map_value(&state, 0, engine.cell_named(cell).expect("cell"));
    let rows: Vec<String> = (1..=7)
        .rev()
        .map(|rank| {
            ('a'..='g').map(|f| height(&format!("{f}{rank}")).expect("a height").to_string()).collect()
        })
        .collect();
    assert_eq!(rows, ["1111111", "1222221", "1243421", "1234321", "1243421", "1222221", "1111111"]);
    // Placing on any square of the outer edge, or offering a draw.
    let mut expected: Vec<String> = ring().iter().map(|c| format!("E@{c}")).collect();
    expected.push("agree".into());
    expected.sort();
    assert_eq!(legal(&engine, &state), expected);
}

#[test]
fn an_explorer_is_never_pushed_uphill() {
    // A first rank of 2 1 2 1 2 1 1: from a1 (2) the explorer on b1 (1) would go up to c1 (2), no
    // higher than its pusher but uphill; from e1 (2) the one on f1 (1) goes to g1 (1). Neither
    // board of the rules files has such a row, so no scenario test can show it.
    let engine = engine_with_first_rank("2 1 2 1 2 1 1");
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 E1:6 E2:2 . . E1:6 E2:2 .";
    let state = position(&engine, "", board);
    assert!(!is_legal(&engine, &state, "a1-b1"));
    assert!(is_legal(&engine, &state, "e1-f1"));
}

/// A random game to its end, checking that every state survives the position format; returns the
/// record.
fn random_game(engine: &Engine, seed: u64) -> ludex::record::Record {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let (mut plies, mut moves) = (Vec::new(), Vec::new());
    let result = loop {
        match engine.status(&state) {
            Status::Over(result) => break result,
            Status::Chance { .. } => panic!("Duwen has no dice rolls"),
            Status::Decision { .. } => {
                engine.legal_moves(&state, &mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                plies.push(engine.move_notation(&state, mv));
                engine.apply_move(&mut state, mv);
                let text = engine.write_position(&state);
                assert_eq!(engine.load_position(&text).as_ref(), Ok(&state), "\n{text}");
            }
        }
    };
    assert!(engine.ply(&state) <= engine.game.limits.max_plies);
    ludex::record::Record {
        ludex: ludex::record::FORMAT_VERSION,
        rules: RULES.into(),
        options: BTreeMap::new(),
        seed,
        seats: vec!["random".into(), "random".into()],
        position: None,
        plies,
        result: Some(result),
    }
}

#[test]
fn random_games_on_both_boards_finish_and_replay_from_their_records() {
    for path in [RULES, RIDGE] {
        let engine = support::engine(path);
        for seed in 0..10 {
            let record = random_game(&engine, seed);
            let end =
                ludex::record::verify(&engine, &record).unwrap_or_else(|e| panic!("{path} {seed}: {e:?}"));
            assert_eq!(Some(engine.status(&end)), record.result.clone().map(Status::Over));
        }
    }
}
