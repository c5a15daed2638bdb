//! Straight lines of cells: `ray`, `between`, `lines` and `in_a_row`, pinned by the legal moves of
//! a placing action whose `where` reads them (a cell is legal exactly when it is in the set), and
//! by the lengths, directions and tests a line may have.

mod support;

use std::collections::BTreeMap;

use ludex::runtime::Engine;
use support::{legal, load, sorted};

/// A 5x5 game whose one action places a stone on an empty cell where `condition` holds.
fn engine(condition: &str) -> Engine {
    let rules = format!(
        "game \"lines\"\nseat south\nseat north\nboard square 5 by 5\npiece stone {{\n  letter S\n}}\n\
         action mark {{\n  place stone on board\n  where {condition}\n}}\n\
         phase play {{\n  turn {{\n    play mark\n  }}\n}}\n"
    );
    let compiled = ludex::compile(&rules, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// The cells where a stone may be placed, in a position given as the rows of the board, top first.
fn cells_where(condition: &str, rows: [&str; 5]) -> Vec<String> {
    let engine = engine(condition);
    let board: String = rows.iter().enumerate().map(|(i, row)| format!("{} {row}\n", 5 - i)).collect();
    let moves = legal(&engine, &load(&engine, &format!("board\n{board}")));
    // A seat with no legal placing passes.
    if moves == ["pass"] { Vec::new() } else { moves }
}

const EMPTY: [&str; 5] = [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."];

#[test]
fn a_ray_runs_from_the_cell_excluded_to_the_edge() {
    assert_eq!(cells_where("count(ray(b3, e), it == to) > 0", EMPTY), sorted(&["c3", "d3", "e3"]));
    assert_eq!(cells_where("count(ray(b3, sw), it == to) > 0", EMPTY), sorted(&["a2"]));
    assert_eq!(cells_where("count(ray(a1, s)) > 0", EMPTY), Vec::<String>::new());
}

#[test]
fn a_ray_over_a_group_goes_direction_by_direction_nearest_first() {
    assert_eq!(cells_where("first(ray(c3, orthogonal)) == to", EMPTY), sorted(&["c4"]));
    assert_eq!(cells_where("count(ray(c3, diagonal)) == 8", EMPTY).len(), 25);
    let rows = [". . . . .", ". . . . .", ". . . S1 .", ". . . . .", ". . . . ."];
    // The first occupied cell east of a3 is d3; the cells before it are empty.
    assert_eq!(
        cells_where("count(ray(a3, e), it == to) > 0 and distance(a3, to) < distance(a3, d3)", rows),
        sorted(&["b3", "c3"])
    );
}

#[test]
fn between_is_the_cells_strictly_between_two_cells_on_one_line() {
    assert_eq!(cells_where("count(between(a1, e5), it == to) > 0", EMPTY), sorted(&["b2", "c3", "d4"]));
    assert_eq!(cells_where("first(between(e5, a1)) == to", EMPTY), sorted(&["d4"]));
    assert_eq!(cells_where("count(between(a1, a5), it == to) > 0", EMPTY), sorted(&["a2", "a3", "a4"]));
    // Not on one line, next to each other, the same cell: nothing between.
    for (a, b) in [("a1", "b3"), ("a1", "a2"), ("c3", "c3")] {
        assert!(cells_where(&format!("count(between({a}, {b})) > 0"), EMPTY).is_empty(), "{a} {b}");
    }
}

#[test]
fn in_a_row_counts_a_direction_and_its_opposite_as_one_line() {
    let rows = [". . . . .", ". . . . .", "S1 S1 . S1 S1", ". . . . .", "S2 S2 S2 . ."];
    // b3 is on a line of two south stones (a3, b3); d3 on one of two (d3, e3).
    assert!(cells_where("in_a_row(b3, 3)", rows).is_empty());
    assert_eq!(cells_where("in_a_row(b3, 2)", rows).len(), 18);
    // a1 and c1 are the ends of north's three: a line has no direction.
    assert_eq!(cells_where("in_a_row(a1, 3) and in_a_row(c1, 3) and in_a_row(b1, 3)", rows).len(), 18);
    assert!(cells_where("in_a_row(a1, 4)", rows).is_empty());
    // An empty cell is on no line of pieces of its owner.
    assert!(cells_where("in_a_row(c3, 1)", rows).is_empty());
}

#[test]
fn in_a_row_reads_only_the_directions_given() {
    let rows = [". . . . .", ". . . . .", ". . S1 . .", ". S1 . . .", "S1 . . . ."];
    assert_eq!(cells_where("in_a_row(c3, 3)", rows).len(), 22);
    assert_eq!(cells_where("in_a_row(c3, 3, diagonal)", rows).len(), 22);
    assert!(cells_where("in_a_row(c3, 3, orthogonal)", rows).is_empty());
    assert!(cells_where("in_a_row(c3, 2, nw)", rows).is_empty());
    assert_eq!(cells_where("in_a_row(c3, 3, ne)", rows).len(), 22);
}

#[test]
fn lines_are_the_cells_of_the_long_enough_lines_through_a_cell() {
    let rows = [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."];
    // Every empty cell passes `empty`: the lines of c3 are its row, its file and its diagonals.
    assert_eq!(cells_where("count(lines(a1, 5, all, empty), it == to) > 0", rows).len(), 13);
    let rows = [". . S1 . .", ". . . . .", "S2 . . . S2", ". . . . .", ". . . . ."];
    let empty_lines = "count(lines(c3, 4, orthogonal, empty), it == to) > 0";
    // The file c is cut by c5 (4 cells: c1 to c4); the row by a3 and e3 (3 cells): only the file.
    assert_eq!(cells_where(empty_lines, rows), sorted(&["c1", "c2", "c3", "c4"]));
    // The cell is in the set once, however many lines go through it: c1 to c4, b3 and d3.
    assert_eq!(cells_where("count(lines(c3, 3, orthogonal, empty)) == 6", rows).len(), 22);
}

#[test]
fn lines_go_from_one_end_to_the_other() {
    let rows = [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."];
    assert_eq!(cells_where("first(lines(c1, 5, w, empty)) == to", rows), sorted(&["e1"]));
    assert_eq!(cells_where("first(lines(c1, 5, e, empty)) == to", rows), sorted(&["a1"]));
}

#[test]
fn seen_by_is_the_image_of_a_cell_under_a_seats_view() {
    let rules = "game \"views\"\nseat south\nseat north turned 180\nboard square 5 by 5\npiece stone {\n  letter S\n}\n\
                 action mark {\n  place stone on board\n  where to == seen_by(b1, mover)\n}\n\
                 phase play {\n  turn {\n    play mark\n  }\n}\n";
    let compiled = ludex::compile(rules, &BTreeMap::new());
    let engine = Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)));
    let mut state = load(&engine, "board\n5 . . . . .\n4 . . . . .\n3 . . . . .\n2 . . . . .\n1 . . . . .\n");
    // South sees the board as it is drawn; north, turned half a turn, sees b1 where d5 is.
    assert_eq!(legal(&engine, &state), ["b1"]);
    support::play(&engine, &mut state, "b1");
    assert_eq!(legal(&engine, &state), ["d5"]);
}
