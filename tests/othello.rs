//! Othello (rules/othello.rules): perft to the published depths too slow for a debug build, and
//! random games that end as the rules say. The scenario of each rule, and perft to depth 5, are in
//! rules/othello.tests (`ludex test rules/othello.rules`).

mod support;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::ir::Number;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{engine, timed_perft};

const RULES: &str = "rules/othello.rules";

/// The published counts at depths 6 and 7: `cargo test --release --test othello -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_to_depth_7_gives_the_published_counts() {
    let engine = engine(RULES);
    let start = engine.initial_state();
    assert_eq!(timed_perft(&engine, "start", &start, 6), 8_200);
    assert_eq!(timed_perft(&engine, "start", &start, 7), 55_092);
}

/// Every game ends when neither seat can move, the seats ranked by their discs: the scores are
/// the discs on the board, and no game ends by the move limit.
#[test]
fn random_games_end_when_neither_seat_can_move_ranked_by_discs() {
    let engine = engine(RULES);
    for seed in 0..8 {
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = play_out(&engine, engine.initial_state(), &mut agents, &mut rng);
        let over = game.result().expect("every game ends").clone();
        assert_eq!(over.reason, "no seat can move", "seed {seed}");
        let [Number::Int(black), Number::Int(white)] = over.scores[..] else {
            panic!("two whole scores: {:?}", over.scores)
        };
        assert!(black + white <= 64 && black + white > 4, "seed {seed}: {black} + {white}");
        let expected = match black.cmp(&white) {
            std::cmp::Ordering::Greater => [1, 2],
            std::cmp::Ordering::Less => [2, 1],
            std::cmp::Ordering::Equal => [1, 1],
        };
        assert_eq!(over.places, expected, "seed {seed}");
    }
}
