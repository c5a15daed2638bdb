//! Duwen (`rules/duwen.rules`): a scenario for every rule of the rulebook — a position, then the
//! exact legal moves or the exact outcome — including the rulebook's worked examples; and random
//! games on the standard and the custom board that finish and replay from their records.

mod support;

use std::collections::BTreeMap;

use ludex::runtime::{Engine, State, Status, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::{legal, load, play, result, token_on as at, variable};

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

/// The legal moves that start on `from` and end on `to` (`off` for leaving the board).
fn moves_between(engine: &Engine, state: &State, from: &str, to: &str) -> Vec<String> {
    let ending = |m: &String| m.rsplit(['-', 'x']).next() == Some(to);
    legal(engine, state).into_iter().filter(|m| m.starts_with(from) && ending(m)).collect()
}

fn is_legal(engine: &Engine, state: &State, text: &str) -> bool {
    engine.parse_move(state, text).is_ok_and(|mv| engine.move_notation(state, mv) == text)
}

/// Each reserve piece's strength, in order.
fn reserve(engine: &Engine, state: &State, seat: u8) -> Vec<i32> {
    engine.reserve(state, seat).iter().map(|p| p.attributes[0]).collect()
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
fn an_explorer_is_placed_with_six_strength_on_an_unoccupied_square_of_the_lowest_level() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 E2:3 . . . . . C
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let mut state = position(&engine, "reserve light E", board);
    let drops: Vec<String> = legal(&engine, &state).into_iter().filter(|m| m.starts_with("E@")).collect();
    let mut expected: Vec<String> =
        ring().iter().filter(|c| *c != "a4" && *c != "g4").map(|c| format!("E@{c}")).collect();
    expected.sort();
    assert_eq!(drops, expected);
    play(&engine, &mut state, "E@d1");
    assert_eq!(at(&engine, &state, "d1"), "E1:6");
    assert!(engine.reserve(&state, 0).is_empty());
}

#[test]
fn a_move_is_a_path_of_orthogonal_steps_each_costing_one_strength() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 E1:3 . . . . . .";
    let state = position(&engine, "", board);
    // With 3 strength an explorer takes at most two steps (a die keeps at least 1 pip). Paths with
    // the same end and strength are one move: a1-a2-b2 and a1-b1-b2, and leaving the board by a2
    // or by b1. Leaving the board is a step too.
    assert_eq!(
        legal(&engine, &state),
        ["a1-a2", "a1-a2-a3", "a1-a2-b2", "a1-a2-off", "a1-b1", "a1-b1-c1", "a1-off", "agree"]
    );
    let mut moved = state.clone();
    play(&engine, &mut moved, "a1-b1");
    assert_eq!((at(&engine, &moved, "a1"), at(&engine, &moved, "b1")), (".".into(), "E1:2".into()));
}

#[test]
fn paths_to_one_square_that_leave_different_strength_are_different_moves() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 E1:4 . . . . . .";
    let state = position(&engine, "", board);
    assert_eq!(moves_between(&engine, &state, "a1", "b1"), ["a1-a2-b2-b1", "a1-b1"]);
    let mut long = state.clone();
    play(&engine, &mut long, "a1-a2-b2-b1");
    let mut short = state.clone();
    play(&engine, &mut short, "a1-b1");
    assert_eq!((at(&engine, &short, "b1"), reserve(&engine, &long, 0)), ("E1:3".to_string(), vec![1]));
}

