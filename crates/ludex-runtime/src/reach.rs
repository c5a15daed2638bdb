//! Reach tables for attack detection and move generation, computed once per game: for each cell
//! and direction the cells of the ray leaving the cell that way, and for each step or leap action
//! and seat the cells from which one of the seat's moves by the action lands on each cell, and the
//! cells it lands on from each cell. With the occupancy bit sets of the state, `attacked` rules out
//! most attackers with a few word operations before looking at any piece, and a step's or a leap's
//! ends are one lookup. Boards so large that the tables would not fit in `MAX_WORDS` have none, and attack
//! detection looks at the pieces directly.

use ludex_ir::{ActionKind, CellId, DirId, Game, SeatId, TypeId};

use super::bits::{MAX_TABLED_WORDS, set_bit};
use super::rays::{Occupied, RayOrder, distance_along};
use super::state::State;

/// The most words all the tables of one game may take (8 MiB).
const MAX_WORDS: usize = 1 << 20;

/// Bit sets of cells, `words` words each.
#[derive(Debug, Default)]
pub(super) struct ReachTables {
    words: usize,
    cells: usize,
    directions: usize,
    /// `rays[(cell * directions + direction) * words ..]`: the cells of the ray, the cell excluded.
    rays: Vec<u64>,
    /// By direction: how its rays run in the cell index.
    orders: Vec<RayOrder>,
    /// By action: for each seat and cell, the cells a piece moving by the action (a step or a
    /// leap) lands on that cell from; empty for other actions.
    sources: Vec<Vec<u64>>,
    /// By action: for each seat and cell, the cells a piece on that cell lands on by the action (a
    /// step or a leap), as the generation finds them, on a board of at most `MAX_TABLED_WORDS`
    /// words; empty for other actions and on larger boards.
    targets: Vec<Vec<Occupied>>,
}

impl ReachTables {
    /// The tables of a game, or none when they would be too large.
    pub(super) fn new(game: &Game) -> Option<ReachTables> {
        let board = &game.board;
        let (cells, directions) = (board.cell_count(), board.directions.len());
        let words = cells.div_ceil(64);
        let stepping = game.actions.iter().filter(|a| paths_of(&a.kind).is_some()).count();
        let sources = cells.checked_mul(words)?.checked_mul(directions + stepping * game.seats.len())?;
        let targets = if words <= MAX_TABLED_WORDS {
            stepping * game.seats.len() * cells * MAX_TABLED_WORDS
        } else {
            0
        };
        let needed = sources.checked_add(targets)?;
        if needed > MAX_WORDS {
            return None;
        }
        let rays = vec![0; cells * directions * words];
        let orders = (0..directions as DirId).map(|direction| RayOrder::of(board, direction)).collect();
        let mut tables =
            ReachTables { words, cells, directions, rays, orders, sources: Vec::new(), targets: Vec::new() };
        for cell in 0..cells as CellId {
            for direction in 0..directions as DirId {
                tables.fill_ray(game, cell, direction);
            }
        }
        let (sources, targets) =
            game.actions.iter().map(|action| tables.action_table(game, &action.kind)).unzip();
        (tables.sources, tables.targets) = (sources, targets);
        Some(tables)
    }

    fn fill_ray(&mut self, game: &Game, cell: CellId, direction: DirId) {
        let start = (cell as usize * self.directions + direction as usize) * self.words;
        let mut next = game.board.neighbour(cell, direction);
        for _ in 0..game.board.cell_count() {
            let Some(at) = next else { break };
            set_bit(&mut self.rays[start..start + self.words], at);
            next = game.board.neighbour(at, direction);
        }
    }

    /// For each seat and cell, the cells the action moves a piece there from (its sources) and,
    /// on a board of at most `MAX_TABLED_WORDS` words, the cells it moves a piece there to (its
    /// targets). A leap that comes back to its cell is no move, and no cell is its own source; a
    /// step's end is kept as the board gives it, as `Generator::line_ends` has it.
    fn action_table(&self, game: &Game, kind: &ActionKind) -> (Vec<u64>, Vec<Occupied>) {
        let Some(paths) = paths_of(kind) else { return (Vec::new(), Vec::new()) };
        let stays = matches!(kind, ActionKind::Leap { .. });
        let (cells, words, seats) = (self.cells, self.words, game.seats.len());
        let tabled = words <= MAX_TABLED_WORDS;
        let mut sources = vec![0; seats * cells * words];
        let mut targets = vec![[0; MAX_TABLED_WORDS]; if tabled { seats * cells } else { 0 }];
        for (seat, paths) in paths.iter().enumerate().take(seats) {
            for from in 0..cells as CellId {
                for path in paths {
                    let to = path.iter().try_fold(from, |cell, &d| game.board.neighbour(cell, d));
                    let Some(to) = to else { continue };
                    if let Some(target) = targets.get_mut(seat * cells + from as usize)
                        && !(stays && to == from)
                    {
                        set_bit(target, to);
                    }
                    if to != from {
                        let source = (seat * cells + to as usize) * words;
                        set_bit(&mut sources[source..source + words], from);
                    }
                }
            }
        }
        (sources, targets)
    }

