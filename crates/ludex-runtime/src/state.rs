//! The game state as plain data: the board, reserves, prize piles, variables, mutable maps, the
//! turn bookkeeping, pending rolls and the result. Cheap to clone and hash; kept canonical (reserves
//! and prize piles sorted) so that equal positions compare equal.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use ludex_ir::{AttrId, CellId, MAX_ATTRIBUTES, PhaseId, SeatId, TypeId};

use super::GameResult;
use super::bits::cells_in;
use super::board_index::{BoardHash, BoardIndex};
use super::trial_writes::TrialWrites;
use super::value::Value;

/// A piece: its owner (`None` for neutral), its type and its attribute values (slots the type does
/// not have stay 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// The seat it belongs to (`None`: neutral).
    pub owner: Option<SeatId>,
    /// Its type.
    pub kind: TypeId,
    /// Its attribute values, by attribute slot.
    pub attributes: [i32; MAX_ATTRIBUTES],
}

impl Piece {
    /// A piece of a type and owner with every attribute 0.
    pub fn new(kind: TypeId, owner: Option<SeatId>) -> Piece {
        Piece { owner, kind, attributes: [0; MAX_ATTRIBUTES] }
    }

    /// The value of an attribute slot (0 when out of range).
    pub fn attribute(&self, attribute: AttrId) -> i32 {
        self.attributes.get(attribute as usize).copied().unwrap_or(0)
    }
}

/// A captured piece in its capturer's prize pile, with its value and the cell it was taken on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Prize {
    /// The seat whose pile holds it.
    pub holder: SeatId,
    /// The piece as it was when taken.
    pub piece: Piece,
    /// Its value when taken.
    pub value: i64,
    /// Where it was taken (`None` when it was not on the board).
    pub cell: Option<CellId>,
}

/// Where the outcome of a pending roll is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RollTarget {
    /// A variable slot (see `Engine::variable_slot`).
    Variable(u32),
    Attribute {
        cell: CellId,
        attribute: AttrId,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PendingRoll {
    pub sides: u32,
    pub target: RollTarget,
}

/// What the game does once the pending rolls are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Resume {
    /// Setup is done: the first turn begins.
    StartGame,
    /// An action is done: the turn goes on or ends.
    AfterAction,
    /// A turn has begun: its first decision.
    Decision,
}

/// The largest board index (in words) a scratch copy takes back whole after a trial, rather than
/// undoing the trial's writes in it one by one.
const COPIED_INDEX_WORDS: usize = 64;

/// How much of the position history a copy of a state takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HistoryCopy {
    /// All of it.
    Whole,
    /// None: a copy to try a move on, when nothing will read `repetitions` there.
    Empty,
}

/// The state of a game. Opaque: read it through [`super::Engine`].
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) board: Vec<Option<Piece>>,
    /// The pieces beneath the tops of stacks, by cell, each cell's bottom first (`stacks`);
    /// empty in games without stacks.
    pub(crate) below: Vec<(CellId, Piece)>,
    /// Where each owner's pieces and each type of them stand, and the board's hash, derived from
    /// `board`.
    pub(crate) index: BoardIndex,
    /// Every seat's reserve, sorted (by owner first); a reserve piece's owner is its seat.
    pub(crate) reserve: Vec<Piece>,
    /// Every seat's prize pile, sorted (by holder first).
    pub(crate) prizes: Vec<Prize>,
    /// Variable slots; a per-seat variable takes one slot a seat.
    pub(crate) variables: Vec<Value>,
    /// The values of the mutable maps, one after the other.
    pub(crate) maps: Vec<Option<i32>>,
    pub(crate) phase: PhaseId,
    /// The position of the seat to act in the phase's order.
    pub(crate) order_index: u16,
    /// Turns completed in the phase.
    pub(crate) turns: u32,
    /// Actions taken in the current turn.
    pub(crate) actions: u32,
    /// Pieces captured in the current turn.
    pub(crate) captures: u32,
    /// Turns in a row that were passes.
    pub(crate) passes: u32,
    pub(crate) plies: u32,
    pub(crate) last_mover: Option<SeatId>,
    /// The seats that have left the game (`retire`), one bit a seat.
    pub(crate) retired: u32,
    /// The rolls to resolve, the next first (a queue: a position may hold many).
    pub(crate) pending: VecDeque<PendingRoll>,
    pub(crate) resume: Resume,
    pub(crate) result: Option<GameResult>,
    /// The hashes of the positions at the decision points so far, the current one last (kept
    /// only when the rules ask for repetitions).
    pub(crate) history: Vec<u64>,
    /// The hashes of the boards alone at the same decision points (kept only when the rules ask
    /// for repetitions of the board, `repetitions(board)`).
    pub(crate) board_history: Vec<u64>,
    /// The cells written since the copy was last equal to its source (the trials' scratch
    /// copies and perft's children only).
    pub(crate) journal: Journal,
}

