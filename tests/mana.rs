//! Mana (rules/mana.rules, seed 004): the mat turned by each orientation, square by square. The
//! scenario of each rule sentence is in rules/mana.tests (`ludex test rules/mana.rules`).
//!
//! The mat as drawn in the rules file (no orientation chosen), each cell's value:
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

use ludex::runtime::State;
use support::{engine, play};

const RULES: &str = "rules/mana.rules";

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