    /// The cells of the ray leaving `cell` in `direction`.
    #[inline]
    pub(super) fn ray(&self, cell: CellId, direction: DirId) -> &[u64] {
        let start = (cell as usize * self.directions + direction as usize) * self.words;
        self.rays.get(start..start + self.words).unwrap_or(&[])
    }

    /// How the rays in `direction` run in the cell index.
    #[inline]
    pub(super) fn order(&self, direction: DirId) -> RayOrder {
        self.orders.get(direction as usize).copied().unwrap_or(RayOrder::Unordered)
    }

    /// How far `to` stands from `cell` along the ray leaving it in `direction`, whose rays run in
    /// `order` (see [`distance_along`]).
    pub(super) fn distance(&self, (cell, direction): (CellId, DirId), order: RayOrder, to: CellId) -> usize {
        distance_along(self.ray(cell, direction), to, order)
    }

    /// The cells from which the seat's piece lands on `cell` by the action; `None` when the action
    /// has no table (not a step or a leap).
    pub(super) fn sources(&self, action: usize, seat: usize, cell: CellId) -> Option<&[u64]> {
        let sources = self.sources.get(action).filter(|s| !s.is_empty())?;
        let start = (seat * self.cells + cell as usize) * self.words;
        sources.get(start..start + self.words)
    }

    /// Takes the step's and leap's ends of another game's tables (for a test that breaks them).
    #[cfg(test)]
    pub(super) fn take_targets(&mut self, other: ReachTables) {
        self.targets = other.targets;
    }

    /// The cells the seat's piece on `cell` lands on by the action; `None` when the action has
    /// no table (not a step or a leap, or the board larger than `MAX_TABLED_WORDS` words).
    pub(super) fn targets(&self, action: usize, seat: usize, cell: CellId) -> Option<&Occupied> {
        self.targets.get(action)?.get(seat * self.cells + cell as usize)
    }
}

/// For each cell, the cells of all the rays a seat's attacking slides may come along to it, and
/// the types those slides move together: no slide attacks a cell unless a piece of the seat of
/// one of the types stands on one of them, one test before any line is scanned.
#[derive(Clone, Debug, Default)]
pub(super) struct LinesReach {
    words: usize,
    /// The types of all the lines (none: any type).
    types: Vec<TypeId>,
    /// `cells[cell * words ..]`: the cells of the rays leaving the cell along the lines.
    cells: Vec<u64>,
}

impl LinesReach {
    /// The reach of the lines, each given by the direction from the attacked cell along it and
    /// the types of its slides (none: any type).
    pub(super) fn new<'a>(
        reach: &ReachTables,
        lines: impl Iterator<Item = (DirId, &'a [TypeId])>,
    ) -> LinesReach {
        let words = reach.words;
        let mut cells = vec![0; reach.cells * words];
        let (mut types, mut any_type) = (Vec::new(), false);
        for (back, line_types) in lines {
            any_type |= line_types.is_empty();
            types.extend_from_slice(line_types);
            for (cell, bits) in cells.chunks_mut(words.max(1)).enumerate() {
                let ray = reach.ray(cell as CellId, back);
                bits.iter_mut().zip(ray).for_each(|(bits, ray)| *bits |= ray);
            }
        }
        types.sort_unstable();
        types.dedup();
        if any_type {
            types.clear();
        }
        LinesReach { words, types, cells }
    }

    /// Whether a piece of the seat that one of the lines' slides moves stands on one of the rays
    /// leaving the cell along them.
    #[inline]
    pub(super) fn may_attack(&self, state: &State, seat: SeatId, cell: CellId) -> bool {
        any_piece_on(state, seat, &self.types, self.rays(cell))
    }

    /// The cells of the rays leaving the cell along the lines (empty for a cell off the board).
    #[inline]
    pub(super) fn rays(&self, cell: CellId) -> &[u64] {
        let start = cell as usize * self.words;
        self.cells.get(start..start + self.words).unwrap_or(&[])
    }

    /// The types the lines' slides move together (none: any type).
    pub(super) fn types(&self) -> &[TypeId] {
        &self.types
    }
}

