//! Mana (rules/mana.rules, seed 004): one scenario a rule sentence. Each test loads a position (or
//! plays from the start) and asserts the exact set of legal moves or the exact outcome.
//!
//! Pieces in positions: `D1`/`R1` red damyo and ronin, `D2`/`R2` amber ones. The mat as drawn in
//! the rules file (no orientation chosen), each cell's value:
//!
//! ```text
//! 6  3 2 2 1 3 2
//! 5  1 3 1 3 1 2
//! 4  2 1 3 2 3 1
//! 3  2 3 1 2 1 3
//! 2  3 1 3 1 3 2
//! 1  1 2 2 3 1 2
//!    a b c d e f
//! ```

mod support;

use ludex::runtime::{State, Value};
use support::{engine, legal, load, play, result, sorted, to_move, variable};

const RULES: &str = "rules/mana.rules";

/// A position of the phase `play` with `seat` to move, the Mana on `mana` (a cell or `none`) and
/// the given board (ranks 6 to 1).
fn playing(seat: &str, mana: &str, extra: &str, board: &str) -> String {
    format!("phase play\nturn {seat}\nvariable mana = {mana}\n{extra}\nboard\n{board}")
}

/// The level map's values as a grid, top rank first.
fn level_grid(engine: &ludex::runtime::Engine, state: &State) -> String {
    let map = engine.game.maps.iter().position(|m| m.name == "level").expect("the level map") as u8;
    let rows: Vec<String> = (1..=6)
        .rev()
        .map(|rank| {
            let values: Vec<String> = ('a'..='f')
                .map(|file| {
                    let cell = engine.cell_named(&format!("{file}{rank}")).expect("a cell");
                    engine.map_value(state, map, cell).expect("a value").to_string()
                })
                .collect();
            values.join(" ")
        })
        .collect();
    rows.join("\n")
}

// "The player with the red pieces positions the mat to his liking by choosing one of the 4 sides
//  which best suits him/her."

#[test]
fn red_first_chooses_one_of_four_orientations_of_the_mat() {
    let engine = engine(RULES);
    let state = engine.initial_state();
    assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    assert_eq!(legal(&engine, &state), sorted(&["orient 0", "orient 1", "orient 2", "orient 3"]));
}

#[test]
fn each_orientation_turns_the_mat_by_quarter_turns_clockwise() {
    let engine = engine(RULES);
    // Turned by hand from the grid in the rules file.
    let expected = [
        "3 2 2 1 3 2\n1 3 1 3 1 2\n2 1 3 2 3 1\n2 3 1 2 1 3\n3 1 3 1 3 2\n1 2 2 3 1 2",
        "1 3 2 2 1 3\n2 1 3 1 3 2\n2 3 1 3 1 2\n3 1 2 2 3 1\n1 3 1 3 1 3\n2 2 3 1 2 2",
        "2 1 3 2 2 1\n2 3 1 3 1 3\n3 1 2 1 3 2\n1 3 2 3 1 2\n2 1 3 1 3 1\n2 3 1 2 2 3",
        "2 2 1 3 2 2\n3 1 3 1 3 1\n1 3 2 2 1 3\n2 1 3 1 3 2\n2 3 1 3 1 2\n3 1 2 2 3 1",
    ];
    for (quarter, grid) in expected.iter().enumerate() {
        let mut state = engine.initial_state();
        play(&engine, &mut state, &format!("orient {quarter}"));
        assert_eq!(level_grid(&engine, &state), *grid, "orient {quarter}");
    }
}

#[test]
fn moves_follow_the_turned_mat() {
    let engine = engine(RULES);
    let mut state = engine.initial_state();
    // After a quarter turn a1 is a double square (it was a single one).
    play(&engine, &mut state, "orient 1");
    for drop in
        ["D@a1", "R@d1", "R@e1", "R@f1", "R@e2", "R@f2", "D@a6", "R@b6", "R@c6", "R@d6", "R@e6", "R@f6"]
    {
        play(&engine, &mut state, drop);
    }
    assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    let from_a1: Vec<String> = legal(&engine, &state).into_iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(from_a1, sorted(&["a1-a3", "a1-b2", "a1-c1"]));
}

// "Then s/he displays his/her pieces on 6 squares of the first two rows." "The amber player then
//  displays his/her own pieces on 6 squares among the 12 closest to him/her."

