//! Mana written by hand in plain Rust, without the ludex runtime: the yardstick the interpreter is
//! timed against (`benches/reference.rs`) and checked against (`tests/reference_mana.rs`).
//!
//! The rules are those of `rules/mana.rules` as the interpreter plays them: Red turns the mat by
//! 0 to 3 quarter turns; Red then Amber drop their damyo and five ronins on their first two rows;
//! then, Red first, a piece walks exactly as many orthogonal steps as its square's level, through
//! empty squares, never visiting a square twice, ending on an empty or enemy square (taking the
//! enemy piece back to its owner's reserve). The Mana is the square where the last move ended: a
//! piece on a square of its level must move if one can; otherwise any piece moves, or a dismissed
//! ronin re-enters on an empty square of the Mana's level. The side to move with no move passes;
//! two passes in a row draw; taking the damyo wins; 2000 plies draw.
//!
//! Moves are listed in the interpreter's order (its sorted `Move`s), so a random player drawing
//! `random_range(0..len)` from the same seed plays the same game on both.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub const RED: usize = 0;
pub const AMBER: usize = 1;
pub const DAMYO: usize = 0;
pub const RONIN: usize = 1;
/// The interpreter's default move limit (`Limits::max_plies`): reaching it draws.
pub const MAX_PLIES: u32 = 2000;

const WIDTH: usize = 6;
const CELLS: usize = WIDTH * WIDTH;
/// The longest walk: a triple square.
const MAX_LEVEL: usize = 3;

/// The mat as `rules/mana.rules` draws it, listed from a1 along each row, row 1 first.
const MAT: [u8; CELLS] = [
    1, 2, 2, 3, 1, 2, // row 1
    3, 1, 3, 1, 3, 2, // row 2
    2, 3, 1, 2, 1, 3, // row 3
    2, 1, 3, 2, 3, 1, // row 4
    1, 3, 1, 3, 1, 2, // row 5
    3, 2, 2, 1, 3, 2, // row 6
];

/// Each seat's first two rows: rows 1–2 for Red, rows 5–6 for Amber (who sits across the mat).
const HOME: [u64; 2] = [(1 << 12) - 1, ((1 << 12) - 1) << 24];

/// A move, ordered as the interpreter orders its moves (by action, then from, to, piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Turn the mat by this many clockwise quarter turns.
    Orient(u8),
    Deploy {
        to: u8,
        kind: u8,
    },
    Walk {
        from: u8,
        to: u8,
    },
    Reenter {
        to: u8,
    },
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(u8),
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Orient,
    Deploy,
    Play,
}

/// A position: bit sets of cells (bit `c` is cell `c`, a1 = 0, b1 = 1, ..., f6 = 35). The fields
/// are open so that tests can set up positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each seat's pieces.
    pub pieces: [u64; 2],
    /// Each seat's damyo (a subset of its pieces).
    pub damyos: [u64; 2],
    /// `reserve[seat][kind]`: pieces beside the mat.
    pub reserve: [[u8; 2]; 2],
    /// Clockwise quarter turns of the mat.
    pub orientation: u8,
    pub mana: Option<u8>,
    pub phase: Phase,
    /// The seat to move.
    pub seat: u8,
    /// Turns in a row that were passes.
    pub passes: u8,
    /// Moves played so far.
    pub plies: u32,
    pub outcome: Option<Outcome>,
}

/// A finished random game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    pub plies: u32,
    pub outcome: Outcome,
}

/// The rules with their tables: the mat's levels under each orientation and every walk.
pub struct Mana {
    /// Reaching this many plies draws.
    max_plies: u32,
    /// `levels[orientation][cell]`.
    levels: [[u8; CELLS]; 4],
    /// `level_cells[orientation][level]`: the cells of that level.
    level_cells: [[u64; MAX_LEVEL + 1]; 4],
    /// `walks[cell][length - 1]`: each walk as (the cells it passes through, the cell it ends on).
    walks: Vec<[Vec<(u64, u8)>; MAX_LEVEL]>,
}

impl Default for Mana {
    fn default() -> Self {
        Mana::new()
    }
}

impl Mana {
    pub fn new() -> Mana {
        Mana::with_move_limit(MAX_PLIES)
    }