#[test]
fn climbing_is_at_most_one_level_a_step_and_descending_is_free() {
    let engine = engine();
    // The rulebook's example: from the edge the explorer cannot go straight up to the top and keep
    // 4 strength; it must go round by more squares and keeps only 2.
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . C . C . .
        4 . . . C . . .
        3 E1:6 . . . C . .
        2 . . . . . . .
        1 . . . . . . .";
    let state = position(&engine, "", board);
    assert!(!is_legal(&engine, &state, "a3-b3-c3"), "b3 is level 2, c3 level 4");
    assert_eq!(moves_between(&engine, &state, "a3", "c3"), ["a3-a4-b4-c4-c3"]);
    let mut state = state;
    play(&engine, &mut state, "a3-a4-b4-c4-c3");
    assert_eq!(at(&engine, &state, "c3"), "E1:2");
    // Going down has no limit: from the top (4) to c2 (2), then to the edge (1).
    let mut down = position(
        &engine,
        "",
        "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . E1:6 . . . .
        2 . . . . . . .
        1 . . . . . . .",
    );
    assert!(is_legal(&engine, &down, "c3-c2-c1"));
    play(&engine, &mut down, "c3-b3");
    assert_eq!(at(&engine, &down, "b3"), "E1:5");
}

#[test]
fn an_explorer_with_five_strength_pushes_one_with_four_back_one_or_two_squares() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . E2:5 E1:4 . . . .
        1 . . . . . . .";
    let state = position(&engine, "turn dark", board);
    // The second push compares the 4 strength left after the first step with the 4 ahead; a third
    // would compare 3 with 4.
    let straight = ["b2-c2", "b2-c2-d2", "b2-c2-d2-e2", "b2-c2-d2-e2-f2"];
    let east: Vec<String> =
        legal(&engine, &state).into_iter().filter(|m| straight.contains(&m.as_str())).collect();
    assert_eq!(east, ["b2-c2", "b2-c2-d2"]);
    let mut once = state.clone();
    play(&engine, &mut once, "b2-c2");
    assert_eq!((at(&engine, &once, "c2"), at(&engine, &once, "d2")), ("E2:4".into(), "E1:4".into()));
    let mut twice = state.clone();
    play(&engine, &mut twice, "b2-c2-d2");
    let row: Vec<String> = ["b2", "c2", "d2", "e2"].iter().map(|c| at(&engine, &twice, c)).collect();
    assert_eq!(row, [".", ".", "E2:3", "E1:4"], "the pushed explorer loses no strength");
}

#[test]
fn a_line_is_pushed_when_the_pusher_is_as_strong_as_all_of_it() {
    let engine = engine();
    let line = |second: u8| {
        let board = format!(
            "7 . . . . . . .\n6 . . . . . . .\n5 . . . . . . .\n4 . . . . . . .\n3 . . . . . . .\n\
             2 . E1:5 E2:2 E1:{second} . . .\n1 . . . . . . ."
        );
        position(&engine, "", &board)
    };
    // Own explorers may be pushed too.
    let mut state = line(3);
    play(&engine, &mut state, "b2-c2");
    let row: Vec<String> = ["b2", "c2", "d2", "e2"].iter().map(|c| at(&engine, &state, c)).collect();
    assert_eq!(row, [".", "E1:4", "E2:2", "E1:3"]);
    assert!(!is_legal(&engine, &line(4), "b2-c2"), "5 is less than 2 + 4");
}

#[test]
fn an_explorer_cannot_push_one_standing_higher_even_its_own() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 E1:6 E1:2 . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let state = position(&engine, "", board);
    assert!(legal(&engine, &state).iter().all(|m| !m.starts_with("a4-b4")));
    // From the same level (b3 or b5, at 2) it can push it along.
    assert_eq!(
        moves_between(&engine, &state, "a4", "b4"),
        ["a4-a3-a2-b2-b3-b4", "a4-a3-b3-b4", "a4-a5-a6-b6-b5-b4", "a4-a5-b5-b4"]
    );
}

