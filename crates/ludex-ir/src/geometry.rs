//! Board geometry, computed once: cells with names and coordinates, directions, the neighbour
//! table and the board's symmetries (rotations and reflections) with their action on cells and
//! directions.
//!
//! Square boards use doubled centred coordinates (`2x - (w - 1)`, `2y - (h - 1)`) so that rotating
//! about the centre stays in integers. Hexagonal boards are hex-hex with flat-topped cells in
//! doubled coordinates (`column`, `2 * height`): a side step changes the column by 0 or 1, a corner
//! step by 1 or 2. Cell names are a file's letters and a rank counted from the bottom of that file
//! (`a1`, `ad30`: see `cell_names`); hexagonal files skip the letter `j`, as the usual hexagonal
//! chess notation does.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::cell_names::{file_letters, file_number, split_cell_name};
use super::{CellId, DirId};

/// A missing neighbour in `Board::neighbours`.
pub const NO_CELL: CellId = CellId::MAX;

// Every cell of the largest board has a number below `NO_CELL`.
const _: () = assert!(super::MAX_CELLS <= NO_CELL as usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// The shape of the board, as the `board` item gives it; only the display and the notation read it.
pub enum BoardKind {
    /// `board square W by H`: a grid of squares.
    Square {
        /// Files (columns), named `a`, `b`, ... `z`, `aa`, `ab`, ... (see `cell_names`).
        width: u32,
        /// Ranks (rows).
        height: u32,
    },
    /// `board hex N`: a hexagon of hexagonal cells.
    Hex {
        /// Cells on each side of the hexagon, 1 to 12.
        side: u32,
    },
    /// A rhombus (parallelogram) of hexagons: `width` files of `height` cells, each file half a
    /// cell higher than the one on its left (Hex's board).
    Rhombus {
        /// Files, named as a square board's are, from `a`.
        width: u32,
        /// Cells in each file.
        height: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// A cell of the board.
pub struct Cell {
    /// The cell's name: its file's letters and its rank (`a1`, `ad30`).
    pub name: String,
    /// Doubled centred coordinates (see the module doc).
    pub x: i32,
    /// The vertical doubled centred coordinate (see the module doc).
    pub y: i32,
    /// 1-based file (column) and rank within the file, counted from the bottom.
    pub file: u32,
    /// The rank within the file, 1 at the bottom.
    pub rank: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// An absolute direction of the board (`n`, `ne`, `e`, ... on squares; `n`, `nne`, `ne`, ... on hexes,
/// sides and corners).
pub struct Direction {
    /// The direction's name (`n`, `se`, ...).
    pub name: String,
    /// The step in doubled coordinates.
    pub dx: i32,
    /// The vertical part of the step (see `dx`).
    pub dy: i32,
}

/// Why two cells cannot be joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// No direction of the board leads from the first to the second.
    NotOnALine,
    /// This cell of the board lies between them.
    CellBetween(CellId),
}

/// Whether a symmetry reflects the board (left to right) before it turns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reflection {
    /// Not reflected.
    Unmirrored,
    /// Reflected left to right (`mirrored`).
    Mirrored,
}

/// A rotation (clockwise, `turns` steps of the board's rotation) after an optional reflection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Symmetry {
    /// How many clockwise rotation steps (of [`Board::rotation_step`] degrees).
    pub turns: u32,
    /// Whether the board is reflected left to right before it is turned.
    pub mirrored: bool,
    /// The image of each cell.
    pub cells: Vec<CellId>,
    /// The image of each direction.
    pub directions: Vec<DirId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The board: its cells, its directions and the neighbour table that joins them.
pub struct Board {
    /// The shape `board` gave.
    pub kind: BoardKind,
    /// The cells, indexed by `CellId` (those left out with `without` are missing).
    pub cells: Vec<Cell>,
    /// The absolute directions, indexed by `DirId`.
    pub directions: Vec<Direction>,
    /// Named groups of directions, built in for the board kind (`orthogonal`, `sides`, `all`...).
    pub groups: Vec<(String, Vec<DirId>)>,
    /// `neighbours[cell * directions.len() + direction]`, `NO_CELL` off the board.
    pub neighbours: Vec<CellId>,
    /// The degrees of one rotation step: 90 (square), 180 (other rectangles) or 60 (hex).
    pub rotation_step: u32,
    /// Rotations first (`turns` 0, 1, ...), then the same after a reflection.
    pub symmetries: Vec<Symmetry>,
}

/// Names of the seat-relative directions and the absolute direction each means for a seat that
/// sees the board unturned (forward is north).
pub const SQUARE_RELATIVE: [(&str, &str); 8] = [
    ("forward", "n"),
    ("backward", "s"),
    ("left", "w"),
    ("right", "e"),
    ("forward_left", "nw"),
    ("forward_right", "ne"),
    ("backward_left", "sw"),
    ("backward_right", "se"),
];
/// The seat-relative directions of a hexagonal board and the absolute direction each means for a
/// seat that sees the board unturned (hexagons have no `left` or `right`).
pub const HEX_RELATIVE: [(&str, &str); 6] = [
    ("forward", "n"),
    ("backward", "s"),
    ("forward_left", "nw"),
    ("forward_right", "ne"),
    ("backward_left", "sw"),
    ("backward_right", "se"),
];

const SQUARE_DIRECTIONS: [(&str, i32, i32); 8] = [
    ("n", 0, 2),
    ("ne", 2, 2),
    ("e", 2, 0),
    ("se", 2, -2),
    ("s", 0, -2),
    ("sw", -2, -2),
    ("w", -2, 0),
    ("nw", -2, 2),
];

const HEX_DIRECTIONS: [(&str, i32, i32); 12] = [
    ("n", 0, 2),
    ("nne", 1, 3),
    ("ne", 1, 1),
    ("e", 2, 0),
    ("se", 1, -1),
    ("sse", 1, -3),
    ("s", 0, -2),
    ("ssw", -1, -3),
    ("sw", -1, -1),
    ("w", -2, 0),
    ("nw", -1, 1),
    ("nnw", -1, 3),
];

const HEX_FILE_LETTERS: &str = "abcdefghiklmnopqrstuvwxyz";

/// The 1-based file of a hexagonal board that a letter names (`k` is 10: `j` is skipped).
fn hex_file_number(letters: &str) -> Option<u32> {
    let mut chars = letters.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else { return None };
    HEX_FILE_LETTERS.find(letter).map(|index| index as u32 + 1)
}

/// Whether a board of lettered files may be so wide and high: both sides at least 1, at most
/// `MAX_CELLS` cells.
fn lettered_size(width: u32, height: u32) -> bool {
    width > 0 && height > 0 && (width as usize).saturating_mul(height as usize) <= super::MAX_CELLS
}

/// A cell named by its file's letters (`a`, ... `z`, `aa`, ...: see `cell_names`) and its rank, at a
/// point.
fn lettered(file: u32, rank: u32, (x, y): (i32, i32)) -> Cell {
    Cell { name: format!("{}{rank}", file_letters(file)), x, y, file, rank }
}

/// The directions that pass between two neighbours (a diagonal between two orthogonal steps, a
/// hex corner between two side steps), with those two steps.
const SQUARE_BETWEEN: [(&str, &str, &str); 4] =
    [("ne", "n", "e"), ("se", "s", "e"), ("sw", "s", "w"), ("nw", "n", "w")];
const HEX_BETWEEN: [(&str, &str, &str); 6] = [
    ("nne", "n", "ne"),
    ("e", "ne", "se"),
    ("sse", "se", "s"),
    ("ssw", "s", "sw"),
    ("w", "sw", "nw"),
    ("nnw", "nw", "n"),
];

impl Board {
    /// A `width` by `height` grid of squares; `None` when a side is 0 or the board is over
    /// `super::MAX_CELLS` cells.
    pub fn square(width: u32, height: u32) -> Option<Board> {
        if !lettered_size(width, height) {
            return None;
        }
        let mut cells = Vec::with_capacity((width * height) as usize);
        for rank in 1..=height {
            for file in 1..=width {
                let x = 2 * (file as i32 - 1) - (width as i32 - 1);
                cells.push(lettered(file, rank, (x, 2 * (rank as i32 - 1) - (height as i32 - 1))));
            }
        }
        let directions = direction_table(&SQUARE_DIRECTIONS);
        let groups = vec![
            group(&directions, "orthogonal", &["n", "e", "s", "w"]),
            group(&directions, "diagonal", &["ne", "se", "sw", "nw"]),
            group(&directions, "all", &["n", "ne", "e", "se", "s", "sw", "w", "nw"]),
        ];
        let rotation_step = if width == height { 90 } else { 180 };
        Some(Board::build(BoardKind::Square { width, height }, cells, directions, groups, rotation_step))
    }

    /// A hexagon of hexagons with `side` cells a side; `None` when `side` is 0 or over 12.
    pub fn hex(side: u32) -> Option<Board> {
        if side == 0 || side > 12 {
            return None;
        }
        let n = side as i32 - 1;
        let letters: Vec<char> = HEX_FILE_LETTERS.chars().collect();
        let mut cells = Vec::new();
        for (file, x) in (-n..=n).enumerate() {
            let mut rank = 0;
            for y in -4 * n..=4 * n {
                if (y - x).rem_euclid(2) != 0 || hex_radius(x, y) > n {
                    continue;
                }
                rank += 1;
                cells.push(Cell {
                    name: format!("{}{}", letters[file], rank),
                    x,
                    y,
                    file: file as u32 + 1,
                    rank,
                });
            }
        }
        let directions = direction_table(&HEX_DIRECTIONS);
        let groups = vec![
            group(&directions, "sides", &["n", "ne", "se", "s", "sw", "nw"]),
            group(&directions, "corners", &["nne", "e", "sse", "ssw", "w", "nnw"]),
            group(&directions, "all", &HEX_DIRECTIONS.map(|(name, _, _)| name)),
        ];
        Some(Board::build(BoardKind::Hex { side }, cells, directions, groups, 60))
    }

    /// A rhombus of hexagons, `width` files (`a`, `b`, ... without skipping `j`, then `aa`, ...) of
    /// `height` cells,
    /// with the hexagonal board's directions: file `q` and rank `r` (from 0) sit at column `q`,
    /// height `2r + q`, centred (a rhombus with an even side has no centre cell and keeps only the
    /// symmetries that map it onto itself).
    pub fn rhombus(width: u32, height: u32) -> Option<Board> {
        if !lettered_size(width, height) {
            return None;
        }
        // The centre in doubled coordinates, rounded to keep the cells' parity.
        let (w, h) = (width as i32 - 1, height as i32 - 1);
        let cx = w / 2;
        let cy = cx + 2 * (h / 2);
        let mut cells = Vec::with_capacity((width * height) as usize);
        for rank in 1..=height {
            for file in 1..=width {
                let (q, r) = (file as i32 - 1, rank as i32 - 1);
                cells.push(lettered(file, rank, (q - cx, 2 * r + q - cy)));
            }
        }
        let directions = direction_table(&HEX_DIRECTIONS);
        let groups = vec![
            group(&directions, "sides", &["n", "ne", "se", "s", "sw", "nw"]),
            group(&directions, "corners", &["nne", "e", "sse", "ssw", "w", "nnw"]),
            group(&directions, "all", &HEX_DIRECTIONS.map(|(name, _, _)| name)),
        ];
        Some(Board::build(BoardKind::Rhombus { width, height }, cells, directions, groups, 60))
    }

    /// The same board with the cells where `removed` is true left out: they have no id, no piece
    /// stands on them and no step, slide, leap or walk passes through them, nor between two of
    /// them (a diagonal or hex-corner step between two left-out cells is blocked). The symmetries
    /// that do not carry the board onto itself are dropped. `None` when no cell is left.
    pub fn without(self, removed: &[bool]) -> Option<Board> {
        let Board { kind, cells, directions, groups, rotation_step, .. } = self;
        let is_removed = |index: usize| removed.get(index).copied().unwrap_or(false);
        let gone: HashSet<(i32, i32)> =
            cells.iter().enumerate().filter(|(i, _)| is_removed(*i)).map(|(_, c)| (c.x, c.y)).collect();
        let kept: Vec<Cell> =
            cells.into_iter().enumerate().filter(|(i, _)| !is_removed(*i)).map(|(_, c)| c).collect();
        if kept.is_empty() {
            return None;
        }
        let mut board = Board::build(kind, kept, directions, groups, rotation_step);
        board.block_between(&gone);
        Some(board)
    }

    /// Makes two cells on one line of the board neighbours along it, in both directions, across
    /// the points between them, which must all be left out (Nine Men's Morris: `a1` and `d1`).
    pub fn join(&mut self, a: CellId, b: CellId) -> Result<(), JoinError> {
        let (Some(first), Some(second)) = (self.cells.get(a as usize), self.cells.get(b as usize)) else {
            return Err(JoinError::NotOnALine);
        };
        let (ax, ay, dx, dy) = (first.x, first.y, second.x - first.x, second.y - first.y);
        let on_line = |d: &Direction| {
            let steps = if d.dx != 0 {
                dx / d.dx
            } else if d.dy != 0 {
                dy / d.dy
            } else {
                0
            };
            (steps > 0 && d.dx * steps == dx && d.dy * steps == dy).then_some(steps)
        };
        let Some((direction, steps)) =
            self.directions.iter().enumerate().find_map(|(i, d)| on_line(d).map(|steps| (i, steps)))
        else {
            return Err(JoinError::NotOnALine);
        };
        let step = &self.directions[direction];
        let kept = (1..steps).find_map(|i| self.cell_at(ax + i * step.dx, ay + i * step.dy));
        if let Some(kept) = kept {
            return Err(JoinError::CellBetween(kept));
        }
        let opposite = self.directions.iter().position(|d| d.dx == -step.dx && d.dy == -step.dy);
        let count = self.directions.len();
        self.neighbours[a as usize * count + direction] = b;
        if let Some(opposite) = opposite {
            self.neighbours[b as usize * count + opposite] = a;
        }
        Ok(())
    }

    /// Blocks the steps that pass between two of the given points.
    fn block_between(&mut self, gone: &HashSet<(i32, i32)>) {
        let between: &[(&str, &str, &str)] = match self.kind {
            BoardKind::Square { .. } => &SQUARE_BETWEEN,
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => &HEX_BETWEEN,
        };
        let count = self.directions.len();
        for &(through, first, second) in between {
            let ids = [through, first, second].map(|name| self.direction_named(name));
            let [Some(through), Some(first), Some(second)] = ids else { continue };
            let (a, b) = (&self.directions[first as usize], &self.directions[second as usize]);
            let (a, b) = ((a.dx, a.dy), (b.dx, b.dy));
            for (index, cell) in self.cells.iter().enumerate() {
                if gone.contains(&(cell.x + a.0, cell.y + a.1))
                    && gone.contains(&(cell.x + b.0, cell.y + b.1))
                {
                    self.neighbours[index * count + through as usize] = NO_CELL;
                }
            }
        }
    }

    fn build(
        kind: BoardKind,
        cells: Vec<Cell>,
        directions: Vec<Direction>,
        groups: Vec<(String, Vec<DirId>)>,
        rotation_step: u32,
    ) -> Board {
        let mut board = Board {
            kind,
            cells,
            directions,
            groups,
            neighbours: Vec::new(),
            rotation_step,
            symmetries: Vec::new(),
        };
        let places = board.places();
        board.neighbours = board
            .cells
            .iter()
            .flat_map(|cell| board.directions.iter().map(move |d| (cell.x + d.dx, cell.y + d.dy)))
            .map(|point| places.get(&point).copied().unwrap_or(NO_CELL))
            .collect();
        let rotations = 360 / rotation_step;
        for reflection in [Reflection::Unmirrored, Reflection::Mirrored] {
            for turns in 0..rotations {
                if let Some(symmetry) = board.symmetry_of(&places, turns, reflection) {
                    board.symmetries.push(symmetry);
                }
            }
        }
        board
    }

    /// Each cell by its point, so that a board of thousands of cells is built in linear time.
    fn places(&self) -> HashMap<(i32, i32), CellId> {
        self.cells.iter().enumerate().map(|(i, c)| ((c.x, c.y), i as CellId)).collect()
    }

    fn cell_at(&self, x: i32, y: i32) -> Option<CellId> {
        self.cells.iter().position(|c| c.x == x && c.y == y).map(|i| i as CellId)
    }

    /// Applies a reflection then `turns` clockwise rotation steps to a point.
    fn transform(&self, (mut x, mut y): (i32, i32), turns: u32, reflection: Reflection) -> (i32, i32) {
        if reflection == Reflection::Mirrored {
            x = -x;
        }
        for _ in 0..turns {
            (x, y) = match (self.kind, self.rotation_step) {
                (BoardKind::Hex { .. } | BoardKind::Rhombus { .. }, _) => rotate_hex_clockwise(x, y),
                (_, 90) => (y, -x),
                _ => (-x, -y),
            };
        }
        (x, y)
    }

    fn symmetry_of(
        &self,
        places: &HashMap<(i32, i32), CellId>,
        turns: u32,
        reflection: Reflection,
    ) -> Option<Symmetry> {
        let cells = self
            .cells
            .iter()
            .map(|c| places.get(&self.transform((c.x, c.y), turns, reflection)).copied())
            .collect::<Option<Vec<_>>>()?;
        let directions = self
            .directions
            .iter()
            .map(|d| {
                let (dx, dy) = self.transform((d.dx, d.dy), turns, reflection);
                self.directions.iter().position(|e| e.dx == dx && e.dy == dy).map(|i| i as DirId)
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Symmetry { turns, mirrored: reflection == Reflection::Mirrored, cells, directions })
    }

    /// How many cells the board has.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The cell one step from `cell` in `direction`.
    #[inline]
    pub fn neighbour(&self, cell: CellId, direction: DirId) -> Option<CellId> {
        let next = self.neighbours[cell as usize * self.directions.len() + direction as usize];
        (next != NO_CELL).then_some(next)
    }

    /// The fewest steps from one cell to another over the whole grid (missing cells do not
    /// matter): king steps on square boards, steps through a side on hexagonal boards.
    pub fn distance(&self, from: CellId, to: CellId) -> Option<u32> {
        let (a, b) = (self.cells.get(from as usize)?, self.cells.get(to as usize)?);
        let (dx, dy) = ((a.x - b.x).unsigned_abs(), (a.y - b.y).unsigned_abs());
        Some(match self.kind {
            BoardKind::Square { .. } => dx.max(dy) / 2,
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => dx.max((dx + dy) / 2),
        })
    }

    /// The cell with this name (`a1`), if the board has it: found from the file and rank the name
    /// gives, by a binary search of the cells, which are in order of rank then file on square boards
    /// and rhombi and of file then rank on hexagonal boards (`without` keeps the order).
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        let (letters, rank) = split_cell_name(name)?;
        let file = match self.kind {
            BoardKind::Square { .. } | BoardKind::Rhombus { .. } => file_number(letters)?,
            BoardKind::Hex { .. } => hex_file_number(letters)?,
        };
        let index = self
            .cells
            .binary_search_by_key(&self.cell_order(file, rank), |c| self.cell_order(c.file, c.rank));
        index.ok().filter(|&i| self.cells.get(i).is_some_and(|c| c.name == name)).map(|i| i as CellId)
    }

    /// Where a cell of this file and rank stands in the order of `cells`.
    fn cell_order(&self, file: u32, rank: u32) -> (u32, u32) {
        match self.kind {
            BoardKind::Square { .. } | BoardKind::Rhombus { .. } => (rank, file),
            BoardKind::Hex { .. } => (file, rank),
        }
    }

    /// The absolute direction with this name (`n`, `se`, ...), if the board has it.
    pub fn direction_named(&self, name: &str) -> Option<DirId> {
        self.directions.iter().position(|d| d.name == name).map(|i| i as DirId)
    }

    /// The built-in direction group with this name (`orthogonal`, `sides`, `all`, ...), if the board has it.
    pub fn group_named(&self, name: &str) -> Option<&[DirId]> {
        self.groups.iter().find(|(n, _)| n == name).map(|(_, dirs)| dirs.as_slice())
    }

    /// The names of the seat-relative directions and their meaning for an unturned seat.
    pub fn relative_directions(&self) -> &'static [(&'static str, &'static str)] {
        match self.kind {
            BoardKind::Square { .. } => &SQUARE_RELATIVE,
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => &HEX_RELATIVE,
        }
    }

    /// The index in `symmetries` of a seat view, if the board has that symmetry.
    pub fn symmetry_index(&self, degrees: i64, reflection: Reflection) -> Option<usize> {
        if degrees.rem_euclid(self.rotation_step as i64) != 0 {
            return None;
        }
        let turns = (degrees.rem_euclid(360) / self.rotation_step as i64) as u32;
        let mirrored = reflection == Reflection::Mirrored;
        self.symmetries.iter().position(|s| s.turns == turns && s.mirrored == mirrored)
    }

    /// The rotation by `turns` clockwise steps (taken modulo a full turn).
    pub fn rotation(&self, turns: i64) -> Option<&Symmetry> {
        let count = (360 / self.rotation_step) as i64;
        let turns = turns.rem_euclid(count) as u32;
        self.symmetries.iter().find(|s| s.turns == turns && !s.mirrored)
    }
}

fn direction_table(table: &[(&str, i32, i32)]) -> Vec<Direction> {
    table.iter().map(|&(name, dx, dy)| Direction { name: name.to_string(), dx, dy }).collect()
}

fn group(directions: &[Direction], name: &str, members: &[&str]) -> (String, Vec<DirId>) {
    let ids = members
        .iter()
        .filter_map(|m| directions.iter().position(|d| d.name == *m).map(|i| i as DirId))
        .collect();
    (name.to_string(), ids)
}

/// Distance from the centre of a hex in doubled coordinates (cube coordinates' largest component).
fn hex_radius(x: i32, y: i32) -> i32 {
    let z = -(y + x) / 2;
    let w = -x - z;
    x.abs().max(z.abs()).max(w.abs())
}

/// One clockwise sixth of a turn about the centre (as drawn, y up), in doubled coordinates.
fn rotate_hex_clockwise(x: i32, y: i32) -> (i32, i32) {
    // To cube coordinates (q, r, s) with x = q and y = -2s - q; a clockwise turn is
    // (q, r, s) -> (-s, -q, -r).
    let q = x;
    let s = -(y + x) / 2;
    let (q2, s2) = (-s, -(-q - s));
    (q2, -2 * s2 - q2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name of the cell a symmetry maps the named cell to.
    fn cell_image<'b>(b: &'b Board, symmetry: &Symmetry, name: &str) -> &'b str {
        &b.cells[symmetry.cells[b.cell_named(name).unwrap() as usize] as usize].name
    }

    /// The name of the direction a symmetry maps the named direction to.
    fn direction_image<'b>(b: &'b Board, symmetry: &Symmetry, name: &str) -> &'b str {
        &b.directions[symmetry.directions[b.direction_named(name).unwrap() as usize] as usize].name
    }

    #[test]
    fn square_neighbours_and_names() {
        let b = Board::square(8, 8).unwrap();
        assert_eq!(b.cell_count(), 64);
        let a1 = b.cell_named("a1").unwrap();
        let n = b.direction_named("n").unwrap();
        let ne = b.direction_named("ne").unwrap();
        assert_eq!(b.cells[b.neighbour(a1, n).unwrap() as usize].name, "a2");
        assert_eq!(b.cells[b.neighbour(a1, ne).unwrap() as usize].name, "b2");
        assert_eq!(b.neighbour(a1, b.direction_named("s").unwrap()), None);
        assert_eq!(b.symmetries.len(), 8);
    }

    #[test]
    fn square_half_turn_maps_a1_to_h8_and_north_to_south() {
        let b = Board::square(8, 8).unwrap();
        let half = &b.symmetries[b.symmetry_index(180, Reflection::Unmirrored).unwrap()];
        assert_eq!(cell_image(&b, half, "a1"), "h8");
        assert_eq!(direction_image(&b, half, "n"), "s");
    }

    #[test]
    fn square_quarter_turn_is_clockwise() {
        let b = Board::square(6, 6).unwrap();
        let quarter = b.rotation(1).unwrap();
        // Clockwise seen from above: the bottom-left corner goes to the top-left.
        assert_eq!(cell_image(&b, quarter, "a1"), "a6");
        assert_eq!(direction_image(&b, quarter, "n"), "e");
    }

    #[test]
    fn rectangle_has_half_turns_only() {
        let b = Board::square(6, 8).unwrap();
        assert_eq!(b.rotation_step, 180);
        assert!(b.symmetry_index(90, Reflection::Unmirrored).is_none());
        assert!(b.symmetry_index(180, Reflection::Unmirrored).is_some());
    }

    #[test]
    fn hex_counts_and_neighbours() {
        for (side, count) in [(1, 1), (2, 7), (6, 91), (7, 127), (9, 217), (10, 271)] {
            assert_eq!(Board::hex(side).unwrap().cell_count(), count);
        }
        let b = Board::hex(6).unwrap();
        // The 91-cell board: 11 files a..l without j; the centre is f6.
        let centre = b.cells.iter().position(|c| c.x == 0 && c.y == 0).unwrap();
        assert_eq!(b.cells[centre].name, "f6");
        let sides = b.group_named("sides").unwrap();
        let corners = b.group_named("corners").unwrap();
        let count =
            |dirs: &[DirId]| dirs.iter().filter(|&&d| b.neighbour(centre as CellId, d).is_some()).count();
        assert_eq!((count(sides), count(corners)), (6, 6));
        assert_eq!(b.cells.last().unwrap().name, "l6");
    }

    #[test]
    fn hex_rotations_are_a_group_of_six() {
        let b = Board::hex(7).unwrap();
        assert_eq!(b.symmetries.len(), 12);
        let sixth = b.rotation(1).unwrap();
        assert_eq!(direction_image(&b, sixth, "n"), "ne");
        let mut cell = b.cell_named("a1").unwrap();
        for _ in 0..6 {
            cell = sixth.cells[cell as usize];
        }
        assert_eq!(b.cells[cell as usize].name, "a1");
    }

    #[test]
    fn distance_counts_king_steps_on_squares_and_side_steps_on_hexes() {
        let square = Board::square(8, 8).unwrap();
        let cell = |b: &Board, name: &str| b.cell_named(name).unwrap();
        assert_eq!(square.distance(cell(&square, "a1"), cell(&square, "c7")), Some(6));
        assert_eq!(square.distance(cell(&square, "e4"), cell(&square, "e4")), Some(0));
        let hex = Board::hex(6).unwrap();
        let centre = cell(&hex, "f6");
        // The outer ring is five side steps away, corners included; a corner neighbour is two.
        assert!(hex.cells.iter().all(|c| hex.distance(centre, cell(&hex, &c.name)).unwrap() <= 5));
        assert_eq!(hex.distance(centre, cell(&hex, "a1")), Some(5));
        let e = hex.direction_named("e").unwrap();
        assert_eq!(hex.distance(centre, hex.neighbour(centre, e).unwrap()), Some(2));
        assert_eq!(hex.distance(centre, 9999), None);
    }

    #[test]
    fn a_board_without_cells_has_no_way_through_them() {
        let full = Board::square(3, 3).unwrap();
        let mut removed = vec![false; 9];
        removed[full.cell_named("b2").unwrap() as usize] = true;
        let holed = full.clone().without(&removed).unwrap();
        assert_eq!(holed.cell_count(), 8);
        assert_eq!(holed.cell_named("b2"), None);
        let a1 = holed.cell_named("a1").unwrap();
        assert_eq!(holed.neighbour(a1, holed.direction_named("ne").unwrap()), None);
        assert!(holed.neighbour(a1, holed.direction_named("n").unwrap()).is_some());
        // The hole is in the middle: every symmetry of the square stays.
        assert_eq!(holed.symmetries.len(), 8);
        // A diagonal step between two left-out cells is blocked; beside one, it is not.
        let mut walled = vec![false; 9];
        walled[full.cell_named("a2").unwrap() as usize] = true;
        walled[full.cell_named("b1").unwrap() as usize] = true;
        let walled = full.clone().without(&walled).unwrap();
        let ne = walled.direction_named("ne").unwrap();
        assert_eq!(walled.neighbour(walled.cell_named("a1").unwrap(), ne), None);
        let nw = walled.direction_named("nw").unwrap();
        assert_eq!(walled.neighbour(walled.cell_named("c1").unwrap(), nw), walled.cell_named("b2"));
        removed[full.cell_named("a1").unwrap() as usize] = true;
        let lopsided = full.clone().without(&removed).unwrap();
        assert_eq!(lopsided.symmetries.iter().filter(|s| s.turns == 0 && !s.mirrored).count(), 1);
        assert!(lopsided.symmetries.len() < 8);
        assert!(full.without(&[true; 9]).is_none());
    }
}
