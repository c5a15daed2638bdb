//! Hops and chains of hops, and the one place their meaning is written. A hop in direction `d`
//! from cell `c` jumps the cell next to it (`over`), which must hold what the action's `over`
//! says, and lands on the cell beyond, which must be empty (the moving piece's own cell counts as
//! empty: it has left it). With `chain`, after each hop the piece must hop again from where it
//! landed while it can and the chain's condition holds there; the move ends where it cannot. A
//! chain never jumps the same cell twice, and the pieces it jumps stay on the board until it ends
//! (they block, and cannot be jumped again); then those it captured (hops `over enemy`) leave
//! together. A move is one chain, its hops' directions its path: two chains to the same cell over
//! different cells are different moves.
//!
//! The search ([`Hops::ends`]) serves move generation, `attacked` and the reference alike; playing
//! a chain (`play_hops`) and reading its cells (`hop_cells`) are here too.

use std::ops::ControlFlow;

use ludex_ir::{Action, ActionKind, CellId, Chain, DirId, Over, SeatId, TypeId};

use super::Engine;
use super::eval::{Ctx, PieceSlot};
use super::state::{Piece, State};
use super::walk::{MAX_PATH_STEPS, Path};

/// The most hops one search takes from one cell before it gives up on longer chains (each hop
/// tried counts).
const MAX_HOP_VISITS: u32 = 1 << 16;

/// Where a chain ended: its landing cell, its hops, the cells it jumped in order, and which of the
/// move's promotion choices end there ([`Endings`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HopEnd {
    pub to: CellId,
    pub path: Path,
    pub jumped: Jumped,
    pub endings: Endings,
}

/// The cells a chain jumped, in order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jumped {
    cells: [CellId; MAX_PATH_STEPS],
    len: u8,
}

impl Jumped {
    const NONE: Jumped = Jumped { cells: [0; MAX_PATH_STEPS], len: 0 };

    pub(crate) fn cells(&self) -> &[CellId] {
        self.cells.get(..self.len as usize).unwrap_or(&[])
    }

    fn contains(&self, cell: CellId) -> bool {
        self.cells().contains(&cell)
    }

    fn with(mut self, cell: CellId) -> Jumped {
        if let Some(slot) = self.cells.get_mut(self.len as usize) {
            *slot = cell;
            self.len += 1;
        }
        self
    }
}

/// Which ways a move may end on a landing cell, as bits: where the action promotes there, bit `i`
/// for its `i`th promotion type; elsewhere bit 0 for the move as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Endings(u64);

impl Endings {
    /// Every way, for a landing with `choices` ways (at least one).
    fn all(choices: usize) -> Endings {
        Endings(if choices >= 64 { u64::MAX } else { (1u64 << choices.max(1)) - 1 })
    }

    pub(crate) fn has(self, index: usize) -> bool {
        index < 64 && self.0 >> index & 1 == 1
    }
}

/// One action's hops for one seat's piece, read on a position.
pub(crate) struct Hops<'a> {
    engine: &'a Engine,
    state: &'a State,
    /// The mover, the piece and `from` bound.
    ctx: &'a Ctx<'a>,
    seat: SeatId,
    from: CellId,
    directions: &'a [DirId],
    over: Over,
    chain: Option<&'a Chain>,
    action: &'a Action,
    /// `attacked`'s question: this cell is taken to hold an enemy of the mover.
    probe: Option<CellId>,
}

impl<'a> Hops<'a> {
    /// The hops of the action for the seat's piece on `from` (`ctx` binds the mover, the piece and
    /// `from`); none for an action that does not hop.
    pub(crate) fn of(
        engine: &'a Engine,
        (state, ctx): (&'a State, &'a Ctx<'a>),
        (action, seat): (&'a Action, SeatId),
        from: CellId,
    ) -> Option<Hops<'a>> {
        let ActionKind::Hop { directions, over, chain } = &action.kind else { return None };
        let directions = directions.get(seat as usize).map_or(&[][..], Vec::as_slice);
        let chain = chain.as_ref();
        Some(Hops { engine, state, ctx, seat, from, directions, over: *over, chain, action, probe: None })
    }

    /// The same hops, with `cell` taken to hold an enemy of the mover (for `attacked`).
    pub(crate) fn probing(self, cell: CellId) -> Hops<'a> {
        Hops { probe: Some(cell), ..self }
    }

    /// Visits every end of every chain from the piece's cell (ends deeper in a chain first).
    pub(crate) fn ends(&self, visit: &mut dyn FnMut(&HopEnd) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut budget = MAX_HOP_VISITS;
        match self.hops_from(self.from, (Path::NONE, Jumped::NONE), &mut budget, visit) {
            ControlFlow::Break(()) => ControlFlow::Break(()),
            ControlFlow::Continue(_) => ControlFlow::Continue(()),
        }
    }

