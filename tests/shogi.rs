//! Shogi (rules/shogi.rules): perft from the start to depth 4 here, depth 5 in a release build
//! (`cargo test --release --test shogi -- --ignored`, run by CI). The scenario of each rule is in
//! rules/shogi.tests (`ludex test rules/shogi.rules`).

mod support;

use ludex::runtime::perft;
use support::engine;

#[test]
fn perft_from_the_start_at_depth_4() {
    let engine = engine("rules/shogi.rules");
    assert_eq!(perft(&engine, &engine.initial_state(), 4), 719_731);
}

/// The published count at depth 5.
#[test]
#[ignore = "slow in debug builds"]
fn perft_from_the_start_at_depth_5() {
    let engine = engine("rules/shogi.rules");
    assert_eq!(perft(&engine, &engine.initial_state(), 5), 19_861_490);
}
