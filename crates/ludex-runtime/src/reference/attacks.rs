//! `attacked`, plainly: the cells a seat could capture on, found forwards from its pieces: the
//! ends of its capturing actions' patterns (those of the current phase's turn that move a piece and
//! may end on an enemy), the cells its hops over enemies would jump, where the action's `when` and,
//! on an occupied cell, the capture rule hold, and its `where` for the move or, where it promotes,
//! for one of the types it is offered as. The turn's filters and `legal if` are not applied, and
//! `attacked` is false inside.

use ludex_ir::{Action, ActionKind, CellId, Expr, SeatId};

use crate::Engine;
use crate::eval::{Ctx, Evaluation, PieceSlot};
use crate::state::State;

impl Engine {
    /// `attacked(cell, defender, by)` evaluated in `ctx`: whether an enemy of `defender` (only
    /// `by`, when given) could capture on `cell`: a seat that is not on its side, has not retired,
    /// for which the piece on the cell (if any) is an enemy, and which attacks the cell. `attacks`
    /// holds the cells each seat attacks ([`Engine::reference_attacks`]).
    pub(crate) fn reference_attacked(
        &self,
        state: &State,
        ctx: &Ctx,
        (cell, defender, by): (CellId, SeatId, Option<SeatId>),
        attacks: &[Vec<CellId>],
    ) -> bool {
        if ctx.evaluation.attacking || cell as usize >= self.game.board.cell_count() {
            return false;
        }
        let target = state.piece(cell);
        (0..self.seat_count() as SeatId).any(|attacker| {
            by.is_none_or(|by| by == attacker)
                && !self.allied(attacker, defender)
                && !state.is_retired(attacker)
                && target.is_none_or(|target| self.is_enemy(attacker, &target))
                && attacks.get(attacker as usize).is_some_and(|cells| cells.contains(&cell))
        })
    }

    /// The cells each seat attacks, by seat.
    pub(crate) fn reference_attacks(&self, state: &State) -> Vec<Vec<CellId>> {
        (0..self.seat_count() as SeatId).map(|seat| self.reference_attacks_of(state, seat)).collect()
    }

    /// The cells the seat attacks, in no particular order.
    fn reference_attacks_of(&self, state: &State, attacker: SeatId) -> Vec<CellId> {
        let mut cells = Vec::new();
        for action in self.reference_capturing_actions(state) {
            for from in 0..self.game.board.cell_count() as CellId {
                let Some(piece) = state.piece(from) else { continue };
                let moved = action.pieces.is_empty() || action.pieces.contains(&piece.kind);
                if piece.owner != Some(attacker) || !moved {
                    continue;
                }
                let evaluation = Evaluation { attacking: true, ..Evaluation::START };
                let before = Ctx {
                    piece: PieceSlot::At(from),
                    from: Some(from),
                    evaluation,
                    ..Ctx::new(Some(attacker), None)
                };
                if action.when.as_ref().is_some_and(|when| !self.holds(state, &before, when)) {
                    continue;
                }
                if let ActionKind::Hop { .. } = action.kind {
                    cells.extend(self.reference_jumped(state, &before, (action, attacker), from));
                    continue;
                }
                for to in
                    self.reference_ends(state, &before, (action, attacker), from).iter().filter_map(|e| e.to)
                {
                    let after = Ctx { to: Some(to), target: state.piece(to), ..before };
                    let capture = self.game.capture.allowed.as_ref().filter(|_| after.target.is_some());
                    let holds = |condition: Option<&Expr>, ctx: &Ctx| {
                        condition.is_none_or(|c| self.holds(state, ctx, c))
                    };
                    // A promoting move is offered once per type: it attacks if one passes.
                    let offered: Vec<Ctx> = match self.promotions_offered(state, action, attacker, &after) {
                        Some(types) => {
                            types.iter().map(|&kind| Ctx { promotion: Some(kind), ..after }).collect()
                        }
                        None => vec![after],
                    };
                    let filter_holds = offered.iter().any(|ctx| holds(action.filter.as_ref(), ctx));
                    if holds(capture, &after) && filter_holds {
                        cells.push(to);
                    }
                }
            }
        }
        cells
    }

    /// The actions of the current phase's turn, each once, that move a piece and may end on an
    /// enemy.
    fn reference_capturing_actions(&self, state: &State) -> Vec<&Action> {
        let Some(phase) = self.game.phases.get(state.phase as usize) else { return Vec::new() };
        let mut ids: Vec<_> = phase.turn.choices.iter().flat_map(|choice| choice.actions.clone()).collect();
        ids.sort_unstable();
        ids.dedup();
        let actions = ids.iter().filter_map(|&id| self.game.actions.get(id as usize));
        actions
            .filter(|action| match &action.kind {
                ActionKind::Hop { over, .. } => over.captures(),
                _ => action.kind.moves_piece() && action.destination.allows_enemy(),
            })
            .collect()
    }

    /// The cells a hop action of the piece on `from` attacks: each cell some chain would jump,
    /// were an enemy on it, where the action's `where` holds on that chain.
    fn reference_jumped(
        &self,
        state: &State,
        before: &Ctx,
        (action, attacker): (&Action, SeatId),
        from: CellId,
    ) -> Vec<CellId> {
        let cells = 0..self.game.board.cell_count() as CellId;
        cells
            .filter(|&cell| {
                let ends = self.reference_chain_ends((state, before), (action, attacker), from, Some(cell));
                ends.iter().any(|end| {
                    let after = Ctx { to: Some(end.to), target: None, promotion: end.promotion, ..*before };
                    end.jumped.contains(&cell)
                        && action.filter.as_ref().is_none_or(|f| self.holds(state, &after, f))
                })
            })
            .collect()
    }
}
