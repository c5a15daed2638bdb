//! The differential test: on random positions of every shipped rules file (`rules/` and
//! `docs/examples/`, some with other option values too) and of a game on a board larger than the
//! shipped ones, reached by seeded random play, the engine with all its speed layers gives exactly
//! what the plain reference gives (`crate::reference`): the setup's state; at every position
//! checked, the same legal moves in the same order, the same
//! answer to "has the seat to act a legal action?", random moves that are legal, the same
//! `attacked` for every cell, defending seat and attacking seat (or any); for every legal move and
//! every outcome of a pending roll, the same state after it, whose board index is the one rebuilt
//! from its board. The tests after it break one speed layer at a time and check that the
//! comparison notices.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::eval::Ctx;
use crate::movegen::ChoiceOrder;

/// Games played from each file with its default options, seeds 0, 1, ...; and with other values.
const SEEDS: u64 = 8;
const VARIANT_SEEDS: u64 = 4;
/// Positions checked in each game, spread evenly over it.
const CHECKS_PER_GAME: usize = 16;
/// `attacked` is compared at one position checked in so many.
const ATTACK_CHECK_EVERY: usize = 4;
/// Random moves drawn at each decision point checked.
const RANDOM_DRAWS: u64 = 3;

/// The shipped rules files, each with its default options, and some again with other values: each
/// with the number of games to play.
fn shipped_rules() -> Vec<(String, ludex_check::OptionValues, u64)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files: Vec<String> = ["rules", "docs/examples"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(format!("{root}/{folder}")).expect("a folder of rules files"))
        .map(|entry| entry.expect("an entry").path().to_string_lossy().into_owned())
        .filter(|path| path.ends_with(".rules"))
        .collect();
    files.sort();
    let variants: [(&str, &[(&str, i64)]); 3] = [
        ("den-den.rules", &[("players", 4)]),
        ("immortal-star-masters.rules", &[("players", 4), ("teams", 2)]),
        ("immortal-star-masters.rules", &[("players", 3), ("backward_pawns", 0)]),
    ];
    // A position of Amazons has some two thousand moves, each played and compared: fewer games.
    let seeds = |path: &str| if path.ends_with("amazons.rules") { VARIANT_SEEDS } else { SEEDS };
    let mut rules: Vec<_> =
        files.iter().map(|path| (path.clone(), Default::default(), seeds(path))).collect();
    for (name, values) in variants {
        let path = files.iter().find(|path| path.ends_with(name)).expect("a shipped file");
        let values =
            values.iter().map(|&(name, value)| (name.to_string(), ludex_ir::Number::Int(value))).collect();
        rules.push((path.clone(), values, VARIANT_SEEDS));
    }
    rules
}

fn engine_for(path: &str, options: &ludex_check::OptionValues) -> Engine {
    compiled(path, &std::fs::read_to_string(path).expect("a rules file"), options)
}

fn compiled(name: &str, text: &str, options: &ludex_check::OptionValues) -> Engine {
    let compiled = ludex_check::compile(text, options);
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{name}: {:?}", compiled.diagnostics)))
}

