//! Captures, rolls and chance, the turn and phase machine, end rules and results.

use super::*;

fn stepper() -> Game {
    let mut g = game(3, 3);
    g.actions.push(action("step", step(&g, &ORTHOGONAL)));
    g
}

fn power_of(word: ContextWord) -> Expr {
    field(ctx(word), PieceField::Attribute(0))
}

#[test]
fn capture_to_prizes_keeps_value_and_cell_and_counts() {
    let mut g = stepper();
    g.capture.destination = CaptureDestination::Prizes;
    g.variables.push(variable("seen", int(0)));
    // After every action: remember how many captures the turn made.
    g.phases[0].turn.after = vec![set(0, ctx(ContextWord::Captures))];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 M2:5 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    let prize = engine.prizes(&state, 0)[0];
    assert_eq!((prize.piece.owner, prize.value, prize.cell), (Some(1), 5, engine.cell_named("b2")));
    assert_eq!(engine.variable(&state, "seen", None), Some(Value::Int(1)));
    assert_eq!(engine.piece_at(&state, engine.cell_named("b2").unwrap()).unwrap().owner, Some(0));
    assert_eq!(engine.piece_at(&state, engine.cell_named("a2").unwrap()), None);
}

#[test]
fn capture_to_reserve_returns_the_piece_to_its_owner() {
    let mut g = stepper();
    g.capture.destination = CaptureDestination::Reserve;
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 M2:5 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    assert_eq!(engine.reserve(&state, 1).len(), 1);
    assert!(engine.reserve(&state, 0).is_empty());
}

#[test]
fn capture_effects_run_with_the_capturer_on_the_target_cell_then_the_action_effects() {
    let mut g = stepper();
    g.variables.push(variable("power_seen", int(0)));
    g.capture.then = vec![Effect::SetAttribute { cell: ctx(ContextWord::To), attribute: 0, value: int(6) }];
    // The action's own effect sees the attribute the capture effect set.
    g.actions[0].then = vec![set(0, power_of(ContextWord::Piece))];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 M2:1 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    assert_eq!(engine.variable(&state, "power_seen", None), Some(Value::Int(6)));
}

#[test]
fn attributes_are_clamped_to_their_range() {
    let mut g = stepper();
    g.actions[0].then =
        vec![Effect::SetAttribute { cell: ctx(ContextWord::To), attribute: 0, value: int(99) }];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . .\n. . .");
    play(&engine, &mut state, "a2-b2");
    assert_eq!(engine.piece_at(&state, engine.cell_named("b2").unwrap()).unwrap().attribute(0), 6);
}

