//! Walks, and the one place their meaning is written: a walk is a path of steps in its directions
//! from the moving piece's cell, never visiting a cell twice (the start included) unless the walk
//! may revisit, of exactly
//! `length` steps or of 1 to `length`; it passes through empty cells, and an occupied cell ends it
//! (the move captures there) unless the walk's rules push the line of pieces there out of the way.
//! The rules may also guard each step, make it pay, and let the last step leave the board.
//!
//! That meaning is the depth-first search here ([`search`]), generic over what the steps do
//! ([`Steps`]). Three kinds of steps run it: plain walks, whose steps do nothing more (`plain`: the
//! cells reached, as a bit set), walks with step rules (`rules`: one end per distinct effect, with
//! its path; playing a path), and the walk tables (`table`: every path on the empty board, a speed
//! layer for plain walks, read with the board's occupancy). `path` holds a walk's path.

mod one_word;
mod path;
mod pieces;
mod plain;
mod rules;
mod table;

use std::convert::Infallible;

use ludex_ir::{Board, CellId, DirId, Revisits, WalkRules};

use crate::bits::{clear_bit, has_bit, set_bit};
use crate::cell_bits::CellBits;
use crate::state::Piece;

pub(crate) use one_word::{OneWordSetup, OneWordWalk, one_word_walks};
pub(crate) use path::MAX_PATH_STEPS;
pub use path::Path;
pub(crate) use pieces::PlainWalks;
#[cfg(test)]
pub(crate) use plain::PlainSteps;
#[cfg(test)]
pub(crate) use rules::RuleForms;
pub(crate) use rules::{CompiledWalkRules, WalkEnd, compile_walk_rules};
pub(crate) use table::WalkTables;

/// Whether a walk with these rules is plain: no rule acts on its steps (no guard, cost, push, exit
/// or revisit), so what matters is only which cells it reaches.
pub(crate) fn is_plain(rules: &WalkRules) -> bool {
    !rules.keeps_paths() && rules.guard.is_none()
}

/// The most steps a search takes from one cell before it gives up on longer paths.
const MAX_WALK_VISITS: u32 = 1 << 16;

/// A walk as one seat makes it from one cell: its directions, its length and whether its paths
/// may come back to a cell.
#[derive(Clone, Copy)]
pub(crate) struct WalkShape<'a> {
    pub directions: &'a [DirId],
    pub length: usize,
    pub lengths: Lengths,
    pub revisits: Revisits,
}

impl<'a> WalkShape<'a> {
    /// The shape of a walk written with these directions, length, `exactly` (`exact`) and rules.
    pub(crate) fn of(
        directions: &'a [DirId],
        length: usize,
        exact: bool,
        rules: &WalkRules,
    ) -> WalkShape<'a> {
        WalkShape { directions, length, lengths: Lengths::of(exact), revisits: rules.revisits }
    }
}

/// Which lengths a walk's paths have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lengths {
    /// Exactly the walk's length (`exactly N`).
    Exactly,
    /// From 1 to the walk's length (`at most N`, or no length).
    UpTo,
}

impl Lengths {
    /// The lengths of a walk written `exactly` (`exact`) or not.
    pub(crate) fn of(exact: bool) -> Lengths {
        if exact { Lengths::Exactly } else { Lengths::UpTo }
    }

    /// Whether a path may end after a step that leaves it `left` steps short of the walk's length
    /// (0 for the last).
    fn may_end(self, left: usize) -> bool {
        self == Lengths::UpTo || left == 0
    }
}

/// What a step onto the board finds, as the steps' rules see it.
pub(crate) enum Entry<Carry, Undo> {
    /// The step cannot be taken.
    Blocked,
    /// The cell is empty, or was pushed clear (`Some`: what puts the line back): the path may end
    /// there or go on.
    Clear(Carry, Option<Undo>),
    /// A piece stands on the cell: the path may end there, capturing it, and goes no further.
    Occupied(Carry, Piece),
}