/// A game on a board of 260 cells, past every layer that needs a board of at most four words of
/// bit sets (walk tables, cell tests, masks of ends, moves listed in order): the shipped games are
/// all smaller. It has a plain walk, a walk with only a step condition, a slide with a bound, a
/// leap, a slide of exact length over any piece (its distance from a map), promotion with a filter on the type promoted to, drops of two types with a filter on `to`, the Mana rule on `from` as a turn
/// choice's filter, `otherwise`, captures into the reserve and a `legal if` that asks `attacked`.
fn sprawl() -> String {
    let rows: Vec<String> = (0..13)
        .map(|y| (0..20).map(|x| ((x * 7 + y * 3) % 3 + 1).to_string()).collect::<Vec<_>>().join(" "))
        .collect();
    format!(
        "game \"sprawl\"\nseat north\nseat south turned 180\nboard square 20 by 13\n\
         map level {{\n{}\n}}\n\
         piece king {{\n  letter K\n}}\npiece rook {{\n  letter R\n}}\npiece knight {{\n  letter N\n}}\n\
         piece pawn {{\n  letter P\n}}\npiece scout {{\n  letter S\n}}\npiece climber {{\n  letter C\n}}\n\
         piece stone {{\n  letter T\n}}\n\
         zone far of each seat = row 13\nvariable mark: cell = none\n\
         define in_check(s) = count(pieces(s, king), attacked(it.cell, s)) > 0\n\
         setup {{\n  place king for each seat on cells j1\n  place rook for each seat on cells a1, t1\n\
           place knight for each seat on cells c1, r1\n  place scout for each seat on cells e1, p1\n\
           place climber for each seat on cells g1, n1\n  place pawn for each seat on row 2\n\
           place stone neutral on cells e7, j7, p7\n  reserve pawn 1, knight 1 for each seat\n}}\n\
         action king_step for king {{\n  step all\n}}\n\
         action rook_slide for rook {{\n  slide orthogonal at most 6\n}}\n\
         action knight_leap for knight {{\n  leap n+n+e, n+n+w, s+s+e, s+s+w, e+e+n, e+e+s, w+w+n, w+w+s\n}}\n\
         action pawn_step for pawn {{\n  step forward, forward_left, forward_right\n  promote on far to rook, knight\n\
           where promotion == none or promotion == rook or level(to) == 2\n}}\n\
         action scout_walk for scout {{\n  walk all at most 3\n}}\n\
         action vault for knight {{\n  slide orthogonal exactly level(from) + 1 over any\n  where level(to) != 3\n}}\n\
         action climb for climber {{\n  walk orthogonal exactly 2\n  each step where level(step_to) >= level(step_from)\n}}\n\
         action land {{\n  drop pawn, knight on rows 1 to 3\n  where level(to) == 2\n}}\n\
         capture {{\n  to reserve\n}}\n\
         phase play {{\n  turn {{\n    play king_step, rook_slide, knight_leap, pawn_step, scout_walk, climb, vault\n\
             where mark == none or level(from) == level(mark)\n    otherwise land\n\
             legal if not in_check(mover)\n    after {{\n      set mark = to\n    }}\n  }}\n}}\n\
         end {{\n  when count(pieces(next, king)) == 0: win mover\n  when stuck and in_check(next): win mover\n\
           when turns >= 200: draw\n}}\n",
        rows.join("\n")
    )
}

/// A game of compound moves in a turn with `legal if` (tried on a journaled copy in the engine)
/// and `after`: a runner steps (capturing), then must climb where it lands on the first two rows,
/// and no runner of the mover's may be left attacked; a knight leaps and then, every other move,
/// places a stone on a neighbour of where it landed.
fn relay() -> &'static str {
    "game \"relay\"\nseat north\nseat south turned 180\nboard square 6 by 6\n\
     piece runner {\n  letter R\n}\npiece knight {\n  letter N\n}\npiece stone {\n  letter S\n}\n\
     zone start of each seat = rows 1 to 2\nvariable moved = 0\n\
     setup {\n  place runner for each seat on cells a1, c1, e1\n  place knight for each seat on cells b1, f1\n}\n\
     action dash for runner {\n  step orthogonal\n  then climb if to in start\n}\n\
     action climb for runner {\n  step forward, forward_left, forward_right\n}\n\
     action jump for knight {\n  leap n+n+e, n+n+w, e+e+n, w+w+n, s+s+e, s+s+w\n  to empty\n  then mark if moved mod 2 == 0\n}\n\
     action mark {\n  place stone on board\n  where to in neighbours(from)\n}\n\
     phase play {\n  turn {\n    play dash, jump\n    legal if count(pieces(mover, runner), attacked(it.cell, mover)) == 0\n\
         after {\n      set moved = moved + 1\n    }\n  }\n}\n\
     end {\n  when count(pieces(next, runner)) == 0: win mover\n  when moved >= 60: draw\n}\n"
}

