//! A slow reference move counter for ImmortalStarMasters, written only for the perft tests and
//! independent of the rules file: its own board geometry (from doubled coordinates), its own piece
//! moves, pawn zones and territories (by angle), and legality by playing each pseudo-legal move and
//! looking naively for an enemy piece that could take the king. From the engine it takes only the
//! start position, the seats and their teams, and the cell names.
//!
//! It covers what can happen in the first plies of a game: no pawn reaches an edge to promote, no
//! castling (the pieces between king and rook have not moved), no en passant and no mate. It panics
//! if a position asks for a mate, so that a test cannot silently count past one.

use std::collections::HashMap;

use ludex::runtime::{Engine, State};

/// A piece of the reference: its seat, its kind by letter, whether it has moved (pawns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Man {
    seat: u8,
    letter: char,
    moved: bool,
}

const SIDES: [(i32, i32); 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];
const CORNERS: [(i32, i32); 6] = [(1, 3), (2, 0), (1, -3), (-1, -3), (-2, 0), (-1, 3)];

/// Side steps from the centre of a hex-hex board.
fn ring(x: i32, y: i32) -> i32 {
    x.abs().max((x.abs() + y.abs()) / 2)
}

/// The territory a hex lies in (0 to 5 by angle), or none on a spoke or at the centre.
fn wedge(x: i32, y: i32) -> Option<usize> {
    let on_spoke = x == 0 || y.abs() == x.abs();
    if on_spoke {
        return None;
    }
    let degrees = (f64::from(y) / 2.0).atan2(f64::from(x) * 3f64.sqrt() / 2.0).to_degrees();
    Some(((degrees - 30.0).rem_euclid(360.0) / 60.0) as usize)
}

/// A wall: a hex of ranks 1 to 5 on a spoke.
fn is_wall(x: i32, y: i32) -> bool {
    (x + y) % 2 == 0 && ring(x, y) >= 5 && ring(x, y) <= 9 && wedge(x, y).is_none()
}

pub struct Reference {
    /// Every playable hex: its coordinates and its engine cell name.
    cells: Vec<(i32, i32)>,
    names: Vec<String>,
    at: HashMap<(i32, i32), usize>,
    seats: usize,
    team: Vec<Option<u8>>,
    /// The wedge of each seat's home.
    home: Vec<usize>,
}

#[derive(Clone)]
pub struct Position {
    board: Vec<Option<Man>>,
    to_move: usize,
}

impl Reference {
    /// The reference board, checked against the engine's: the same 241 playable hexes.
    pub fn new(engine: &Engine) -> Reference {
        let mut cells = Vec::new();
        for x in -9..=9 {
            for y in -18..=18 {
                if (x + y) % 2 == 0 && ring(x, y) <= 9 && !is_wall(x, y) {
                    cells.push((x, y));
                }
            }
        }
        let board = &engine.game.board;
        let names: Vec<String> = cells
            .iter()
            .map(|&(x, y)| {
                let cell = board.cells.iter().find(|c| c.x == x && c.y == y);
                cell.unwrap_or_else(|| panic!("the engine has no hex at ({x}, {y})")).name.clone()
            })
            .collect();
        assert_eq!(cells.len(), board.cell_count(), "the engine has hexes the reference has not");
        let at = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let seats = engine.game.seats.len();
        let team = engine.game.seats.iter().map(|s| s.team).collect();
        let mut reference = Reference { cells, names, at, seats, team, home: Vec::new() };
        let start = reference.start(engine, &engine.initial_state());
        reference.home = (0..seats)
            .map(|seat| {
                let (x, y) = reference.cells[king_of(&start, seat).expect("every seat has a king")];
                wedge(x, y).expect("a king starts in its territory")
            })
            .collect();
        reference
    }

