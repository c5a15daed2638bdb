//! Where the board goes in the picture: each cell's centre and outline, the edges on the board's
//! boundary, and the coordinates around it. Positions come from the cells' doubled coordinates on
//! the whole grid of the board's kind, so a board with cells left out (`without`) keeps every cell
//! in its true column and row, and the picture has the size of the whole grid.

use std::collections::HashSet;

use ludex_ir::{Board, BoardKind};

/// A point in the picture (x right, y down).
pub(crate) type Point = (f64, f64);

/// The side of a square cell.
const SQUARE_SIDE: f64 = 48.0;
/// The distance from a hexagonal cell's centre to its corners.
const HEX_RADIUS: f64 = 30.0;
/// Room around the board for the coordinates.
pub(crate) const MARGIN: f64 = 24.0;

/// The shape of one cell in the picture.
pub(crate) struct CellShape {
    pub centre: Point,
    pub corners: Vec<Point>,
}

/// A coordinate written beside the board.
pub(crate) struct Label {
    pub at: Point,
    pub text: String,
}

/// How one kind of grid is drawn.
struct Grid {
    /// The picture's offset of one doubled-coordinate unit along x and along y.
    unit: Point,
    /// A cell's corners about its centre, in order.
    corners: Vec<Point>,
    /// The doubled-coordinate step to the neighbour across the edge from corner `k` to `k + 1`.
    sides: Vec<(i32, i32)>,
}

impl Grid {
    fn of(kind: BoardKind) -> Grid {
        match kind {
            BoardKind::Square { .. } => {
                let half = SQUARE_SIDE / 2.0;
                Grid {
                    unit: (half, half),
                    corners: vec![(half, -half), (-half, -half), (-half, half), (half, half)],
                    sides: vec![(0, 2), (-2, 0), (0, -2), (2, 0)],
                }
            }
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => {
                let corners = (0..6)
                    .map(|k| {
                        let angle = f64::from(k) * std::f64::consts::PI / 3.0;
                        (HEX_RADIUS * angle.cos(), -HEX_RADIUS * angle.sin())
                    })
                    .collect();
                Grid {
                    unit: (1.5 * HEX_RADIUS, HEX_RADIUS * 3f64.sqrt() / 2.0),
                    corners,
                    sides: vec![(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)],
                }
            }
        }
    }

    /// The centre of the cell at doubled coordinates, before the picture's offset.
    fn centre(&self, x: i32, y: i32) -> Point {
        (f64::from(x) * self.unit.0, -f64::from(y) * self.unit.1)
    }
}

/// The board laid out in the picture.
pub(crate) struct Layout {
    /// The shape of each cell of the board, by cell id.
    pub cells: Vec<CellShape>,
    /// The edges between a cell and a place where the board has no cell.
    pub outline: Vec<(Point, Point)>,
    /// File letters and rank numbers around the board.
    pub labels: Vec<Label>,
    /// Where a cell writes its name, from its centre: hexagonal boards only, whose ranks run up
    /// each file.
    pub name_offset: Option<Point>,
    /// Where a cell writes its map values, from its centre.
    pub value_offset: Point,
    /// The radius a piece is drawn with.
    pub piece_radius: f64,
    /// Width and height of the board with its coordinates.
    pub size: Point,
}

impl Layout {
    pub fn new(board: &Board) -> Layout {
        let grid = Grid::of(board.kind);
        let whole = whole_grid(board);
        let (mut left, mut top, mut right, mut bottom) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for cell in &whole.cells {
            let (cx, cy) = grid.centre(cell.x, cell.y);
            for &(dx, dy) in &grid.corners {
                (left, right) = (left.min(cx + dx), right.max(cx + dx));
                (top, bottom) = (top.min(cy + dy), bottom.max(cy + dy));
            }
        }
        let offset = (MARGIN - left, MARGIN - top);
        let place = |x: i32, y: i32| {
            let (cx, cy) = grid.centre(x, y);
            (cx + offset.0, cy + offset.1)
        };
        let cells: Vec<CellShape> = board
            .cells
            .iter()
            .map(|cell| {
                let centre = place(cell.x, cell.y);
                let corners = grid.corners.iter().map(|&(dx, dy)| (centre.0 + dx, centre.1 + dy)).collect();
                CellShape { centre, corners }
            })
            .collect();
        let size = (right - left + 2.0 * MARGIN, bottom - top + 2.0 * MARGIN);
        let outline = outline(board, &grid, &cells);
        let (labels, name_offset, value_offset, piece_radius) = match board.kind {
            BoardKind::Square { .. } => {
                let corner = SQUARE_SIDE * 0.36;
                (square_labels(&whole, &place, size), None, (corner, -corner), SQUARE_SIDE * 0.38)
            }
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => {
                let (name, value) = (Some((0.0, HEX_RADIUS * 0.74)), (0.0, -HEX_RADIUS * 0.72));
                (hex_labels(&whole, &place, grid.unit.1), name, value, HEX_RADIUS * 0.55)
            }
        };
        Layout { cells, outline, labels, name_offset, value_offset, piece_radius, size }
    }
}

/// The whole grid of the board's kind and size (the board itself if it cannot be built).
fn whole_grid(board: &Board) -> Board {
    let whole = match board.kind {
        BoardKind::Square { width, height } => Board::square(width, height),
        BoardKind::Hex { side } => Board::hex(side),
        BoardKind::Rhombus { width, height } => Board::rhombus(width, height),
    };
    whole.unwrap_or_else(|| board.clone())
}