/// The cells a scratch copy (or a perft child) has written since it was last made equal to its
/// source, when it keeps them (see `State::start_journal`), whether its writes keep the board's
/// hash and whether it records its positions. Bookkeeping, not part of the position: it never makes two states differ or hash
/// differently.
#[derive(Clone, Debug, Default)]
pub(crate) struct Journal {
    cells: Option<Vec<CellId>>,
    hash: BoardHash,
    /// Whether the position history was last copied whole (see `State::copy_history`).
    whole_history: bool,
    /// Whether the decision points it reaches go into its position history.
    positions: Positions,
}

/// Whether the decision points a state reaches go into its position history (when the rules ask
/// about repeated positions: see `Engine::record_position`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Positions {
    /// They do.
    #[default]
    Recorded,
    /// They do not: nothing reads this copy's history once its next move is played (a leaf of
    /// perft, whose end rules are not judged).
    Unread,
}

impl PartialEq for Journal {
    fn eq(&self, _: &Journal) -> bool {
        true
    }
}

impl Eq for Journal {}

impl std::hash::Hash for Journal {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut copy = self.empty_copy();
        copy.clone_from(self);
        copy
    }

    /// Copies `source` into the buffers already held, without allocating once they are large
    /// enough (the `legal if` test refills one scratch state for every move it tries).
    fn clone_from(&mut self, source: &State) {
        self.copy_from(source, HistoryCopy::Whole);
    }
}

impl State {
    /// A state with the counters of `self` and nothing in its buffers.
    fn empty_copy(&self) -> State {
        State {
            board: Vec::new(),
            below: Vec::new(),
            index: BoardIndex::default(),
            reserve: Vec::new(),
            prizes: Vec::new(),
            variables: Vec::new(),
            maps: Vec::new(),
            pending: VecDeque::new(),
            result: None,
            history: Vec::new(),
            board_history: Vec::new(),
            journal: Journal::default(),
            ..*self
        }
    }

    /// A copy of `source` for trying a move on, the position history as asked for.
    pub(crate) fn trial_copy(source: &State, history: HistoryCopy) -> State {
        let mut copy = source.empty_copy();
        copy.copy_from(source, history);
        copy
    }

    /// Copies `source` into the buffers already held (see `clone_from`), the history as asked
    /// for. A journal kept goes on, empty.
    pub(crate) fn copy_from(&mut self, source: &State, history: HistoryCopy) {
        self.board.clone_from(&source.board);
        self.index.clone_from(&source.index);
        if let Some(cells) = &mut self.journal.cells {
            cells.clear();
        }
        self.copy_all_but_board_from(source, (history, Source::Any));
    }

    /// Keeps a journal of the cells written from now on (see `restore_from`), the board's hash
    /// kept by the writes or left stale until the copy is put back.
    pub(crate) fn start_journal(&mut self, hash: BoardHash) {
        self.journal.cells.get_or_insert_with(Vec::new).clear();
        self.journal.hash = hash;
    }

    /// Makes the board's hash up to date again after writes that left it stale (`BoardHash::Stale`),
    /// from the board itself.
    pub(crate) fn rehash_board(&mut self) {
        self.index.rehash(&self.board);
    }

    /// Whether the decision points this state reaches from now on go into its position history
    /// (until set again: copies into this state keep it).
    pub(crate) fn record_positions(&mut self, positions: Positions) {
        self.journal.positions = positions;
    }

    /// Whether the decision points this state reaches go into its position history.
    pub(crate) fn records_positions(&self) -> bool {
        self.journal.positions == Positions::Recorded
    }

    /// Makes this copy equal to `source` again, when it was equal to it when its journal was
    /// started or when it was last restored: only the cells written since are copied back, and
    /// the rest of the state only where the move tried may have written more than cells.
    pub(crate) fn restore_from(&mut self, source: &State, (history, writes): (HistoryCopy, TrialWrites)) {
        let Some(cells) = &mut self.journal.cells else {
            return self.copy_from(source, history);
        };
        if self.index.total_words() <= COPIED_INDEX_WORDS {
            // Cheaper than undoing each write in the index (and its hash) one by one.
            for &cell in cells.iter() {
                if let (Some(slot), Some(&piece)) =
                    (self.board.get_mut(cell as usize), source.board.get(cell as usize))
                {
                    *slot = piece;
                }
            }
            cells.clear();
            self.index.clone_from(&source.index);
        } else {
            self.undo_cells(source);
        }
        match writes {
            TrialWrites::Board => self.captures = source.captures,
            TrialWrites::Anything => self.copy_all_but_board_from(source, (history, Source::Restored)),
        }
    }