/// Whether any of the owner's pieces of the types (of any type when there are none) stands on
/// one of the cells.
pub(super) fn any_piece_on(state: &State, owner: SeatId, types: &[TypeId], cells: &[u64]) -> bool {
    let overlaps = |bits: &[u64]| bits.iter().zip(cells).any(|(a, b)| a & b != 0);
    match types {
        [] => overlaps(state.index.of_owner(Some(owner))),
        _ => types.iter().any(|&kind| overlaps(state.index.of_type(Some(owner), kind))),
    }
}

/// The paths of a step or leap action, one list a seat (a step's paths are its single directions).
fn paths_of(kind: &ActionKind) -> Option<Vec<Vec<Vec<DirId>>>> {
    match kind {
        ActionKind::Step { directions } => {
            Some(directions.iter().map(|ds| ds.iter().map(|&d| vec![d]).collect()).collect())
        }
        ActionKind::Leap { paths } => Some(paths.clone()),
        ActionKind::Slide { .. }
        | ActionKind::Walk { .. }
        | ActionKind::Drop { .. }
        | ActionKind::Choose { .. }
        | ActionKind::Declare
        | ActionKind::Place { .. }
        | ActionKind::Hop { .. }
        | ActionKind::Anywhere { .. }
        | ActionKind::Remove { .. }
        | ActionKind::Along { .. }
        | ActionKind::Sow { .. }
        | ActionKind::SlideExactly { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{LinesReach, ReachTables};
    use crate::bits::cells_in;

    /// An 8 by 8 board, a piece that leaps like a knight and one that takes diagonally forward.
    fn game() -> (ludex_ir::Game, ReachTables) {
        let text = "game \"reach\"\nseat white\nseat black turned 180 mirrored\nboard square 8 by 8\n\
                    piece man {\n  letter M\n}\nsetup {\n  place man for white on cells a1\n}\n\
                    action jump for man {\n  leap n+n+e, n+n+w, s+s+e, s+s+w, e+e+n, e+e+s, w+w+n, w+w+s\n}\n\
                    action take for man {\n  step forward_left, forward_right\n  to enemy\n}\n\
                    action run for man {\n  slide orthogonal\n}\n\
                    phase play {\n  turn {\n    play jump, take, run\n  }\n}\n";
        let compiled = ludex_check::compile(text, &ludex_check::OptionValues::default());
        let game = compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics));
        let tables = ReachTables::new(&game).expect("an 8 by 8 board has tables");
        (game, tables)
    }

    fn names(game: &ludex_ir::Game, bits: &[u64]) -> Vec<String> {
        let mut names: Vec<String> =
            cells_in(bits).map(|c| game.board.cells[c as usize].name.clone()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_ray_holds_the_cells_up_to_the_edge() {
        let (game, tables) = game();
        let a1 = game.board.cell_named("a1").expect("a1");
        let north_east = game.board.directions.iter().position(|d| d.name == "ne").expect("ne") as u8;
        assert_eq!(names(&game, tables.ray(a1, north_east)), ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    }

    #[test]
    fn the_reach_of_lines_is_their_rays_together_and_their_types_together() {
        let (game, tables) = game();
        let direction = |name: &str| game.board.direction_named(name).expect("a direction");
        let d4 = game.board.cell_named("d4").expect("d4");
        let (north, east) = (direction("n"), direction("e"));
        let reach = LinesReach::new(&tables, [(north, &[1][..]), (east, &[0, 1][..])].into_iter());
        assert_eq!(reach.types, [0, 1]);
        let rays = &reach.cells[d4 as usize * reach.words..][..reach.words];
        assert_eq!(names(&game, rays), ["d5", "d6", "d7", "d8", "e4", "f4", "g4", "h4"]);
        // A line whose slides move any type makes the lines' types any type.
        let any = LinesReach::new(&tables, [(north, &[1][..]), (east, &[][..])].into_iter());
        assert!(any.types.is_empty());
    }

    #[test]
    fn sources_are_where_a_leap_or_step_lands_on_the_cell_from() {
        let (game, tables) = game();
        let action = |name: &str| game.actions.iter().position(|a| a.name == name).expect("an action");
        let a1 = game.board.cell_named("a1").expect("a1");
        let d4 = game.board.cell_named("d4").expect("d4");
        let jump = tables.sources(action("jump"), 0, a1).expect("a leap has a table");
        assert_eq!(names(&game, jump), ["b3", "c2"]);
        // White takes forward (north) diagonally: onto d4 from c3 and e3; Black from c5 and e5.
        let take = tables.sources(action("take"), 0, d4).expect("a step has a table");
        assert_eq!(names(&game, take), ["c3", "e3"]);
        let black_take = tables.sources(action("take"), 1, d4).expect("a step has a table");
        assert_eq!(names(&game, black_take), ["c5", "e5"]);
        assert!(tables.sources(action("run"), 0, d4).is_none(), "slides have rays instead");
    }
}