/// The edges of the cells whose neighbour across them is not on the board.
fn outline(board: &Board, grid: &Grid, cells: &[CellShape]) -> Vec<(Point, Point)> {
    let kept: HashSet<(i32, i32)> = board.cells.iter().map(|c| (c.x, c.y)).collect();
    let mut edges = Vec::new();
    for (cell, shape) in board.cells.iter().zip(cells) {
        for (k, &(dx, dy)) in grid.sides.iter().enumerate() {
            if !kept.contains(&(cell.x + dx, cell.y + dy)) {
                let next = (k + 1) % shape.corners.len();
                edges.push((shape.corners[k], shape.corners[next]));
            }
        }
    }
    edges
}

/// The file letter of a cell name (`b` of `b12`).
fn file_letter(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// File letters above and below each column, rank numbers left and right of each row.
fn square_labels(whole: &Board, place: &impl Fn(i32, i32) -> Point, size: Point) -> Vec<Label> {
    let mut labels = Vec::new();
    for cell in &whole.cells {
        let (x, y) = place(cell.x, cell.y);
        if cell.rank == 1 {
            let text = file_letter(&cell.name).to_string();
            labels.push(Label { at: (x, MARGIN / 2.0), text: text.clone() });
            labels.push(Label { at: (x, size.1 - MARGIN / 2.0), text });
        }
        if cell.file == 1 {
            labels.push(Label { at: (MARGIN / 2.0, y), text: cell.rank.to_string() });
            labels.push(Label { at: (size.0 - MARGIN / 2.0, y), text: cell.rank.to_string() });
        }
    }
    labels
}

/// File letters above the top cell and below the bottom cell of each file.
fn hex_labels(whole: &Board, place: &impl Fn(i32, i32) -> Point, half_height: f64) -> Vec<Label> {
    let mut labels = Vec::new();
    for bottom in whole.cells.iter().filter(|c| c.rank == 1) {
        let Some(top) = whole.cells.iter().filter(|c| c.file == bottom.file).max_by_key(|c| c.rank) else {
            continue;
        };
        let text = file_letter(&bottom.name).to_string();
        let (x, low) = place(bottom.x, bottom.y);
        let (_, high) = place(top.x, top.y);
        labels.push(Label { at: (x, high - half_height - MARGIN / 2.0), text: text.clone() });
        labels.push(Label { at: (x, low + half_height + MARGIN / 2.0), text });
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_board_is_laid_out_rank_one_at_the_bottom() {
        let board = Board::square(8, 8).unwrap();
        let layout = Layout::new(&board);
        let a1 = &layout.cells[board.cell_named("a1").unwrap() as usize];
        let h8 = &layout.cells[board.cell_named("h8").unwrap() as usize];
        assert_eq!(a1.centre, (MARGIN + 24.0, MARGIN + 7.0 * 48.0 + 24.0));
        assert_eq!(h8.centre, (MARGIN + 7.0 * 48.0 + 24.0, MARGIN + 24.0));
        assert_eq!(layout.size, (8.0 * 48.0 + 2.0 * MARGIN, 8.0 * 48.0 + 2.0 * MARGIN));
        // The outline is the 32 outer edges; 16 file letters and 16 rank numbers.
        assert_eq!(layout.outline.len(), 32);
        assert_eq!(layout.labels.len(), 32);
    }

    #[test]
    fn cells_left_out_keep_the_others_in_their_columns() {
        let whole = Board::square(7, 7).unwrap();
        let corner = |c: &ludex_ir::Cell| (c.file <= 2 || c.file >= 6) && (c.rank <= 2 || c.rank >= 6);
        let removed: Vec<bool> = whole.cells.iter().map(corner).collect();
        let cross = whole.clone().without(&removed).unwrap();
        assert_eq!(cross.cell_count(), 33);
        let (full, holed) = (Layout::new(&whole), Layout::new(&cross));
        let centre = |layout: &Layout, board: &Board, name: &str| {
            layout.cells[board.cell_named(name).unwrap() as usize].centre
        };
        for name in ["c7", "d7", "e7", "a3", "g5"] {
            assert_eq!(centre(&holed, &cross, name), centre(&full, &whole, name), "{name}");
        }
        assert_eq!(holed.size, full.size);
        // The cross's outline: three edges across the end of each arm, two along each of its sides.
        assert_eq!(holed.outline.len(), 4 * 3 + 4 * 2 * 2);
    }

    #[test]
    fn a_hex_board_has_flat_topped_cells_and_files_as_columns() {
        let board = Board::hex(2).unwrap();
        let layout = Layout::new(&board);
        let centre = |name: &str| layout.cells[board.cell_named(name).unwrap() as usize].centre;
        // b1, b2, b3 form the middle column, a1 and a2 the left one half a cell lower and higher.
        assert_eq!(centre("b1").0, centre("b3").0);
        assert!(centre("b1").1 > centre("b2").1 && centre("b2").1 > centre("b3").1);
        assert!(centre("a1").0 < centre("b1").0);
        assert!((centre("a1").1 - (centre("b1").1 + centre("b2").1) / 2.0).abs() < 1e-9);
        assert_eq!(layout.cells[0].corners.len(), 6);
        // Six outer cells, three outer edges each.
        assert_eq!(layout.outline.len(), 18);
        assert_eq!(layout.labels.len(), 6);
    }
}