#[test]
fn an_explorer_cannot_be_pushed_up_higher_than_its_pusher() {
    // A first rank of 2 1 3 1 2 1 1: from a1 (2) the explorer on b1 (1) would go up to c1 (3); from
    // e1 (2) the one on f1 (1) goes to g1 (1).
    let engine = engine_with_first_rank("2 1 3 1 2 1 1");
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

#[test]
fn a_crystal_is_pushed_straight_ahead_and_uphill_one_level_into_an_empty_square() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . E1:6 C . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let state = position(&engine, "", board);
    // Climbing onto c4 (3) the explorer pushes the crystal up to d4 (4), then may push it on down.
    let mut up = state.clone();
    play(&engine, &mut up, "b4-c4");
    assert_eq!((at(&engine, &up, "c4"), at(&engine, &up, "d4")), ("E1:5".into(), "C".into()));
    assert_eq!(variable(&engine, &up, "crystal_moved"), Value::Int(1));
    let mut on = state.clone();
    play(&engine, &mut on, "b4-c4-d4");
    assert_eq!((at(&engine, &on, "d4"), at(&engine, &on, "e4")), ("E1:4".into(), "C".into()));
    // Turning after a push leaves the crystal where it was pushed.
    assert!(is_legal(&engine, &state, "b4-c4-c5"));
    // Two levels up (b3 at 2 to c3 at 4) is too steep for a crystal.
    let steep = position(
        &engine,
        "",
        "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 E1:6 C . . . . .
        2 . . . . . . .
        1 . . . . . . .",
    );
    assert!(!is_legal(&engine, &steep, "a3-b3"));
}

#[test]
fn a_crystal_is_never_pushed_into_another_crystal_or_an_explorer() {
    let engine = engine();
    let blocked = |ahead: &str| {
        let board = format!(
            "7 . . . . . . .\n6 . . . . . . .\n5 . . . . . . .\n4 . E1:6 C {ahead} . . .\n3 . . . . . . .\n\
             2 . . . . . . .\n1 . . . . . . ."
        );
        !is_legal(&engine, &position(&engine, "", &board), "b4-c4")
    };
    assert!(blocked("C"), "a crystal behind a crystal");
    assert!(blocked("E2:1"), "an explorer behind a crystal");
    assert!(!blocked("."));
}

#[test]
fn explorers_ahead_of_a_crystal_push_it_and_one_off_the_edge_is_collected_by_the_pusher() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 C E2:3 E1:6 . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let mut state = position(&engine, "", board);
    play(&engine, &mut state, "c4-b4");
    let row: Vec<String> = ["a4", "b4", "c4"].iter().map(|c| at(&engine, &state, c)).collect();
    assert_eq!(row, ["E2:3", "E1:5", "."]);
    let prizes: Vec<_> = engine.prizes(&state, 0).iter().map(|p| (p.piece.owner, p.cell)).collect();
    assert_eq!(prizes, [(None, engine.cell_named("a4"))]);
    assert_eq!(engine.status(&state), Status::Decision { seat: 1 });
}

#[test]
fn an_explorer_pushed_off_the_edge_returns_to_basecamp_with_its_strength() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 E2:3 E1:6 . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let mut state = position(&engine, "", board);
    play(&engine, &mut state, "b4-a4");
    assert_eq!(at(&engine, &state, "a4"), "E1:5");
    assert_eq!(reserve(&engine, &state, 1), [3]);
    assert!(engine.prizes(&state, 0).is_empty());
}

#[test]
fn an_explorer_may_walk_off_the_edge_back_to_basecamp() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . E1:3 . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let state = position(&engine, "", board);
    assert_eq!(moves_between(&engine, &state, "b4", "off"), ["b4-a4-off"]);
    let mut state = state;
    play(&engine, &mut state, "b4-a4-off");
    assert_eq!(at(&engine, &state, "b4"), ".");
    assert_eq!(reserve(&engine, &state, 0), [1]);
}