/// A game whose compound moves end with a part that a [`Part`] packs apart from a cell and a
/// type: a runner steps, then (every third move) moves along its lane by 1, 2 or two thousand
/// million cells (past its end into the reserve); or steps, then (every other move) chooses a bid
/// of -1, 0 or 1; or steps diagonally, then enters a runner of its reserve onto the lane.
fn tally() -> &'static str {
    "game \"tally\"\nseat north\nseat south turned 180\nboard square 5 by 5\npiece runner {\n\
       letter R\n}\ntrack lane of each seat = a1 to e1, e2 to a2, a3 to e3\n\
     variable bid = 0\nvariable moved = 0\nsetup {\n\
       place runner for each seat on cells a1, c1, e2\n}\naction dash for runner {\n\
       step orthogonal\n  to empty\n  then run if moved mod 3 == 0\n}\n\
     action run for runner {\n  along lane by 1, 2, 2000000000\n  to empty\n\
       exit to reserve\n}\naction wade for runner {\n  step orthogonal\n  to empty\n\
       then bid if moved mod 2 == 1\n}\naction bid {\n  choose amount from -1 to 1\n\
       then {\n    set bid = bid + amount\n  }\n}\naction sneak for runner {\n\
       step diagonal\n  to empty\n  then enter_it if count(reserve(mover)) > 0\n}\n\
     action enter_it for runner {\n  enter lane by 1, 4\n  to empty\n}\nphase play {\n\
       turn {\n    play dash, wade, sneak\n    after {\n      set moved = moved + 1\n    }\n\
       }\n}\nend {\n  when stuck: win next\n  when moved >= 40: draw\n}\n"
}

/// What the comparison went through, to show that it reached every construct.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    moves: usize,
    outcomes: usize,
    attacks: usize,
    /// What the moves compared did: the kinds of their actions, and more.
    seen: BTreeSet<&'static str>,
    /// The kinds of the compound moves' second parts.
    second_parts: BTreeSet<&'static str>,
}

impl Coverage {
    fn note_move(&mut self, engine: &Engine, state: &State, mv: Move) {
        self.moves += 1;
        let MoveKind::Action(id) = mv.kind else {
            self.seen.insert(if mv.kind == MoveKind::Pass { "pass" } else { "end" });
            return;
        };
        self.seen.insert(kind_seen(engine, id, mv));
        if let Some(second @ Move { kind: MoveKind::Action(second_id), .. }) = engine.second_part(mv) {
            self.seen.insert(kind_seen(engine, second_id, second));
            self.second_parts.insert(kind_seen(engine, second_id, second));
        }
        let action = &engine.game.actions[id as usize];
        let drops = matches!(
            action.kind,
            ActionKind::Drop { .. } | ActionKind::Along { source: ludex_ir::TrackSource::Reserve, .. }
        );
        if mv.piece.is_some() && !drops {
            self.seen.insert("promotion");
        }
        if mv.to.is_some_and(|to| state.piece(to).is_some()) {
            self.seen.insert("capture");
        }
        if matches!(action.kind, ActionKind::Walk { .. }) && mv.to.is_none() {
            self.seen.insert("walk off the board");
        }
        if action.continuation.is_some() {
            self.seen.insert(if mv.tail.is_some() { "compound move" } else { "first part alone" });
        }
    }
}