    /// The game with another move limit.
    pub fn with_move_limit(max_plies: u32) -> Mana {
        let mut levels = [MAT; 4];
        for quarter in 1..4 {
            for cell in 0..CELLS {
                levels[quarter][quarter_turn(cell)] = levels[quarter - 1][cell];
            }
        }
        let mut level_cells = [[0u64; MAX_LEVEL + 1]; 4];
        for (orientation, mat) in levels.iter().enumerate() {
            for (cell, &level) in mat.iter().enumerate() {
                level_cells[orientation][level as usize] |= 1 << cell;
            }
        }
        let walks =
            (0..CELLS).map(|cell| std::array::from_fn(|length| walks_from(cell, length + 1))).collect();
        Mana { max_plies, levels, level_cells, walks }
    }

    pub fn initial_state(&self) -> State {
        State {
            pieces: [0; 2],
            damyos: [0; 2],
            reserve: [[1, 5]; 2],
            orientation: 0,
            mana: None,
            phase: Phase::Orient,
            seat: RED as u8,
            passes: 0,
            plies: 0,
            outcome: None,
        }
    }

    /// The level of a cell on the mat as it was turned.
    pub fn level(&self, state: &State, cell: u8) -> u8 {
        self.levels[state.orientation as usize][cell as usize]
    }

    /// The legal moves, written into `out` (cleared first); none once the game is over.
    pub fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.outcome.is_some() {
            return;
        }
        match state.phase {
            Phase::Orient => out.extend((0..4).map(Move::Orient)),
            Phase::Deploy => self.deployments(state, out),
            Phase::Play => self.play_moves(state, out),
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    fn deployments(&self, state: &State, out: &mut Vec<Move>) {
        let seat = state.seat as usize;
        let free = HOME[seat] & !occupied(state);
        for to in cells(free) {
            for kind in [DAMYO, RONIN] {
                if state.reserve[seat][kind] > 0 {
                    out.push(Move::Deploy { to, kind: kind as u8 });
                }
            }
        }
    }

    /// The pieces on the Mana's level move if any can; otherwise any piece moves or a ronin
    /// re-enters on an empty square of the Mana's level.
    fn play_moves(&self, state: &State, out: &mut Vec<Move>) {
        let seat = state.seat as usize;
        let mana_level = state.mana.map(|cell| self.level(state, cell) as usize);
        let requested = match mana_level {
            Some(level) => state.pieces[seat] & self.level_cells[state.orientation as usize][level],
            None => state.pieces[seat],
        };
        self.walk_moves(state, requested, out);
        if !out.is_empty() {
            return;
        }
        self.walk_moves(state, state.pieces[seat], out);
        if let Some(level) = mana_level.filter(|_| state.reserve[seat][RONIN] > 0) {
            let free = self.level_cells[state.orientation as usize][level] & !occupied(state);
            out.extend(cells(free).map(|to| Move::Reenter { to }));
        }
    }

    fn walk_moves(&self, state: &State, movers: u64, out: &mut Vec<Move>) {
        let occupied = occupied(state);
        let own = state.pieces[state.seat as usize];
        for from in cells(movers) {
            let length = self.level(state, from) as usize;
            let reached = self.walks[from as usize][length - 1]
                .iter()
                .filter(|(through, _)| through & occupied == 0)
                .fold(0u64, |reached, &(_, to)| reached | 1 << to);
            out.extend(cells(reached & !own).map(|to| Move::Walk { from, to }));
        }
    }

    /// Plays a legal move.
    pub fn apply(&self, state: &mut State, mv: Move) {
        let seat = state.seat as usize;
        state.plies += 1;
        match mv {
            Move::Orient(quarter) => {
                state.orientation = quarter % 4;
                self.end_turn(state, false);
            }
            Move::Deploy { to, kind } => {
                place(state, seat, kind as usize, to);
                if state.reserve[seat] == [0, 0] {
                    self.end_turn(state, false);
                } else {
                    self.reach_decision(state);
                }
            }
            Move::Walk { from, to } => {
                let enemy = 1 - seat;
                if state.pieces[enemy] & 1 << to != 0 {
                    let kind = if state.damyos[enemy] & 1 << to != 0 { DAMYO } else { RONIN };
                    state.pieces[enemy] &= !(1 << to);
                    state.damyos[enemy] &= !(1 << to);
                    state.reserve[enemy][kind] += 1;
                }
                let kind = if state.damyos[seat] & 1 << from != 0 { DAMYO } else { RONIN };
                state.pieces[seat] &= !(1 << from);
                state.damyos[seat] &= !(1 << from);
                state.pieces[seat] |= 1 << to;
                if kind == DAMYO {
                    state.damyos[seat] |= 1 << to;
                }
                state.mana = Some(to);
                self.end_turn(state, false);
            }
            Move::Reenter { to } => {
                place(state, seat, RONIN, to);
                state.mana = Some(to);
                self.end_turn(state, false);
            }
            Move::Pass => self.end_turn(state, true),
        }
    }

    /// The turn is over: the next phase begins when this one is done (Red begins each phase),
    /// otherwise the other seat plays, unless every seat of the phase just passed.
    fn end_turn(&self, state: &mut State, passed: bool) {
        state.passes = if passed { state.passes + 1 } else { 0 };
        let next_phase = match state.phase {
            Phase::Orient => Some(Phase::Deploy),
            Phase::Deploy if state.reserve == [[0, 0]; 2] => Some(Phase::Play),
            _ => None,
        };
        if let Some(phase) = next_phase {
            state.phase = phase;
            state.seat = RED as u8;
            state.passes = 0;
        } else {
            let seats_in_phase = if state.phase == Phase::Orient { 1 } else { 2 };
            if state.passes >= seats_in_phase {
                state.outcome = Some(Outcome::Draw);
                return;
            }
            state.seat = 1 - state.seat;
        }
        self.reach_decision(state);
    }

    /// At a decision point: the last mover wins when the seat to move has lost its damyo; the
    /// move limit draws.
    fn reach_decision(&self, state: &mut State) {
        if state.phase == Phase::Play && state.damyos[state.seat as usize] == 0 {
            state.outcome = Some(Outcome::Win(1 - state.seat));
        } else if state.plies >= self.max_plies {
            state.outcome = Some(Outcome::Draw);
        }
    }

    /// The number of positions `depth` moves ahead (games that end sooner count nothing).
    pub fn perft(&self, state: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = *state;
                self.apply(&mut child, mv);
                self.perft(&child, depth - 1)
            })
            .sum()
    }

    /// A game of uniformly random legal moves, drawn from a `ChaCha8Rng` seeded with `seed`.
    pub fn random_playout(&self, seed: u64, moves: &mut Vec<Move>) -> Playout {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = self.initial_state();
        loop {
            if let Some(outcome) = state.outcome {
                return Playout { plies: state.plies, outcome };
            }
            self.legal_moves(&state, moves);
            let mv = moves[rng.random_range(0..moves.len())];
            self.apply(&mut state, mv);
        }
    }
}

