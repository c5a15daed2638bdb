//! Move patterns, destinations, capture rules, filters and choice fallback.

use super::*;

fn stepper() -> Game {
    let mut g = game(3, 3);
    g.actions.push(action("step", step(&g, &ORTHOGONAL)));
    g
}

#[test]
fn step_moves_to_empty_and_enemy_cells_only() {
    let (engine, state) = load(stepper(), "board\n. M1:1 .\n. M1:3 M2:2\n. . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["b2-a2", "b2-b1", "b2xc2", "b3-a3", "b3-c3"]));
}

#[test]
fn capture_rule_forbids_moving_onto_a_stronger_enemy() {
    let mut g = stepper();
    let power = |w| field(ctx(w), PieceField::Attribute(0));
    g.capture.allowed = Some(bin(BinaryOp::Le, power(ContextWord::Target), power(ContextWord::Piece)));
    let (engine, state) = load(g, "board\n. . .\nM1:2 M2:3 M2:2\n. . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["a2-a1", "a2-a3"]));
    let (engine, state) = load(stepper(), "board\n. . .\nM1:2 M2:3 M2:2\n. . .");
    assert!(legal(&engine, &state).contains(&"a2xb2".to_string()));
}

#[test]
fn destination_empty_and_enemy() {
    let position = "board\n. . .\nM1:2 M2:3 .\n. . .";
    let mut g = stepper();
    g.actions[0].destination = Destination::Empty;
    let (engine, state) = load(g, position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["a2-a1", "a2-a3"]));
    let mut g = stepper();
    g.actions[0].destination = Destination::Enemy;
    let (engine, state) = load(g, position);
    assert_eq!(legal(&engine, &state), strings(&["a2xb2"]));
}

#[test]
fn seat_relative_directions_turn_with_the_seat() {
    let mut g = game(3, 3);
    g.actions.push(action("advance", ActionKind::Step { directions: relative(&g, &["n"]) }));
    let (engine, state) = load(g.clone(), "turn black\nboard\n. . .\n. M2:1 .\n. . .");
    assert_eq!(legal(&engine, &state), strings(&["b2-b1"]));
    let (engine, state) = load(g, "board\n. . .\n. M1:1 .\n. . .");
    assert_eq!(legal(&engine, &state), strings(&["b2-b3"]));
}

#[test]
fn slide_stops_at_the_first_piece_and_respects_its_bound() {
    let mut g = game(5, 1);
    g.actions.push(action("slide", ActionKind::Slide { directions: absolute(&g, &["e", "w"]), max: None }));
    let position = "board\n. M1:1 . . M2:1";
    let (engine, state) = load(g.clone(), position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["b1-a1", "b1-c1", "b1-d1", "b1xe1"]));
    g.actions[0].kind = ActionKind::Slide { directions: absolute(&g, &["e", "w"]), max: Some(int(2)) };
    let (engine, state) = load(g.clone(), position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["b1-a1", "b1-c1", "b1-d1"]));
    // A bound that reads `none` allows no step.
    g.actions[0].kind =
        ActionKind::Slide { directions: absolute(&g, &["e", "w"]), max: Some(Expr::Const(Const::None)) };
    let (engine, state) = load(g, position);
    assert_eq!(legal(&engine, &state), strings(&["pass"]));
}

