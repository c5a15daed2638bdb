//! Den-Den (`rules/den-den.rules`): a scenario for every rule sentence of the seed and every
//! interpretation, for four, five and six players; random games of each size finish and replay.
//!
//! Seats are numbered in the position format as the game numbers them: with six players south 1,
//! southwest 2, northwest 3, north 4, northeast 5, southeast 6; with four players south 1,
//! southwest 2, north 3, northeast 4; with five, south 1, southwest 2, northwest 3, north 4,
//! northeast 5. Letters: K Black, R Blue, N Green, P White.

mod support;

use std::collections::BTreeMap;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, State, Status, Value};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{legal, load, play, result, roll, to_move, token_on};

const RULES: &str = "rules/den-den.rules";

fn den_den(players: i64) -> Engine {
    let text = std::fs::read_to_string(RULES).expect("the rules file");
    let options = BTreeMap::from([("players".to_string(), players)]);
    let compiled = ludex::compile(&text, &options);
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    Engine::new(compiled.game.expect("no error"))
}

/// A position: the seat to move, the two dice, then more statements.
fn position(engine: &Engine, seat: &str, dice: (u32, u32), rest: &str) -> State {
    let text =
        format!("turn {seat}\nvariable first_die = {}\nvariable second_die = {}\n{rest}", dice.0, dice.1);
    load(engine, &text)
}

/// The cells the piece on `from` may move to, sorted (captures marked `x`).
fn targets(engine: &Engine, state: &State, from: &str) -> Vec<String> {
    let mut cells: Vec<String> = legal(engine, state)
        .into_iter()
        .filter_map(|mv| {
            let rest = mv.strip_prefix(from)?;
            let (separator, cell) = rest.split_at(1);
            let cell = cell.chars().next().is_some_and(|c| c.is_ascii_lowercase()).then_some(cell)?;
            Some(if separator == "x" { format!("x{cell}") } else { cell.to_string() })
        })
        .collect();
    cells.sort();
    cells
}

fn cells(names: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    names.sort();
    names
}

fn int_var(engine: &Engine, state: &State, name: &str, seat: &str) -> i64 {
    let seat = engine.seat_named(seat).expect("a seat");
    match engine.variable(state, name, Some(seat)) {
        Some(Value::Int(n)) => n,
        other => panic!("{name}({seat}) is {other:?}"),
    }
}

fn seat_var(engine: &Engine, state: &State, name: &str, seat: &str) -> Option<String> {
    let seat = engine.seat_named(seat).expect("a seat");
    match engine.variable(state, name, Some(seat)) {
        Some(Value::Seat(s)) => Some(engine.game.seats[s as usize].name.clone()),
        Some(Value::None) => None,
        other => panic!("{name} is {other:?}"),
    }
}

/// The seats' names in turn order, as the game declares them.
fn seat_names(engine: &Engine) -> Vec<&str> {
    engine.game.seats.iter().map(|s| s.name.as_str()).collect()
}

/// Ends the current turn and rolls the next seat's two dice.
fn end_turn(engine: &Engine, state: &mut State, dice: (u32, u32)) {
    play(engine, state, "end");
    roll(engine, state, 6, dice.0);
    roll(engine, state, 6, dice.1);
}

// ---- board, seats, teams, layout ------------------------------------------------------------------

#[test]
fn the_board_is_a_hexagon_of_seven_cells_a_side_named_like_glinskis() {
    let engine = den_den(6);
    let board = &engine.game.board;
    assert_eq!(board.cell_count(), 127);
    // Files a to n without j; the centre is g7; the six corners.
    for name in ["a1", "a7", "g1", "g7", "g13", "n1", "n7"] {
        assert!(engine.cell_named(name).is_some(), "{name}");
    }
    assert!(engine.cell_named("j1").is_none() && engine.cell_named("a8").is_none());
    assert!(engine.cell_named("o1").is_none() && engine.cell_named("g14").is_none());
}

