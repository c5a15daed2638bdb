//! Walk tables, a speed layer for plain walks (no guard, cost, push or exit): every path a piece
//! can take from each cell, up to a small length, found once per game by the walk's search on the
//! empty board. The walk passes through empty cells only, so the cells a walk reaches are the ends
//! of the paths whose cells passed through miss every piece. Paths that pass through the same cells
//! are kept as one group (the cells passed through and the set of their ends, bit sets): one word
//! operation a group instead of a search. Longer walks, boards of more than `MAX_TABLED_WORDS`
//! words, and tables that would pass `MAX_ENTRIES` are left to the search.

use ludex_ir::{ActionKind, CellId, DirId, Game, Revisits, SeatId};

use super::{Entry, Lengths, NoUndo, Searched, Steps, WalkShape, search};
use crate::bits::{MAX_TABLED_WORDS, set_bit};
use crate::state::{Piece, State};

/// The longest walk tabled.
const MAX_LENGTH: usize = 4;
/// The most groups of paths all the tables of one game may hold, every length counted.
const MAX_ENTRIES: usize = 1 << 18;

#[derive(Debug, Default)]
pub(crate) struct WalkTables {
    words: usize,
    /// By action: its table, for walks without step rules.
    actions: Vec<Option<ActionPaths>>,
}

/// One action's paths: for each seat, start cell and length, the paths a walk of that length
/// takes (of exactly that length for an exact walk, of 1 to that length otherwise), grouped by the
/// cells they pass through.
#[derive(Debug, Default)]
pub(crate) struct ActionPaths {
    cells: usize,
    words: usize,
    /// `buckets[(seat * cells + from) * (MAX_LENGTH + 1) + length]`: the range of groups holding
    /// those paths.
    buckets: Vec<(u32, u32)>,
    /// The groups, `2 * words` words each: the cells passed through, then the cells ended on.
    groups: Vec<u64>,
}

/// One seat's paths of an action on a board of one word: by start cell and length, the range of
/// its groups, each the cells passed through and the cells ended on.
#[derive(Clone, Copy)]
pub(crate) struct SeatPaths<'a> {
    /// `buckets[from * (MAX_LENGTH + 1) + length]`.
    buckets: &'a [(u32, u32)],
    groups: &'a [[u64; 2]],
}

impl SeatPaths<'_> {
    /// The cells the walk from `from` of `length` steps reaches when `occupied` are the cells
    /// holding pieces: no loop over words, no branch a group. None when the walk is longer than
    /// the table's.
    #[inline(always)]
    pub(crate) fn reach(&self, from: CellId, length: usize, occupied: u64) -> Option<u64> {
        if length > MAX_LENGTH {
            return None;
        }
        let &(start, end) = self.buckets.get(from as usize * (MAX_LENGTH + 1) + length)?;
        let groups = self.groups.get(start as usize..end as usize)?;
        Some(groups.iter().fold(0, |bits, &[through, ends]| {
            bits | ends & 0u64.wrapping_sub(u64::from(through & occupied == 0))
        }))
    }
}

impl WalkTables {
    pub(crate) fn new(game: &Game) -> WalkTables {
        let words = game.board.cell_count().div_ceil(64);
        if words > MAX_TABLED_WORDS {
            return WalkTables::default();
        }
        let mut budget = MAX_ENTRIES;
        let actions = game
            .actions
            .iter()
            .map(|action| match &action.kind {
                ActionKind::Walk { directions, exact, rules, .. } if super::is_plain(rules) => {
                    ActionPaths::new(game, directions, Lengths::of(*exact), words, &mut budget)
                }
                ActionKind::Walk { .. }
                | ActionKind::Step { .. }
                | ActionKind::Slide { .. }
                | ActionKind::Leap { .. }
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
            })
            .collect();
        WalkTables { words, actions }
    }

    /// Writes into `reached` (cleared first) the cells the seat's walk by the action reaches from
    /// `from` in `length` steps; false, writing nothing, when there is no table for it.
    pub(crate) fn reach(
        &self,
        state: &State,
        action: usize,
        seat: SeatId,
        (from, length): (CellId, usize),
        reached: &mut [u64],
    ) -> bool {
        let Some(paths) = self.actions.get(action).and_then(Option::as_ref) else { return false };
        if let ([word], 1) = (&mut *reached, self.words) {
            let Some(cells) = paths.reach_word(seat, from, length, state.index.occupied_word(0)) else {
                return false;
            };
            *word = cells;
            return true;
        }
        let Some(groups) = paths.groups(seat, from, length) else { return false };
        let mut occupied = [0u64; MAX_TABLED_WORDS];
        state.index.occupied(&mut occupied);
        reached.iter_mut().take(self.words).for_each(|w| *w = 0);
        for group in groups.chunks_exact(2 * self.words) {
            let (through, ends) = group.split_at(self.words);
            if through.iter().zip(&occupied).all(|(&cells, &pieces)| cells & pieces == 0) {
                reached.iter_mut().zip(ends).for_each(|(reached, &ends)| *reached |= ends);
            }
        }
        true
    }
}

impl WalkTables {
    /// The action's table, on a board of one word (see [`ActionPaths::reach_word`]).
    pub(crate) fn of_one_word(&self, action: usize) -> Option<&ActionPaths> {
        self.actions.get(action).and_then(Option::as_ref).filter(|_| self.words == 1)
    }
}

impl ActionPaths {
    /// The groups of the paths of the seat's walk from `from` of `length` steps; none past the
    /// longest walk tabled.
    fn groups(&self, seat: SeatId, from: CellId, length: usize) -> Option<&[u64]> {
        if length > MAX_LENGTH {
            return None;
        }
        let bucket = (seat as usize * self.cells + from as usize) * (MAX_LENGTH + 1) + length;
        let &(start, end) = self.buckets.get(bucket)?;
        let stride = 2 * self.words;
        self.groups.get(start as usize * stride..end as usize * stride)
    }