/// A slide's bound is read in the context of the piece that slides: its cell and the piece on it.
#[test]
fn a_slide_bound_is_read_for_each_piece() {
    let mut g = game(5, 2);
    let power = field(ctx(ContextWord::Piece), PieceField::Attribute(0));
    g.actions.push(action("slide", ActionKind::Slide { directions: absolute(&g, &["e"]), max: Some(power) }));
    let (engine, state) = load(g, "board\nM1:1 . . . .\nM1:2 . . . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["a1-b1", "a1-c1", "a2-b2"]));
}

#[test]
fn leap_ignores_pieces_on_the_way_and_needs_every_cell_to_exist() {
    let mut g = game(3, 3);
    let (n, e, w) = (
        g.board.direction_named("n").unwrap(),
        g.board.direction_named("e").unwrap(),
        g.board.direction_named("w").unwrap(),
    );
    let paths = vec![vec![n, n, e], vec![n, n, w], vec![e, e, n], vec![w, w, n]];
    g.actions.push(action("knight", ActionKind::Leap { paths: vec![paths.clone(), paths] }));
    let (engine, state) = load(g, "board\n. . .\nM1:1 M1:1 .\nM1:1 . .");
    // From a1: n,n,e -> b3 (over the occupied a2) and e,e,n -> c2; the w paths leave the board.
    let moves = legal(&engine, &state);
    assert!(moves.contains(&"a1-b3".to_string()) && moves.contains(&"a1-c2".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a1-") && m != "a1-b3" && m != "a1-c2"));
}

fn walker(exact: bool, length: i64) -> Game {
    let mut g = game(5, 5);
    let directions = absolute(&g, &ORTHOGONAL);
    g.actions.push(action(
        "walk",
        ActionKind::Walk { directions, length: int(length), exact, rules: WalkRules::default() },
    ));
    g
}

const CENTRE: &str = "board\n. . . . .\n. . . . .\n. . M1:1 . .\n. . . . .\n. . . . .";

#[test]
fn exact_walk_counts_each_destination_once() {
    let (engine, state) = load(walker(true, 2), CENTRE);
    // Straight two steps (4 cells) and the 4 diagonal neighbours, each reached by two paths.
    let moves = sorted(legal(&engine, &state));
    assert_eq!(moves, strings(&["c3-a3", "c3-b2", "c3-b4", "c3-c1", "c3-c5", "c3-d2", "c3-d4", "c3-e3"]),);
}

#[test]
fn walk_up_to_a_length_includes_shorter_paths() {
    let (engine, state) = load(walker(false, 2), CENTRE);
    assert_eq!(legal(&engine, &state).len(), 12);
}

#[test]
fn walk_never_passes_through_a_piece_but_may_end_on_an_enemy() {
    let position = "board\n. . . . .\n. . . . .\n. M2:1 M1:1 M1:1 .\n. . . . .\n. . . . .";
    let (engine, state) = load(walker(true, 2), position);
    let moves = legal(&engine, &state);
    // c3 cannot go through b3 (enemy) or d3 (own) to a3 or e3, and no 2-step walk ends on b3.
    assert!(!moves.iter().any(|m| m.starts_with("c3") && (m.ends_with("a3") || m.ends_with("e3"))));
    assert!(moves.contains(&"c3-b2".to_string()));
    let (engine, state) = load(walker(false, 2), position);
    assert!(legal(&engine, &state).contains(&"c3xb3".to_string()));
}

#[test]
fn walk_length_from_a_huge_expression_is_bounded() {
    let (engine, state) = load(walker(true, i64::MAX), CENTRE);
    // Self-avoiding walks longer than the board cannot exist; generation must still finish.
    let mut moves = Vec::new();
    engine.legal_moves(&state, &mut moves);
    assert_eq!(moves, vec![Move::bare(MoveKind::Pass)]);
}

fn dropper() -> Game {
    let mut g = game(3, 2);
    g.pieces.push(PieceType {
        name: "king".into(),
        letter: 'K',
        attributes: vec![],
        value: int(10),
        captured_as: None,
    });
    let row1 = CellSet::from_cells(vec![0, 1, 2], 6);
    let row2 = CellSet::from_cells(vec![3, 4, 5], 6);
    g.actions.push(action("deploy", ActionKind::Drop { cells: vec![row1, row2], with: vec![(0, int(4))] }));
    g
}

#[test]
fn drops_go_on_empty_cells_of_the_seat_region_once_per_type() {
    let (engine, state) = load(dropper(), "reserve white M*3 K\nboard\n. . .\n. M2:1 .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["K@a1", "K@c1", "M@a1", "M@c1"]));
    let (engine, state) = load(dropper(), "turn black\nreserve black K\nboard\n. . .\n. . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["K@a2", "K@b2", "K@c2"]));
}

#[test]
fn a_drop_takes_the_piece_from_the_reserve_and_sets_its_attributes() {
    let (engine, mut state) = load(dropper(), "reserve white M*2\nboard\n. . .\n. . .");
    play(&engine, &mut state, "m@b1");
    let piece = engine.piece_at(&state, engine.cell_named("b1").unwrap()).unwrap();
    assert_eq!((piece.owner, piece.attribute(0)), (Some(0), 4));
    assert_eq!(engine.reserve(&state, 0).len(), 1);
}

#[test]
fn drops_only_list_the_types_the_action_names() {
    let mut g = dropper();
    g.actions[0].pieces = vec![1];
    let (engine, state) = load(g, "reserve white M*3 K\nboard\n. . .\n. . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["K@a1", "K@b1", "K@c1"]));
}

#[test]
fn choose_offers_each_integer_that_passes_the_filter() {
    let mut g = game(2, 2);
    let mut choose = action("orient", ActionKind::Choose { from: int(0), to: int(3) });
    choose.filter = Some(bin(BinaryOp::Ne, ctx(ContextWord::Choice), int(2)));
    g.actions.push(choose);
    let (engine, state) = load(g.clone(), "");
    assert_eq!(legal(&engine, &state), strings(&["orient 0", "orient 1", "orient 3"]));
    g.actions[0].kind = ActionKind::Choose { from: int(0), to: int(i64::MAX) };
    g.actions[0].filter = None;
    let (engine, state) = load(g, "");
    let mut moves = Vec::new();
    engine.legal_moves(&state, &mut moves);
    assert_eq!(moves.len(), 1000);
}

#[test]
fn action_when_selects_pieces() {
    let mut g = stepper();
    g.actions[0].when =
        Some(bin(BinaryOp::Ge, field(ctx(ContextWord::Piece), PieceField::Attribute(0)), int(2)));
    let (engine, state) = load(g, "board\nM1:1 . .\n. . .\n. . M1:2");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["c1-b1", "c1-c2"]));
}

#[test]
fn the_first_choice_with_a_legal_move_gives_the_moves() {
    let mut g = stepper();
    g.actions.push(action("jump", ActionKind::Leap { paths: vec![vec![vec![0, 0]], vec![vec![4, 4]]] }));
    let to_is_top = |cell: &str| {
        Expr::Binary(
            BinaryOp::Eq,
            Box::new(ctx(ContextWord::To)),
            Box::new(Expr::Const(Const::Cell(g.board.cell_named(cell).unwrap()))),
        )
    };
    g.phases[0].turn.choices = vec![
        ActionChoice { actions: vec![0], filter: Some(to_is_top("a3")) },
        ActionChoice { actions: vec![1], filter: None },
    ];
    let (engine, state) = load(g.clone(), "board\n. . .\nM1:1 . .\n. . .");
    assert_eq!(legal(&engine, &state), strings(&["a2-a3"]));
    let (engine, state) = load(g, "board\n. . .\n. . .\nM1:1 . .");
    assert_eq!(legal(&engine, &state), strings(&["a1-a3"]));
}

#[test]
fn moves_reached_twice_are_one_move() {
    let mut g = stepper();
    g.actions[0].kind = step(&g, &["n", "n", "e"]);
    let (engine, state) = load(g, "board\n. . .\n. . .\nM1:1 . .");
    assert_eq!(sorted(legal(&engine, &state)), strings(&["a1-a2", "a1-b1"]));
}

/// A stepper on a board `height` cells tall and 3 wide whose turn moves only the pieces standing
/// on level 2, the cells of column a; its pieces stand on a1 and c1.
/// A walk of `level(from)` steps on a 5 by 5 board: levels 1 to 3 are in the walk table, which a
/// whole generation reads at once; 5 is past it, so those pieces' walks are searched piece by piece.
/// The map is fixed or kept in the state (`mutable`): both are read at the piece's cell.
fn walker_by_level(mutable: bool, exact: bool) -> Game {
    let mut g = walker(exact, 1);
    let levels = (0..g.board.cell_count() as i32).map(|cell| Some([1, 2, 3, 5][cell as usize % 4])).collect();
    g.maps.push(Map { name: "level".into(), values: levels, mutable });
    let ActionKind::Walk { length, .. } = &mut g.actions[0].kind else { unreachable!() };
    *length = Expr::Map(0, Box::new(ctx(ContextWord::From)));
    g
}

#[test]
fn walks_of_a_whole_generation_give_what_the_reference_gives() {
    let position =
        "board\nM1:1 . M2:1 . M1:1\n. M1:1 . . .\nM2:1 . M1:1 M1:1 .\n. . M2:1 . M1:1\nM1:1 . . M2:1 M1:1";
    for (mutable, exact) in [(false, true), (true, true), (false, false), (true, false)] {
        let (engine, state) = load(walker_by_level(mutable, exact), position);
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        assert!(moves.len() > 10, "mutable {mutable}, exact {exact}: {moves:?}");
        assert_eq!(moves, engine.reference_legal_moves(&state), "mutable {mutable}, exact {exact}");
    }
}

fn level_two_movers(height: u32) -> (Engine, State) {
    let mut g = stepper();
    g.board = game(3, height).board;
    let levels = (0..g.board.cell_count() as CellId)
        .map(|cell| {
            Some(if (1..=height).any(|row| g.board.cell_named(&format!("a{row}")) == Some(cell)) {
                2
            } else {
                1
            })
        })
        .collect();
    g.maps.push(Map { name: "level".into(), values: levels, mutable: false });
    let level_of_from = Expr::Map(0, Box::new(ctx(ContextWord::From)));
    g.phases[0].turn.choices[0].filter = Some(bin(BinaryOp::Eq, level_of_from, int(2)));
    let mut rows = vec![". . ."; height as usize - 1];
    rows.push("M1:1 . M1:1");
    let position = format!("board\n{}", rows.join("\n"));
    load(g, &position)
}

#[test]
fn a_from_test_moves_only_the_pieces_on_the_cells_it_keeps() {
    // On a board of at most four words the test is a set of cells; on a larger one (3 by 86 is
    // 258 cells) it is tested piece by piece: the same moves.
    for height in [3, 86] {
        let (engine, state) = level_two_movers(height);
        assert_eq!(sorted(legal(&engine, &state)), strings(&["a1-a2", "a1-b1"]), "height {height}");
    }
}

#[test]
fn pieces_past_the_cell_masks_words_move_and_are_reached() {
    // 3 by 86 is 258 cells: c86 is cell 257 and b86 cell 256, past the four words of the masks.
    // A step, a walk, a slide and a drop all reach them.
    let mut top_row = vec![". . M1:1"];
    top_row.extend(std::iter::repeat_n(". . .", 85));
    let position = format!("board\n{}", top_row.join("\n"));
    let big = |mut g: Game| {
        g.board = game(3, 86).board;
        g
    };
    let (engine, state) = load(big(stepper()), &position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["c86-b86", "c86-c85"]));
    let (engine, state) = load(big(walker(true, 2)), &position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["c86-a86", "c86-b85", "c86-c84"]));
    let mut slider = big(game(1, 1));
    let directions = absolute(&slider, &["w", "s"]);
    slider.actions.push(action("slide", ActionKind::Slide { directions, max: Some(int(2)) }));
    let (engine, state) = load(slider, &position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["c86-a86", "c86-b86", "c86-c84", "c86-c85"]));
    let mut dropper = big(dropper());
    let top_row = CellSet::from_cells(vec![255, 256, 257], 258);
    dropper.actions[0].kind = ActionKind::Drop { cells: vec![top_row.clone(), top_row], with: vec![] };
    let position = position.replacen("board", "reserve white M\nboard", 1);
    let (engine, state) = load(dropper, &position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["M@a86", "M@b86"]));
}

