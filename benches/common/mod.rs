//! What the benches share: a rules file compiled into an engine, and the random playout they time
//! (a uniformly random legal move at every decision, chance outcomes sampled, as `ludex bench` and
//! `ludex run` play them, without writing moves in notation).

use std::collections::BTreeMap;
use std::path::Path;

use ludex::agents::play::MAX_DRIVER_PLIES;
use ludex::runtime::{Engine, Move, State, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The rules file's text and its engine; a file that does not compile stops the bench.
pub fn load(path: &Path) -> (String, Engine) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let compiled = ludex::compile(&text, &BTreeMap::new());
    let game = compiled.game.unwrap_or_else(|| panic!("{}: {:?}", path.display(), compiled.diagnostics));
    (text, Engine::new(game))
}

/// One random game from the setup; its length in moves (chance outcomes are not counted).
pub fn random_playout(engine: &Engine, seed: u64, moves: &mut Vec<Move>) -> u32 {
    random_playout_visiting(engine, seed, moves, |_, _| {})
}

/// The same game, showing `visit` each decision point and the move chosen there.
pub fn random_playout_visiting(
    engine: &Engine,
    seed: u64,
    moves: &mut Vec<Move>,
    mut visit: impl FnMut(&State, Move),
) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    for _ in 0..MAX_DRIVER_PLIES {
        match engine.status(&state) {
            Status::Over(_) => break,
            Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides.max(1))),
            Status::Decision { .. } => {
                engine.legal_moves(&state, moves);
                let mv = moves[rng.random_range(0..moves.len())];
                visit(&state, mv);
                engine.apply_move(&mut state, mv);
            }
        }
    }
    engine.ply(&state)
}
