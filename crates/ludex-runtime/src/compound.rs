//! Compound moves (`then ACTION [if EXPR]`): a move of two parts played as one (one ply, one
//! legal move, one notation). Its second part is a [`Part`] inside the [`Move`], whose `from` is
//! the cell the first part landed on. The second parts of a first part are found on a copy of the
//! position with the first part played (its capture and its `then` effects; the turn's `after`
//! runs once, after both parts), as one more generation of the continued action from that cell. The
//! reference implementation finds them the same way, with its own generation
//! (`reference::moves`).

use std::cell::{Cell, OnceCell};
use std::fmt;
use std::ops::ControlFlow;

use ludex_ir::{CellId, Continuation, SeatId, TypeId};

use super::filters::NO_FILTER;
use super::movegen::{Played, Sink};
use super::state::State;
use super::{Engine, Move, MoveKind, Path};

/// The second part of a compound move, packed into six bytes so that a [`Move`] stays 32 bytes
/// (a move list is copied at every generation): what tells the moves of the continued action from
/// where the first part landed apart, its `to`, `piece` and `choice` (its action is the first
/// part's continuation, its `from` the first part's `to`, and it keeps no path: a walk that keeps
/// its path or a hop is never a second part). [`Part::NONE`] marks a move of one part.
///
/// The six bytes are one 48-bit word, its high half-words first, so that the derived order of
/// parts is that of their `(to, piece, choice)`, as [`Move`]'s order compares its fields:
/// - `0`: no second part;
/// - bit 46 set, bit 47 clear (**chosen**): a part with neither cell nor type (a `choose`, a
///   declaration, a move along a track past its end) and its `choice` in the low 32 bits, its
///   sign bit flipped so that the order of the bits is that of the numbers;
/// - bit 47 set (**placed**): a part with a cell or a type: its `to` plus one in bits 31 to 46
///   (`0`: none), its `piece` plus one in bits 24 to 30, its `choice` in bits 0 to 23. Such a
///   part's `choice` is `0` but for a move along a track that ends on the track, whose amount is at
///   most the track's length, which lists each cell of the board at most once.
///
/// The chosen parts come before the placed ones, as a part without `to` comes before one with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part([u16; 3]);

/// Bit 47 of a [`Part`]'s word: a part with a cell or a type.
const PLACED: u64 = 1 << 47;
/// Bit 46 of a [`Part`]'s word: a part with neither cell nor type.
const CHOSEN: u64 = 1 << 46;
/// Where a placed part's `to` (plus one) begins.
const TO_SHIFT: u32 = 31;
/// Where a placed part's `piece` (plus one) begins.
const PIECE_SHIFT: u32 = 24;
/// How many bits a placed part's `choice` has.
const PLACED_CHOICE_BITS: u32 = 24;

// Every cell's number plus one fits in 16 bits, every type's plus one in 7, and every amount along
// a track that ends on it (at most the number of cells) in a placed part's choice.
const _: () = assert!(ludex_ir::MAX_CELLS <= u16::MAX as usize);
const _: () = assert!(ludex_ir::MAX_PIECE_TYPES < 1 << (TO_SHIFT - PIECE_SHIFT));
const _: () = assert!(ludex_ir::MAX_CELLS < 1 << PLACED_CHOICE_BITS);
// The size a move list's copies are measured by (docs/performance.md).
const _: () = assert!(std::mem::size_of::<Move>() == 32);

impl Part {
    /// No second part: the move has one part.
    pub const NONE: Part = Part([0; 3]);

    /// Whether there is a second part.
    pub fn is_some(self) -> bool {
        self != Part::NONE
    }

    /// The part that ends on `to` with `piece` and `choice`; `None` when it does not fit, which
    /// no move of a checked game gives (see [`Part`]).
    pub(crate) fn new(to: Option<CellId>, piece: Option<TypeId>, choice: i32) -> Option<Part> {
        if to.is_none() && piece.is_none() {
            return Some(Part::from_word(CHOSEN | u64::from(choice as u32 ^ 1 << 31)));
        }
        let to = match to {
            None => 0,
            Some(cell) => u64::from(cell.checked_add(1)?),
        };
        let piece = u64::from(piece.map_or(0, |t| u16::from(t) + 1));
        let choice = u64::try_from(choice).ok().filter(|&c| c < 1 << PLACED_CHOICE_BITS)?;
        (piece < 1 << (TO_SHIFT - PIECE_SHIFT))
            .then(|| Part::from_word(PLACED | to << TO_SHIFT | piece << PIECE_SHIFT | choice))
    }