#[test]
fn a_line_whose_only_end_is_past_the_masks_words_is_generated() {
    // 3 by 86 is 258 cells: the one enemy stands on b86, cell 256, past the four words of the
    // allowed ends, which hold no cell: a step that may end only on an enemy still reaches it.
    let mut top_row = vec![". M2:1 M1:1"];
    top_row.extend(std::iter::repeat_n(". . .", 85));
    let position = format!("board\n{}", top_row.join("\n"));
    let mut g = stepper();
    g.board = game(3, 86).board;
    g.actions[0].destination = Destination::Enemy;
    let (engine, state) = load(g, &position);
    assert_eq!(sorted(legal(&engine, &state)), strings(&["c86xb86"]));
}

/// Steps, slides and leaps give their moves in order, each once, whatever order their directions
/// and paths are written in (the generation counts on it: such lists are not sorted afterwards).
#[test]
fn moves_of_steps_slides_and_leaps_come_out_in_order_once_each() {
    let mut g = game(4, 4);
    let dirs = |names: &[&str]| names.iter().map(|name| g.board.direction_named(name).unwrap()).collect();
    let (n, e, s, w): (Vec<_>, Vec<_>, Vec<_>, Vec<_>) =
        (dirs(&["n"]), dirs(&["e"]), dirs(&["s"]), dirs(&["w"]));
    let paths = vec![
        [n.clone(), e.clone()].concat(),
        [e.clone(), n.clone()].concat(),
        [s.clone(), w.clone()].concat(),
    ];
    let backwards: Vec<_> = [n, e, s, w].concat().into_iter().rev().collect();
    g.actions
        .push(action("step", ActionKind::Step { directions: vec![backwards.clone(), backwards.clone()] }));
    g.actions.push(action(
        "slide",
        ActionKind::Slide { directions: vec![backwards.clone(), backwards], max: None },
    ));
    g.actions.push(action("leap", ActionKind::Leap { paths: vec![paths.clone(), paths] }));
    g.phases[0].turn.choices[0].actions = vec![0, 1, 2];
    let (engine, state) = load(g, "board\n. . . .\n. M2:1 . .\n. M1:1 . .\n. . . M1:1");
    let mut moves = Vec::new();
    engine.legal_moves(&state, &mut moves);
    assert!(moves.is_sorted_by(|a, b| a < b), "{:?}", legal(&engine, &state));
    // Action by action, piece by piece in cell order (d1 before b2), each piece's ends in cell
    // order; the two leap paths to c3 (north then east, east then north) give one move.
    let expected = [
        "d1-c1:step",
        "d1-d2:step",
        "b2-b1:step",
        "b2-a2:step",
        "b2-c2:step",
        "b2xb3:step",
        "d1-a1",
        "d1-b1",
        "d1-c1:slide",
        "d1-d2:slide",
        "d1-d3",
        "d1-d4",
        "b2-b1:slide",
        "b2-a2:slide",
        "b2-c2:slide",
        "b2-d2",
        "b2xb3:slide",
        "b2-a1",
        "b2-c3",
    ];
    assert_eq!(legal(&engine, &state), expected.map(String::from));
}

