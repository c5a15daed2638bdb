//! ImmortalStarMasters (rules/immortal-star-masters.rules, seed 002): one scenario a rule sentence,
//! and perft from the start for 2, 3 and 6 players checked against a slow reference counter.

//!
//! Positions are written with `pieces`: `K1@a5` is the first seat's King on a5. Red is seat 1; with
//! two players Green (across the board) is seat 2. Red's territory is files a to h (its first rank
//! is file a, a2 to a9); Green's is its mirror image on the right (files m to t).

mod ism_reference;
mod support;

use std::collections::BTreeMap;

use ludex::runtime::{Engine, State, Value, perft_divide};
use support::{legal, load, play, result, sorted, to_move};

const RULES: &str = "rules/immortal-star-masters.rules";

fn two_players() -> Engine {
    engine_with(&[])
}

/// A position with `turn` to move and the pieces given as `LETTER SEAT @ CELL` tokens.
fn position(engine: &Engine, turn: &str, pieces: &str) -> State {
    load(engine, &format!("phase play\nturn {turn}\npieces {pieces}"))
}

/// The legal moves of the piece on `cell`.
fn moves_from(engine: &Engine, state: &State, cell: &str) -> Vec<String> {
    legal(engine, state)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{cell}-")) || m.starts_with(&format!("{cell}x")))
        .collect()
}

fn points(engine: &Engine, state: &State, seat: &str) -> Value {
    engine.variable(state, "points", Some(support::seat(engine, seat))).expect("points")
}

/// The two Kings at their start, so that both seats are in the game.
const KINGS: &str = "K1@a5 K2@t5";

fn six_players() -> Engine {
    engine_with(&[("players", 6)])
}

/// Every seat's King on its start hex, as tokens, but the one on `except`.
fn kings_but(engine: &Engine, except: &str) -> String {
    let start = engine.initial_state();
    let mut tokens = Vec::new();
    for cell in 0..engine.game.board.cell_count() as u16 {
        let name = engine.cell_name(cell);
        match engine.piece_at(&start, cell) {
            Some(piece) if piece.kind == 5 && name != except => {
                tokens.push(format!("K{}@{name}", piece.owner.expect("an owner") + 1));
            }
            _ => {}
        }
    }
    tokens.join(" ")
}

/// The engine for these option values.
fn engine_with(options: &[(&str, i64)]) -> Engine {
    let text = std::fs::read_to_string(RULES).expect("the rules file");
    let options: BTreeMap<String, i64> = options.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    let compiled = ludex::compile(&text, &options);
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// The engine's moves from the start, split by first move, and the reference's, at a depth.
fn compare_with_reference(engine: &Engine, depth: u32) -> u64 {
    let reference = ism_reference::Reference::new(engine);
    let state = engine.initial_state();
    let start = reference.start(engine, &state);
    let mut ours: Vec<(String, u64)> = perft_divide(engine, &state, depth);
    let mut theirs: Vec<(String, u64)> = reference
        .moves(&start)
        .iter()
        .map(|(m, next)| (m.clone(), reference.perft(next, depth - 1)))
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
    ours.iter().map(|(_, n)| n).sum()
}

/// Perft from the start for 2, 3 and 6 players up to `depth`, each count checked against the
/// reference; the counts as text, for the snapshot.
fn perft_table(depth: u32) -> String {
    let mut table = String::new();
    for players in [2, 3, 6] {
        let engine = engine_with(&[("players", players)]);
        let counts: Vec<String> =
            (1..=depth).map(|d| compare_with_reference(&engine, d).to_string()).collect();
        table.push_str(&format!("{players} players: {}\n", counts.join(" ")));
    }
    table
}

#[test]
#[ignore = "until the check rule: the chess constructs"]
fn perft_from_the_start_agrees_with_the_reference() {
    insta::assert_snapshot!(perft_table(2));
}

/// Depth 3 takes a while in a debug build: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_to_depth_3_agrees_with_the_reference() {
    insta::assert_snapshot!(perft_table(3));
}

// ---- the board ---------------------------------------------------------------------------------

