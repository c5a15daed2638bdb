//! English draughts (rules/draughts.rules): perft at depth 7, too slow for a debug build. The
//! scenario of each rule, and perft to depth 6, are in rules/draughts.tests (`ludex test
//! rules/draughts.rules`).

mod support;

use ludex::runtime::perft;
use support::engine;

/// The published count at depth 7: `cargo test --release --test draughts -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_from_the_start_at_depth_7() {
    let engine = engine("rules/draughts.rules");
    assert_eq!(perft(&engine, &engine.initial_state(), 7), 179_740);
}