/// Every drop of the given letters on the cells of the given ranks.
fn drops(letters: &[char], ranks: [u32; 2], except: &[&str]) -> Vec<String> {
    let mut moves = Vec::new();
    for rank in ranks {
        for file in 'a'..='f' {
            let cell = format!("{file}{rank}");
            if !except.contains(&cell.as_str()) {
                moves.extend(letters.iter().map(|letter| format!("{letter}@{cell}")));
            }
        }
    }
    moves.sort();
    moves
}

#[test]
fn red_deploys_all_six_pieces_on_its_first_two_rows_then_amber_on_its_own() {
    let engine = engine(RULES);
    let mut state = engine.initial_state();
    play(&engine, &mut state, "orient 0");
    assert_eq!(legal(&engine, &state), drops(&['D', 'R'], [1, 2], &[]));
    play(&engine, &mut state, "D@c2");
    // Red goes on: only ronins are left, and c2 is taken.
    assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    assert_eq!(legal(&engine, &state), drops(&['R'], [1, 2], &["c2"]));
    for drop in ["R@a1", "R@b2", "R@d1", "R@e2"] {
        play(&engine, &mut state, drop);
        assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    }
    play(&engine, &mut state, "R@f1");
    assert!(engine.reserve(&state, 0).is_empty());
    assert_eq!(to_move(&engine, &state).as_deref(), Some("amber"));
    assert_eq!(legal(&engine, &state), drops(&['D', 'R'], [5, 6], &[]));
    for drop in ["R@a6", "R@b5", "D@c6", "R@d5", "R@e6"] {
        play(&engine, &mut state, drop);
        assert_eq!(to_move(&engine, &state).as_deref(), Some("amber"));
    }
    play(&engine, &mut state, "R@f5");
    assert_eq!(result(&engine, &state), None, "no damyo was taken: deployment does not end the game");
    // "The red player starts."
    assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    assert!(legal(&engine, &state).iter().all(|m| m.contains('-')), "{:?}", legal(&engine, &state));
}

// "A piece standing on a triple square moves 3 squares, one on a double 2 squares and one on a
//  single just 1" "Each player in turn moves their pieces forwards, backwards, laterally (never in
//  a diagonal)."

#[test]
fn a_piece_on_a_single_square_moves_one_square_orthogonally() {
    let engine = engine(RULES);
    // The Mana is on e5, a single square: only the ronin on c3 (a single) may move.
    let state = load(
        &engine,
        &playing(
            "red",
            "e5",
            "",
            "D1 . . . . D2
             .  . . . R2 .
             .  . . . . .
             .  . R1 . . .
             .  . . . . .
             .  . . . . .",
        ),
    );
    assert_eq!(legal(&engine, &state), sorted(&["c3-b3", "c3-c2", "c3-c4", "c3-d3"]));
}

#[test]
fn a_piece_on_a_double_square_moves_exactly_two_squares_turning_at_right_angles() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &playing(
            "red",
            "f6",
            "",
            "D1 . . . . D2
             .  . . . . .
             .  . . R1 . .
             .  . . . . .
             .  . . . . .
             .  . . . . .",
        ),
    );
    let expected = ["d4-b4", "d4-c3", "d4-c5", "d4-d2", "d4-d6", "d4-e3", "d4-e5", "d4-f4"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

#[test]
fn a_piece_on_a_triple_square_moves_exactly_three_squares() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &playing(
            "red",
            "e6",
            "",
            ". . . . D2 .
             . . . . .  .
             . . R1 . . .
             . . . . .  .
             . . . . .  .
             . . . . .  D1",
        ),
    );
    // Three squares away, and also the four neighbours, reached by a U of three right angles.
    let expected = [
        "c4-a3", "c4-a5", "c4-b2", "c4-b6", "c4-c1", "c4-d2", "c4-d6", "c4-e3", "c4-e5", "c4-f4", //
        "c4-b4", "c4-c3", "c4-c5", "c4-d4",
    ];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "You cannot jump over another piece nor pass twice on the same square."