// "The Walls at each of the six corners ... may not be entered or passed over by any piece or pawn
//  at any time." The walls are the hexes of ranks 1 to 5 on the six lines from the centre to the
//  corners: left out of the board.

#[test]
fn the_board_is_271_hexes_less_30_wall_hexes() {
    let engine = two_players();
    assert_eq!(engine.game.board.cell_count(), 241);
    let walls = [
        "a1", "a10", "b10", "b2", "c10", "c3", "d10", "d4", "e10", "e5", "k1", "k15", "k16", "k17", "k18",
        "k19", "k2", "k3", "k4", "k5", "p10", "p5", "q10", "q4", "r10", "r3", "s10", "s2", "t1", "t10",
    ];
    for wall in walls {
        assert_eq!(engine.cell_named(wall), None, "{wall} is a wall");
    }
    // "the first playable hexagon in front of a Wall is on the sixth rank": Wall Six to Wall Nine.
    for playable in ["f10", "g10", "h10", "i10", "k6", "k9", "k11", "k14", "o6", "o10"] {
        assert!(engine.cell_named(playable).is_some(), "{playable} is playable");
    }
}

#[test]
fn every_territory_is_36_hexes_its_home_30_and_the_central_area_61() {
    for players in [2, 3, 6] {
        let engine = engine_with(&[("players", players)]);
        let sizes = |name: &str| -> Vec<usize> {
            let zone = engine.game.zones.iter().find(|z| z.name == name).expect("zone");
            zone.cells.iter().map(|set| set.cells.len()).collect()
        };
        let seats = players as usize;
        assert_eq!(sizes("territory"), vec![36; seats]);
        assert_eq!(sizes("home"), vec![30; seats]);
        assert_eq!(sizes("edge"), vec![8; seats]);
        assert_eq!(sizes("central"), vec![61; seats]);
    }
}

// "Location of Pieces" (a reconstruction): rank 1 R B S Q K S B R from the Queen Indicator's end,
// the Sovereign Bishop on the middle hex of rank 2 with a pawn in front of each Rook, six pawns on
// rank 3 and the Sovereign Bishop's pawn on the middle hex of rank 4.

#[test]
fn red_sets_up_from_its_queen_indicator_corner() {
    let engine = engine_with(&[("players", 6)]);
    let state = engine.initial_state();
    let expected = [
        ("a9", "R1"),
        ("a8", "B1"),
        ("a7", "S1"),
        ("a6", "Q1"),
        ("a5", "K1"),
        ("a4", "S1"),
        ("a3", "B1"),
        ("a2", "R1"),
        ("b9", "P1:0"),
        ("b6", "B1"),
        ("b3", "P1:0"),
        ("c4", "P1:0"),
        ("c5", "P1:0"),
        ("c6", "P1:0"),
        ("c7", "P1:0"),
        ("c8", "P1:0"),
        ("c9", "P1:0"),
        ("d7", "P1:0"),
    ];
    for (cell, token) in expected {
        assert_eq!(support::token_on(&engine, &state, cell), token, "{cell}");
    }
    for cell in ["b4", "b5", "b7", "b8", "d5", "d6", "d8", "d9"] {
        assert_eq!(support::token_on(&engine, &state, cell), ".", "{cell}");
    }
}

/// The hex at (x, y) in the board's doubled coordinates, if it is playable.
fn hex_at(engine: &Engine, x: i32, y: i32) -> Option<u16> {
    engine.game.board.cells.iter().position(|c| c.x == x && c.y == y).map(|c| c as u16)
}