    /// The engine's position in the reference's terms (every piece as unmoved).
    pub fn start(&self, engine: &Engine, state: &State) -> Position {
        let board = self
            .names
            .iter()
            .map(|name| {
                let piece = engine.piece_at(state, engine.cell_named(name).expect("a cell"))?;
                let letter = engine.game.pieces[piece.kind as usize].letter;
                Some(Man { seat: piece.owner.expect("no neutral pieces"), letter, moved: false })
            })
            .collect();
        Position { board, to_move: engine.seat_to_move(state).expect("a seat to move") as usize }
    }

    fn rank(&self, cell: usize) -> i32 {
        let (x, y) = self.cells[cell];
        10 - ring(x, y)
    }

    /// One step; a step through a corner passes between two side neighbours, and cannot pass
    /// between two walls.
    fn step(&self, cell: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let (x, y) = self.cells[cell];
        let wall = |(sx, sy): (i32, i32)| is_wall(x + sx, y + sy);
        let between = SIDES.iter().filter(|&&(sx, sy)| SIDES.contains(&(dx - sx, dy - sy)));
        let squeezed = CORNERS.contains(&(dx, dy)) && between.clone().all(|&side| wall(side));
        if squeezed {
            return None;
        }
        self.at.get(&(x + dx, y + dy)).copied()
    }

    fn in_home(&self, seat: usize, cell: usize) -> bool {
        let (x, y) = self.cells[cell];
        self.rank(cell) <= 5 && wedge(x, y) == Some(self.home[seat])
    }

    fn active(&self, position: &Position, seat: usize) -> bool {
        king_of(position, seat).is_some()
    }

    /// A home hex whose seat still has its King.
    fn held(&self, position: &Position, cell: usize) -> bool {
        (0..self.seats).any(|seat| self.in_home(seat, cell) && self.active(position, seat))
    }

    /// A home hex of an enemy of the seat that still has its King.
    fn held_by_enemy(&self, position: &Position, seat: usize, cell: usize) -> bool {
        (0..self.seats).any(|s| self.in_home(s, cell) && self.active(position, s) && self.enemies(s, seat))
    }

    fn enemies(&self, a: usize, b: usize) -> bool {
        a != b && (self.team[a].is_none() || self.team[a] != self.team[b])
    }

    /// Where a pawn of the seat may go from `from` to `to`, by the zone it stands in.
    fn pawn_way(&self, position: &Position, seat: usize, from: usize, to: usize) -> bool {
        if self.in_home(seat, from) {
            self.rank(to) > self.rank(from)
        } else if self.rank(from) <= 5 {
            self.rank(to) < self.rank(from)
        } else {
            self.rank(to) >= 6 || self.in_home(seat, to) || self.held_by_enemy(position, seat, to)
        }
    }

    /// The hexes a piece on `from` could move to, by its pattern, before the rules on dead homes
    /// and the king's safety; `captures_only` keeps the moves that could take a piece.
    fn pattern(&self, position: &Position, from: usize, captures_only: bool) -> Vec<usize> {
        let Some(man) = position.board[from] else { return Vec::new() };
        let seat = man.seat as usize;
        let free = |cell: usize| position.board[cell].is_none();
        let enemy = |cell: usize| position.board[cell].is_some_and(|m| self.enemies(seat, m.seat as usize));
        let mut out = Vec::new();
        let slide = |directions: &[(i32, i32)], out: &mut Vec<usize>| {
            for &d in directions {
                let mut cell = from;
                while let Some(next) = self.step(cell, d) {
                    out.push(next);
                    if !free(next) {
                        break;
                    }
                    cell = next;
                }
            }
        };
        match man.letter {
            'R' => slide(&SIDES, &mut out),
            'B' => slide(&CORNERS, &mut out),
            'Q' => {
                slide(&SIDES, &mut out);
                slide(&CORNERS, &mut out);
            }
            'K' => out.extend(SIDES.iter().chain(&CORNERS).filter_map(|&d| self.step(from, d))),
            'S' => {
                for &(cx, cy) in &CORNERS {
                    let Some(middle) = self.step(from, (cx, cy)) else { continue };
                    for &(sx, sy) in &SIDES {
                        // The side steps that make up the corner: the Knight keeps moving away.
                        if SIDES.contains(&(cx - sx, cy - sy)) {
                            out.extend(self.step(middle, (sx, sy)));
                        }
                    }
                }
            }
            'P' => {
                let way = |to: usize| self.pawn_way(position, seat, from, to);
                if !captures_only {
                    let steps = SIDES.iter().filter_map(|&d| self.step(from, d));
                    out.extend(steps.filter(|&to| free(to) && way(to)));
                    for &d in SIDES.iter().filter(|_| !man.moved) {
                        let first = self.step(from, d).filter(|&c| free(c));
                        let second = first.and_then(|c| self.step(c, d)).filter(|&c| free(c));
                        out.extend(second.filter(|&to| self.rank(to) == self.rank(from) + 2));
                    }
                }
                let takes = CORNERS.iter().filter_map(|&d| self.step(from, d));
                out.extend(takes.filter(|&to| enemy(to) && way(to)));
                return out;
            }
            other => panic!("unknown piece {other}"),
        }
        out.retain(|&to| free(to) || enemy(to));
        out
    }

