//! The position format: reading, writing, round trips through random play, and errors.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

/// A game that uses every part of the state: prizes, reserves, per-seat and piece variables,
/// a rotating map, a capture roll and several actions a turn.
fn rich() -> Game {
    let mut g = game(4, 4);
    g.actions.push(action("step", step(&g, &["n", "ne", "e", "se", "s", "sw", "w", "nw"])));
    let all = CellSet::from_cells((0..16).collect(), 16);
    g.actions.push(action(
        "enter",
        ActionKind::Drop { cells: vec![all.clone(), all], with: vec![(0, Expr::Roll(3))] },
    ));
    g.actions.push(action("spin", ActionKind::Choose { from: int(0), to: int(1) }));
    g.actions[2].then = vec![Effect::RotateMap { map: 0, by: ctx(ContextWord::Choice) }];
    g.maps.push(Map { name: "level".into(), values: (0..16).map(|v| Some(v % 3)).collect(), mutable: true });
    g.capture.destination = CaptureDestination::Prizes;
    g.capture.then =
        vec![Effect::SetAttribute { cell: ctx(ContextWord::To), attribute: 0, value: Expr::Roll(6) }];
    g.variables.push(variable("moves", int(0)));
    g.variables.push(Variable { per_seat: true, ..variable("score", int(0)) });
    g.variables.push(Variable { ty: ValueType::Cell, ..variable("last", Expr::Const(Const::None)) });
    g.variables.push(Variable { ty: ValueType::Piece, ..variable("mover", Expr::Const(Const::None)) });
    g.phases[0].turn.after = vec![
        set(0, bin(BinaryOp::Add, var(0), int(1))),
        Effect::SetVariable { variable: 1, seat: Some(ctx(ContextWord::Mover)), value: Expr::Roll(4) },
        set(2, ctx(ContextWord::To)),
        set(3, ctx(ContextWord::Piece)),
    ];
    g.phases[0].turn.choices[0].actions = vec![0, 1, 2];
    g.phases[0].turn.count = ActionCount::UpTo(int(2));
    let row = |r: u16| (0..4).map(|f| r * 4 + f).collect::<Vec<_>>();
    g.setup = vec![
        SetupStep::Place { piece: 0, owner: Some(0), cells: row(0), with: vec![(0, Expr::Roll(6))] },
        SetupStep::Place { piece: 0, owner: Some(1), cells: row(3), with: vec![(0, Expr::Roll(6))] },
        SetupStep::Reserve { piece: 0, owner: 0, count: 2 },
        SetupStep::Reserve { piece: 0, owner: 1, count: 2 },
    ];
    g.end = vec![end_rule(
        bin(BinaryOp::Eq, pieces_of(ctx(ContextWord::Next)), int(0)),
        Outcome::Win(ctx(ContextWord::Mover)),
    )];
    g.limits.max_plies = 60;
    g
}

/// Every state of a random game, chance nodes included.
fn random_game(engine: &Engine, seed: u64) -> Vec<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let mut states = vec![state.clone()];
    let mut moves = Vec::new();
    loop {
        match engine.status(&state) {
            Status::Over(_) => return states,
            Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides)),
            Status::Decision { .. } => {
                engine.legal_moves(&state, &mut moves);
                engine.apply_move(&mut state, moves[rng.random_range(0..moves.len())]);
            }
        }
        states.push(state.clone());
    }
}

#[test]
fn written_positions_load_back_to_the_same_state() {
    let engine = Engine::new(rich());
    for seed in 0..6 {
        for state in random_game(&engine, seed) {
            let text = engine.write_position(&state);
            let loaded = engine.load_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(loaded, state, "\n{text}");
        }
    }
}