    /// Writes back from `source` the cells the journal holds, its bit sets with them, and takes its
    /// board's hash; the journal is left empty.
    fn undo_cells(&mut self, source: &State) {
        let Some(mut cells) = self.journal.cells.take() else { return };
        for &cell in &cells {
            self.set_piece(cell, source.piece(cell));
        }
        self.index.take_hash_from(&source.index);
        cells.clear();
        self.journal.cells = Some(cells);
    }

    fn copy_all_but_board_from(&mut self, source: &State, (history_copy, from): (HistoryCopy, Source)) {
        // Named field by field, so that a new field cannot be forgotten here.
        let State {
            board: _,
            index: _,
            below,
            reserve,
            prizes,
            variables,
            maps,
            phase,
            order_index,
            turns,
            actions,
            captures,
            passes,
            plies,
            last_mover,
            retired,
            pending,
            resume,
            result,
            history,
            board_history,
            journal: _,
        } = source;
        copy_into(&mut self.below, below);
        copy_into(&mut self.reserve, reserve);
        copy_into(&mut self.prizes, prizes);
        copy_into(&mut self.variables, variables);
        copy_into(&mut self.maps, maps);
        (self.phase, self.order_index, self.turns, self.actions) = (*phase, *order_index, *turns, *actions);
        (self.captures, self.passes, self.plies) = (*captures, *passes, *plies);
        (self.last_mover, self.retired, self.resume) = (*last_mover, *retired, *resume);
        // Most positions have no roll pending: clearing is a store, `VecDeque::clone_from` a call.
        if pending.is_empty() {
            self.pending.clear();
        } else {
            self.pending.clone_from(pending);
        }
        if self.result.is_some() || result.is_some() {
            self.result.clone_from(result);
        }
        let kept = from == Source::Restored && self.journal.whole_history;
        match history_copy {
            HistoryCopy::Whole => {
                copy_history(&mut self.history, history, kept);
                copy_history(&mut self.board_history, board_history, kept);
            }
            HistoryCopy::Empty => {
                self.history.clear();
                self.board_history.clear();
            }
        }
        self.journal.whole_history = history_copy == HistoryCopy::Whole;
    }
}

/// What a copy of the rest of the state copies from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// Any state.
    Any,
    /// The state this copy was equal to when its journal was started or it was last restored.
    Restored,
}

/// Copies `source` into the buffer `vector` holds: an empty source (most of a state's vectors in
/// most games) costs a store, not the call of `Vec::clone_from`, and one of the same length (a
/// state's variables) a copy with no check of the buffer's capacity.
#[inline(always)]
pub(crate) fn copy_into<T: Copy>(vector: &mut Vec<T>, source: &[T]) {
    if source.is_empty() {
        vector.clear();
    } else if vector.len() == source.len() {
        vector.copy_from_slice(source);
    } else {
        vector.clear();
        vector.extend_from_slice(source);
    }
}

/// Copies a position history into the buffer `history` holds. A history is only ever appended to
/// (one hash a decision point), so when `kept` (this copy's history was the source's when last
/// copied whole, with only appends since) the source's is the copy's start: a truncation puts it
/// back.
fn copy_history(history: &mut Vec<u64>, source: &[u64], kept: bool) {
    if kept && history.len() >= source.len() {
        debug_assert_eq!(history.get(..source.len()), Some(source), "a history is only appended to");
        history.truncate(source.len());
    } else {
        copy_into(history, source);
    }
}

impl State {
    /// Whether a roll is to be resolved: the status is `Status::Chance`.
    pub(crate) fn awaits_roll(&self) -> bool {
        self.result.is_none() && !self.pending.is_empty()
    }

    pub(crate) fn piece(&self, cell: CellId) -> Option<Piece> {
        self.board.get(cell as usize).copied().flatten()
    }

    pub(crate) fn set_piece(&mut self, cell: CellId, piece: Option<Piece>) {
        let Some(slot) = self.board.get_mut(cell as usize) else { return };
        let old = std::mem::replace(slot, piece);
        self.index.replace(cell, (old.as_ref(), piece.as_ref()), self.journal.hash);
        if let Some(cells) = &mut self.journal.cells {
            cells.push(cell);
        }
    }