#[test]
fn every_queen_starts_four_hexes_from_a_queen_indicator_and_neighbours_are_mirror_images() {
    let engine = engine_with(&[("players", 6)]);
    let state = engine.initial_state();
    // The indicators: the corner hexes top left (a10), right of the top (t10) and bottom (k1).
    let indicators = [(-9, 9), (9, 9), (0, -18)];
    let side_steps = |(x, y): (i32, i32), (u, v): (i32, i32)| {
        let (dx, dy) = ((x - u).abs(), (y - v).abs());
        dx.max((dx + dy) / 2)
    };
    let mut nearest = Vec::new();
    for seat in 0..6u8 {
        let queen = (0..engine.game.board.cell_count() as u16)
            .find(|&c| engine.piece_at(&state, c).is_some_and(|p| p.owner == Some(seat) && p.kind == 4))
            .expect("a queen");
        let cell = &engine.game.board.cells[queen as usize];
        let distances: Vec<i32> = indicators.iter().map(|&i| side_steps((cell.x, cell.y), i)).collect();
        let near = distances.iter().position(|&d| d == 4).expect("an indicator four hexes away");
        nearest.push(near);
    }
    // Red and Brown share the top-left indicator, Magenta and Green the right one, Blue and Yellow
    // the bottom one: each pair is mirrored across the line between them.
    assert_eq!(nearest, [0, 0, 1, 1, 2, 2]);
    assert!(hex_at(&engine, -9, 9).is_none(), "an indicator is not playable");
}

// ---- the pieces ---------------------------------------------------------------------------------

// "The Rook moves and captures through the sides of adjoining hexagons ... If the first piece or
//  pawn a Rook encounters belongs to an opponent, the Rook may capture it"

#[test]
fn a_rook_slides_through_sides_and_stops_at_walls_and_pieces() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} R1@d9 P1@d7 P2@f9"));
    // North and north-east of d9 are walls.
    let expected = ["d9-a6", "d9-a9", "d9-b7", "d9-b9", "d9-c8", "d9-c9", "d9-d8", "d9-e9", "d9xf9"];
    assert_eq!(moves_from(&engine, &state, "d9"), sorted(&expected));
}

// "The Bishop moves and captures through the corners of adjoining hexagons." A step through a
// corner passes between two hexes: between two walls it would pass over the wall.

#[test]
fn a_bishop_slides_through_corners_but_not_between_two_wall_hexes() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} B1@a9"));
    // a9's corner toward b11 lies between the walls a10 and b10.
    assert_eq!(moves_from(&engine, &state, "a9"), sorted(&["a9-b8", "a9-c7", "a9-d6"]));
}

// "The Queen moves and captures through the sides and the corners."

#[test]
fn a_queen_moves_as_rook_and_bishop_together() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} Q1@d9 P1@d7 P2@f9"));
    let queen = moves_from(&engine, &state, "d9");
    let rook = moves_from(&engine, &position(&engine, "red", &format!("{KINGS} R1@d9 P1@d7 P2@f9")), "d9");
    let bishop = moves_from(&engine, &position(&engine, "red", &format!("{KINGS} B1@d9 P1@d7 P2@f9")), "d9");
    let mut both: Vec<String> = rook.into_iter().chain(bishop).collect();
    both.sort();
    assert_eq!(queen, both);
}

// "The King moves and captures through the sides and the corners ... only the distance of a
//  single space."

#[test]
fn a_king_steps_in_twelve_directions_but_not_into_walls() {
    let engine = six_players();
    let state = position(&engine, "red", &format!("{} K1@h9", kings_but(&engine, "a5")));
    let expected = [
        "h9-f8", "h9-g10", "h9-g7", "h9-g8", "h9-g9", "h9-h10", "h9-h8", "h9-i10", "h9-i11", "h9-i8",
        "h9-i9", "h9-k10",
    ];
    assert_eq!(moves_from(&engine, &state, "h9"), sorted(&expected));
    // Beside a wall: e9's north and north-north-west are walls.
    let state = position(&engine, "red", &format!("{} K1@e9", kings_but(&engine, "a5")));
    let expected =
        ["e9-c8", "e9-d7", "e9-d8", "e9-d9", "e9-e8", "e9-f10", "e9-f11", "e9-f8", "e9-f9", "e9-g10"];
    assert_eq!(moves_from(&engine, &state, "e9"), sorted(&expected));
}

// "The Knight moves one space through the corner of a hexagon, then one space through the side of
//  the next hexagon, always moving away from its starting point ... the Knight appears to move
//  through spaces occupied by other pieces."