#[test]
fn a_hand_written_position() {
    let text = "
        # white has moved twice
        phase play
        turn black
        ply 2
        last white
        variable moves = 2
        variable score(black) = 3
        variable last = b2
        reserve black M:4*2 M:1
        prizes white M2:5@c3 M2:1=7
        map level
        0 0 0 0
        1 1 1 1
        2 2 2 2
        . . . .
        board
        4 M2:1 . . .
          . M1:6 . .
          . . . .
        1 . . . M1:2
    ";
    let (engine, state) = load(rich(), text);
    assert_eq!(decision_seat(&engine, &state), Some(1));
    assert_eq!(engine.ply(&state), 2);
    assert_eq!(engine.variable(&state, "score", Some(1)), Some(Value::Int(3)));
    assert_eq!(engine.variable(&state, "last", None), Some(Value::Cell(engine.cell_named("b2").unwrap())));
    assert_eq!(engine.reserve(&state, 1).iter().map(|p| p.attribute(0)).collect::<Vec<_>>(), vec![1, 4, 4]);
    let prizes: Vec<(i64, Option<u16>)> =
        engine.prizes(&state, 0).iter().map(|p| (p.value, p.cell)).collect();
    assert!(prizes.contains(&(5, engine.cell_named("c3"))) && prizes.contains(&(7, None)));
    assert_eq!(engine.map_value(&state, 0, engine.cell_named("a4").unwrap()), Some(0));
    assert_eq!(engine.map_value(&state, 0, engine.cell_named("d1").unwrap()), None);
    assert_eq!(engine.piece_at(&state, engine.cell_named("b3").unwrap()).unwrap().attribute(0), 6);
}

#[test]
fn errors_name_the_line() {
    let engine = Engine::new(rich());
    let cases = [
        ("turn green", 1, "no seat"),
        ("\n\nboard\n. . . .\n. . . .", 3, "needs 4 rows"),
        ("board\n. . . .\n. . X1 .\n. . . .\n. . . .", 1, "letter"),
        ("board\n. . . .\n. . M9 .\n. . . .\n. . . .", 1, "no seat 9"),
        ("board\n. . . .\n. . M1:9 .\n. . . .\n. . . .", 1, "power must be 1 to 6"),
        ("board\n. . . .\n. . . . .\n. . . .\n. . . .", 3, "needs 4 cells"),
        ("# fine\nvariable score = 3", 2, "per seat"),
        ("variable moves = many", 1, "not a Int"),
        ("frobnicate", 1, "unknown statement"),
        ("roll 0 variable moves", 1, "side"),
        ("result 1", 1, "places"),
        ("reserve white M*99999", 1, "limit `reserve`"),
        (&format!("turn {}", "x".repeat(100_000)), 1, "no seat `xxx"),
    ];
    for (text, line, message) in cases {
        let error = engine.load_position(text).unwrap_err();
        assert!(error.starts_with(&format!("line {line}:")) && error.contains(message), "{text:?}: {error}");
        assert!(error.len() < 300, "the message quotes a window of the input: {} bytes", error.len());
    }
}

#[test]
fn holdings_load_up_to_their_limits_sorted_once() {
    let engine = Engine::new(rich());
    let full = format!("reserve white {}", "M*4096 ".repeat(16));
    let state = engine.load_position(&full).unwrap();
    assert_eq!(engine.reserve(&state, 0).len(), 65_536);
    let error = engine.load_position(&format!("{full} M")).unwrap_err();
    assert!(error.contains("limit `reserve` of 65536"), "{error}");
    let prizes = |count: usize| format!("prizes white {}", "M2 M1 ".repeat(count / 2));
    let state = engine.load_position(&prizes(65_536)).unwrap();
    let held = engine.prizes(&state, 0);
    assert_eq!(held.len(), 65_536);
    assert!(held.windows(2).all(|pair| pair[0] <= pair[1]), "kept sorted");
    let error = engine.load_position(&prizes(65_538)).unwrap_err();
    assert!(error.contains("limit `prizes`"), "{error}");
    let mut few = rich();
    few.limits.max_pieces = 10;
    let error = Engine::new(few)
        .load_position(
            "reserve white M*6
reserve black M*5",
        )
        .unwrap_err();
    assert!(error.contains("limit `pieces` of 10"), "{error}");
}

#[test]
fn counters_at_their_largest_are_shown_and_kept() {
    let engine = Engine::new(rich());
    let mut state = engine
        .load_position(
            "turns 4294967295
board
. . . .
. . . .
. M2 . .
M1 . . .",
        )
        .unwrap();
    assert!(engine.describe(&state).contains("turn 4294967296 of the phase"), "{}", engine.describe(&state));
    while engine.seat_to_move(&state) == Some(0) {
        let first = legal(&engine, &state).remove(0);
        play(&engine, &mut state, &first);
        while let Status::Chance { .. } = engine.status(&state) {
            engine.apply_chance(&mut state, 1);
        }
    }
    assert_eq!(engine.turns(&state), u32::MAX, "the count stays at its largest");
}