#[test]
fn seats_sit_in_the_corners_clockwise_and_seat_one_moves_first() {
    let expected: [(i64, &[&str]); 3] = [
        (4, &["south", "southwest", "north", "northeast"]),
        (5, &["south", "southwest", "northwest", "north", "northeast"]),
        (6, &["south", "southwest", "northwest", "north", "northeast", "southeast"]),
    ];
    for (players, seats) in expected {
        let engine = den_den(players);
        assert_eq!(seat_names(&engine), seats, "{players} players");
        let mut state = engine.initial_state();
        // The highest status player rolls first, then each seat in turn, clockwise.
        for &seat in seats.iter().chain(&seats[..1]) {
            roll(&engine, &mut state, 6, 3);
            roll(&engine, &mut state, 6, 3);
            assert_eq!(to_move(&engine, &state).as_deref(), Some(seat), "{players} players");
            play(&engine, &mut state, "end");
        }
    }
}

#[test]
fn each_seat_starts_with_the_same_layout_turned_into_its_corner() {
    let engine = den_den(6);
    let state = engine.initial_state();
    // South, written once: Black on the corner g1, Blues on the edge cells next to it, a Green on
    // the inner one, the other Green in the middle of the next ring, four Whites around it.
    let south = [
        ("g1", "K1"),
        ("f1", "R1"),
        ("h1", "R1"),
        ("g2", "N1"),
        ("g3", "N1"),
        ("e1", "P1"),
        ("f2", "P1"),
        ("h2", "P1"),
        ("i1", "P1"),
    ];
    for (cell, token) in south {
        assert_eq!(token_on(&engine, &state, cell), token, "{cell}");
    }
    // North, turned half a turn, in the opposite corner.
    let north = [("g13", "K4"), ("h12", "R4"), ("f12", "R4"), ("g12", "N4"), ("g11", "N4"), ("i11", "P4")];
    for (cell, token) in north {
        assert_eq!(token_on(&engine, &state, cell), token, "{cell}");
    }
    // Every corner holds its seat's Black; every seat has 1 Black, 2 Blues, 2 Greens, 4 Whites.
    for (cell, token) in [("a1", "K2"), ("a7", "K3"), ("n7", "K5"), ("n1", "K6")] {
        assert_eq!(token_on(&engine, &state, cell), token, "{cell}");
    }
    let text = engine.write_position(&state);
    for seat in 1..=6 {
        let count =
            |letter: char| text.split_whitespace().filter(|t| *t == format!("{letter}{seat}")).count();
        assert_eq!([count('K'), count('R'), count('N'), count('P')], [1, 2, 2, 4], "seat {seat}");
    }
}

#[test]
fn with_four_or_five_players_the_empty_corners_stay_empty() {
    let four = den_den(4);
    let state = four.initial_state();
    for corner in ["a7", "n1", "a6", "b8"] {
        assert_eq!(token_on(&four, &state, corner), ".", "{corner}");
    }
    assert_eq!(token_on(&four, &state, "g13"), "K3");
    let five = den_den(5);
    let state = five.initial_state();
    assert_eq!(token_on(&five, &state, "a7"), "K3");
    assert_eq!(token_on(&five, &state, "n1"), ".");
}

#[test]
fn teams_of_two_sit_opposite_and_the_fifth_player_plays_alone() {
    let team_of = |engine: &Engine, seat: &str| -> Vec<String> {
        let seat = engine.seat_named(seat).expect("seat") as usize;
        let team = engine.game.seats[seat].team.expect("a team");
        let seats = &engine.game.teams[team as usize].seats;
        seats.iter().map(|&s| engine.game.seats[s as usize].name.clone()).collect()
    };
    let six = den_den(6);
    assert_eq!(team_of(&six, "south"), ["south", "north"]);
    assert_eq!(team_of(&six, "southwest"), ["southwest", "northeast"]);
    assert_eq!(team_of(&six, "southeast"), ["northwest", "southeast"]);
    let four = den_den(4);
    assert_eq!(team_of(&four, "north"), ["south", "north"]);
    assert_eq!(team_of(&four, "northeast"), ["southwest", "northeast"]);
    let five = den_den(5);
    assert_eq!(team_of(&five, "northwest"), ["northwest"]);
}

// ---- how the pieces move ------------------------------------------------------------------------