#[test]
fn a_walk_never_jumps_over_a_piece_nor_passes_twice_on_a_square() {
    let engine = engine(RULES);
    // The triple ronin on c4 is hemmed in by its own pieces on b4, d4 and c3: it must leave by c5,
    // and cannot come back to c5 (that would pass twice on a square).
    let state = load(
        &engine,
        &playing(
            "red",
            "f3",
            "",
            ". . . . . .
             . . . . . .
             . D1 R1 R1 . .
             . . R1 . . D2
             . . . . . .
             . . . . . .",
        ),
    );
    assert_eq!(legal(&engine, &state), sorted(&["c4-a5", "c4-b6", "c4-d6", "c4-e5"]));
}

#[test]
fn a_walk_of_two_neither_passes_through_an_enemy_nor_stops_short_on_it() {
    let engine = engine(RULES);
    // Amber ronins on d5 (next to the double ronin on d4: too close to take, and in the way north)
    // and on d2 (two squares away: taken).
    let state = load(
        &engine,
        &playing(
            "red",
            "f6",
            "",
            "D1 . . . . D2
             .  . . R2 . .
             .  . . R1 . .
             .  . . . . .
             .  . . R2 . .
             .  . . . . .",
        ),
    );
    let expected = ["d4-b4", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f4", "d4xd2"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "Yet, your move may end on a square occupied by your opponent: his/her piece is then eliminated."

#[test]
fn ending_on_an_enemy_ronin_sends_it_back_to_its_owners_reserve() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &playing(
            "red",
            "e5",
            "",
            "D1 . . . . D2
             .  . . . R2 .
             .  . R2 . . .
             .  . R1 . . .
             .  . . . . .
             .  . . . . .",
        ),
    );
    play(&engine, &mut state, "c3xc4");
    assert_eq!(result(&engine, &state), None, "a ronin is not the damyo");
    assert_eq!(support::token_on(&engine, &state, "c4"), "R1");
    let amber = support::seat(&engine, "amber");
    let reserve: Vec<(Option<u8>, String)> = engine
        .reserve(&state, amber)
        .iter()
        .map(|p| (p.owner, engine.game.pieces[p.kind as usize].name.clone()))
        .collect();
    assert_eq!(reserve, vec![(Some(amber), "ronin".to_string())]);
    assert!(engine.prizes(&state, support::seat(&engine, "red")).is_empty());
}

// "The game is over when one piece (either damyo or ronin) eliminates the opponent's damyo by
//  joining it in its square."

#[test]
fn taking_the_enemy_damyo_wins() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &playing(
            "red",
            "e5",
            "",
            ".  . . . . .
             .  . . . R2 .
             .  . D2 . . .
             .  . R1 . . .
             .  . . . . .
             D1 . . . . .",
        ),
    );
    play(&engine, &mut state, "c3xc4");
    let over = result(&engine, &state).expect("the game is over");
    assert_eq!(over.places, vec![1, 2]);
}

