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
        ("a9", "R1:0"),
        ("a8", "B1"),
        ("a7", "S1"),
        ("a6", "Q1"),
        ("a5", "K1:0"),
        ("a4", "S1"),
        ("a3", "B1"),
        ("a2", "R1:0"),
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
    // c8 (beside) and b7 (behind) hold Green pawns: no capture sideways or backward. (Red's King is
    // out of the way of b7's pawn.)
    let enemies = "P2@e8 P2@b7 P2@c8";
    let state = position(&engine, "red", &format!("K1@a9 K2@t5 P1@c7 {enemies}"));
    let expected = ["c7-d7", "c7-d8", "c7-e7", "c7-e9", "c7xe8"];
    assert_eq!(moves_from(&engine, &state, "c7"), sorted(&expected));
    // Once moved, one hex only.
    let state = position(&engine, "red", &format!("K1@a9 K2@t5 P1:1@c7 {enemies}"));
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
    let mut state = position(&engine, "red", &format!("{KINGS} R1@d9 P1@d7 P2@f9 Q2@b9"));
    play(&engine, &mut state, "d9xf9");
    assert_eq!(points(&engine, &state, "red"), Value::Int(1 + 6));
    let mut state = position(&engine, "red", &format!("{KINGS} R1@d9 P1@d7 P2@f9 Q2@b9"));
    play(&engine, &mut state, "d9xb9");
    assert_eq!(points(&engine, &state, "red"), Value::Int(5 + 2));
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
        let codes: Vec<&str> = compiled.diagnostics.iter().map(|d| d.code.as_str()).collect();
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
        &format!(
            "phase play\nturn red\nretired brown\nvariable mated(brown) = true\nvariable points(red) = 9\npieces {kings}"
        ),
    );
    play(&engine, &mut state, "a5-b5");
    assert_eq!(result(&engine, &state), None, "Blue is still in play");
    // Blue's King gone too: the emperor of Red and Green wins.
    let kings: Vec<&str> = kings.split(' ').filter(|k| !k.starts_with("K4")).collect();
    let text = format!(
        "phase play\nturn red\nretired brown blue\nvariable mated(brown) = true\nvariable mated(blue) = true\nvariable points(red) = 9\npieces {}",
        kings.join(" ")
    );
    // A position read is judged at once.
    let state = load(&engine, &text);
    let over = result(&engine, &state).expect("over");
    assert_eq!(over.places, [1, 2, 1, 2]);
    assert_eq!(over.scores, [9, 0, 0, 0]);
    assert_eq!(to_move(&engine, &state), None);
}

// ---- check and mate -----------------------------------------------------------------------------

// "The King cannot move onto a space which is exposed to the direct force of an opponent."

#[test]
fn a_king_may_not_move_onto_an_attacked_hex() {
    let engine = two_players();
    let state = position(&engine, "red", "K1@h9 R2@f8 K2@t5");
    // f8's rook reaches g9, h10 and i11, g8, h8 and i8; the King may take it.
    let expected = ["h9-g10", "h9-g7", "h9-i10", "h9-i9", "h9-k10", "h9xf8"];
    assert_eq!(moves_from(&engine, &state, "h9"), sorted(&expected));
}

// "When it is exposed to the direct force of an opponent, the King must be moved at the first
//  available opportunity." (or the attack blocked or removed: "If the force of an opponent cannot
//  be blocked or eliminated, and the King cannot be moved, the King is in mate")