    /// The part's `to`, `piece` and `choice`; `None` for [`Part::NONE`].
    pub(crate) fn fields(self) -> Option<(Option<CellId>, Option<TypeId>, i32)> {
        let word = self.word();
        if word & PLACED != 0 {
            let to = (word >> TO_SHIFT) as u16;
            let piece = (word >> PIECE_SHIFT) as u8 & 0x7f;
            let choice = (word & ((1 << PLACED_CHOICE_BITS) - 1)) as i32;
            Some((to.checked_sub(1), piece.checked_sub(1), choice))
        } else if word & CHOSEN != 0 {
            Some((None, None, (word as u32 ^ 1 << 31) as i32))
        } else {
            None
        }
    }

    /// The part whose 48-bit word is `word`, its high half-word first.
    fn from_word(word: u64) -> Part {
        Part([(word >> 32) as u16, (word >> 16) as u16, word as u16])
    }

    /// The part's 48-bit word.
    fn word(self) -> u64 {
        let [high, middle, low] = self.0.map(u64::from);
        high << 32 | middle << 16 | low
    }
}

impl fmt::Debug for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.fields() {
            None => f.write_str("Part::NONE"),
            Some((to, piece, choice)) => f
                .debug_struct("Part")
                .field("to", &to)
                .field("piece", &piece)
                .field("choice", &choice)
                .finish(),
        }
    }
}

impl Move {
    /// The move's first part: the whole of a move of one part.
    pub fn first_part(self) -> Move {
        Move { tail: Part::NONE, ..self }
    }

    /// This move (a first part) followed by `second`, a move of the action continued by; `None`
    /// when `second` does not fit in a [`Part`], which no move of a checked game gives.
    pub(crate) fn followed_by(self, second: Move) -> Option<Move> {
        let tail = Part::new(second.to, second.piece, second.choice)?;
        Some(Move { tail, ..self })
    }
}

thread_local! {
    /// The thread's copy of the position after a first part, kept between generations so that a
    /// warm generation does not allocate (a generation inside one, such as a look-ahead's, takes a
    /// new one).
    static AFTER_FIRST: Cell<Option<State>> = const { Cell::new(None) };
}

impl Engine {
    /// A compound move's second part as a move of its own, from where the first part landed: a
    /// move of the action its first part's action continues by; `None` for a move of one part.
    pub fn second_part(&self, mv: Move) -> Option<Move> {
        let (to, piece, choice) = mv.tail.fields()?;
        let MoveKind::Action(id) = mv.kind else { return None };
        let continuation = self.game.actions.get(id as usize)?.continuation.as_ref()?;
        Some(Move {
            kind: MoveKind::Action(continuation.action),
            from: mv.to,
            to,
            piece,
            choice,
            path: Path::NONE,
            tail: Part::NONE,
        })
    }

    /// The moves a first part begins: it alone where the continuation's condition fails after it,
    /// otherwise it followed by each move of the continued action from where it landed (none when
    /// that action has no move there: the first part is then no move).
    pub(super) fn continue_move(
        &self,
        state: &State,
        seat: SeatId,
        first: Move,
        continuation: &Continuation,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let mut after = match AFTER_FIRST.take() {
            Some(mut scratch) => {
                scratch.clone_from(state);
                scratch
            }
            None => state.clone(),
        };
        let flow = self.continue_from(&mut after, seat, first, continuation, sink);
        AFTER_FIRST.set(Some(after));
        flow
    }

    /// [`Engine::continue_move`] on `after`, a copy of the position before `first`.
    fn continue_from(
        &self,
        after: &mut State,
        seat: SeatId,
        first: Move,
        continuation: &Continuation,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let goes_on = self.play_part(after, seat, first).is_some_and(|ctx| {
            continuation.condition.as_ref().is_none_or(|condition| self.holds(after, &ctx, condition))
        });
        if !goes_on {
            return sink.put(first);
        }
        let Some(action) = self.game.actions.get(continuation.action as usize) else {
            return ControlFlow::Continue(());
        };
        let landings = OnceCell::new();
        let second = Played {
            id: continuation.action,
            action,
            seat,
            choice_filter: &NO_FILTER,
            origin: first.to,
            landings: &landings,
        };
        self.action_moves(after, second, &mut |part| match first.followed_by(part) {
            Some(mv) => sink.put(mv),
            None => ControlFlow::Continue(()),
        })
    }

    /// The state after a compound move's first part alone (its capture and its `then`), as its
    /// second part is found and written from: `None` for a move of one part.
    pub(crate) fn after_first_part(&self, state: &State, mv: Move) -> Option<State> {
        if !mv.tail.is_some() {
            return None;
        }
        let mut after = state.clone();
        self.play_part(&mut after, self.current_seat(state), mv.first_part())?;
        Some(after)
    }
}