    /// On a board of one word (a table of [`WalkTables::of_one_word`]), the cells the seat's walk
    /// from `from` of `length` steps reaches when `occupied` are the cells holding pieces (see
    /// [`SeatPaths::reach`]).
    #[inline]
    pub(crate) fn reach_word(&self, seat: SeatId, from: CellId, length: usize, occupied: u64) -> Option<u64> {
        self.of_seat(seat).reach(from, length, occupied)
    }

    /// On a board of one word, the seat's part of the table, found once for a generation's pieces.
    pub(crate) fn of_seat(&self, seat: SeatId) -> SeatPaths<'_> {
        let seat_buckets = self.cells * (MAX_LENGTH + 1);
        let start = seat as usize * seat_buckets;
        let buckets = self.buckets.get(start..start + seat_buckets).unwrap_or(&[]);
        SeatPaths { buckets, groups: self.groups.as_chunks::<2>().0 }
    }

    fn new(
        game: &Game,
        directions: &[Vec<DirId>],
        lengths: Lengths,
        words: usize,
        budget: &mut usize,
    ) -> Option<ActionPaths> {
        let cells = game.board.cell_count();
        let seat_buckets = cells * (MAX_LENGTH + 1);
        let mut table = ActionPaths {
            cells,
            words,
            buckets: Vec::with_capacity(directions.len() * seat_buckets),
            ..ActionPaths::default()
        };
        let mut steps = TableSteps { paths: Vec::new() };
        for (seat, seat_directions) in directions.iter().enumerate() {
            // A walk takes every path its directions allow, whatever their order: a seat with the
            // same directions as an earlier one shares its groups.
            if let Some(earlier) = directions.iter().take(seat).position(|d| same_set(d, seat_directions)) {
                table.buckets.extend_from_within(earlier * seat_buckets..(earlier + 1) * seat_buckets);
                continue;
            }
            for from in 0..cells as CellId {
                simple_paths(game, seat_directions, from, &mut steps)?;
                steps.paths.sort_unstable_by_key(|(route, _)| route.through);
                for length in 0..=MAX_LENGTH {
                    let wanted = |len: usize| match lengths {
                        Lengths::Exactly => len == length,
                        Lengths::UpTo => (1..=length).contains(&len),
                    };
                    let start = table.groups.len() / (2 * words);
                    table.push_groups(steps.paths.iter().filter(|(route, _)| wanted(route.steps)));
                    let end = table.groups.len() / (2 * words);
                    *budget = budget.checked_sub(end - start)?;
                    table.buckets.push((start as u32, end as u32));
                }
            }
        }
        Some(table)
    }

    /// Appends the groups of `paths`, sorted by the cells they pass through: one group for each
    /// run of paths passing through the same cells.
    fn push_groups<'p>(&mut self, paths: impl Iterator<Item = &'p (Route, CellId)>) {
        let mut last = None;
        for (route, end) in paths {
            let through = route.through.get(..self.words).unwrap_or(&[]);
            if last != Some(through) {
                self.groups.extend(through);
                self.groups.extend(std::iter::repeat_n(0, self.words));
                last = Some(through);
            }
            let ends = self.groups.len() - self.words;
            set_bit(self.groups.get_mut(ends..).unwrap_or(&mut []), *end);
        }
    }
}

/// Whether two lists of directions hold the same directions.
fn same_set(a: &[DirId], b: &[DirId]) -> bool {
    a.len() == b.len() && a.iter().all(|d| b.contains(d)) && b.iter().all(|d| a.contains(d))
}

/// Writes into `steps` every path of 1 to `MAX_LENGTH` steps from `from` on the empty board (the
/// walk's search, no cell twice): its route (its length and the cells it passes through) and its
/// last cell. `None` when the search was cut short.
fn simple_paths(game: &Game, directions: &[DirId], from: CellId, steps: &mut TableSteps) -> Option<()> {
    steps.paths.clear();
    let shape =
        WalkShape { directions, length: MAX_LENGTH, lengths: Lengths::UpTo, revisits: Revisits::Never };
    let start = Route { steps: 0, through: [0; MAX_TABLED_WORDS] };
    (search(&game.board, shape, from, start, steps) == Searched::Every).then_some(())
}

/// What a path on the empty board carries: its steps so far and the cells it passed through.
#[derive(Clone, Copy)]
struct Route {
    steps: usize,
    through: [u64; MAX_TABLED_WORDS],
}

/// The steps of a walk on the empty board: every path is kept, with its route.
struct TableSteps {
    paths: Vec<(Route, CellId)>,
}

impl Steps for TableSteps {
    type Carry = Route;
    type Undo = NoUndo;

    fn extend(&mut self, route: Route, _: DirId) -> Option<Route> {
        Some(route)
    }

    fn leave(&mut self, _: CellId, _: DirId, _: Route) -> Option<Route> {
        None
    }

    /// Every cell is empty; the cell left is passed through, unless it is the start.
    fn enter(&mut self, cell: CellId, _: DirId, _: CellId, mut route: Route) -> Entry<Route, NoUndo> {
        if route.steps > 0 {
            set_bit(&mut route.through, cell);
        }
        route.steps += 1;
        Entry::Clear(route, None)
    }

    fn undo(&mut self, undo: NoUndo) {
        match undo {}
    }

    fn end(&mut self, to: Option<CellId>, route: Route, _: Option<Piece>) {
        if let Some(to) = to {
            self.paths.push((route, to));
        }
    }
}