#[test]
fn a_player_in_check_must_end_the_attack() {
    let engine = two_players();
    let state = position(&engine, "red", "K1@a5 R1@b7 R2@a8 K2@t5");
    let expected = ["a5-b4", "a5-b5", "a5-b6", "a5-c6", "b7-a6", "b7-a7"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

/// Three players (Red, Magenta, Blue): Magenta's King on s11, its corner, with a rook on m9 and a
/// pawn of its own; a Red pawn and a Blue pawn in Magenta's home; Red's queen ready to mate from
/// n15 with the rook on o12 guarding q12. `blue_king` is where Blue's King stands.
fn magenta_cornered(blue_king: &str) -> (Engine, State) {
    let engine = engine_with(&[("players", 3)]);
    let pieces =
        format!("K1@a5 K2@s11 K3@{blue_king} R1@o12 Q1@n15 B1@h9 R2@m9 P2@o13 P1:1@n12 P3:1@o11 P1:1@f8");
    let state = position(&engine, "red", &pieces);
    (engine, state)
}

#[test]
fn a_mated_king_is_removed_at_its_owners_turn_and_scored_to_the_mating_player() {
    let (engine, mut state) = magenta_cornered("p1");
    play(&engine, &mut state, "n15-q12");
    // Magenta's turn began with its King attacked and no move: mate. Its turn is skipped.
    assert_eq!(to_move(&engine, &state).as_deref(), Some("blue"));
    assert_eq!(support::token_on(&engine, &state, "s11"), ".");
    // "the capturing player scores the piece's value (K 6) plus the rank of the hex".
    assert_eq!(points(&engine, &state, "red"), Value::Int(6 + 1));
    assert_eq!(result(&engine, &state), None, "Red and Blue play on");
}

// "When a King is mated, any opponent Pawn in that territory, moving toward promotion, is forfeit
//  at the moment of the mate." "Any pawn located in a mated King's territory is forfeit at that
//  moment of mate and is immediately removed from the board."

#[test]
fn opponent_pawns_in_the_mated_kings_home_are_forfeit() {
    let (engine, mut state) = magenta_cornered("p1");
    play(&engine, &mut state, "n15-q12");
    assert_eq!(support::token_on(&engine, &state, "n12"), ".", "Red's pawn in Magenta's home");
    assert_eq!(support::token_on(&engine, &state, "o11"), ".", "Blue's pawn in Magenta's home");
    assert_eq!(support::token_on(&engine, &state, "f8"), "P1:1", "Red's pawn elsewhere stays");
    assert_eq!(support::token_on(&engine, &state, "o13"), "P2:0", "Magenta's own pawn stays, frozen");
}

// "When a King is mated, the King is removed from the board and its pieces remain as obstacles
//  until removed by another active player." "that King's pieces remain on the board as obstacles
//  until removed, but may not be played."

#[test]
fn a_mated_kings_pieces_stay_frozen_attack_nothing_and_may_be_captured() {
    // Blue's King on m6 stands on the line of Magenta's rook on m9.
    let (engine, mut state) = magenta_cornered("m6");
    play(&engine, &mut state, "n15-q12");
    assert_eq!(support::token_on(&engine, &state, "m9"), "R2:0");
    let blue = legal(&engine, &state);
    assert!(blue.contains(&"m6-m7".to_string()), "the frozen rook attacks nothing: {blue:?}");
    play(&engine, &mut state, "m6-l6");
    // Magenta's turn is skipped: Red again, who takes the frozen rook and scores it.
    assert_eq!(to_move(&engine, &state).as_deref(), Some("red"));
    play(&engine, &mut state, "h9xm9");
    assert_eq!(points(&engine, &state, "red"), Value::Int(6 + 1 + 4 + 8));
    assert_eq!(to_move(&engine, &state).as_deref(), Some("blue"));
}

// Interpretation: a mate scores to the attacker of the mated King that moved last.

#[test]
fn a_mate_scores_to_the_attacker_that_moved_last() {
    let engine = engine_with(&[("players", 3)]);
    // Blue's queen on q12 (guarded by Blue's rook on o12) already attacks Magenta's King; Red makes
    // a quiet move, then Magenta is found mated: Blue scores.
    let pieces = "K1@a5 K2@s11 K3@p1 R3@o12 Q3@q12";
    let mut state = load(&engine, &format!("phase play\nturn red\nturns 4\npieces {pieces}"));
    play(&engine, &mut state, "a5-a4");
    assert_eq!(points(&engine, &state, "blue"), Value::Int(6 + 1));
    assert_eq!(points(&engine, &state, "red"), Value::Int(0));
    // When Red's move also attacks the King (from f7, along the line through the centre), Red moved
    // last: Red scores.
    let mut state = load(&engine, &format!("phase play\nturn red\nturns 4\npieces {pieces} R1@f8"));
    play(&engine, &mut state, "f8-f7");
    assert_eq!(points(&engine, &state, "red"), Value::Int(6 + 1));
    assert_eq!(points(&engine, &state, "blue"), Value::Int(0));
}

// "Emperor is the designation for players possessing more than one territory ... A player is
//  eliminated when all of that player's Kings are mated."

#[test]
fn an_emperor_plays_on_until_all_its_kings_are_mated() {
    // Two emperors of three territories: Red, Magenta and Blue against Brown, Green and Yellow.
    let engine = engine_with(&[("players", 2), ("territories", 3)]);
    let kings = kings_but(&engine, "o15");
    // Magenta (Red's emperor's) is cornered on s11 by Brown's queen and rook.
    let pieces = format!("{kings} K3@s11 R2@o12 Q2@n15");
    let mut state = load(&engine, &format!("phase play\nturn brown\npieces {pieces}"));
    play(&engine, &mut state, "n15-q12");
    // Magenta is mated at its turn, and Green plays next: Magenta is out, its emperor is not.
    assert_eq!(support::token_on(&engine, &state, "s11"), ".");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("green"));
    assert_eq!(result(&engine, &state), None);
    assert_eq!(points(&engine, &state, "brown"), Value::Int(7));
}

// ---- castling -----------------------------------------------------------------------------------

// "In Castling, the King is always moved first, and is moved two spaces to the left or two spaces
//  to the right on the first rank. The Rook the King moves toward is then placed on the opposite
//  side of the King from where the Rook started."

const CASTLE: &str = "K1:0@a5 R1:0@a9 R1:0@a2 K2@t5";

fn castles(engine: &Engine, state: &State) -> Vec<String> {
    moves_from(engine, state, "a5").into_iter().filter(|m| m == "a5-a7" || m == "a5-a3").collect()
}

#[test]
fn the_king_castles_two_hexes_along_its_first_rank_and_the_rook_jumps_over() {
    let engine = two_players();
    let state = position(&engine, "red", CASTLE);
    assert_eq!(castles(&engine, &state), ["a5-a3", "a5-a7"]);
    let mut queenside = state.clone();
    play(&engine, &mut queenside, "a5-a7");
    let tokens: Vec<String> =
        ["a9", "a7", "a6", "a5"].iter().map(|c| support::token_on(&engine, &queenside, c)).collect();
    assert_eq!(tokens, [".", "K1:1", "R1:0", "."]);
    let mut kingside = state;
    play(&engine, &mut kingside, "a5-a3");
    let tokens: Vec<String> =
        ["a2", "a3", "a4", "a5"].iter().map(|c| support::token_on(&engine, &kingside, c)).collect();
    assert_eq!(tokens, [".", "K1:1", "R1:0", "."]);
}

// "A King that is not immediately under attack may Castle." "all of the spaces between the King
//  and the Rook must be cleared of all pawns or pieces, and none of those spaces may be exposed to
//  the direct attack of an opponent. Both the King and the Rook must not be under the direct force
//  of an opponent when Castling occurs." Interpretation: neither may have moved before.

#[test]
fn castling_is_forbidden_in_check_through_attacked_or_occupied_hexes_and_after_moving() {
    let engine = two_players();
    let cases: [(&str, &str, &[&str]); 7] = [
        ("a bishop on b7 attacks the King", "K1:0@a5 R1:0@a9 R1:0@a2 K2@t5 B2@b7", &[]),
        ("a knight on d9 attacks a7 and a8", "K1:0@a5 R1:0@a9 R1:0@a2 K2@t5 S2@d9", &["a5-a3"]),
        ("a bishop on d6 attacks the queen's side Rook", "K1:0@a5 R1:0@a9 R1:0@a2 K2@t5 B2@d6", &["a5-a3"]),
        ("a knight on b6 attacks a3, where the King would land", "K1:0@a5 R1:0@a9 R1:0@a2 K2@t5 S2@b6", &[]),
        ("a knight of its own on a7", "K1:0@a5 R1:0@a9 R1:0@a2 K2@t5 S1@a7", &["a5-a3"]),
        ("the queen's side Rook has moved", "K1:0@a5 R1:1@a9 R1:0@a2 K2@t5", &["a5-a3"]),
        ("the King has moved", "K1:1@a5 R1:0@a9 R1:0@a2 K2@t5", &[]),
    ];
    for (why, pieces, allowed) in cases {
        let state = position(&engine, "red", pieces);
        assert_eq!(castles(&engine, &state), sorted(allowed), "{why}");
    }
}

// ---- the passing pawn ---------------------------------------------------------------------------

// "If a pawn moves two spaces forward on its first move, and an opponent pawn could (on that
//  opponent's next move only) have captured that particular pawn had it been moved only one space
//  forward, that opponent may capture the pawn as though the pawn had only moved forward a single
//  space (by replacing the captured pawn on that space with the capturing pawn)."

#[test]
fn a_pawn_that_stepped_two_may_be_taken_on_the_hex_it_passed() {
    let engine = two_players();
    let mut state = position(&engine, "red", &format!("{KINGS} P1@c7 P2:1@e7"));
    play(&engine, &mut state, "c7-e9");
    // Green's pawn on e7 would take on d8 (through its corner, toward Red's edge).
    assert!(moves_from(&engine, &state, "e7").contains(&"e7-d8".to_string()));
    play(&engine, &mut state, "e7-d8");
    assert_eq!(support::token_on(&engine, &state, "e9"), ".");
    assert_eq!(support::token_on(&engine, &state, "d8"), "P2:1");
    assert_eq!(points(&engine, &state, "green"), Value::Int(1 + 5));
}

#[test]
fn the_passing_pawn_capture_lasts_one_round_only() {
    let engine = two_players();
    let mut state = position(&engine, "red", &format!("{KINGS} P1@c7 P2:1@e7"));
    play(&engine, &mut state, "c7-e9");
    play(&engine, &mut state, "t5-t6");
    play(&engine, &mut state, "a5-a6");
    assert!(!moves_from(&engine, &state, "e7").contains(&"e7-d8".to_string()));
    // A single step is no double step.
    let mut state = position(&engine, "red", &format!("{KINGS} P1@c7 P2:1@e7"));
    play(&engine, &mut state, "c7-d8");
    assert!(!moves_from(&engine, &state, "e7").iter().any(|m| m == "e7-d8"));
}

// ---- promotion ----------------------------------------------------------------------------------

// "The pawn, however, is also capable of attaining promotion ... The usual promotion secures a
//  Queen, but occasionally a potential mate will secure promotion of a pawn to a Knight."

#[test]
fn a_pawn_reaching_an_opponents_edge_promotes_to_the_piece_its_player_chooses() {
    let engine = two_players();
    let mut state = position(&engine, "red", "K1@a5 K2@t9 P1:1@s5");
    let expected: Vec<String> =
        ["t4", "t5"].iter().flat_map(|to| ["B", "Q", "R", "S"].map(|p| format!("s5-{to}={p}"))).collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves_from(&engine, &state, "s5"), expected);
    play(&engine, &mut state, "s5-t4=S");
    assert_eq!(support::token_on(&engine, &state, "t4"), "S1");
}