#[test]
fn a_knight_leaps_a_corner_then_a_side_over_pieces_but_not_over_walls() {
    let engine = two_players();
    let crowd = "P1@g9 P1@g8 P1@h10 P1@h8 P1@i9 P1@i10 P1@f8 P1@i8";
    let state = position(&engine, "red", &format!("{KINGS} S1@h9 {crowd}"));
    let expected = [
        "h9-e7", "h9-e8", "h9-f10", "h9-f6", "h9-g11", "h9-g6", "h9-i12", "h9-i7", "h9-k12", "h9-k8",
        "h9-l10", "h9-l9",
    ];
    assert_eq!(moves_from(&engine, &state, "h9"), sorted(&expected));
    // At the start, only four of a7's twelve leaps stay on the board, off the walls and off its own
    // pieces: d9, d8 and b5 (c6 holds a pawn).
    let engine = engine_with(&[("players", 6)]);
    let start = engine.initial_state();
    assert_eq!(moves_from(&engine, &start, "a7"), sorted(&["a7-b5", "a7-d8", "a7-d9"]));
}

// ---- pawns --------------------------------------------------------------------------------------

// "A pawn moves through the side of a hexagon to the next open hexagon. A pawn must initially move
//  away from the edge of the board until it crosses its own Line of Soverignty." "A pawn captures
//  through the corner of a given hexagon" under the same rules. "The first time a particular pawn
//  is moved, that pawn may be moved forward one space or two spaces."

#[test]
fn at_home_a_pawn_moves_away_from_its_edge_never_sideways_and_steps_two_on_its_first_move() {
    let engine = two_players();
    // c8 (beside) and b7 (behind) hold Green pawns: no capture sideways or backward.
    let enemies = "P2@e8 P2@b7 P2@c8";
    let state = position(&engine, "red", &format!("{KINGS} P1@c7 {enemies}"));
    let expected = ["c7-d7", "c7-d8", "c7-e7", "c7-e9", "c7xe8"];
    assert_eq!(moves_from(&engine, &state, "c7"), sorted(&expected));
    // Once moved, one hex only.
    let state = position(&engine, "red", &format!("{KINGS} P1:1@c7 {enemies}"));
    assert_eq!(moves_from(&engine, &state, "c7"), sorted(&["c7-d7", "c7-d8", "c7xe8"]));
    // Two hexes only through an empty hex.
    let state = position(&engine, "red", &format!("{KINGS} P1@c7 P1@d8"));
    assert_eq!(moves_from(&engine, &state, "c7"), sorted(&["c7-d7", "c7-e7"]));
}

#[test]
fn a_pawns_first_move_marks_it_as_moved() {
    let engine = two_players();
    let mut state = position(&engine, "red", &format!("{KINGS} P1@c7"));
    play(&engine, &mut state, "c7-e9");
    assert_eq!(support::token_on(&engine, &state, "e9"), "P1:1");
}

// "In the center area of the board, a pawn may move in any direction." It may not go back across
// its own Sovereignty Line.

#[test]
fn in_the_central_area_a_pawn_moves_any_way_but_home() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} P1:1@f8 P2@h9 P2@e9"));
    let expected = ["f8-f7", "f8-f9", "f8-g8", "f8-g9", "f8xh9"];
    assert_eq!(moves_from(&engine, &state, "f8"), sorted(&expected));
}

// "Once a pawn crosses an opponent's Line of Sovereignty it must move toward the edge of the board,
//  toward promotion."

#[test]
fn in_an_opponents_home_a_pawn_moves_toward_that_edge() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} P1:1@p8 P2@r7 P2@o7"));
    assert_eq!(moves_from(&engine, &state, "p8"), sorted(&["p8-q7", "p8-q8", "p8xr7"]));
}

// "When only two players start play, they may agree prior to beginning that pawns may not move
//  backward at any time, or they may agree that the Pawns may move and capture in all directions
//  when in the central area of the board."