    /// Whether a piece of an active enemy of the seat could take on the cell.
    fn attacked(&self, position: &Position, cell: usize, seat: usize) -> bool {
        (0..self.cells.len()).any(|from| {
            position.board[from].is_some_and(|m| {
                let attacker = m.seat as usize;
                self.enemies(attacker, seat)
                    && self.active(position, attacker)
                    && self.pattern(position, from, true).contains(&cell)
            })
        })
    }

    /// Whether a move keeps to the dead homes' rules: a home without an active King is entered
    /// only by capturing, and a piece inside one moves toward leaving it unless it takes a piece of
    /// an active seat.
    fn lawful(&self, position: &Position, from: usize, to: usize) -> bool {
        let target = position.board[to];
        let dead = |cell: usize| self.rank(cell) <= 5 && !self.held(position, cell);
        let home_wedge = |cell: usize| {
            let (x, y) = self.cells[cell];
            wedge(x, y).filter(|_| self.rank(cell) <= 5)
        };
        let same_home = home_wedge(from).is_some() && home_wedge(from) == home_wedge(to);
        let enters = !dead(to) || target.is_some() || same_home;
        let leaves = !dead(from)
            || !same_home
            || self.rank(to) > self.rank(from)
            || target.is_some_and(|t| self.active(position, t.seat as usize));
        enters && leaves
    }

    /// The legal moves of the seat to move, as `from-to` / `fromxto` texts with the positions
    /// they lead to.
    pub fn moves(&self, position: &Position) -> Vec<(String, Position)> {
        let seat = position.to_move;
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            if position.board[from].is_none_or(|m| m.seat as usize != seat) {
                continue;
            }
            for to in self.pattern(position, from, false) {
                if !self.lawful(position, from, to) {
                    continue;
                }
                let mut next = position.clone();
                let capture = next.board[to].is_some();
                let mut man = next.board[from].take().expect("a piece");
                man.moved = true;
                next.board[to] = Some(man);
                let king = king_of(&next, seat);
                if king.is_some_and(|king| self.attacked(&next, king, seat)) {
                    continue;
                }
                next.to_move = (seat + 1) % self.seats;
                let text =
                    format!("{}{}{}", self.names[from], if capture { 'x' } else { '-' }, self.names[to]);
                out.push((text, next));
            }
        }
        if out.is_empty() {
            let king = king_of(position, seat);
            assert!(
                king.is_none_or(|king| !self.attacked(position, king, seat)),
                "a mate: the reference does not play mates"
            );
            let mut next = position.clone();
            next.to_move = (seat + 1) % self.seats;
            out.push(("pass".to_string(), next));
        }
        out
    }

    /// The number of positions `depth` moves ahead.
    pub fn perft(&self, position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves(position).iter().map(|(_, next)| self.perft(next, depth - 1)).sum()
    }
}

fn king_of(position: &Position, seat: usize) -> Option<usize> {
    position.board.iter().position(|m| m.is_some_and(|m| m.seat as usize == seat && m.letter == 'K'))
}