#[test]
fn blue_slides_like_glinskis_rook_through_the_six_sides() {
    let engine = den_den(6);
    // A Blue in the centre, a Black of its own out of its lines, an enemy White three cells north.
    let state = position(&engine, "south", (4, 4), "pieces R1@g7 K1@a2 P5@g10");
    let expected = cells(&[
        "g8", "g9", "xg10", // north, up to the enemy
        "g6", "g5", "g4", "g3", "g2", "g1", // south
        "h7", "i7", "k7", "l7", "m7", "n7", // north-east
        "h6", "i5", "k4", "l3", "m2", "n1", // south-east
        "f6", "e5", "d4", "c3", "b2", "a1", // south-west
        "f7", "e7", "d7", "c7", "b7", "a7", // north-west
    ]);
    assert_eq!(targets(&engine, &state, "g7"), expected);
}

#[test]
fn black_steps_like_glinskis_king_through_sides_and_corners() {
    let engine = den_den(6);
    let state = position(&engine, "south", (1, 1), "pieces K1@g7 P1@g8");
    // Six side neighbours (g8 is its own White) and six corner neighbours.
    let expected = cells(&["g6", "f7", "f6", "h7", "h6", "f8", "h8", "f5", "h5", "e6", "i6"]);
    assert_eq!(targets(&engine, &state, "g7"), expected);
}

#[test]
fn green_leaps_like_glinskis_knight_over_anything() {
    let engine = den_den(6);
    // Surrounded by its own Whites, a Green still leaps: a side step then a corner step outward.
    let state = position(&engine, "south", (2, 3), "pieces N1@g7 K1@a2 P1@g8 P1@g6 P1@f7 P1@f6 P1@h7 P1@h6");
    let expected = cells(&["d5", "d6", "e4", "e8", "f4", "f9", "h4", "h9", "i4", "i8", "k5", "k6"]);
    assert_eq!(targets(&engine, &state, "g7"), expected);
    // In its corner only four of the twelve are on the board.
    let corner = position(&engine, "south", (2, 2), "pieces N1@g1 K1@a2");
    assert_eq!(targets(&engine, &corner, "g1"), cells(&["e2", "f3", "h3", "i2"]));
}

#[test]
fn white_steps_forward_and_takes_through_the_two_sides_next_to_forward() {
    let engine = den_den(6);
    // South's forward is north: g5 to g6; it takes on f5 and h5, never straight ahead.
    let state = position(&engine, "south", (1, 1), "pieces P1@g5 K1@a2 P5@f5 P2@h5");
    assert_eq!(targets(&engine, &state, "g5"), cells(&["g6", "xf5", "xh5"]));
    let blocked = position(&engine, "south", (1, 1), "pieces P1@g5 K1@a2 P5@g6");
    assert!(targets(&engine, &blocked, "g5").is_empty());
    // North's forward is south; southwest's points from a1 through the centre (north-east).
    let north = position(&engine, "north", (1, 1), "pieces P4@g9 K4@a2 P2@f8 P2@h8");
    assert_eq!(targets(&engine, &north, "g9"), cells(&["g8", "xf8", "xh8"]));
    let southwest = position(&engine, "southwest", (5, 5), "pieces P2@c3 K2@a2");
    assert_eq!(targets(&engine, &southwest, "c3"), cells(&["d4"]));
}

// ---- dice, moves, captures ----------------------------------------------------------------------

/// South with one piece of each type, each free to move.
const ARMY: &str = "pieces K1@g7 R1@c3 N1@k7 P1@e3";