/// What the differential test calls a move of one part, by its action's kind.
fn kind_seen(engine: &Engine, id: ActionId, mv: Move) -> &'static str {
    match &engine.game.actions[id as usize].kind {
        ActionKind::Step { .. } => "step",
        ActionKind::Slide { .. } => "slide",
        ActionKind::Leap { .. } => "leap",
        ActionKind::Walk { rules, .. } if rules.keeps_paths() => "walk keeping its path",
        ActionKind::Walk { rules, .. } if rules.guard.is_some() => "walk with a guard",
        ActionKind::Walk { .. } => "plain walk",
        ActionKind::Drop { .. } => "drop",
        ActionKind::Place { .. } => "place",
        ActionKind::Choose { .. } => "choose",
        ActionKind::Declare => "declare",
        ActionKind::Hop { .. } if mv.path.len() > 1 => "chain of hops",
        ActionKind::Hop { .. } => "hop",
        ActionKind::Anywhere { .. } => "anywhere",
        ActionKind::Remove { .. } => "remove",
        ActionKind::Along { .. } if mv.to.is_none() => "along a track, off its end",
        ActionKind::Along { source: ludex_ir::TrackSource::Reserve, .. } => "enter a track",
        ActionKind::Along { .. } => "along a track",
        ActionKind::Sow { .. } if mv.from == mv.to => "sowing round to its cell",
        ActionKind::Sow { .. } => "sowing",
        ActionKind::SlideExactly { .. } => "slide of exact length",
    }
}

/// Where the engine and the reference first differ at a decision point, if they do.
fn decision_difference(engine: &Engine, state: &State, coverage: &mut Coverage) -> Result<(), String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    let reference = engine.reference_legal_moves(state);
    if moves != reference {
        let names =
            |moves: &[Move]| moves.iter().map(|&mv| engine.move_notation(state, mv)).collect::<Vec<_>>();
        return Err(format!(
            "legal moves:\n engine    {:?}\n reference {:?}",
            names(&moves),
            names(&reference)
        ));
    }
    let any_action = reference.iter().any(|mv| matches!(mv.kind, MoveKind::Action(_)));
    if engine.has_legal_action(state) != any_action {
        return Err(format!("has a legal action: engine {}, reference {any_action}", !any_action));
    }
    for seed in 0..RANDOM_DRAWS {
        let drawn = engine.random_move(state, &mut Vec::new(), &mut ChaCha8Rng::seed_from_u64(seed));
        if !drawn.is_some_and(|mv| reference.contains(&mv)) {
            return Err(format!("random move {drawn:?} is not legal"));
        }
    }
    if coverage.positions.is_multiple_of(ATTACK_CHECK_EVERY) {
        attack_difference(engine, state, coverage)?;
    }
    for &mv in &reference {
        coverage.note_move(engine, state, mv);
        let mut after = state.clone();
        engine.apply_move(&mut after, mv);
        let expected = engine.reference_apply_move(state, mv);
        same_state(engine, &after, &expected)
            .map_err(|e| format!("after {}: {e}", engine.move_notation(state, mv)))?;
    }
    Ok(())
}

/// Where `attacked` first differs, for every cell, defending seat and attacking seat (or any).
fn attack_difference(engine: &Engine, state: &State, coverage: &mut Coverage) -> Result<(), String> {
    let attacks = engine.reference_attacks(state);
    if attacks.iter().all(Vec::is_empty) {
        return Ok(());
    }
    let seat = engine.current_seat(state);
    let ctx = Ctx::new(Some(seat), Some(engine.seat_after(state)));
    let seats = 0..engine.seat_count() as SeatId;
    for cell in 0..engine.game.board.cell_count() as CellId {
        for defender in seats.clone() {
            for by in std::iter::once(None).chain(seats.clone().map(Some)) {
                let expected = engine.reference_attacked(state, &ctx, (cell, defender, by), &attacks);
                if engine.attacked(state, &ctx, cell, defender, by) != expected {
                    let cell = engine.cell_name(cell);
                    return Err(format!(
                        "attacked({cell}, {defender}, {by:?}): engine {}, reference {expected}",
                        !expected
                    ));
                }
                coverage.attacks += 1;
                if expected {
                    coverage.seen.insert("attacked");
                }
            }
        }
    }
    Ok(())
}

