//! Kalah (rules/kalah.rules) and Oware (rules/oware.rules) against plain programs written for each
//! game: perft from the start, and seeded random games in which every position's legal sowings,
//! and the pits after each one, must be what the program gives. The scenario of each rule is in
//! the games' `.tests` files.

mod support;

use ludex::runtime::{Engine, Move, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::engine;

/// A plain mancala position: the pits and stores in sowing order for the first seat, seeds counted.
#[derive(Clone, PartialEq, Debug)]
struct Pits {
    seeds: Vec<u32>,
    /// The seat to move, 0 or 1.
    side: usize,
    /// Seeds captured by each seat (Oware).
    captured: [u32; 2],
}

/// One of the two games, as a plain program.
#[derive(Clone, Copy)]
enum Game {
    /// 0..6 South's pits, 6 its store, 7..13 North's pits, 13 its store.
    Kalah,
    /// 0..6 South's pits, 6..12 North's.
    Oware,
}

impl Game {
    fn start(self) -> Pits {
        let seeds = match self {
            Game::Kalah => (0..14).map(|i| if i % 7 == 6 { 0 } else { 4 }).collect(),
            Game::Oware => vec![4; 12],
        };
        Pits { seeds, side: 0, captured: [0, 0] }
    }

    /// The pits of a side, in its sowing order.
    fn pits(self, side: usize) -> std::ops::Range<usize> {
        match self {
            Game::Kalah => side * 7..side * 7 + 6,
            Game::Oware => side * 6..side * 6 + 6,
        }
    }

    /// The cell of a pit or store, as the rules files name them.
    fn cell(self, index: usize) -> String {
        let (file, rank) = match self {
            Game::Kalah if index < 7 => (index + 1, 1),
            Game::Kalah => (13 - index, 2),
            Game::Oware if index < 6 => (index, 1),
            Game::Oware => (11 - index, 2),
        };
        format!("{}{rank}", (b'a' + file as u8) as char)
    }

    fn over(self, pits: &Pits) -> bool {
        let empty = |side| self.pits(side).all(|i| pits.seeds[i] == 0);
        match self {
            Game::Kalah => empty(0) || empty(1),
            Game::Oware => pits.captured.iter().any(|&c| c > 24) || self.moves(pits).is_empty(),
        }
    }

    /// The pits the side to move may sow from, in its sowing order.
    fn moves(self, pits: &Pits) -> Vec<usize> {
        let sowable = self.pits(pits.side).filter(|&i| pits.seeds[i] > 0);
        match self {
            Game::Kalah => sowable.collect(),
            // A move must leave the opponent seeds.
            Game::Oware => sowable
                .filter(|&i| {
                    let after = self.sow(pits, i);
                    self.pits(1 - pits.side).any(|j| after.seeds[j] > 0)
                })
                .collect(),
        }
    }

    fn sow(self, pits: &Pits, from: usize) -> Pits {
        let mut next = pits.clone();
        let side = pits.side;
        let count = next.seeds.len();
        let mut seeds = std::mem::take(&mut next.seeds[from]);
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % count;
            let skipped = match self {
                Game::Kalah => at == 13 - 7 * side,
                Game::Oware => at == from,
            };
            if !skipped {
                next.seeds[at] += 1;
                seeds -= 1;
            }
        }
        match self {
            Game::Kalah => {
                let store = 6 + 7 * side;
                if self.pits(side).contains(&at) && next.seeds[at] == 1 && next.seeds[12 - at] > 0 {
                    next.seeds[store] += next.seeds[12 - at] + 1;
                    (next.seeds[at], next.seeds[12 - at]) = (0, 0);
                }
                next.side = if at == store { side } else { 1 - side };
            }
            Game::Oware => {
                let theirs = self.pits(1 - side);
                while theirs.contains(&at) && (2..=3).contains(&next.seeds[at]) {
                    next.captured[side] += std::mem::take(&mut next.seeds[at]);
                    at = at.wrapping_sub(1);
                }
                next.side = 1 - side;
            }
        }
        next
    }

    fn perft(self, pits: &Pits, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over(pits) {
            return 0;
        }
        self.moves(pits).iter().map(|&m| self.perft(&self.sow(pits, m), depth - 1)).sum()
    }

    /// The engine's position read back: the seeds on each cell.
    fn read(self, engine: &Engine, state: &ludex::runtime::State) -> Vec<u32> {
        (0..self.start().seeds.len())
            .map(|i| {
                let cell = engine.cell_named(&self.cell(i)).expect("a cell of the board");
                engine.stack_height(state, cell) as u32
            })
            .collect()
    }
}

fn engine_perft(engine: &Engine, state: &ludex::runtime::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !matches!(engine.status(state), Status::Decision { .. }) {
        return 0;
    }
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut next = state.clone();
            engine.apply_move(&mut next, mv);
            engine_perft(engine, &next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_from_the_start_is_the_plain_programs() {
    for (game, path, counts) in [
        (Game::Kalah, "rules/kalah.rules", [6, 35, 185, 942, 4690]),
        (Game::Oware, "rules/oware.rules", [6, 36, 190, 1014, 5219]),
    ] {
        let engine = engine(path);
        let start = engine.initial_state();
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(game.perft(&game.start(), depth), count, "{path}: the program at depth {depth}");
            assert_eq!(engine_perft(&engine, &start, depth), count, "{path}: the engine at depth {depth}");
        }
    }
}

#[test]
fn random_games_sow_and_capture_as_the_plain_programs_do() {
    for (game, path) in [(Game::Kalah, "rules/kalah.rules"), (Game::Oware, "rules/oware.rules")] {
        let engine = engine(path);
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (mut state, mut pits) = (engine.initial_state(), game.start());
            for ply in 0..200 {
                assert_eq!(game.read(&engine, &state), pits.seeds, "{path}, seed {seed}, ply {ply}");
                let Status::Decision { seat } = engine.status(&state) else {
                    assert!(game.over(&pits), "{path}, seed {seed}: the engine ended the game at ply {ply}");
                    break;
                };
                assert_eq!(seat as usize, pits.side, "{path}, seed {seed}, ply {ply}: the seat to move");
                let mut moves: Vec<Move> = Vec::new();
                engine.legal_moves(&state, &mut moves);
                let names: Vec<String> = moves.iter().map(|&mv| engine.move_notation(&state, mv)).collect();
                let expected: Vec<String> = game.moves(&pits).into_iter().map(|i| game.cell(i)).collect();
                let (mut names_sorted, mut expected_sorted) = (names.clone(), expected);
                names_sorted.sort();
                expected_sorted.sort();
                assert_eq!(
                    names_sorted, expected_sorted,
                    "{path}, seed {seed}, ply {ply}: the legal sowings"
                );
                let pick = rng.random_range(0..moves.len());
                let from =
                    game.moves(&pits).into_iter().find(|&i| game.cell(i) == names[pick]).expect("a pit");
                engine.apply_move(&mut state, moves[pick]);
                pits = game.sow(&pits, from);
            }
        }
    }
}