/// The ends of steps, slides and leaps kept by the destination rule, found once for a generation
/// from the position's bit sets, are those each end's own test keeps: under every destination rule,
/// on a board with stacks (where a move may go on top of a friend) and without.
#[test]
fn the_ends_kept_for_a_generation_are_those_the_destination_rule_allows() {
    let position =
        "board\nM1:1 . M2:1 . M1:1\n. M1:1 . . .\nM2:1 . M1:1 M1:1 .\n. . M2:1 . M1:1\nM1:1 . . M2:1 M1:1";
    let destinations = [
        Destination::Empty,
        Destination::Enemy,
        Destination::EmptyOrEnemy,
        Destination::Friend,
        Destination::EmptyOrFriend,
        Destination::FriendOrEnemy,
        Destination::Any,
    ];
    for stacking in [Stacking::Single, Stacking::Stacks] {
        for destination in destinations {
            let mut g = game(5, 5);
            g.stacking = stacking;
            let knight = ["n", "n", "e"].map(|name| g.board.direction_named(name).unwrap()).to_vec();
            let kinds = [
                step(&g, &ORTHOGONAL),
                ActionKind::Slide { directions: absolute(&g, &["ne", "sw"]), max: None },
                ActionKind::Leap { paths: vec![vec![knight.clone()], vec![knight]] },
            ];
            for (index, kind) in kinds.into_iter().enumerate() {
                g.actions.push(Action { destination, ..action(&format!("move{index}"), kind) });
            }
            g.phases[0].turn.choices[0].actions = vec![0, 1, 2];
            let (engine, state) = load(g, position);
            let mut moves = Vec::new();
            engine.legal_moves(&state, &mut moves);
            let what = format!("{stacking:?}, {destination:?}");
            // Without stacks, no move ends on a friend.
            let none = stacking == Stacking::Single && destination == Destination::Friend;
            assert!(none || moves.len() > 1, "{what}: {moves:?}");
            assert_eq!(moves, engine.reference_legal_moves(&state), "{what}");
        }
    }
}