/// A hex's rank: 10 less its distance from the centre.
fn rank_of(engine: &Engine, cell: &str) -> i32 {
    let c = &engine.game.board.cells[engine.cell_named(cell).expect("a hex") as usize];
    10 - c.x.abs().max((c.x.abs() + c.y.abs()) / 2)
}

// "When a King is mated, any opponent piece in that King's territory must move toward exiting that
//  territory in any move it makes, with the exception of directly capturing another active
//  opponent's piece."

#[test]
fn after_a_mate_opponent_pieces_in_that_territory_move_toward_leaving_it() {
    let (engine, mut state) = magenta_cornered("p1");
    let before = moves_from(&engine, &state, "o12");
    play(&engine, &mut state, "n15-q12");
    let blue_king_step = legal(&engine, &state).into_iter().find(|m| m.starts_with("p1-")).expect("a step");
    play(&engine, &mut state, &blue_king_step);
    // Red's rook on o12 (rank 4 of Magenta's home): before the mate it could go deeper.
    let deeper = |m: &String| rank_of(&engine, &m[4..]) < 4 && m.contains('-');
    assert!(before.iter().any(deeper), "{before:?}");
    let after = moves_from(&engine, &state, "o12");
    assert!(!after.is_empty());
    let home = &engine.game.zones.iter().find(|z| z.name == "home").expect("home").cells[1];
    for mv in &after {
        let to = &mv[4..];
        let leaves = rank_of(&engine, to) > 4 || !home.contains(engine.cell_named(to).expect("a hex"));
        assert!(leaves || mv.contains('x'), "{mv} does not move toward leaving Magenta's home");
    }
}

// "Teams may be formed prior to the beginning of play."

#[test]
fn team_mates_neither_capture_nor_attack_each_other() {
    let engine = engine_with(&[("players", 4), ("teams", 2)]);
    // Red and Green are team mates; Green's queen on a8 faces Red's King down file a.
    let kings = kings_but(&engine, "");
    let state = position(&engine, "red", &format!("{kings} R1@d9 Q3@a8 P3@f9 P2@c9"));
    let moves = legal(&engine, &state);
    assert!(moves.contains(&"d9-e9".to_string()), "Red is not in check: {moves:?}");
    assert!(!moves.iter().any(|m| m == "d9xf9"), "Green's pawn is not an enemy");
    assert!(moves.contains(&"d9xc9".to_string()), "Brown's pawn is");
}
