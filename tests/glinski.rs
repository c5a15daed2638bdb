//! Glinski's hexagonal chess (rules/glinski.rules): perft from the start to the depth too slow for
//! a debug build. The scenario of each rule, and perft to depth 2, are in rules/glinski.tests
//! (`ludex test rules/glinski.rules`); the counts were cross-checked with an independent move
//! generator.

mod support;

use ludex::runtime::perft;
use support::engine;

const RULES: &str = "rules/glinski.rules";

/// `cargo test --release --test glinski -- --ignored`
#[test]
#[ignore = "slow in debug builds"]
fn perft_from_the_start_at_depth_3() {
    let engine = engine(RULES);
    assert_eq!(perft(&engine, &engine.initial_state(), 3), 137_858);
}