#[test]
fn two_players_may_agree_that_pawns_never_move_backward() {
    let pieces = format!("{KINGS} P1:1@k10 P2@m9 P2@h9");
    let engine = engine_with(&[("backward_pawns", 0)]);
    let state = position(&engine, "red", &pieces);
    let expected = ["k10-k11", "k10-k9", "k10-l10", "k10-l9", "k10xm9"];
    assert_eq!(moves_from(&engine, &state, "k10"), sorted(&expected));
    let engine = two_players();
    let state = position(&engine, "red", &pieces);
    let expected = ["k10-i10", "k10-i9", "k10-k11", "k10-k9", "k10-l10", "k10-l9", "k10xh9", "k10xm9"];
    assert_eq!(moves_from(&engine, &state, "k10"), sorted(&expected));
}

// "[The Sovereignty Lines] determine whether a player's pieces may enter a territory, depending on
//  whether an active King for that territory still exists on the board." With two players the four
//  other territories have no King: a pawn never enters their homes.

#[test]
fn a_pawn_never_enters_a_home_without_an_active_king() {
    let engine = two_players();
    // f11 and g12 are in Brown's home; Brown does not play.
    let state = position(&engine, "red", &format!("{KINGS} P1:1@f10 P2@g12 P2@h11 P2@g9"));
    let expected = ["f10-f9", "f10-g10", "f10-g11", "f10xg9", "f10xh11"];
    assert_eq!(moves_from(&engine, &state, "f10"), sorted(&expected));
}

// ---- homes without an active King ---------------------------------------------------------------

// Interpretation: a piece enters such a home only by capturing there; "any opponent piece in that
// King's territory must move toward exiting that territory in any move it makes, with the exception
// of directly capturing another active opponent's piece."

#[test]
fn a_piece_enters_a_home_without_a_king_only_to_capture() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} R1@f10 P2@f14"));
    let moves = moves_from(&engine, &state, "f10");
    assert!(moves.contains(&"f10xf14".to_string()), "{moves:?}");
    for quiet in ["f10-f11", "f10-f12", "f10-f13"] {
        assert!(!moves.contains(&quiet.to_string()), "{quiet} enters Brown's empty home");
    }
}

#[test]
fn a_piece_inside_such_a_home_moves_toward_leaving_it_unless_it_captures() {
    let engine = two_players();
    let state = position(&engine, "red", &format!("{KINGS} R1@f13 P2@i13 P1@f7 P2@f15"));
    // Toward the Sovereignty Line (higher ranks) and out; deeper only to take Green's pawn.
    let expected =
        ["f13-f10", "f13-f11", "f13-f12", "f13-f8", "f13-f9", "f13-g13", "f13-h13", "f13xf15", "f13xi13"];
    assert_eq!(moves_from(&engine, &state, "f13"), sorted(&expected));
}

// ---- scoring ------------------------------------------------------------------------------------

// "Scoring of Play is accomplished by noting the value of the Pawn or Piece (P=1, S=2, B=3, R=4,
//  Q=5, K=6) and the value of the hexagon the piece is on (Ranks 1-10) when the piece is removed
//  from the board due to capture" — to the capturing player (Interpretation).

#[test]
fn a_capture_scores_the_pieces_value_plus_the_rank_of_its_hex() {
    let engine = two_players();
    let mut state = position(&engine, "red", &format!("{KINGS} R1@d9 P1@d7 P2@f9 Q2@a6"));
    play(&engine, &mut state, "d9xf9");
    assert_eq!(points(&engine, &state, "red"), Value::Int(1 + 6));
    let mut state = position(&engine, "red", &format!("{KINGS} R1@d9 P1@d7 P2@f9 Q2@a6"));
    play(&engine, &mut state, "d9xa6");
    assert_eq!(points(&engine, &state, "red"), Value::Int(5 + 1));
    assert_eq!(points(&engine, &state, "green"), Value::Int(0));
}

// ---- options, emperors and teams ----------------------------------------------------------------

fn seat_names(engine: &Engine) -> Vec<&str> {
    engine.game.seats.iter().map(|s| s.name.as_str()).collect()
}

fn team_names(engine: &Engine) -> Vec<Vec<&str>> {
    let name = |s: &u8| engine.game.seats[*s as usize].name.as_str();
    engine.game.teams.iter().map(|t| t.seats.iter().map(name).collect()).collect()
}

// "Two, three, four, five or six players may play on a board." "Play begins with Red and moves
//  clockwise around the board."

