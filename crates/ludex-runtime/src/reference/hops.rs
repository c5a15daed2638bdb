//! Hops and chains, plainly: every chain from the piece is built link by link, each link a hop
//! over a cell not jumped before that holds what `over` asks (a cell `attacked` asks about is
//! taken to hold an enemy) onto an empty cell (the piece's own cell counts as empty); a chain
//! goes on from a landing where the chain's condition holds for the way the move would end there,
//! when another link is possible from it; every other way ends the move there. No search budget,
//! no bit sets, no early stop.

use ludex_ir::{Action, ActionKind, CellId, DirId, Over, SeatId, TypeId};

use crate::eval::Ctx;
use crate::state::State;
use crate::walk::{MAX_PATH_STEPS, Path};
use crate::{Engine, Move, MoveKind, Part};

/// One way a chain ends: where, by which hops, over which cells, promoting to what.
pub(super) struct ChainEnd {
    pub to: CellId,
    pub path: Path,
    pub jumped: Vec<CellId>,
    pub promotion: Option<TypeId>,
}

/// A hop action read for one seat's piece.
struct Hopper<'a> {
    state: &'a State,
    ctx: &'a Ctx<'a>,
    action: &'a Action,
    seat: SeatId,
    from: CellId,
    directions: &'a [DirId],
    over: Over,
    probe: Option<CellId>,
}

impl Engine {
    /// Every way every chain of the action's hops from `from` ends (`ctx` binds the mover, the
    /// piece and `from`), `probe` taken to hold an enemy; none for an action that does not hop.
    pub(super) fn reference_chain_ends(
        &self,
        (state, ctx): (&State, &Ctx),
        (action, seat): (&Action, SeatId),
        from: CellId,
        probe: Option<CellId>,
    ) -> Vec<ChainEnd> {
        let ActionKind::Hop { directions, over, .. } = &action.kind else { return Vec::new() };
        let directions = directions.get(seat as usize).map_or(&[][..], Vec::as_slice);
        let hopper = Hopper { state, ctx, action, seat, from, directions, over: *over, probe };
        let mut ends = Vec::new();
        self.reference_chains(&hopper, from, (&[], &[]), &mut ends);
        ends
    }

    /// The ends of the chains that go on from `cell` after the hops and jumped cells so far.
    fn reference_chains(
        &self,
        hopper: &Hopper,
        cell: CellId,
        (path, jumped): (&[DirId], &[CellId]),
        ends: &mut Vec<ChainEnd>,
    ) {
        for &direction in hopper.directions {
            let Some((over, to)) = self.reference_hop(hopper, cell, direction, jumped) else { continue };
            if path.len() >= MAX_PATH_STEPS {
                continue;
            }
            let path: Vec<DirId> = path.iter().copied().chain([direction]).collect();
            let jumped: Vec<CellId> = jumped.iter().copied().chain([over]).collect();
            let landed = Ctx { to: Some(to), target: None, ..*hopper.ctx };
            let promotes = |p: &ludex_ir::Promotion| {
                p.cells.get(hopper.seat as usize).is_some_and(|c| c.contains(to))
                    && p.condition.as_ref().is_none_or(|c| self.holds(hopper.state, &landed, c))
            };
            let promotions: Vec<Option<TypeId>> = match &hopper.action.promotion {
                Some(p) if promotes(p) => p.types.iter().copied().map(Some).collect(),
                _ => vec![None],
            };
            let may_go_on = path.len() < MAX_PATH_STEPS
                && hopper.directions.iter().any(|&d| self.reference_hop(hopper, to, d, &jumped).is_some());
            let goes_on = |promotion: Option<TypeId>| {
                let ActionKind::Hop { chain: Some(chain), .. } = &hopper.action.kind else { return false };
                let ctx = Ctx { to: Some(to), target: None, promotion, ..*hopper.ctx };
                may_go_on && chain.condition.as_ref().is_none_or(|c| self.holds(hopper.state, &ctx, c))
            };
            if promotions.iter().any(|&p| goes_on(p)) {
                self.reference_chains(hopper, to, (&path, &jumped), ends);
            }
            let steps = path.iter().try_fold(Path::NONE, |p, &d| p.then(d));
            for &promotion in promotions.iter().filter(|&&p| !goes_on(p)) {
                let path = steps.unwrap_or(Path::NONE);
                ends.push(ChainEnd { to, path, jumped: jumped.clone(), promotion });
            }
        }
    }

    /// The cell jumped and the cell landed on by a hop from `cell`, if it may be made.
    fn reference_hop(
        &self,
        hopper: &Hopper,
        cell: CellId,
        direction: DirId,
        jumped: &[CellId],
    ) -> Option<(CellId, CellId)> {
        let board = &self.game.board;
        let over = board.neighbour(cell, direction)?;
        let to = board.neighbour(over, direction)?;
        let piece_on = |c: CellId| if c == hopper.from { None } else { hopper.state.piece(c) };
        let probed = |c: CellId| hopper.probe == Some(c);
        let lands = piece_on(to).is_none() && !probed(to);
        let occupied = piece_on(over).is_some() || probed(over);
        let enemy = probed(over) || piece_on(over).is_some_and(|p| self.is_enemy(hopper.seat, &p));
        let may_jump = match hopper.over {
            Over::Enemy => enemy,
            Over::Friend => occupied && !enemy,
            Over::Occupied => occupied,
            Over::Empty => !occupied,
            Over::Any => true,
        };
        (lands && may_jump && !jumped.contains(&over)).then_some((over, to))
    }

    /// The move of each chain end for which the action's `where` and the choice's hold.
    pub(super) fn reference_chain_moves(
        &self,
        (state, ctx): (&State, &Ctx),
        (id, action, seat): (ludex_ir::ActionId, &Action, SeatId),
        filters_hold: impl Fn(&Ctx) -> bool,
        moves: &mut Vec<Move>,
    ) {
        let Some(from) = ctx.from else { return };
        for end in self.reference_chain_ends((state, ctx), (action, seat), from, None) {
            let ctx = Ctx { to: Some(end.to), target: None, promotion: end.promotion, ..*ctx };
            if filters_hold(&ctx) {
                let kind = MoveKind::Action(id);
                let (to, piece) = (Some(end.to), end.promotion);
                moves.push(Move {
                    kind,
                    from: Some(from),
                    to,
                    piece,
                    choice: 0,
                    path: end.path,
                    tail: Part::NONE,
                });
            }
        }
    }
}