#[test]
fn a_roll_in_a_capture_makes_a_chance_node_before_the_next_decision() {
    let mut g = stepper();
    g.capture.then =
        vec![Effect::SetAttribute { cell: ctx(ContextWord::To), attribute: 0, value: Expr::Roll(6) }];
    let (engine, mut state) = load(g, "board\n. . M2:1\nM1:2 M2:1 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    assert_eq!(engine.status(&state), Status::Chance { sides: 6 });
    assert_eq!(engine.seat_to_move(&state), Some(0));
    engine.apply_chance(&mut state, 4);
    assert_eq!(engine.piece_at(&state, engine.cell_named("b2").unwrap()).unwrap().attribute(0), 4);
    assert_eq!(engine.status(&state), Status::Decision { seat: 1 });
}

#[test]
fn setup_rolls_come_first_one_per_piece() {
    let mut g = stepper();
    let cells = vec![0, 1, 2];
    g.setup = vec![SetupStep::Place { piece: 0, owner: Some(0), cells, with: vec![(0, Expr::Roll(6))] }];
    let engine = Engine::new(g);
    let mut state = engine.initial_state();
    for outcome in [3, 1, 6] {
        assert_eq!(engine.status(&state), Status::Chance { sides: 6 });
        engine.apply_chance(&mut state, outcome);
    }
    assert_eq!(engine.status(&state), Status::Decision { seat: 0 });
    let powers: Vec<i32> = (0..3).map(|c| engine.piece_at(&state, c).unwrap().attribute(0)).collect();
    assert_eq!(powers, vec![3, 1, 6]);
}

#[test]
fn turn_start_effects_run_before_the_first_decision() {
    let mut g = stepper();
    g.variables.push(variable("starts", int(0)));
    g.phases[0].turn.start = vec![set(0, bin(BinaryOp::Add, var(0), int(1)))];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:2\n. . .");
    play(&engine, &mut state, "a2-a3");
    assert_eq!(engine.variable(&state, "starts", None), Some(Value::Int(1)));
}

#[test]
fn exactly_n_actions_then_the_other_seat() {
    let mut g = stepper();
    g.phases[0].turn.count = ActionCount::Exactly(int(2));
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:2\n. . .");
    play(&engine, &mut state, "a2-a3");
    assert_eq!(decision_seat(&engine, &state), Some(0));
    play(&engine, &mut state, "a3-b3");
    assert_eq!(decision_seat(&engine, &state), Some(1));
}

#[test]
fn up_to_n_actions_may_end_early() {
    let mut g = stepper();
    g.phases[0].turn.count = ActionCount::UpTo(int(2));
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:2\n. . .");
    assert!(legal(&engine, &state).contains(&"end".to_string()));
    play(&engine, &mut state, "a2-a3");
    assert!(legal(&engine, &state).contains(&"end".to_string()));
    play(&engine, &mut state, "end");
    assert_eq!(decision_seat(&engine, &state), Some(1));
    play(&engine, &mut state, "c2-c3");
    play(&engine, &mut state, "c3-b3");
    assert_eq!(decision_seat(&engine, &state), Some(0));
}

#[test]
fn actions_while_a_condition_holds() {
    let mut g = stepper();
    g.variables.push(variable("left", int(3)));
    g.actions[0].then = vec![set(0, bin(BinaryOp::Sub, var(0), int(1)))];
    g.phases[0].turn.count = ActionCount::While(bin(BinaryOp::Gt, var(0), int(0)));
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:2\n. . .");
    for text in ["a2-a3", "a3-b3", "b3-b2"] {
        assert_eq!(decision_seat(&engine, &state), Some(0));
        play(&engine, &mut state, text);
    }
    assert_eq!(decision_seat(&engine, &state), Some(1));
}

#[test]
fn a_stuck_seat_passes_and_all_passing_is_a_draw() {
    let (engine, mut state) = load(stepper(), "board\nM1:1 M1:1 M1:1\nM1:1 M1:1 M1:1\nM1:1 M1:1 M1:1");
    assert_eq!(legal(&engine, &state), strings(&["pass"]));
    play(&engine, &mut state, "pass");
    assert_eq!(decision_seat(&engine, &state), Some(1));
    assert_eq!(legal(&engine, &state), strings(&["pass"]));
    play(&engine, &mut state, "pass");
    match engine.status(&state) {
        Status::Over(result) => {
            assert_eq!((result.places, result.reason.as_str()), (vec![1, 1], "no seat can move"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_phase_ends_when_until_holds_and_the_next_begins_with_its_first_seat() {
    let mut g = stepper();
    g.phases[0].order = vec![1];
    g.phases[0].until = Some(bin(BinaryOp::Ge, ctx(ContextWord::Turns), int(2)));
    g.phases.push(phase("main", vec![0]));
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:2\n. . .");
    assert_eq!(decision_seat(&engine, &state), Some(1));
    play(&engine, &mut state, "c2-c3");
    assert_eq!((decision_seat(&engine, &state), engine.phase(&state)), (Some(1), 0));
    play(&engine, &mut state, "c3-b3");
    assert_eq!((decision_seat(&engine, &state), engine.phase(&state), engine.turns(&state)), (Some(0), 1, 0));
}

fn ended(engine: &Engine, state: &State) -> (Vec<u32>, String) {
    match engine.status(state) {
        Status::Over(result) => (result.places, result.reason),
        other => panic!("not over: {other:?}"),
    }
}

#[test]
fn win_when_the_next_seat_has_no_piece() {
    let mut g = stepper();
    let no_pieces = bin(BinaryOp::Eq, pieces_of(ctx(ContextWord::Next)), int(0));
    g.end = vec![end_rule(no_pieces, Outcome::Win(ctx(ContextWord::Mover)))];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 M2:1 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    assert_eq!(ended(&engine, &state).0, vec![1, 2]);
}

/// An end condition that holds once a turn has been played (a position read is judged at once).
fn after_a_turn() -> Expr {
    bin(BinaryOp::Ge, ctx(ContextWord::Turns), int(1))
}

#[test]
fn loss_and_team_mates_share_places() {
    let mut g = stepper();
    g.seats.push(Seat { name: "red".into(), team: Some(0), view: 0 });
    g.seats[0].team = Some(0);
    g.teams = vec![Team { name: "warm".into(), seats: vec![0, 2] }];
    g.end = vec![end_rule(after_a_turn(), Outcome::Loss(seat_const(2)))];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:1\n. . .");
    play(&engine, &mut state, "a2-a3");
    assert_eq!(ended(&engine, &state).0, vec![2, 1, 2]);
}

#[test]
fn rank_by_keys_with_ties_sharing_a_place() {
    let mut g = stepper();
    g.seats.push(Seat { name: "red".into(), team: None, view: 0 });
    let count = pieces_of(ctx(ContextWord::Seat));
    let power = Expr::Sum(
        Collection::Pieces { owner: Box::new(ctx(ContextWord::Seat)), types: vec![] },
        Box::new(power_of(ContextWord::It)),
    );
    g.end = vec![end_rule(after_a_turn(), Outcome::Rank(vec![count, power]))];
    let (engine, mut state) = load(g.clone(), "board\nM3:1 M3:5 .\nM1:2 . M2:2\nM1:4 . M2:4");
    play(&engine, &mut state, "a2-b2");
    // Two pieces each; power 6, 6 and 6: everyone ties.
    assert_eq!(ended(&engine, &state).0, vec![1, 1, 1]);
    let (engine, mut state) = load(g, "board\nM3:1 M3:1 .\nM1:2 . M2:2\nM1:4 . M2:1");
    play(&engine, &mut state, "a2-b2");
    assert_eq!(ended(&engine, &state).0, vec![1, 2, 3]);
}

#[test]
fn the_move_limit_is_a_draw() {
    let mut g = stepper();
    g.limits.max_plies = 3;
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 . M2:2\n. . .");
    for text in ["a2-a3", "c2-c3", "a3-a2"] {
        play(&engine, &mut state, text);
    }
    assert_eq!(ended(&engine, &state), (vec![1, 1], "move limit".to_string()));
}

#[test]
fn rotate_map_turns_values_clockwise() {
    let mut g = stepper();
    let mut values = vec![None; 9];
    values[0] = Some(7);
    g.maps.push(Map { name: "level".into(), values, mutable: true });
    let turns = ctx(ContextWord::Choice);
    g.actions[0] = action("orient", ActionKind::Choose { from: int(0), to: int(3) });
    g.actions[0].then = vec![Effect::RotateMap { map: 0, by: turns }];
    let (engine, mut state) = load(g, "");
    play(&engine, &mut state, "orient 1");
    // A quarter turn clockwise takes the bottom-left corner to the top-left one.
    assert_eq!(engine.map_value(&state, 0, engine.cell_named("a3").unwrap()), Some(7));
    assert_eq!(engine.map_value(&state, 0, engine.cell_named("a1").unwrap()), None);
}

#[test]
fn zones_per_seat_and_counts_with_predicates() {
    let mut g = stepper();
    let top = CellSet::from_cells(vec![6, 7, 8], 9);
    let bottom = CellSet::from_cells(vec![0, 1, 2], 9);
    g.zones.push(Zone { name: "goal".into(), per_seat: true, cells: vec![top, bottom] });
    let in_goal = Expr::InZone {
        cell: Box::new(ctx(ContextWord::To)),
        zone: 0,
        seat: Box::new(ctx(ContextWord::Mover)),
    };
    let strong = Expr::Count(
        Collection::Pieces { owner: Box::new(ctx(ContextWord::Mover)), types: vec![0] },
        Some(Box::new(bin(BinaryOp::Ge, power_of(ContextWord::It), int(3)))),
    );
    g.end = vec![end_rule(bin(BinaryOp::Ge, strong, int(1)), Outcome::Draw)];
    g.actions[0].filter = Some(in_goal);
    let (engine, state) = load(g.clone(), "board\n. . .\nM1:2 . M2:2\n. . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["a2-a3"]));
    let (engine, state) = load(g.clone(), "turn black\nboard\n. . .\nM1:2 . M2:2\n. . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["c2-c1"]));
    // The end rule counts the mover's pieces with power 3 or more.
    let (engine, mut state) = load(g.clone(), "board\n. . .\nM1:2 . M2:2\n. . .");
    play(&engine, &mut state, "a2-a3");
    assert!(matches!(engine.status(&state), Status::Decision { .. }));
    let (engine, mut state) = load(g, "board\n. . .\nM1:3 . M2:2\n. . .");
    play(&engine, &mut state, "a2-a3");
    assert!(matches!(engine.status(&state), Status::Over(_)));
}

#[test]
fn ids_out_of_range_read_as_none_and_never_panic() {
    let mut g = stepper();
    let nonsense = vec![
        set(99, int(1)),
        Effect::SetAttribute { cell: ctx(ContextWord::To), attribute: 200, value: int(3) },
        Effect::SetAttribute { cell: Expr::Const(Const::Cell(9999)), attribute: 0, value: Expr::Roll(6) },
        Effect::RotateMap { map: 42, by: int(1) },
        Effect::SetVariable { variable: 7, seat: Some(seat_const(200)), value: Expr::Roll(0) },
    ];
    g.actions[0].then = nonsense;
    g.actions.push(action("ghost", ActionKind::Step { directions: vec![] }));
    g.phases[0].turn.choices[0].actions = vec![0, 1, 77];
    g.phases[0].order = vec![0, 1, 9];
    let weird = bin(
        BinaryOp::Or,
        Expr::Map(12, Box::new(Expr::PieceAt(Box::new(int(3))))),
        Expr::InZone {
            cell: Box::new(Expr::Const(Const::Cell(5000))),
            zone: 8,
            seat: Box::new(seat_const(40)),
        },
    );
    g.end = vec![end_rule(weird, Outcome::Win(seat_const(3))), end_rule(var(55), Outcome::Loss(int(2)))];
    g.pieces[0].value = field(ctx(ContextWord::It), PieceField::Value);
    g.capture.destination = CaptureDestination::Prizes;
    g.setup = vec![SetupStep::Reserve { piece: 9, owner: 9, count: u32::MAX }];
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 M2:1 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    assert_eq!(engine.prizes(&state, 0)[0].value, 0);
    assert_eq!(engine.status(&state), Status::Decision { seat: 1 });
    let _ = engine.describe(&state);
    let _ = engine.initial_state();
}

#[test]
fn only_phases_of_one_action_without_start_or_an_until_asked_pass_straight_to_the_next_seat() {
    use crate::turn_plans::{AfterAction, after_action_plans};
    let mut g = stepper();
    let one_action = g.phases[0].clone();
    // An `until` with a phase after it is asked after every turn.
    g.phases[0].until = Some(bin(BinaryOp::Ge, ctx(ContextWord::Turns), int(4)));
    let mut two_actions = one_action.clone();
    two_actions.turn.count = ActionCount::Exactly(int(2));
    let mut up_to_one = one_action.clone();
    up_to_one.turn.count = ActionCount::UpTo(int(1));
    let mut started = one_action.clone();
    started.turn.start = vec![set(0, int(1))];
    g.variables.push(variable("started", int(0)));
    // The last phase's `until` is never asked.
    let mut last = one_action.clone();
    last.until = g.phases[0].until.clone();
    g.phases.extend([two_actions, up_to_one, started, last]);
    let plans = after_action_plans(&g);
    use AfterAction::{Machine, NextSeat};
    assert_eq!(plans, [Machine, Machine, NextSeat, Machine, NextSeat]);
}

#[test]
fn a_planned_turn_ends_as_the_turn_machine_ends_it() {
    // Turns passed by the plan, then the second seat retired: the machine takes over and skips it.
    let (engine, mut state) = load(stepper(), "board\nM1 . .\n. M2 .\n. . .");
    play(&engine, &mut state, "a3-b3");
    assert_eq!((decision_seat(&engine, &state), state.turns, state.actions), (Some(1), 1, 0));
    play(&engine, &mut state, "b2-a2");
    assert_eq!((decision_seat(&engine, &state), state.turns), (Some(0), 2));
    state.retired = 0b10;
    play(&engine, &mut state, "b3-c3");
    assert_eq!((decision_seat(&engine, &state), state.turns), (Some(0), 3));
}

#[test]
fn reserve_counts_read_as_the_reserves_lengths_give_what_eval_gives() {
    use crate::turn_plans::phase_counts;
    use BinaryOp::{Add, Eq, Gt, Le, Ne};
    let reserve = |owner: Expr| Expr::Count(Collection::Reserve { owner: Box::new(owner) }, None);
    let (mover, next) = (ctx(ContextWord::Mover), ctx(ContextWord::Next));
    let counts = [
        bin(Gt, reserve(mover.clone()), int(0)),
        bin(Eq, bin(Add, reserve(seat_const(0)), reserve(seat_const(1))), int(0)),
        bin(
            Le,
            bin(Add, reserve(next.clone()), bin(Add, reserve(mover.clone()), reserve(next.clone()))),
            int(3),
        ),
        // A seat the game does not have: an empty reserve.
        bin(Ne, reserve(seat_const(5)), int(0)),
    ];
    let predicate = Some(Box::new(Expr::Const(Const::Bool(true))));
    let others = [
        bin(Gt, int(0), reserve(mover.clone())),
        bin(Gt, Expr::Count(Collection::Reserve { owner: Box::new(mover.clone()) }, predicate), int(0)),
        bin(Gt, bin(Add, reserve(mover.clone()), int(1)), int(0)),
        bin(Gt, reserve(int(0)), int(0)),
    ];
    let mut g = stepper();
    let phase = g.phases[0].clone();
    g.phases =
        counts.iter().chain(&others).map(|c| Phase { until: Some(c.clone()), ..phase.clone() }).collect();
    let plans = phase_counts(&g);
    let planned: Vec<bool> = plans.iter().map(|plan| plan.until.is_some()).collect();
    assert_eq!(planned, [true, true, true, true, false, false, false, false]);
    let (engine, mut state) = load(g, "board\n. . .\n. . .\n. . .");
    for (seat, pieces) in [(0, 2), (1, 1), (0, 1)] {
        state.add_many_to_reserve(engine.fresh_piece(0, Some(seat)), pieces);
        for seats in [(None, None), (Some(0), Some(1)), (Some(1), Some(0)), (Some(1), None)] {
            for (plan, condition) in plans.iter().zip(&counts) {
                let plan = plan.until.as_ref().expect("planned");
                let ctx = crate::eval::Ctx::new(seats.0, seats.1);
                assert_eq!(
                    plan.holds(&state, seats),
                    engine.holds(&state, &ctx, condition),
                    "{condition:?} {seats:?}"
                );
            }
        }
    }
}

#[test]
fn end_rules_planned_as_light_tests_give_what_eval_gives() {
    use crate::end_plans::EndPlans;
    use BinaryOp::{And, Eq, Ge, Lt, Ne};
    let pieces = |owner: Expr, types: Vec<TypeId>| {
        Expr::Count(Collection::Pieces { owner: Box::new(owner), types }, None)
    };
    let phase = |op: BinaryOp, id: PhaseId| bin(op, ctx(ContextWord::Phase), Expr::Const(Const::Phase(id)));
    let (mover, next, none) = (ctx(ContextWord::Mover), ctx(ContextWord::Next), Expr::Const(Const::None));
    let counted = |predicate: Expr| {
        let collection = Collection::Pieces { owner: Box::new(ctx(ContextWord::Next)), types: vec![] };
        bin(Eq, Expr::Count(collection, Some(Box::new(predicate))), int(0))
    };
    let planned = [
        bin(And, bin(Eq, pieces(next.clone(), vec![0]), int(0)), phase(Eq, 0)),
        bin(Ge, pieces(mover.clone(), vec![]), int(2)),
        bin(And, phase(Ne, 1), bin(Lt, pieces(seat_const(1), vec![0]), int(1))),
        bin(Eq, pieces(none.clone(), vec![]), int(0)),
        bin(Ne, Expr::Const(Const::Phase(0)), ctx(ContextWord::Phase)),
        bin(BinaryOp::Or, bin(Eq, pieces(mover.clone(), vec![0]), int(0)), phase(Ne, 0)),
        Expr::Not(Box::new(bin(Ge, pieces(next.clone(), vec![]), int(2)))),
        // A predicate that keeps every piece is compiled to a count of pieces.
        counted(Expr::Const(Const::Bool(true))),
    ];
    let others = [
        counted(bin(Ge, ctx(ContextWord::Turns), int(3))),
        bin(Eq, int(0), pieces(next.clone(), vec![])),
        bin(And, phase(Eq, 0), bin(Ge, ctx(ContextWord::Turns), int(3))),
        bin(Lt, ctx(ContextWord::Phase), Expr::Const(Const::Phase(1))),
    ];
    let rule = |condition: &Expr| end_rule(condition.clone(), Outcome::Draw);
    let plans = |conditions: &[&Expr]| {
        let mut game = stepper();
        game.end = conditions.iter().map(|condition| rule(condition)).collect();
        let engine = Engine::new(game);
        EndPlans::new(&engine.tables.speed.end_conditions)
    };
    for condition in &others {
        assert!(plans(&[&planned[0], condition]).is_none(), "{condition:?}");
    }
    for position in
        ["board\nM1 M1 .\n. M2 .\n. . M", "board\nM1 . .\n. . .\n. . .", "board\n. . .\nM2 M2 .\n. . ."]
    {
        let (engine, state) = load(stepper(), position);
        // Each rule alone, two and three rules together (some rule holds), and all of them.
        let singles = planned.iter().map(std::slice::from_ref);
        let rules = singles.chain(planned.windows(2)).chain(planned.windows(3)).chain([&planned[..]]);
        for rules in rules {
            let plans = plans(&rules.iter().collect::<Vec<_>>()).expect("planned");
            for (mover, next) in [(None, 0), (Some(0), 1), (Some(1), 0)] {
                let ctx = crate::eval::Ctx::new(mover, Some(next));
                let expected = rules.iter().any(|condition| engine.holds(&state, &ctx, condition));
                assert_eq!(
                    plans.any_holds(&state, (mover, next)),
                    expected,
                    "{rules:?} {position} {mover:?}"
                );
            }
        }
    }
}

/// A captured piece's value is read while the capturing piece is held in the move's context (the
/// checker keeps `piece` out of a value; an IR built by other means may read it): a value that
/// reads `piece.power` sees the power of the piece that moves onto the captured one.
#[test]
fn a_prize_value_sees_the_capturing_piece_held() {
    let mut g = stepper();
    g.capture.destination = CaptureDestination::Prizes;
    g.pieces[0].value = power_of(ContextWord::Piece);
    let (engine, mut state) = load(g, "board\n. . .\nM1:2 M2:5 .\n. . .");
    play(&engine, &mut state, "a2xb2");
    assert_eq!(engine.prizes(&state, 0).iter().map(|prize| prize.value).collect::<Vec<_>>(), [2]);
}

/// Every game starts from the state setup makes, whatever earlier games played: the engine keeps
/// the start it made once and hands out copies of it, never the copy a game played on.
#[test]
fn every_game_starts_from_the_setup_whatever_was_played_before() {
    for path in shipped_rules() {
        let engine = engine_for(&std::fs::read_to_string(&path).expect("a shipped rules file"));
        let played = random_game_visiting(&engine, 3, 40, |_, _, _| {});
        let fresh = engine.start_game(&crate::turns::Fast);
        assert_ne!(played, fresh, "{}: the game played no move", path.display());
        assert_eq!(engine.initial_state(), fresh, "{}", path.display());
    }
}