#[test]
fn thousands_of_pending_rolls_are_counted_without_a_call_each() {
    let mut g = rich();
    g.limits.max_rolls = 20_000;
    let engine = Engine::new(g);
    let board = "board
. . . .
. . . .
. M2 . .
M1 . . .";
    let rolled = engine
        .load_position(&format!(
            "{board}
variable moves = 1"
        ))
        .unwrap();
    let rolls = "roll 1 variable moves\n".repeat(12_000);
    let pending = engine.load_position(&format!("{board}\n{rolls}resume turn")).unwrap();
    assert_eq!(engine.status(&pending), Status::Chance { sides: 1 });
    assert_eq!(super::super::perft(&engine, &pending, 2), super::super::perft(&engine, &rolled, 2));
    let error = Engine::new(rich()).load_position(&"roll 1 variable moves\n".repeat(1025)).unwrap_err();
    assert!(error.contains("limit `rolls` of 1024"), "{error}");
}

#[test]
fn garbage_never_panics() {
    let engine = Engine::new(rich());
    let alphabet: Vec<char> =
        "board turn phase variable reserve prizes map roll result \n.:*@=()#M12345 -x".chars().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..2000 {
        let length = rng.random_range(0..120);
        let text: String = (0..length).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
        let _ = engine.load_position(&text);
    }
}

#[test]
fn perft_expands_chance_without_using_depth() {
    let mut g = game(3, 3);
    g.actions.push(action("step", step(&g, &ORTHOGONAL)));
    g.capture.then =
        vec![Effect::SetAttribute { cell: ctx(ContextWord::To), attribute: 0, value: Expr::Roll(6) }];
    let (engine, state) = load(g, "board\n. . .\nM1:1 M2:1 .\n. . .");
    // a2-a1, a2-a3 and a2xb2, whose roll gives 6 positions.
    assert_eq!(super::super::perft(&engine, &state, 1), 8);
    let divide = super::super::perft_divide(&engine, &state, 1);
    assert!(divide.contains(&("a2xb2".to_string(), 6)), "{divide:?}");
    let total: u64 = super::super::perft_divide(&engine, &state, 2).iter().map(|(_, n)| n).sum();
    assert_eq!(total, super::super::perft(&engine, &state, 2));
}

#[test]
fn hex_boards_are_written_one_file_a_line_and_drawn_as_a_honeycomb() {
    let mut g = game(3, 3);
    g.board = Board::hex(2).unwrap();
    g.seats[1].view = g.board.symmetry_index(180, Reflection::Unmirrored).unwrap();
    let sides: Vec<DirId> = g.board.group_named("sides").unwrap().to_vec();
    g.actions.push(action("step", ActionKind::Step { directions: vec![sides.clone(), sides] }));
    let (engine, state) = load(g, "board\n. .\n. M1:2 .\nM2:1 .");
    assert_eq!(legal(&engine, &state).len(), 6);
    assert!(legal(&engine, &state).contains(&"b2xc1".to_string()));
    let text = engine.write_position(&state);
    assert_eq!(engine.load_position(&text), Ok(state.clone()), "{text}");
    // Drawn as a honeycomb: each file a column, neighbouring files half a row apart, each line's
    // first and last cell's rank beside them.
    let drawn = engine.describe(&state);
    let rows: Vec<Vec<&str>> = drawn.lines().take(7).map(|l| l.split_whitespace().collect()).collect();
    let expected: [&[&str]; 7] = [
        &["a", "b", "c"],
        &["3", ".", "3"],
        &["2", ".", ".", "2"],
        &["2", "M1:2", "2"],
        &["1", ".", "M2", "1"],
        &["1", ".", "1"],
        &["a", "b", "c"],
    ];
    assert_eq!(rows, expected, "{drawn}");
    assert_eq!(drawn.lines().nth(3).and_then(|l| l.find("M1:2")), Some(7), "{drawn}");
}
