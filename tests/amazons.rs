//! Amazons (rules/amazons.rules): the published perft count at depth 2, too slow for a debug
//! build. The scenario of each rule, and perft at depth 1, are in rules/amazons.tests (`ludex test
//! rules/amazons.rules`).

mod support;

use ludex::runtime::perft;
use support::engine;

/// `cargo test --release --test amazons -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_from_the_start_at_depth_2() {
    let engine = engine("rules/amazons.rules");
    assert_eq!(perft(&engine, &engine.initial_state(), 2), 4_307_152);
}