    /// The promotion types of a move ending on `to` (empty where it does not promote).
    pub(crate) fn promotions(&self, to: CellId) -> &'a [TypeId] {
        let ctx = Ctx { to: Some(to), target: None, ..*self.ctx };
        self.engine.promotions_offered(self.state, self.action, self.seat, &ctx).unwrap_or(&[])
    }

    /// The chains from `cell` after the hops so far; gives whether any hop was possible there.
    fn hops_from(
        &self,
        cell: CellId,
        (path, jumped): (Path, Jumped),
        budget: &mut u32,
        visit: &mut dyn FnMut(&HopEnd) -> ControlFlow<()>,
    ) -> ControlFlow<(), bool> {
        let mut any = false;
        for &direction in self.directions {
            let Some((over, to)) = self.hop(cell, direction, &jumped) else { continue };
            let Some(path) = path.then(direction) else { continue };
            if *budget == 0 {
                break;
            }
            *budget -= 1;
            any = true;
            let jumped = jumped.with(over);
            let promotions = self.promotions(to);
            let choices = promotions.len().max(1);
            let all = Endings::all(choices);
            let endings = match self.chain {
                None => all,
                Some(chain) => {
                    let goes_on = (0..choices).fold(0u64, |bits, index| {
                        let promotion = promotions.get(index).copied();
                        bits | u64::from(self.goes_on(chain, to, promotion)) << index.min(63)
                    });
                    let continued = goes_on != 0 && self.hops_from(to, (path, jumped), budget, visit)?;
                    if continued { Endings(all.0 & !goes_on) } else { all }
                }
            };
            if endings.0 != 0 {
                visit(&HopEnd { to, path, jumped, endings })?;
            }
        }
        ControlFlow::Continue(any)
    }

    /// The cell jumped and the cell landed on by a hop from `cell` in the direction, if it may be
    /// made after the cells jumped so far.
    fn hop(&self, cell: CellId, direction: DirId, jumped: &Jumped) -> Option<(CellId, CellId)> {
        let board = &self.engine.game.board;
        let over = board.neighbour(cell, direction)?;
        let to = board.neighbour(over, direction)?;
        let lands = to == self.from || (self.state.piece(to).is_none() && self.probe != Some(to));
        (lands && !jumped.contains(over) && self.may_jump(over)).then_some((over, to))
    }

    /// Whether the cell holds what the hop may jump.
    fn may_jump(&self, cell: CellId) -> bool {
        let piece = if cell == self.from { None } else { self.state.piece(cell) };
        let enemy = self.probe == Some(cell) || piece.is_some_and(|p| self.engine.is_enemy(self.seat, &p));
        let occupied = self.probe == Some(cell) || piece.is_some();
        match self.over {
            Over::Enemy => enemy,
            Over::Friend => occupied && !enemy,
            Over::Occupied => occupied,
            Over::Empty => !occupied,
            Over::Any => true,
        }
    }

    /// Whether the chain's condition holds after a hop landing on `to`, for a move that would
    /// promote to `promotion` if it ended there.
    fn goes_on(&self, chain: &Chain, to: CellId, promotion: Option<TypeId>) -> bool {
        let ctx = Ctx { to: Some(to), target: None, promotion, ..*self.ctx };
        chain.condition.as_ref().is_none_or(|condition| self.engine.holds(self.state, &ctx, condition))
    }
}

/// The cells a chain from `from` along the path jumps and lands on, hop by hop.
pub(crate) fn hop_cells(
    board: &ludex_ir::Board,
    from: CellId,
    path: Path,
) -> impl Iterator<Item = (CellId, CellId)> + '_ {
    let mut cell = Some(from);
    path.steps().map_while(move |direction| {
        let over = board.neighbour(cell?, direction)?;
        let to = board.neighbour(over, direction)?;
        cell = Some(to);
        Some((over, to))
    })
}

impl Engine {
    /// Plays a chain: the piece leaves `from`, the enemies it jumped (when it hops `over enemy`)
    /// are captured in the order jumped, it lands (promoting as the move says), and the capture
    /// rule's `then` runs once for each piece captured, with `target` that piece.
    pub(crate) fn play_hops(&self, state: &mut State, ctx: &mut Ctx<'_>, mv: super::Move, over: Over) {
        let (Some(seat), Some(from), Some(to)) = (ctx.mover, mv.from, mv.to) else { return };
        let Some(piece) = state.piece(from) else { return };
        ctx.from = Some(from);
        state.set_piece(from, None);
        let mut captured: [Option<Piece>; MAX_PATH_STEPS] = [None; MAX_PATH_STEPS];
        if over.captures() {
            let board = &self.game.board;
            for ((jumped, _), slot) in hop_cells(board, from, mv.path).zip(captured.iter_mut()) {
                if let Some(target) = state.piece(jumped).filter(|t| self.is_enemy(seat, t)) {
                    ctx.target = Some(target);
                    self.capture(state, ctx, target, jumped);
                    *slot = Some(target);
                }
            }
        }
        self.land(state, ctx, piece, to);
        for target in captured.into_iter().flatten() {
            self.run_steps(state, &Ctx { target: Some(target), ..*ctx }, self.capture_then());
        }
        ctx.target = None;
        ctx.piece = PieceSlot::At(to);
    }
}