/// Where two states that should be equal first differ: as written in the position format, then
/// in what the format leaves out; and whether the engine's board index is the one rebuilt.
fn same_state(engine: &Engine, state: &State, expected: &State) -> Result<(), String> {
    if state != expected {
        let (written, expected_written) = (engine.write_position(state), engine.write_position(expected));
        return Err(format!("engine:\n{written}\nreference:\n{expected_written}\n{state:?}\n{expected:?}"));
    }
    if state.index != rebuilt_index(engine, state) {
        return Err("the board index is not the board's".into());
    }
    Ok(())
}

/// Where the engine and the reference first differ at a state (a decision point, a roll, an end).
fn difference(engine: &Engine, state: &State, coverage: &mut Coverage) -> Result<(), String> {
    coverage.positions += 1;
    match engine.status(state) {
        Status::Decision { .. } => decision_difference(engine, state, coverage),
        Status::Chance { sides } => (1..=sides).try_for_each(|outcome| {
            coverage.outcomes += 1;
            let mut after = state.clone();
            engine.apply_chance(&mut after, outcome);
            let expected = engine.reference_apply_chance(state, outcome);
            same_state(engine, &after, &expected).map_err(|e| format!("after roll {outcome}: {e}"))
        }),
        Status::Over(_) => {
            let (mut moves, reference) = (Vec::new(), engine.reference_legal_moves(state));
            engine.legal_moves(state, &mut moves);
            if moves == reference { Ok(()) } else { Err("moves after the end".into()) }
        }
    }
}

/// Every state of a seeded random game, from the setup to the end.
fn random_game(engine: &Engine, seed: u64) -> Vec<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut state, mut moves) = (engine.initial_state(), Vec::new());
    let mut states = vec![state.clone()];
    loop {
        match engine.status(&state) {
            Status::Over(_) => return states,
            Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides)),
            Status::Decision { .. } => {
                let mv =
                    engine.random_move(&state, &mut moves, &mut rng).expect("a decision point has moves");
                engine.apply_move(&mut state, mv);
            }
        }
        states.push(state.clone());
    }
}

/// Compares the engine with the reference over `seeds` random games of the engine's rules,
/// `checks` positions a game: the first difference, with where it was found.
fn compare(engine: &Engine, seeds: u64, checks: usize, coverage: &mut Coverage) -> Result<(), String> {
    same_state(engine, &engine.initial_state(), &engine.reference_initial_state())
        .map_err(|e| format!("the setup: {e}"))?;
    for seed in 0..seeds {
        let states = random_game(engine, seed);
        let stride = states.len().div_ceil(checks).max(1);
        for (ply, state) in states.iter().enumerate().step_by(stride) {
            difference(engine, state, coverage)
                .map_err(|e| format!("seed {seed}, state {ply}:\n{}\n{e}", engine.write_position(state)))?;
        }
    }
    Ok(())
}

#[test]
fn the_engine_gives_what_the_reference_gives_on_every_shipped_game() {
    let mut seen = BTreeSet::new();
    let games = shipped_rules()
        .into_iter()
        .map(|(path, options, seeds)| (engine_for(&path, &options), path, options, seeds));
    let sprawl = compiled("sprawl", &sprawl(), &Default::default());
    let relay = compiled("relay", relay(), &Default::default());
    let tally = compiled("tally", tally(), &Default::default());
    let made_up = [
        (sprawl, "sprawl".into(), Default::default(), SEEDS),
        (relay, "relay".into(), Default::default(), SEEDS),
        (tally, "tally".into(), Default::default(), SEEDS),
    ];
    for (engine, path, options, seeds) in games.chain(made_up) {
        let mut coverage = Coverage::default();
        if let Err(difference) = compare(&engine, seeds, CHECKS_PER_GAME, &mut coverage) {
            panic!("{path} {options:?}: the engine and the reference differ: {difference}");
        }
        eprintln!("{path} {options:?}: {coverage:?}");
        assert!(coverage.positions >= seeds as usize * 2 && coverage.moves > coverage.positions, "{path}");
        if path == "tally" {
            let parts = ["choose", "along a track", "along a track, off its end", "enter a track"];
            let missed: Vec<_> = parts.iter().filter(|kind| !coverage.second_parts.contains(*kind)).collect();
            assert!(missed.is_empty(), "tally's second parts never reached {missed:?}");
        }
        seen.extend(coverage.seen);
    }
    let every = [
        "step",
        "slide",
        "slide of exact length",
        "leap",
        "plain walk",
        "walk keeping its path",
        "walk with a guard",
        "walk off the board",
        "hop",
        "chain of hops",
        "drop",
        "place",
        "choose",
        "declare",
        "anywhere",
        "remove",
        "promotion",
        "capture",
        "attacked",
        "end",
        "compound move",
        "first part alone",
    ];
    let missed: Vec<_> = every.iter().filter(|what| !seen.contains(*what)).collect();
    assert!(missed.is_empty(), "the shipped games never reached {missed:?}");
}

