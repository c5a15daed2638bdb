//! `attacked`, plainly: the cells a seat could capture on, found forwards from its pieces: the
//! ends of its capturing actions' patterns (those of the current phase's turn that move a piece, or
//! enter one from the reserve along a track, and may end on an enemy; a track's with `pips` the
//! amount), the cells its hops over enemies would jump, the cells its removals take on, where the
//! action's `when` and, on an occupied cell, the capture rule hold, and its `where` for the move
//! or, where it promotes, for one of the types it is offered as. The turn's filters and `legal if`
//! are not applied, and `attacked` is false inside.

use ludex_ir::{Action, ActionKind, CellId, Expr, SeatId, Track, TrackSource};

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
        let evaluation = Evaluation { attacking: true, ..Evaluation::START };
        let seat_ctx = Ctx { evaluation, ..Ctx::new(Some(attacker), None) };
        for action in self.reference_capturing_actions(state) {
            let moved = |kind| action.pieces.is_empty() || action.pieces.contains(&kind);
            // Each piece that could make the move, with its context before the move.
            let movers: Vec<Ctx> = match &action.kind {
                ActionKind::Along { source: TrackSource::Reserve, .. } => {
                    // The first piece of each type in the reserve enters, as a move is offered.
                    let reserve = state.reserve_of(attacker);
                    let firsts = reserve.iter().enumerate().filter(|&(index, piece)| {
                        reserve[..index].iter().all(|earlier| earlier.kind != piece.kind) && moved(piece.kind)
                    });
                    firsts.map(|(_, &piece)| Ctx { piece: PieceSlot::Held(piece), ..seat_ctx }).collect()
                }
                ActionKind::Remove { .. } => vec![seat_ctx],
                ActionKind::Step { .. }
                | ActionKind::Slide { .. }
                | ActionKind::Leap { .. }
                | ActionKind::Walk { .. }
                | ActionKind::Hop { .. }
                | ActionKind::Anywhere { .. }
                | ActionKind::Along { source: TrackSource::Board, .. }
                | ActionKind::Drop { .. }
                | ActionKind::Choose { .. }
                | ActionKind::Declare
                | ActionKind::Place { .. }
                | ActionKind::Sow { .. }
                | ActionKind::SlideExactly { .. } => (0..self.game.board.cell_count() as CellId)
                    .filter(|&from| {
                        state.piece(from).is_some_and(|p| p.owner == Some(attacker) && moved(p.kind))
                    })
                    .map(|from| Ctx { piece: PieceSlot::At(from), from: Some(from), ..seat_ctx })
                    .collect(),
            };
            for before in movers {
                if action.when.as_ref().is_some_and(|when| !self.holds(state, &before, when)) {
                    continue;
                }
                let landed = |after: &Ctx| self.reference_capture_holds(state, (action, attacker), after);
                match &action.kind {
                    ActionKind::Hop { .. } => {
                        let Some(from) = before.from else { continue };
                        cells.extend(self.reference_jumped(state, &before, (action, attacker), from));
                    }
                    ActionKind::Along { track, amounts, .. } => {
                        let Some(track) = self.game.tracks.get(*track as usize) else { continue };
                        for (amount, to) in
                            self.reference_track_ends(state, &before, (track, attacker), amounts)
                        {
                            let after =
                                Ctx { to: Some(to), target: state.piece(to), choice: Some(amount), ..before };
                            if landed(&after) {
                                cells.push(to);
                            }
                        }
                    }
                    ActionKind::Remove { cells: region } => {
                        let region = region.get(attacker as usize).map_or(&[][..], |r| r.cells.as_slice());
                        cells.extend(
                            region.iter().copied().filter(|&to| {
                                landed(&Ctx { to: Some(to), target: state.piece(to), ..before })
                            }),
                        );
                    }
                    ActionKind::Step { .. }
                    | ActionKind::Slide { .. }
                    | ActionKind::Leap { .. }
                    | ActionKind::Walk { .. }
                    | ActionKind::Anywhere { .. }
                    | ActionKind::Drop { .. }
                    | ActionKind::Choose { .. }
                    | ActionKind::Declare
                    | ActionKind::Place { .. }
                    | ActionKind::Sow { .. }
                    | ActionKind::SlideExactly { .. } => {
                        let Some(from) = before.from else { continue };
                        let ends = self.reference_ends(state, &before, (action, attacker), from);
                        cells.extend(
                            ends.iter().filter_map(|e| e.to).filter(|&to| {
                                landed(&Ctx { to: Some(to), target: state.piece(to), ..before })
                            }),
                        );
                    }
                }
            }
        }
        cells
    }

    /// Whether a capture lands as `after` says: the capture rule's `when` (on an occupied cell) and
    /// the action's `where`, for one of the types the move is offered as where it promotes.
    fn reference_capture_holds(
        &self,
        state: &State,
        (action, attacker): (&Action, SeatId),
        after: &Ctx,
    ) -> bool {
        let capture = self.game.capture.allowed.as_ref().filter(|_| after.target.is_some());
        let holds = |condition: Option<&Expr>, ctx: &Ctx| condition.is_none_or(|c| self.holds(state, ctx, c));
        // A promoting move is offered once per type: it attacks if one passes.
        let offered: Vec<Ctx> = match self.promotions_offered(state, action, attacker, after) {
            Some(types) => types.iter().map(|&kind| Ctx { promotion: Some(kind), ..*after }).collect(),
            None => vec![*after],
        };
        holds(capture, after) && offered.iter().any(|ctx| holds(action.filter.as_ref(), ctx))
    }

    /// The cells a piece (on `before`'s `from`, or entering from the reserve) ends on along the
    /// seat's version of the track, with the amount that takes it there: each positive amount
    /// once, the end found by its position in the list.
    fn reference_track_ends(
        &self,
        state: &State,
        before: &Ctx,
        (track, seat): (&Track, SeatId),
        amounts: &[Expr],
    ) -> Vec<(i64, CellId)> {
        let cells = track.cells.get(seat as usize).map_or(&[][..], Vec::as_slice);
        let start = match before.from {
            None => 0,
            Some(from) => match cells.iter().position(|&c| c == from) {
                Some(index) => index + 1,
                None => return Vec::new(),
            },
        };
        let mut seen: Vec<i64> = Vec::new();
        let mut ends = Vec::new();
        for expr in amounts {
            let Some(amount) =
                self.eval(state, before, expr).as_int().filter(|&n| n > 0 && !seen.contains(&n))
            else {
                continue;
            };
            seen.push(amount);
            let end = usize::try_from(amount).ok().and_then(|n| n.checked_add(start));
            if let Some(&to) = end.and_then(|end| end.checked_sub(1)).and_then(|index| cells.get(index)) {
                ends.push((amount, to));
            }
        }
        ends
    }

    /// The actions of the current phase's turn, each once, that move a piece and may end on an
    /// enemy.
    fn reference_capturing_actions(&self, state: &State) -> Vec<&Action> {
        let Some(phase) = self.game.phases.get(state.phase as usize) else { return Vec::new() };
        let mut ids: Vec<_> = phase.turn.choices.iter().flat_map(|choice| choice.actions.clone()).collect();
        ids.sort_unstable();
        ids.dedup();
        let actions = ids.iter().filter_map(|&id| self.game.actions.get(id as usize));
        actions.filter(|action| action.kind.may_capture(&action.destination)).collect()
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