#[test]
fn the_territories_in_play_are_spread_around_the_board() {
    let seats = |players: i64| seat_names(&engine_with(&[("players", players)])).join(" ");
    assert_eq!(seats(2), "red green");
    assert_eq!(seats(3), "red magenta blue");
    assert_eq!(seats(4), "red brown green blue");
    assert_eq!(seats(5), "red brown magenta green blue");
    assert_eq!(seats(6), "red brown magenta green blue yellow");
}

// "Emperor is the designation for players possessing more than one territory at the beginning of
//  play. Each player may possess two or three territories" and "The possibilities are two teams of
//  three players, three teams of two players, and two teams of two players."

#[test]
fn emperors_and_teams_own_alternate_territories() {
    let emperors = engine_with(&[("players", 2), ("territories", 2)]);
    assert_eq!(seat_names(&emperors), ["red", "brown", "green", "blue"]);
    assert_eq!(team_names(&emperors), [["red", "green"], ["brown", "blue"]]);
    let emperors = engine_with(&[("players", 2), ("territories", 3)]);
    assert_eq!(team_names(&emperors), [["red", "magenta", "blue"], ["brown", "green", "yellow"]]);
    let emperors = engine_with(&[("players", 3), ("territories", 2)]);
    assert_eq!(team_names(&emperors), [["red", "green"], ["brown", "blue"], ["magenta", "yellow"]]);
    let teams = engine_with(&[("players", 4), ("teams", 2)]);
    assert_eq!(team_names(&teams), [["red", "green"], ["brown", "blue"]]);
    let teams = engine_with(&[("players", 6), ("teams", 2)]);
    assert_eq!(team_names(&teams), [["red", "magenta", "blue"], ["brown", "green", "yellow"]]);
    let teams = engine_with(&[("players", 6), ("teams", 3)]);
    assert_eq!(team_names(&teams), [["red", "green"], ["brown", "blue"], ["magenta", "yellow"]]);
    assert!(team_names(&engine_with(&[("players", 6)])).is_empty());
}

#[test]
fn option_values_that_describe_no_game_are_refused() {
    let text = std::fs::read_to_string(RULES).expect("the rules file");
    for refused in [
        [("players", 3), ("territories", 3), ("teams", 0)],
        [("players", 3), ("territories", 1), ("teams", 2)],
        [("players", 4), ("territories", 2), ("teams", 2)],
    ] {
        let options: BTreeMap<String, i64> = refused.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        let compiled = ludex::compile(&text, &options);
        let codes: Vec<&str> = compiled.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["missing-seats"], "{refused:?}");
    }
}

// "A player is eliminated when all of that player's Kings are mated." The game ends when the
// territories still in play are all one player's or one team's; the result carries every
// territory's points.

#[test]
fn the_game_ends_when_one_camp_is_left_with_every_seats_points() {
    let engine = engine_with(&[("players", 2), ("territories", 2)]);
    // Red and Green are one emperor's, Brown and Blue the other's; Brown's King is gone.
    let brown_king = "f15";
    let kings = kings_but(&engine, brown_king);
    assert_eq!(kings.split(' ').count(), 3, "{kings}");
    let mut state = load(
        &engine,
        &format!("phase play\nturn red\nretired brown\nvariable points(red) = 9\npieces {kings}"),
    );
    play(&engine, &mut state, "a5-b5");
    assert_eq!(result(&engine, &state), None, "Blue is still in play");
    // Blue's King gone too: the emperor of Red and Green wins.
    let kings: Vec<&str> = kings.split(' ').filter(|k| !k.starts_with("K4")).collect();
    let text = format!(
        "phase play\nturn red\nretired brown blue\nvariable points(red) = 9\npieces {}",
        kings.join(" ")
    );
    let mut state = load(&engine, &text);
    play(&engine, &mut state, "a5-b5");
    let over = result(&engine, &state).expect("over");
    assert_eq!(over.places, [1, 2, 1, 2]);
    assert_eq!(over.scores, [9, 0, 0, 0]);
    assert_eq!(to_move(&engine, &state), None);
}
