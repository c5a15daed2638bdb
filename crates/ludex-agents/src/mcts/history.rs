//! Move history for playouts (MAST, the move-average sampling technique): the mean reward each
//! seat got in the iterations where it played a move, over the whole search. Playouts play the
//! move with the best mean most of the time and a random one otherwise, so what the search has
//! learnt about a move anywhere in the game guides the playouts everywhere.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use ludex_ir::SeatId;
use ludex_runtime::Move;

/// The chance a playout plays a uniformly random move instead of the best by history.
const EXPLORATION: f64 = 0.4;

/// The mean a move never played is taken to have: the best possible, so it gets tried.
const UNTRIED: f64 = 1.0;

#[derive(Default)]
pub(super) struct MoveHistory {
    means: HashMap<(SeatId, Move), Mean, BuildHasherDefault<MixHasher>>,
    /// The moves of the current iteration, by seat.
    played: Vec<(SeatId, Move)>,
}

#[derive(Clone, Copy, Default)]
struct Mean {
    total: f64,
    count: u32,
}

impl MoveHistory {
    /// Notes a move of the current iteration.
    pub fn played(&mut self, seat: SeatId, mv: Move) {
        self.played.push((seat, mv));
    }

    /// Adds the iteration's rewards to the means of the moves it played, and forgets them.
    pub fn learn(&mut self, rewards: &[f64]) {
        for (seat, mv) in self.played.drain(..) {
            let mean = self.means.entry((seat, mv)).or_default();
            mean.total += rewards.get(seat as usize).copied().unwrap_or(0.0);
            mean.count = mean.count.saturating_add(1);
        }
    }

    /// The index of the move a playout plays for the seat (`moves` is not empty).
    pub fn choose(&self, seat: SeatId, moves: &[Move], rng: &mut ChaCha8Rng) -> usize {
        if rng.random_bool(EXPLORATION) {
            return rng.random_range(0..moves.len());
        }
        let mean = |mv: Move| match self.means.get(&(seat, mv)) {
            Some(mean) if mean.count > 0 => mean.total / f64::from(mean.count),
            _ => UNTRIED,
        };
        let mut best = (0, f64::NEG_INFINITY, 0u32);
        let mut ties = 0u32;
        for (index, &mv) in moves.iter().enumerate() {
            let value = mean(mv);
            if value > best.1 {
                best = (index, value, 0);
                ties = 1;
            } else if value == best.1 {
                // Reservoir sampling keeps a uniform choice among equal means.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best.0 = index;
                }
            }
        }
        best.0
    }
}

/// A small multiplicative hasher for the moves' few integer fields (the table is private to one
/// search, so collisions cannot be provoked from outside to any effect but speed).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u32 as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use ludex_runtime::MoveKind;

    fn moves() -> Vec<Move> {
        (0..3u16).map(|to| Move { to: Some(to), ..Move::bare(MoveKind::Pass) }).collect()
    }

    #[test]
    fn playouts_mostly_play_the_move_with_the_best_mean_for_the_seat() {
        let moves = moves();
        let mut history = MoveHistory::default();
        // Seat 0 did well after move 1 and badly after moves 0 and 2; seat 1 the other way round.
        for (mv, reward) in [(1, 1.0), (0, 0.0), (2, 0.2), (1, 0.8)] {
            history.played(0, moves[mv]);
            history.played(1, moves[2 - mv]);
            history.learn(&[reward, 1.0 - reward]);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut counts = [[0u32; 3]; 2];
        for seat in 0..2 {
            for _ in 0..1000 {
                counts[seat][history.choose(seat as SeatId, &moves, &mut rng)] += 1;
            }
        }
        // 60% best, and the rest spread evenly by the 40% of random choices.
        assert!(counts[0][1] > 650 && counts[0][0] < 200 && counts[0][2] < 200, "{counts:?}");
        assert!(counts[1][2] > 650, "seat 1's best mean is its move 2 (reward 1): {counts:?}");
    }

    #[test]
    fn untried_moves_come_first_and_equal_means_share_the_choices() {
        let moves = moves();
        let mut history = MoveHistory::default();
        history.played(0, moves[0]);
        history.learn(&[0.5]);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            counts[history.choose(0, &moves, &mut rng)] += 1;
        }
        assert!(counts[0] < 600 && counts[1] > 1100 && counts[2] > 1100, "{counts:?}");
    }
}