#[test]
fn an_explorer_left_with_one_strength_returns_to_basecamp_and_reenters_at_full_strength() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 E1:2 . . . . . E2:1";
    let mut state = position(&engine, "", board);
    play(&engine, &mut state, "a1-b1");
    assert_eq!(at(&engine, &state, "b1"), ".");
    assert_eq!(reserve(&engine, &state, 0), [1]);
    // Only the explorers of the seat whose turn ends go back; this one cannot move at all.
    assert_eq!(at(&engine, &state, "g1"), "E2:1");
    assert_eq!(legal(&engine, &state), ["agree"]);
    play(&engine, &mut state, "agree");
    assert_eq!((at(&engine, &state, "g1"), reserve(&engine, &state, 1)), (".".into(), vec![1]));
    play(&engine, &mut state, "E@a1");
    assert_eq!(at(&engine, &state, "a1"), "E1:6");
}

#[test]
fn twenty_combined_turns_without_a_crystal_moving_draw() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . E1:6 C . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let header = "turns 25\nvariable crystal_moved = 6";
    let mut quiet = position(&engine, header, board);
    play(&engine, &mut quiet, "b4-a4");
    let over = result(&engine, &quiet).expect("a draw");
    assert_eq!((over.places, over.reason.as_str()), (vec![1, 1], "end rule 2: draw"));
    let mut pushed = position(&engine, header, board);
    play(&engine, &mut pushed, "b4-c4");
    assert_eq!(engine.status(&pushed), Status::Decision { seat: 1 });
    assert_eq!(variable(&engine, &pushed, "crystal_moved"), Value::Int(26));
    let mut earlier = position(&engine, "turns 24\nvariable crystal_moved = 6", board);
    play(&engine, &mut earlier, "b4-a4");
    assert_eq!(engine.status(&earlier), Status::Decision { seat: 1 });
}

#[test]
fn both_players_agreeing_in_a_row_draw() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . E1:6 . . . . E2:6
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let mut declined = position(&engine, "", board);
    for text in ["agree", "g4-f4", "agree"] {
        play(&engine, &mut declined, text);
    }
    assert_eq!(engine.status(&declined), Status::Decision { seat: 1 });
    play(&engine, &mut declined, "agree");
    let over = result(&engine, &declined).expect("agreed");
    assert_eq!((over.places, over.reason.as_str()), (vec![1, 1], "end rule 3: draw"));
}

#[test]
fn the_third_crystal_wins() {
    let engine = engine();
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 C E1:6 . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let mut second = position(&engine, "prizes light C", board);
    play(&engine, &mut second, "b4-a4");
    assert_eq!(engine.status(&second), Status::Decision { seat: 1 });
    let mut third = position(&engine, "prizes light C C", board);
    play(&engine, &mut third, "b4-a4");
    let over = result(&engine, &third).expect("light has three crystals");
    assert_eq!((over.places, over.reason.as_str()), (vec![1, 2], "end rule 1: light wins"));
}

#[test]
fn the_ridge_is_the_same_game_on_another_height_map() {
    let engine = support::engine(RIDGE);
    let state = engine.initial_state();
    let crystals: Vec<String> =
        ["b4", "c4", "d4", "e4", "f4"].iter().map(|c| at(&engine, &state, c)).collect();
    assert_eq!(crystals, ["C"; 5]);
    // a4 and g4 are level 2: no explorer starts there, and none climbs from there onto the crest.
    let mut expected: Vec<String> =
        ring().iter().filter(|c| *c != "a4" && *c != "g4").map(|c| format!("E@{c}")).collect();
    expected.push("agree".into());
    expected.sort();
    assert_eq!(legal(&engine, &state), expected);
    let board = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 E1:6 C . . . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .";
    let crest = position(&engine, "", board);
    // From a4 (2) the crest (4) is too steep; round by a flank (b3 or b5, 3) the crystal is pushed
    // off it.
    assert_eq!(moves_between(&engine, &crest, "a4", "b4"), ["a4-a3-a2-b2-b3-b4", "a4-a5-a6-b6-b5-b4"]);
    let mut pushed = crest.clone();
    play(&engine, &mut pushed, "a4-a3-a2-b2-b3-b4");
    assert_eq!(at(&engine, &pushed, "b5"), "C");
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
