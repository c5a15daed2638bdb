//! Den-Den (`rules/den-den.rules`): the board, the layout and the teams as the game declares them
//! for four, five and six players; random games of each size finish and replay. The scenario of
//! every rule sentence and interpretation is in rules/den-den.tests
//! (`ludex test rules/den-den.rules`).
//!
//! Seats are numbered in the position format as the game numbers them: with six players south 1,
//! southwest 2, northwest 3, north 4, northeast 5, southeast 6; with four players south 1,
//! southwest 2, north 3, northeast 4; with five, south 1, southwest 2, northwest 3, north 4,
//! northeast 5. Letters: K Black, R Blue, N Green, P White.

mod support;

use std::collections::BTreeMap;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::ir::Number;
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::Engine;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{result, token_on};

const RULES: &str = "rules/den-den.rules";

fn den_den(players: i64) -> Engine {
    let text = std::fs::read_to_string(RULES).expect("the rules file");
    let options = BTreeMap::from([("players".to_string(), Number::Int(players))]);
    let compiled = ludex::compile(&text, &options);
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    Engine::new(compiled.game.expect("no error"))
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
                options: BTreeMap::from([("players".to_string(), Number::Int(players))]),
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