/// What a walk's steps do beyond its meaning (see the module doc): what a path carries from step
/// to step, whether a step can be taken, and what becomes of a path's end.
pub(crate) trait Steps {
    /// What a path carries from step to step (the moving piece as it has paid, the path).
    type Carry: Copy;
    /// What puts back a line of pieces pushed out of the way.
    type Undo;
    /// What the path carries once it takes a step in `direction`; `None` when no step can be
    /// taken from where it is (it has no room for another).
    fn extend(&mut self, carry: Self::Carry, direction: DirId) -> Option<Self::Carry>;
    /// The step from `cell` in `direction` off the board, as the path's last: what the path then
    /// carries, `None` when it cannot end so.
    fn leave(&mut self, cell: CellId, direction: DirId, carry: Self::Carry) -> Option<Self::Carry>;
    /// The step from `cell` in `direction` onto `next`, a cell the path has not visited unless the
    /// walk may revisit.
    fn enter(
        &mut self,
        cell: CellId,
        direction: DirId,
        next: CellId,
        carry: Self::Carry,
    ) -> Entry<Self::Carry, Self::Undo>;
    /// Puts back a line pushed by [`Steps::enter`], once the paths through it are searched.
    fn undo(&mut self, undo: Self::Undo);
    /// A path ends on `to` (`None`: off the board), carrying `carry`, capturing `target`.
    fn end(&mut self, to: Option<CellId>, carry: Self::Carry, target: Option<Piece>);
}

/// Whether a search went through every path, or stopped at [`MAX_WALK_VISITS`] steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Searched {
    Every,
    CutShort,
}

/// The walk's paths from `from`, in depth-first order (directions in the shape's order), each
/// given to `steps` as it ends: a path ends on every step when the walk is not exact, on its
/// `length`th step when it is.
pub(crate) fn search<S: Steps>(
    board: &Board,
    shape: WalkShape,
    from: CellId,
    carry: S::Carry,
    steps: &mut S,
) -> Searched {
    let mut search = Search { board, shape, steps, visited: CellBits::empty(board.cell_count()), visits: 0 };
    set_bit(&mut search.visited, from);
    search.extend(from, carry, shape.length);
    if search.visits > MAX_WALK_VISITS { Searched::CutShort } else { Searched::Every }
}

/// A depth-first search over a walk's paths from one cell.
struct Search<'a, S> {
    board: &'a Board,
    shape: WalkShape<'a>,
    steps: &'a mut S,
    /// The cells of the path being extended.
    visited: CellBits,
    visits: u32,
}

impl<S: Steps> Search<'_, S> {
    /// Extends a path that ends on `cell`, carrying `carry`, by up to `left` steps.
    fn extend(&mut self, cell: CellId, carry: S::Carry, left: usize) {
        if left == 0 {
            return;
        }
        let ends_here = self.shape.lengths.may_end(left - 1);
        for &direction in self.shape.directions {
            self.visits += 1;
            if self.visits > MAX_WALK_VISITS {
                return;
            }
            let Some(carry) = self.steps.extend(carry, direction) else { return };
            let Some(next) = self.board.neighbour(cell, direction) else {
                if ends_here && let Some(carry) = self.steps.leave(cell, direction, carry) {
                    self.steps.end(None, carry, None);
                }
                continue;
            };
            if self.shape.revisits == Revisits::Never && has_bit(&self.visited, next) {
                continue;
            }
            match self.steps.enter(cell, direction, next, carry) {
                Entry::Blocked => {}
                Entry::Occupied(carry, occupant) => {
                    if ends_here {
                        self.steps.end(Some(next), carry, Some(occupant));
                    }
                }
                Entry::Clear(carry, undo) => {
                    self.step_onto(next, carry, left);
                    if let Some(undo) = undo {
                        self.steps.undo(undo);
                    }
                }
            }
        }
    }

    /// A step onto a clear cell: the path may end there and go on.
    fn step_onto(&mut self, next: CellId, carry: S::Carry, left: usize) {
        if self.shape.lengths.may_end(left - 1) {
            self.steps.end(Some(next), carry, None);
        }
        if left > 1 {
            set_bit(&mut self.visited, next);
            self.extend(next, carry, left - 1);
            clear_bit(&mut self.visited, next);
        }
    }
}

/// Steps that never push: what puts a line back is never made.
type NoUndo = Infallible;
