//! Nine Men's Morris (rules/morris.rules): perft from the start at depths 5 and 6, where a mill
//! first forms and its removal counts as part of the move that formed it, too slow for a debug
//! build. tests/morris_reference/perft.py, written apart from ludex, counts the same. The scenario
//! of each rule is in rules/morris.tests (`ludex test rules/morris.rules`).

mod support;

use ludex::runtime::perft;
use support::engine;

/// `cargo test --release --test morris -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_from_the_start_at_depths_5_and_6() {
    let engine = engine("rules/morris.rules");
    let start = engine.initial_state();
    assert_eq!(perft(&engine, &start, 5), 5_140_800);
    assert_eq!(perft(&engine, &start, 6), 99_274_176);
}
