//! The greedy agent: looks one ply ahead. It applies each legal move, averages over the outcomes of
//! the rolls the move causes, and values what it reaches for the seat to move: a finished game by
//! the seat's reward from the result, any other position by the seat's heuristic advantage (see
//! `evaluation`). Ties between equally good moves are broken at random.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::evaluation::{advantage, heuristic_scores, rewards_from_places};
use super::{Agent, Decision};
use ludex_runtime::{Engine, Move, State, Status};

/// Outcomes of rolls are enumerated while a move leads to at most this many combinations; past
/// that, one outcome of each further roll is sampled.
const MAX_ENUMERATED_OUTCOMES: u32 = 216;

/// A finished game outweighs any heuristic advantage: a win is worth this much more than a draw.
const RESULT_WEIGHT: f64 = 1e15;

/// Heuristic advantages are clamped into ±this, below any result's weight.
const HEURISTIC_BOUND: f64 = 1e12;

/// Two values closer than this are a tie.
const TIE: f64 = 1e-9;

/// Plays the move with the best one-ply value.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyAgent;

impl Agent for GreedyAgent {
    fn choose(
        &mut self,
        engine: &Engine,
        state: &State,
        moves: &[Move],
        _: &[u64],
        rng: &mut ChaCha8Rng,
    ) -> Decision {
        let Some(seat) = engine.seat_to_move(state) else { return Decision::Quit };
        let mut valuer = Valuer { engine, seat: seat as usize, scores: Vec::new(), rewards: Vec::new() };
        let mut best: Vec<usize> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for (index, &mv) in moves.iter().enumerate() {
            let mut next = state.clone();
            engine.apply_move(&mut next, mv);
            let value = valuer.expected(&next, MAX_ENUMERATED_OUTCOMES, rng);
            if value > best_value + TIE {
                best_value = value;
                best.clear();
            }
            if value >= best_value - TIE {
                best.push(index);
            }
        }
        match best.len() {
            0 => Decision::Quit,
            count => Decision::Play(best[rng.random_range(0..count)]),
        }
    }
}

/// Values positions for one seat, with buffers reused between them.
struct Valuer<'e> {
    engine: &'e Engine,
    seat: usize,
    scores: Vec<f64>,
    rewards: Vec<f64>,
}

impl Valuer<'_> {
    /// The value of a position, averaged over pending rolls: enumerated while `outcomes` (the
    /// combinations still allowed) covers a roll's faces, else sampled.
    fn expected(&mut self, state: &State, outcomes: u32, rng: &mut ChaCha8Rng) -> f64 {
        match self.engine.status(state) {
            Status::Chance { sides } if sides > 0 && sides <= outcomes => {
                let total: f64 =
                    (1..=sides).map(|outcome| self.after_roll(state, outcome, outcomes / sides, rng)).sum();
                total / f64::from(sides)
            }
            Status::Chance { sides } if sides > 0 => {
                let outcome = rng.random_range(1..=sides);
                self.after_roll(state, outcome, 1, rng)
            }
            Status::Over(result) => {
                rewards_from_places(&self.engine.game, &result.places, &mut self.rewards);
                let reward = self.rewards.get(self.seat).copied().unwrap_or(0.0);
                RESULT_WEIGHT * (reward - 0.5)
            }
            Status::Chance { .. } | Status::Decision { .. } => self.heuristic(state),
        }
    }

    fn after_roll(&mut self, state: &State, outcome: u32, outcomes: u32, rng: &mut ChaCha8Rng) -> f64 {
        let mut next = state.clone();
        self.engine.apply_chance(&mut next, outcome);
        self.expected(&next, outcomes, rng)
    }

    fn heuristic(&mut self, state: &State) -> f64 {
        heuristic_scores(self.engine, state, &mut self.scores);
        advantage(&self.engine.game, &self.scores, self.seat).clamp(-HEURISTIC_BOUND, HEURISTIC_BOUND)
    }
}