/// Which of the pieces on the cells (named by type) have a legal move.
fn movers(engine: &Engine, state: &State, pieces: &[(&str, &'static str)]) -> Vec<&'static str> {
    pieces.iter().filter(|(cell, _)| !targets(engine, state, cell).is_empty()).map(|&(_, p)| p).collect()
}

const ARMY_CELLS: [(&str, &str); 4] = [("g7", "black"), ("c3", "blue"), ("k7", "green"), ("e3", "white")];

#[test]
fn the_dice_say_which_pieces_may_move() {
    let engine = den_den(4);
    // "With a 1 or 5, Black or a White is moved; with a 2 or a 3 Green, and with a 4 or 6 Blue."
    let cases: [((u32, u32), &[&str]); 6] = [
        ((1, 5), &["black", "white"]),
        ((2, 3), &["green"]),
        ((4, 6), &["blue"]),
        ((1, 2), &["black", "green", "white"]),
        ((3, 6), &["blue", "green"]),
        ((5, 4), &["black", "blue", "white"]),
    ];
    for (dice, expected) in cases {
        let state = position(&engine, "south", dice, ARMY);
        assert_eq!(movers(&engine, &state, &ARMY_CELLS), expected, "dice {dice:?}");
        // Whatever the dice, the player may stop, or offer to end the game.
        assert!(legal(&engine, &state).iter().any(|m| m == "end"));
    }
}

#[test]
fn two_moves_once_on_each_die_or_twice_on_one_die() {
    let engine = den_den(4);
    // A 1 and a 4: a White then a Blue (one move on each die)...
    let mut state = position(&engine, "south", (1, 4), ARMY);
    play(&engine, &mut state, "e3-e4");
    let moved = [("g7", "black"), ("c3", "blue"), ("k7", "green"), ("e4", "white")];
    assert_eq!(movers(&engine, &state, &moved), ["black", "blue", "white"]);
    play(&engine, &mut state, "c3-c4");
    // ... and the turn is over: the next seat rolls.
    assert_eq!(engine.status(&state), Status::Chance { sides: 6 });
    // Or two moves on the 1: the White twice, or the White and the Black.
    let mut state = position(&engine, "south", (1, 4), ARMY);
    play(&engine, &mut state, "e3-e4");
    play(&engine, &mut state, "e4-e5");
    assert_eq!(engine.status(&state), Status::Chance { sides: 6 });
    // "A player can make 0, 1 or 2 moves, as he wishes."
    let mut none = position(&engine, "south", (1, 4), ARMY);
    play(&engine, &mut none, "end");
    assert_eq!(engine.status(&none), Status::Chance { sides: 6 });
    let mut one = position(&engine, "south", (1, 4), ARMY);
    play(&engine, &mut one, "c3-c4");
    play(&engine, &mut one, "end");
    roll(&engine, &mut one, 6, 2);
    roll(&engine, &mut one, 6, 2);
    assert_eq!(to_move(&engine, &one).as_deref(), Some("southwest"));
}

#[test]
fn a_player_whose_black_is_taken_moves_once_a_turn() {
    let engine = den_den(4);
    let mut state = position(&engine, "south", (1, 4), "pieces R1@c3 P1@e3\nprizes north K1");
    play(&engine, &mut state, "e3-e4");
    assert_eq!(engine.status(&state), Status::Chance { sides: 6 }, "one move ends the turn");
    // With its Black, the same move leaves a second one.
    let mut state = position(&engine, "south", (1, 4), "pieces K1@a2 R1@c3 P1@e3");
    play(&engine, &mut state, "e3-e4");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("south"));
}

#[test]
fn captured_pieces_are_kept_by_the_capturer_and_team_mates_never_capture_each_other() {
    let engine = den_den(4);
    // North is south's partner, northeast an opponent.
    let mut state = position(&engine, "south", (4, 4), "pieces K1@a2 R1@g7 P3@g9 N4@h7");
    assert_eq!(targets(&engine, &state, "g7").iter().filter(|c| c.starts_with("xg")).count(), 0);
    assert!(targets(&engine, &state, "g7").contains(&"g8".to_string()));
    assert!(!targets(&engine, &state, "g7").contains(&"g10".to_string()), "a partner blocks");
    play(&engine, &mut state, "g7xh7");
    let prizes = engine.prizes(&state, engine.seat_named("south").unwrap());
    assert_eq!(prizes.len(), 1);
    assert_eq!((prizes[0].piece.owner, prizes[0].value), (engine.seat_named("northeast"), 3));
}

// ---- promotion ----------------------------------------------------------------------------------

#[test]
fn a_white_promotes_on_the_opposite_corner_to_the_piece_that_started_there() {
    let engine = den_den(6);
    // f12 held north's Blue at the start. With two Whites the White becomes a Blue.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 P1@f11 P1@b2");
    play(&engine, &mut state, "f11-f12");
    assert_eq!(token_on(&engine, &state, "f12"), "R1");
    // g11 and g12 held Greens: with one White, by a capture through a side.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 P1@f10 N5@g11");
    play(&engine, &mut state, "f10xg11");
    assert_eq!(token_on(&engine, &state, "g11"), "N1");
    // e11 held a White: the White stays a White.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 P1@e10");
    play(&engine, &mut state, "e10-e11");
    assert_eq!(token_on(&engine, &state, "e11"), "P1");
    // The opposite corner is the opposite seat's also when that seat is empty (five players:
    // northwest's opposite corner n1 is empty; n2, next to it on the edge, is a Blue's cell).
    let five = den_den(5);
    let mut state = position(&five, "northwest", (1, 1), "pieces K3@g7 P3@m3");
    play(&five, &mut state, "m3-n2");
    assert_eq!(token_on(&five, &state, "n2"), "R3");
}

#[test]
fn a_white_may_not_promote_while_its_owner_has_three_or_four_whites() {
    let engine = den_den(6);
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 P1@f11 P1@b2 P1@c2");
    play(&engine, &mut state, "f11-f12");
    assert_eq!(token_on(&engine, &state, "f12"), "P1");
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 P1@f11 P1@b2 P1@c2 P1@d2");
    play(&engine, &mut state, "f11-f12");
    assert_eq!(token_on(&engine, &state, "f12"), "P1");
}

#[test]
fn a_white_becomes_a_black_only_when_it_is_the_last_white_with_at_most_two_other_pieces() {
    let engine = den_den(6);
    // One White and two other pieces: the throne opposite makes it a Black.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 R1@b2 P1@g12");
    play(&engine, &mut state, "g12-g13");
    assert_eq!(token_on(&engine, &state, "g13"), "K1");
    // One White and three other pieces: no promotion to Black.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 R1@b2 N1@c2 P1@g12");
    play(&engine, &mut state, "g12-g13");
    assert_eq!(token_on(&engine, &state, "g13"), "P1");
    // Two Whites: not to Black either, though Blue and Green would be allowed.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a2 P1@b2 P1@g12");
    play(&engine, &mut state, "g12-g13");
    assert_eq!(token_on(&engine, &state, "g13"), "P1");
    // A player without a Black who promotes one moves twice again.
    let mut state = position(&engine, "south", (1, 1), "pieces R1@b2 P1@g12 P1@c2\nprizes north K1");
    play(&engine, &mut state, "g12-g13");
    assert_eq!(token_on(&engine, &state, "g13"), "P1", "two Whites");
    let mut state = position(&engine, "south", (1, 4), "pieces R1@b2 P1@g12\nprizes north K1");
    play(&engine, &mut state, "g12-g13");
    assert_eq!(token_on(&engine, &state, "g13"), "K1");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("south"), "a second move");
}

// ---- thrones ------------------------------------------------------------------------------------

#[test]
fn a_black_on_another_seats_throne_scores_two_and_three_more_for_taking_its_black() {
    let engine = den_den(4);
    // Northeast's throne is n7. Moving onto it: 2 points.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@n6 K2@a1 K4@g7");
    play(&engine, &mut state, "n6-n7");
    assert_eq!(int_var(&engine, &state, "throne_points", "south"), 2);
    // Onto it taking northeast's Black there: 2 + 3, and the Black is a prize worth 5.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@n6 K2@a1 K4@n7");
    play(&engine, &mut state, "n6xn7");
    assert_eq!(int_var(&engine, &state, "throne_points", "south"), 5);
    assert_eq!(engine.prizes(&state, 0)[0].value, 5);
    // The partner's throne is another seat's throne too.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@g12 K2@a1 K4@g7");
    play(&engine, &mut state, "g12-g13");
    assert_eq!(int_var(&engine, &state, "throne_points", "south"), 2);
    // An empty corner (northwest's, with four players) is nobody's throne; one's own gives nothing.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@a6 K2@a1 K4@g7");
    play(&engine, &mut state, "a6-a7");
    let mut home = position(&engine, "south", (1, 1), "pieces K1@g2 K2@a1 K4@g7");
    play(&engine, &mut home, "g2-g1");
    assert_eq!(int_var(&engine, &state, "throne_points", "south"), 0);
    assert_eq!(int_var(&engine, &home, "throne_points", "south"), 0);
    // Another piece on a throne scores nothing.
    let mut blue = position(&engine, "south", (4, 4), "pieces K1@a2 R1@n5 K2@a1 K4@g7");
    play(&engine, &mut blue, "n5-n7");
    assert_eq!(int_var(&engine, &blue, "throne_points", "south"), 0);
}

// ---- the exchange of Blacks ---------------------------------------------------------------------

#[test]
fn a_partner_taking_a_black_exchanges_it_for_the_captive_black_of_its_side() {
    let engine = den_den(4);
    // Southwest holds north's Black. South takes northeast's Black: southwest's partner's Black
    // goes back to its own side, so both Blacks are free again, each on its throne.
    let text =
        "pieces K1@g7 K4@g8 K2@a1 R2@d4\nprizes southwest K3\nvariable black_holder(north) = southwest";
    let mut state = position(&engine, "south", (1, 1), text);
    play(&engine, &mut state, "g7xg8");
    assert_eq!(token_on(&engine, &state, "g13"), "K3");
    assert_eq!(token_on(&engine, &state, "n7"), "K4");
    assert!(engine.prizes(&state, 0).is_empty() && engine.prizes(&state, 1).is_empty());
    assert_eq!(seat_var(&engine, &state, "black_holder", "north"), None);
    assert_eq!(seat_var(&engine, &state, "black_holder", "northeast"), None);
    // North's Black back: north moves twice again.
    assert!(result(&engine, &state).is_none());
}

#[test]
fn the_taken_black_goes_to_the_holder_of_the_partners_black() {
    let engine = den_den(6);
    // Northwest holds north's Black; south takes southwest's: northwest receives it in exchange.
    let text = "pieces K1@g7 K2@g8 K3@a7 K5@n7 K6@n1\nprizes northwest K4\n\
                variable black_holder(north) = northwest";
    let mut state = position(&engine, "south", (1, 1), text);
    play(&engine, &mut state, "g7xg8");
    assert_eq!(token_on(&engine, &state, "g13"), "K4");
    let northwest = engine.prizes(&state, 2);
    assert_eq!(northwest.len(), 1);
    assert_eq!((northwest[0].piece.owner, northwest[0].value), (Some(1), 5));
    assert!(engine.prizes(&state, 0).is_empty());
    assert_eq!(seat_var(&engine, &state, "black_holder", "southwest").as_deref(), Some("northwest"));
    assert_eq!(seat_var(&engine, &state, "black_holder", "north"), None);
}

#[test]
fn a_black_set_free_on_an_occupied_throne_takes_the_nearest_empty_cell() {
    let engine = den_den(4);
    // North's throne g13 is occupied by a Blue of northeast: the Black comes back next to it.
    let text =
        "pieces K1@g7 K4@g8 K2@a1 R4@g13\nprizes southwest K3\nvariable black_holder(north) = southwest";
    let mut state = position(&engine, "south", (1, 1), text);
    play(&engine, &mut state, "g7xg8");
    assert_eq!(token_on(&engine, &state, "g13"), "R4");
    let neighbours = ["f12", "g12", "h12", "f11", "h11"];
    let placed: Vec<&str> =
        neighbours.into_iter().filter(|&c| token_on(&engine, &state, c) == "K3").collect();
    assert_eq!(placed.len(), 1, "next to its throne");
    assert!(["f12", "g12", "h12"].contains(&placed[0]), "through a side: {placed:?}");
}

// ---- ransom -------------------------------------------------------------------------------------

#[test]
fn a_team_that_took_all_opponents_blacks_keeping_both_its_own_splits_the_ransom() {
    let engine = den_den(4);
    // North holds southwest's Black, south takes northeast's: every opponent Black is held by the
    // team and both its Blacks are on the board. The game ends.
    let text = "pieces K1@g7 K4@g8 K3@g13 R2@a5 P4@n3\n\
                prizes south N4\nprizes north K2\nprizes southwest P1\n\
                variable black_holder(southwest) = north";
    let mut state = position(&engine, "south", (1, 1), text);
    play(&engine, &mut state, "g7xg8");
    let over = result(&engine, &state).expect("the game is over");
    // Payments: south collects 3 + 5 and pays 1; north collects 5; southwest collects 1, pays 5;
    // northeast pays 3 + 5. The ransom: the opponents' pieces on the board, 4 + 1 = 5 (what the
    // team took is not counted twice): south 3 (the odd point: it took the last Black), north 2,
    // paid by southwest 4 and northeast 1.
    assert_eq!(over.scores, [7 + 3, 1 - 5 - 4, 5 + 2, -8 - 1]);
    assert_eq!(over.places, [1, 3, 2, 4]);
    assert_eq!(over.scores.iter().sum::<i64>(), 0, "the payments balance");
}

#[test]
fn a_player_alone_who_took_every_black_keeping_their_own_is_paid_the_whole_ransom() {
    let engine = den_den(5);
    // Northwest plays alone with five players; it holds three Blacks and takes the fourth.
    let text = "pieces K3@d5 K5@d6 R1@a4 P2@b3 N5@k4\n\
                prizes northwest K1 K2 K4\nprizes south P3\n\
                variable black_holder(south) = northwest\nvariable black_holder(southwest) = northwest\n\
                variable black_holder(north) = northwest";
    let mut state = position(&engine, "northwest", (1, 1), text);
    play(&engine, &mut state, "d5xd6");
    let over = result(&engine, &state).expect("the game is over");
    // Northwest: prizes 20, pays 1, ransom 4 + 1 + 3 = 8. The others pay their Black (5) and
    // their ransom share (their pieces on the board).
    assert_eq!(over.scores, [1 - 5 - 4, -5 - 1, 20 - 1 + 8, -5, -5 - 3]);
    assert_eq!(over.places, [4, 3, 1, 2, 4]);
}

#[test]
fn no_ransom_while_a_black_of_the_side_is_taken_or_an_opponent_black_is_free() {
    let engine = den_den(4);
    // South takes northeast's Black but southwest's Black is still on the board.
    let mut state = position(&engine, "south", (1, 1), "pieces K1@g7 K4@g8 K3@g13 K2@a1");
    play(&engine, &mut state, "g7xg8");
    assert!(result(&engine, &state).is_none());
    // North's Black is held by southwest, and taking northeast's frees it in exchange: south's
    // capture goes to free north, so northeast's Black is not south's to count.
    let text = "pieces K1@g7 K4@g8 K2@a1\nprizes southwest K3\nvariable black_holder(north) = southwest";
    let mut state = position(&engine, "south", (1, 1), text);
    play(&engine, &mut state, "g7xg8");
    assert!(result(&engine, &state).is_none());
}

// ---- surrender and the end ----------------------------------------------------------------------

#[test]
fn a_player_left_with_only_their_black_may_surrender_and_leave_the_field() {
    let engine = den_den(4);
    let with_more = position(&engine, "south", (4, 4), "pieces K1@g1 R1@a4 K2@a1 K3@g13 K4@n7");
    assert!(!legal(&engine, &with_more).contains(&"surrender".to_string()));
    let mut state = position(&engine, "south", (4, 4), "pieces K1@g1 K2@a1 K3@g13 K4@n7");
    play(&engine, &mut state, "surrender");
    // The Black leaves the board (it cannot be taken), and the turn goes on without south.
    assert_eq!(token_on(&engine, &state, "g1"), ".");
    for seat in ["southwest", "north", "northeast", "southwest"] {
        roll(&engine, &mut state, 6, 4);
        roll(&engine, &mut state, 6, 4);
        assert_eq!(to_move(&engine, &state).as_deref(), Some(seat));
        play(&engine, &mut state, "end");
    }
}

#[test]
fn a_surrendered_black_cannot_be_taken_so_it_blocks_the_ransom() {
    let engine = den_den(4);
    // Southwest holds north's Black; south left the field with its Black, which was never taken:
    // southwest's side cannot be paid the ransom.
    let surrendered = "pieces K2@g7 K4@n7 P3@g8\nprizes southwest K3\nvariable black_holder(north) = southwest\n\
                       retired south\nvariable surrendered(south) = true";
    let mut state = position(&engine, "southwest", (1, 1), surrendered);
    play(&engine, &mut state, "g7xg8");
    assert!(result(&engine, &state).is_none());
    // Had southwest taken south's Black too, it would have been.
    let taken = "pieces K2@g7 K4@n7 P3@g8\nprizes southwest K3 K1\nvariable black_holder(north) = southwest\n\
                 variable black_holder(south) = southwest";
    let mut state = position(&engine, "southwest", (1, 1), taken);
    play(&engine, &mut state, "g7xg8");
    assert!(result(&engine, &state).is_some());
    // The partner of a seat that surrendered may still take the ransom alone.
    let alone = "pieces K3@g7 K4@g8\nprizes north K2\nvariable black_holder(southwest) = north\n\
                 retired south\nvariable surrendered(south) = true";
    let mut state = position(&engine, "north", (1, 1), alone);
    play(&engine, &mut state, "g7xg8");
    assert!(result(&engine, &state).is_some());
}

#[test]
fn the_game_ends_when_every_seat_offers_to_end_it() {
    let engine = den_den(4);
    let offers = "pieces K1@g1 K2@a1 K3@g13 K4@n7\nvariable offered(southwest) = true\n\
                  variable offered(north) = true\nvariable offered(northeast) = true";
    let mut state = position(&engine, "south", (4, 4), offers);
    play(&engine, &mut state, "offer_end");
    let over = result(&engine, &state).expect("all four offered");
    assert!(over.reason.starts_with("end rule 3"), "{}", over.reason);
    assert_eq!(over.scores, [0, 0, 0, 0]);
    // An offer stands until the seat's next turn, and is made once a turn.
    let mut state = position(&engine, "south", (4, 4), "pieces K1@g1 K2@a1 K3@g13 K4@n7");
    play(&engine, &mut state, "offer_end");
    assert!(!legal(&engine, &state).contains(&"offer_end".to_string()));
    for _ in 0..3 {
        end_turn(&engine, &mut state, (4, 4));
        play(&engine, &mut state, "offer_end");
    }
    assert!(result(&engine, &state).is_some(), "four offers in a row");
    let mut state = position(&engine, "south", (4, 4), "pieces K1@g1 K2@a1 K3@g13 K4@n7");
    play(&engine, &mut state, "offer_end");
    end_turn(&engine, &mut state, (4, 4));
    end_turn(&engine, &mut state, (4, 4));
    play(&engine, &mut state, "offer_end");
    end_turn(&engine, &mut state, (4, 4));
    play(&engine, &mut state, "offer_end");
    assert!(result(&engine, &state).is_none(), "southwest did not offer");
}

#[test]
fn the_game_ends_after_the_declared_number_of_turns_without_a_capture() {
    let engine = den_den(4);
    assert_eq!(engine.game.options.iter().find(|o| o.name == "quiet_turns").map(|o| o.default), Some(60));
    let text = "pieces K1@g1 K2@a1 K3@g13 K4@n7 R1@a4\nprizes south P2\nvariable quiet = 60";
    let mut state = position(&engine, "northeast", (4, 4), text);
    end_turn(&engine, &mut state, (4, 4));
    let over = result(&engine, &state).expect("61 turns begun without a capture");
    assert!(over.reason.starts_with("end rule 2"), "{}", over.reason);
    // The pieces are paid out: south took a White.
    assert_eq!(over.scores, [1, -1, 0, 0]);
    assert_eq!(over.places, [1, 4, 2, 2]);
    // A capture starts the count again.
    let text = "pieces K1@g1 K2@a1 K3@g13 K4@n7 R1@a4 P2@a5\nvariable quiet = 59";
    let mut state = position(&engine, "northeast", (4, 4), text);
    end_turn(&engine, &mut state, (4, 4));
    play(&engine, &mut state, "a4xa5");
    assert_eq!(engine.variable(&state, "quiet", None), Some(Value::Int(0)));
}

// ---- random games ---------------------------------------------------------------------------------

#[test]
fn random_games_of_four_five_and_six_players_finish_and_replay_from_their_records() {
    for players in [4, 5, 6] {
        let engine = den_den(players);
        for seed in 0..6 {
            let mut agents: Vec<Box<dyn Agent>> =
                (0..players).map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let game = play_out(&engine, engine.initial_state(), &mut agents, &mut rng);
            let over = game.result().expect("the rules end every game").clone();
            assert_eq!(over.scores.len(), players as usize);
            let header = RecordHeader {
                rules: RULES.to_string(),
                options: BTreeMap::from([("players".to_string(), players)]),
                seed,
                seats: vec!["random".to_string(); players as usize],
                position: None,
            };
            let record = Record::new(header, game);
            let end = record::verify(&engine, &record).unwrap_or_else(|e| panic!("{players}/{seed}: {e}"));
            assert_eq!(result(&engine, &end), Some(over));
        }
    }
}
