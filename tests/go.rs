//! Go (rules/go.rules): perft to the published depth 3, too slow for a debug build, and random
//! games that end as the rules say. The scenario of each rule, and perft to depth 2, are in
//! rules/go.tests (`ludex test rules/go.rules`).

mod support;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::ir::Number;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{engine, timed_perft};

const RULES: &str = "rules/go.rules";

/// The published count at depth 3: `cargo test --release --test go -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_to_depth_3_gives_the_published_counts() {
    let engine = engine(RULES);
    let start = engine.initial_state();
    assert_eq!(timed_perft(&engine, "start", &start, 3), 531_522);
}

/// Every random game ends by two passes in a row, ranked by the area score: the scores are the
/// stones and territories (and White's komi of 6.5), no more than the board's 81 points in all,
/// and the half point of komi means no game is drawn.
#[test]
fn random_games_end_after_two_passes_ranked_by_area() {
    let engine = engine(RULES);
    for seed in 0..2 {
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = play_out(&engine, engine.initial_state(), &mut agents, &mut rng);
        let over = game.result().expect("every game ends").clone();
        assert_eq!(over.reason, "end rule 1: ranked", "seed {seed}");
        let [black, white] = over.scores[..] else { panic!("two scores: {:?}", over.scores) };
        let thousandths = |n: Number| n.to_decimal().expect("a small score").thousandths();
        assert!(white.is_fractional(), "seed {seed}: {white}");
        assert!(thousandths(black) + thousandths(white) - 6_500 <= 81_000, "seed {seed}: {black} + {white}");
        let expected = if black > white { [1, 2] } else { [2, 1] };
        assert_eq!(over.places, expected, "seed {seed}");
    }
}