    /// Moves the piece on `from` onto `to`, another cell with no piece on it: the writes of taking
    /// it off `from` and putting it on `to` (the board, its index and hash, the journal, in that
    /// order), in one call. False, with nothing written, when `from` has no piece or `to` is no
    /// such cell.
    pub(crate) fn move_to_empty(&mut self, from: CellId, to: CellId) -> bool {
        let Some(piece) = self.piece(from) else { return false };
        if from == to || self.board.get(to as usize) != Some(&None) {
            return false;
        }
        for (cell, now) in [(from, None), (to, Some(piece))] {
            if let Some(slot) = self.board.get_mut(cell as usize) {
                *slot = now;
            }
        }
        self.index.moved((from, to), &piece, self.journal.hash);
        if let Some(cells) = &mut self.journal.cells {
            cells.push(from);
            cells.push(to);
        }
        true
    }

    /// The cells the owner's pieces (`None`: neutral pieces) stand on, in cell order.
    pub(crate) fn cells_of(&self, owner: Option<SeatId>) -> impl Iterator<Item = CellId> + '_ {
        cells_in(self.index.of_owner(owner))
    }

    /// Visits the owner's pieces of the types (of any type when there are none) in cell order,
    /// until `visit` breaks.
    pub(crate) fn try_for_each_piece(
        &self,
        owner: Option<SeatId>,
        types: &[TypeId],
        mut visit: impl FnMut(CellId, Piece) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut union = [0u64; 4];
        let (cells, exact) = match types {
            [] => (self.index.of_owner(owner), true),
            [kind] => (self.index.of_type(owner, *kind), true),
            _ if self.index.words() <= union.len() => {
                // Several types: their cells together, in cell order.
                for &kind in types {
                    let bits = self.index.of_type(owner, kind);
                    union.iter_mut().zip(bits).for_each(|(word, bits)| *word |= bits);
                }
                (union.get(..self.index.words()).unwrap_or(&[]), true)
            }
            // A board too large for a small bit set on the stack: every piece of the owner, by type.
            _ => (self.index.of_owner(owner), false),
        };
        for cell in cells_in(cells) {
            if let Some(piece) = self.piece(cell).filter(|p| exact || types.contains(&p.kind)) {
                visit(cell, piece)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The seat's reserve, sorted: the reserve is sorted by owner, neutral pieces first, so the
    /// seat's pieces are found by their owners' ranks (one integer comparison a step), the end of
    /// them searched for only past their start.
    pub(crate) fn reserve_of(&self, seat: SeatId) -> &[Piece] {
        let rank = |owner: Option<SeatId>| owner.map_or(0, |owner| u16::from(owner) + 1);
        let seat = u16::from(seat) + 1;
        let start = self.reserve.partition_point(|p| rank(p.owner) < seat);
        let rest = self.reserve.get(start..).unwrap_or(&[]);
        rest.get(..rest.partition_point(|p| rank(p.owner) == seat)).unwrap_or(&[])
    }

    pub(crate) fn prizes_of(&self, seat: SeatId) -> &[Prize] {
        let start = self.prizes.partition_point(|p| p.holder < seat);
        let end = self.prizes.partition_point(|p| p.holder <= seat);
        &self.prizes[start..end]
    }

    /// Puts a piece into its owner's reserve, keeping the order.
    pub(crate) fn add_to_reserve(&mut self, piece: Piece) {
        let index = self.reserve.partition_point(|p| *p < piece);
        self.reserve.insert(index, piece);
    }

    /// Puts `count` copies of a piece into its owner's reserve, keeping the order (in time linear in
    /// the reserve, not in the count times the reserve).
    pub(crate) fn add_many_to_reserve(&mut self, piece: Piece, count: usize) {
        let index = self.reserve.partition_point(|p| *p < piece);
        self.reserve.splice(index..index, std::iter::repeat_n(piece, count));
    }

    /// Takes the first piece of a type out of a seat's reserve.
    pub(crate) fn take_from_reserve(&mut self, seat: SeatId, kind: TypeId) -> Option<Piece> {
        let index = self.reserve.iter().position(|p| p.owner == Some(seat) && p.kind == kind)?;
        Some(self.reserve.remove(index))
    }

    pub(crate) fn is_retired(&self, seat: SeatId) -> bool {
        self.retired.checked_shr(seat.into()).is_some_and(|bits| bits & 1 == 1)
    }

    pub(crate) fn add_prize(&mut self, prize: Prize) {
        let index = self.prizes.partition_point(|p| *p < prize);
        self.prizes.insert(index, prize);
    }
}