fn occupied(state: &State) -> u64 {
    state.pieces[RED] | state.pieces[AMBER]
}

fn place(state: &mut State, seat: usize, kind: usize, to: u8) {
    state.reserve[seat][kind] -= 1;
    state.pieces[seat] |= 1 << to;
    if kind == DAMYO {
        state.damyos[seat] |= 1 << to;
    }
}

/// The cells of a bit set, in increasing order.
fn cells(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let cell = set.trailing_zeros();
        set &= set.wrapping_sub(1);
        (cell < 64).then_some(cell as u8)
    })
}

/// Where a cell goes when the mat turns a quarter clockwise: file `f`, row `r` (from 0) goes to
/// file `r`, row `5 - f`.
fn quarter_turn(cell: usize) -> usize {
    let (file, row) = (cell % WIDTH, cell / WIDTH);
    (WIDTH - 1 - file) * WIDTH + row
}

/// Every orthogonal walk of exactly `length` steps from `start` that never visits a cell twice, as
/// (the cells strictly between start and end, the end).
fn walks_from(start: usize, length: usize) -> Vec<(u64, u8)> {
    let mut walks = Vec::new();
    extend_walk(start, length, 1 << start, 0, &mut walks);
    walks
}

fn extend_walk(cell: usize, left: usize, visited: u64, through: u64, walks: &mut Vec<(u64, u8)>) {
    let (file, row) = (cell % WIDTH, cell / WIDTH);
    let neighbours = [
        (row + 1 < WIDTH).then(|| cell + WIDTH),
        (file + 1 < WIDTH).then(|| cell + 1),
        (row > 0).then(|| cell - WIDTH),
        (file > 0).then(|| cell - 1),
    ];
    for next in neighbours.into_iter().flatten().filter(|&next| visited & 1 << next == 0) {
        if left == 1 {
            walks.push((through, next as u8));
        } else {
            extend_walk(next, left - 1, visited | 1 << next, through | 1 << next, walks);
        }
    }
}