#[test]
fn amber_wins_by_taking_reds_damyo() {
    let engine = engine(RULES);
    // The Mana is on f5, a double: Amber's double ronin on d4 takes Red's damyo two squares away.
    let mut state = load(
        &engine,
        &playing(
            "amber",
            "f5",
            "",
            "D2 . . . . .
             .  . . . . R1
             .  . . R2 . .
             .  . . . . .
             .  . . D1 . .
             .  . . . . .",
        ),
    );
    let expected = ["d4-b4", "d4-c3", "d4-c5", "d4-d6", "d4-e3", "d4-e5", "d4-f4", "d4xd2"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
    play(&engine, &mut state, "d4xd2");
    assert_eq!(result(&engine, &state).map(|r| r.places), Some(vec![2, 1]));
}

// "After the red player has moved his/her first piece, s/he crowns it with the Mana. The amber
//  player is thus obliged to move a piece (damyo or ronin) standing on a square of the same value
//  as that which owns the Mana." Red's first move is free.

#[test]
fn reds_first_move_is_free_and_crowns_the_moved_piece_with_the_mana() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &playing(
            "red",
            "none",
            "",
            "R2 . . . . D2
             .  . . . . .
             .  . . . . .
             .  . . . . .
             .  . . . . .
             R1 . . . . D1",
        ),
    );
    // The single on a1 and the double on f1 may both move.
    let expected = ["a1-a2", "a1-b1", "f1-d1", "f1-e2", "f1-f3"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
    play(&engine, &mut state, "a1-a2");
    let a2 = engine.cell_named("a2").expect("a2");
    assert_eq!(variable(&engine, &state, "mana"), Value::Cell(a2));
    // a2 is a triple: Amber must move its triple piece (a6), not the double one (f6).
    let expected = ["a6-a3", "a6-a5", "a6-b4", "a6-b6", "a6-c5", "a6-d6"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

#[test]
fn the_mana_holds_even_when_a_ronin_waits_in_reserve() {
    let engine = engine(RULES);
    // The Mana is on f5 (a double): Amber's only double piece, on b6, must move.
    let state = load(
        &engine,
        &playing(
            "amber",
            "f5",
            "reserve amber R",
            "D2 R2 . R2 . .
             .  .  . .  . R1
             .  .  . .  . .
             .  .  . .  . .
             .  .  . .  . .
             D1 .  . .  . .",
        ),
    );
    assert_eq!(legal(&engine, &state), sorted(&["b6-a5", "b6-b4", "b6-c5"]));
}

// "There are two logical exceptions to the rule: a) when none of your pieces is placed on the
//  requested square. [...] In that case, you may either move any piece [...] or re-introduce on the
//  board one of your ronins previously dismissed by your opponent. You may put it on any square as
//  long as it corresponds to one requested by the Mana."

/// Amber's moves from a6 (a triple) and d6 (a single) with the board below.
const AMBER_FREE_MOVES: [&str; 8] = ["a6-a3", "a6-a5", "a6-b4", "a6-b6", "a6-c5", "d6-c6", "d6-d5", "d6-e6"];

#[test]
fn with_no_piece_on_the_requested_value_any_piece_moves_or_a_ronin_reenters() {
    let engine = engine(RULES);
    let board = "D2 . . R2 . .
                 .  . . .  . R1
                 .  . . .  . .
                 .  . . .  . .
                 .  . . .  . .
                 D1 . . .  . .";
    // The Mana is on a double square (f5); Amber has no piece on a double square.
    let state = load(&engine, &playing("amber", "f5", "", board));
    assert_eq!(legal(&engine, &state), sorted(&AMBER_FREE_MOVES));
    // With a dismissed ronin, it may also come back on any empty double square.
    let state = load(&engine, &playing("amber", "f5", "reserve amber R", board));
    let reentries = ["R@a3", "R@a4", "R@b1", "R@b6", "R@c1", "R@c6", "R@d3", "R@d4", "R@f1", "R@f2", "R@f6"];
    let expected: Vec<&str> = AMBER_FREE_MOVES.iter().chain(&reentries).copied().collect();
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "b) when the requested piece(s) cannot move because its way is blocked by other pieces."

#[test]
fn when_the_requested_pieces_are_blocked_any_piece_moves_or_a_ronin_reenters() {
    let engine = engine(RULES);
    // Amber's double ronin on f6 is walled in by Red's pieces on e6 and f5.
    let state = load(
        &engine,
        &playing(
            "amber",
            "f5",
            "reserve amber R",
            "D2 . . R2 D1 R2
             .  . . .  .  R1
             .  . . .  .  .
             .  . . .  .  .
             .  . . .  .  .
             .  . . .  .  .",
        ),
    );
    let expected = [
        "a6-a3", "a6-a5", "a6-b4", "a6-b6", "a6-c5", "d6-c6", "d6-d5", "d6xe6", //
        "R@a3", "R@a4", "R@b1", "R@b6", "R@c1", "R@c6", "R@d3", "R@d4", "R@f1", "R@f2",
    ];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "The reintroduction will count as a move. Next time you play, the re-born ronin will obey the
//  rules like any other piece." The re-entered ronin is crowned with the Mana.

#[test]
fn a_reentry_is_the_whole_move_and_takes_the_mana() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &playing(
            "amber",
            "f5",
            "reserve amber R",
            "D2 . . R2 . .
             .  . . .  . R1
             .  . . .  . .
             .  . . .  . .
             .  . . .  . .
             D1 . . .  . .",
        ),
    );
    play(&engine, &mut state, "R@d4");
    let amber = support::seat(&engine, "amber");
    assert!(engine.reserve(&state, amber).is_empty());
    assert_eq!(support::token_on(&engine, &state, "d4"), "R2");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    let d4 = engine.cell_named("d4").expect("d4");
    assert_eq!(variable(&engine, &state, "mana"), Value::Cell(d4));
    // d4 is a double square: Red must move its piece on a double square (f5).
    assert_eq!(legal(&engine, &state), sorted(&["f5-d5", "f5-e4", "f5-e6", "f5-f3"]));
}