/// A rules file's engine with one of its speed layers broken by `break_it`: the comparison must
/// notice.
fn assert_noticed(file: &str, break_it: impl FnOnce(&mut Engine)) {
    let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
    let mut engine = engine_for(&path, &Default::default());
    assert!(compare(&engine, 2, CHECKS_PER_GAME, &mut Coverage::default()).is_ok(), "{file}");
    break_it(&mut engine);
    assert!(compare(&engine, 2, CHECKS_PER_GAME, &mut Coverage::default()).is_err(), "{file}");
}

/// The same game with every walk in all directions instead of its own.
fn walking_everywhere(game: &Game) -> Game {
    let mut game = game.clone();
    let all: Vec<DirId> = (0..game.board.directions.len() as DirId).collect();
    for action in &mut game.actions {
        if let ActionKind::Walk { directions, .. } = &mut action.kind {
            directions.iter_mut().for_each(|seat| *seat = all.clone());
        }
    }
    game
}

#[test]
fn a_walk_table_of_another_walk_is_noticed() {
    assert_noticed("rules/mana.rules", |engine| {
        engine.tables.speed.walks = crate::walk::WalkTables::new(&walking_everywhere(&engine.game));
    });
}

#[test]
fn plain_walks_planned_for_another_destination_are_noticed() {
    // The walks may end on enemies: planned as if they ended on empty cells only, they lose their
    // captures.
    assert_noticed("rules/mana.rules", |engine| {
        let mut game = engine.game.clone();
        game.actions.iter_mut().for_each(|action| action.destination = ludex_ir::Destination::Empty);
        engine.tables.speed.one_word_walks = crate::walk::one_word_walks(&game, &engine.tables.speed);
    });
}

#[test]
fn the_ends_of_steps_and_leaps_of_another_seat_are_noticed() {
    // The steps' and leaps' ends read from tables whose seats are swapped: each seat's moves
    // that turn with it go the other seat's way.
    assert_noticed("rules/chess.rules", |engine| {
        let mut swapped = engine.game.clone();
        for action in &mut swapped.actions {
            if let ActionKind::Step { directions } = &mut action.kind {
                directions.reverse();
            }
            if let ActionKind::Leap { paths } = &mut action.kind {
                paths.reverse();
            }
        }
        let tables = crate::reach::ReachTables::new(&swapped).expect("chess has reach tables");
        engine.tables.speed.attacks.reach_mut().expect("chess has reach tables").take_targets(tables);
    });
}

#[test]
fn moves_trusted_to_come_out_in_order_when_they_do_not_are_noticed() {
    // Walks that keep their paths list their moves as the search finds them.
    assert_noticed("rules/duwen.rules", |engine| {
        let choices = engine.game.phases.iter().map(|phase| &phase.turn.choices);
        engine.tables.speed.ordered_choices = choices
            .map(|choices| {
                let as_written = |choice: &ludex_ir::ActionChoice| choice.actions.clone().into_boxed_slice();
                choices.iter().map(|choice| ChoiceOrder::Increasing(as_written(choice))).collect()
            })
            .collect();
    });
}

#[test]
fn filters_left_out_are_noticed() {
    // The Mana rule is a cell test of the turn choice's filter.
    assert_noticed("rules/mana.rules", |engine| engine.tables.speed.filters = Default::default());
}

#[test]
fn compiled_end_rules_out_of_order_are_noticed() {
    assert_noticed("rules/chess.rules", |engine| engine.tables.speed.end_conditions.reverse());
}

#[test]
fn attacks_without_their_tables_are_noticed() {
    assert_noticed("rules/chess.rules", |engine| engine.tables.speed.attacks = Default::default());
}

/// The sets of cells of Go's positions (random games of rules/go.rules, and of it on boards of 361
/// cells and of 529, past the 512 whose sets the engine keeps on the stack): for every cell, its
/// neighbours, its group (of alike cells, and of empty cells by a condition), what surrounds the
/// group, and every seat's territory and the board's cells, as the engine's bit sets and floods
/// give them and as the reference's searches do.
#[test]
fn the_engine_gives_the_reference_sets_of_cells() {
    let path = format!("{}/../../rules/go.rules", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("go.rules");
    assert_same_sets_of_cells(&engine_for(&path, &Default::default()), 4);
    for size in [19, 23] {
        let sized = text.replace("board square 9 by 9", &format!("board square {size} by {size}"));
        let engine = compiled("go", &sized, &Default::default());
        assert_eq!(engine.game.board.cell_count(), size * size);
        assert_same_sets_of_cells(&engine, 1);
    }
}

/// Compares the sets of cells of Go's positions over `seeds` random games of the engine's Go.
fn assert_same_sets_of_cells(engine: &Engine, seeds: u64) {
    use ludex_ir::{CellCollection, Const, Expr, Member};
    let sides = engine.game.board.group_named("orthogonal").expect("a square board").to_vec();
    let per_seat = vec![sides.clone(); engine.game.seats.len()];
    let cell_count = engine.game.board.cell_count() as u16;
    let at = |cell: u16| Box::new(Expr::Const(Const::Cell(cell)));
    let empty = Member::Where(Box::new(Expr::Binary(
        ludex_ir::BinaryOp::Eq,
        Box::new(Expr::PieceAt(Box::new(Expr::Context(ludex_ir::ContextWord::It)))),
        Box::new(Expr::Const(Const::None)),
    )));
    let mut sets = vec![CellCollection::Region {
        cells: vec![ludex_ir::CellSet::from_cells((0..cell_count).collect(), cell_count as usize); 2],
    }];
    for seat in 0..2 {
        let seat = Box::new(Expr::Const(Const::Seat(seat)));
        sets.push(CellCollection::Territory { seat, directions: sides.clone() });
    }
    for cell in 0..cell_count {
        let group =
            CellCollection::Group { cell: at(cell), directions: per_seat.clone(), member: Member::Alike };
        sets.push(CellCollection::Neighbours { cell: at(cell), directions: per_seat.clone() });
        sets.push(CellCollection::Group {
            cell: at(cell),
            directions: per_seat.clone(),
            member: empty.clone(),
        });
        sets.push(CellCollection::Around { set: Box::new(group.clone()), directions: per_seat.clone() });
        sets.push(group);
    }
    let mut checked = 0;
    for seed in 0..seeds {
        let states = random_game(engine, seed);
        for state in states.iter().step_by(states.len().div_ceil(8).max(1)) {
            let ctx = Ctx::new(Some(engine.current_seat(state)), None);
            for set in &sets {
                let mut fast = Vec::new();
                engine.for_each_cell(state, &ctx, set, |cell| fast.push(cell));
                let plain: Vec<_> = engine.reference_cells(state, &ctx, set).into_iter().collect();
                assert_eq!(fast, plain, "seed {seed}, {set:?}:\n{}", engine.write_position(state));
                checked += usize::from(!plain.is_empty());
            }
        }
    }
    assert!(checked > 1000, "only {checked} sets were not empty");
}
