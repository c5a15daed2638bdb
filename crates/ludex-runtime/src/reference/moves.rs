//! The legal moves, plainly: the first turn choice with a legal move gives the moves; each of its
//! actions offers its moves (piece moves by pattern, drops, choices, a declaration) where the
//! action's `when`, the destination rule, the capture rule, the action's `where` and the choice's
//! `where` hold, a promoting move once per type; each is tried against the turn's `legal if` on a
//! copy of the position; the moves are sorted and each kept once.

use ludex_ir::{
    Action, ActionChoice, ActionCount, ActionId, ActionKind, CellId, CellSet, Continuation, Expr, Passing,
    SeatId, TrackSource,
};

use super::tracks::TrackMove;

use crate::effects::TurnAfter;
use crate::eval::{Ctx, PieceSlot};
use crate::state::{Piece, State};
use crate::walk::WalkEnd;
use crate::{Engine, Move, MoveKind, Part, Path, choice_values};

use super::turns::Plain;

/// One action as a turn choice plays it: its id, the action, the seat acting and the choice's
/// `where` (none for a compound move's second part).
#[derive(Clone, Copy)]
struct Play<'a> {
    id: ActionId,
    action: &'a Action,
    seat: SeatId,
    choice_filter: Option<&'a Expr>,
    /// For a compound move's second part, where the first part landed: its `from`.
    origin: Option<CellId>,
}

impl Engine {
    /// The legal moves at a decision point, sorted and each once; `pass` when the seat has none,
    /// `end` after them when the turn may stop early; none where no one decides.
    pub(crate) fn reference_legal_moves(&self, state: &State) -> Vec<Move> {
        let moves = self.reference_unpreferred_moves(state);
        let preference = self.game.phases.get(state.phase as usize).and_then(|p| p.turn.prefer.as_ref());
        match preference {
            Some(preference) if moves.len() > 1 => self.reference_preferred(state, preference, moves),
            _ => moves,
        }
    }

    /// The legal moves before the turn's `prefer`.
    pub(super) fn reference_unpreferred_moves(&self, state: &State) -> Vec<Move> {
        if state.result.is_some() || !state.pending.is_empty() {
            return Vec::new();
        }
        let Some(phase) = self.game.phases.get(state.phase as usize) else {
            return vec![Move::bare(MoveKind::Pass)];
        };
        let seat = self.current_seat(state);
        for choice in &phase.turn.choices {
            let mut moves = self.reference_candidates(state, seat, choice);
            if let Some(legal) = &phase.turn.legal {
                moves.retain(|&mv| self.reference_trial(state, seat, mv, legal));
            }
            if !moves.is_empty() {
                moves.sort_unstable();
                moves.dedup();
                if let ActionCount::UpTo(_) = phase.turn.count {
                    moves.push(Move::bare(MoveKind::EndTurn));
                }
                // `may pass`: a pass at the start of the turn, after the actions.
                if phase.turn.passing == Passing::Always && state.actions == 0 {
                    moves.push(Move::bare(MoveKind::Pass));
                }
                return moves;
            }
        }
        vec![Move::bare(MoveKind::Pass)]
    }

    /// Whether the move leaves a position where the turn's `legal if` holds: the move played on a
    /// copy of the position with all its effects and the turn's `after`, the condition evaluated
    /// there with the move's context; a `stuck` there looks ahead with the reference's answers.
    fn reference_trial(&self, state: &State, seat: SeatId, mv: Move, legal: &Expr) -> bool {
        let MoveKind::Action(action) = mv.kind else { return false };
        let mut copy = state.clone();
        let holds = |after: &mut State, ctx: &Ctx| {
            self.holds(after, &ctx.trying_move(&Plain, TurnAfter::Played, action), legal)
        };
        self.play_action(&mut copy, seat, mv, TurnAfter::Played, holds) == Some(true)
    }

    /// The moves of a turn choice's actions, before the turn's `legal if`.
    fn reference_candidates(&self, state: &State, seat: SeatId, choice: &ActionChoice) -> Vec<Move> {
        let mut moves = Vec::new();
        for &id in &choice.actions {
            let Some(action) = self.game.actions.get(id as usize) else { continue };
            let play = Play { id, action, seat, choice_filter: choice.filter.as_ref(), origin: None };
            match &action.continuation {
                None => self.reference_action_moves(state, play, &mut moves),
                Some(continuation) => {
                    let mut firsts = Vec::new();
                    self.reference_action_moves(state, play, &mut firsts);
                    for first in firsts {
                        self.reference_continued(state, seat, first, continuation, &mut moves);
                    }
                }
            }
        }
        moves
    }

    /// The moves a compound move's first part begins: it alone where the condition fails after it
    /// is played on a copy of the position, otherwise it followed by each move of the continued
    /// action from where it landed.
    fn reference_continued(
        &self,
        state: &State,
        seat: SeatId,
        first: Move,
        continuation: &Continuation,
        moves: &mut Vec<Move>,
    ) {
        let mut after = state.clone();
        let Some(ctx) = self.play_part(&mut after, seat, first) else { return };
        if continuation.condition.as_ref().is_some_and(|condition| !self.holds(&after, &ctx, condition)) {
            moves.push(first);
            return;
        }
        let Some(action) = self.game.actions.get(continuation.action as usize) else { return };
        let play = Play { id: continuation.action, action, seat, choice_filter: None, origin: first.to };
        let mut seconds = Vec::new();
        self.reference_action_moves(&after, play, &mut seconds);
        moves.extend(seconds.into_iter().filter_map(|second| first.followed_by(second)));
    }

    /// The moves of one action, before the turn's `legal if`.
    fn reference_action_moves(&self, state: &State, play: Play, moves: &mut Vec<Move>) {
        let (id, action, seat) = (play.id, play.action, play.seat);
        let base = Ctx { from: play.origin, ..Ctx::new(Some(seat), Some(self.seat_after(state))) };
        match &action.kind {
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::SlideExactly { .. } => self.reference_piece_moves(state, &base, play, moves),
            ActionKind::Drop { cells, .. } => {
                let pieces = Self::reference_droppable(state, play);
                self.reference_put(state, &base, play, (cells.get(seat as usize), &pieces), moves)
            }
            ActionKind::Place { cells, .. } => {
                let pieces = self.reference_placeable(play);
                self.reference_put(state, &base, play, (cells.get(seat as usize), &pieces), moves)
            }
            ActionKind::Choose { from, to } => self.reference_choices(state, &base, play, (from, to), moves),
            ActionKind::Remove { cells } => {
                self.reference_removals(state, &base, play, cells.get(seat as usize), moves)
            }
            ActionKind::Sow { cells, track, skipping } => {
                let sowing = super::sowing::Sowing {
                    id,
                    seat,
                    region: cells.get(seat as usize),
                    track: self.game.tracks.get(*track as usize),
                    skipping: skipping.as_ref(),
                };
                let when_holds = |ctx: &Ctx| self.reference_when(state, ctx, play);
                let filters_hold = |ctx: &Ctx| self.reference_filters(state, ctx, play);
                self.reference_sowings(state, (&base, sowing), (when_holds, filters_hold), moves);
            }
            ActionKind::Declare => {
                if self.reference_when(state, &base, play) && self.reference_filters(state, &base, play) {
                    moves.push(Move::bare(MoveKind::Action(id)));
                }
            }
            ActionKind::Along { track, amounts, source, exit } => {
                let Some(track) = self.game.tracks.get(*track as usize) else { return };
                let along = TrackMove { id, action, seat, track, amounts, exits: exit.is_some() };
                let pieces: Vec<(Piece, Option<CellId>)> = match source {
                    TrackSource::Board => (0..self.game.board.cell_count() as CellId)
                        .filter_map(|cell| Some((state.piece(cell)?, Some(cell))))
                        .filter(|&(piece, cell)| {
                            piece.owner == Some(seat)
                                && Self::reference_moves_type(play, piece.kind)
                                && play.origin.is_none_or(|origin| cell == Some(origin))
                        })
                        .collect(),
                    TrackSource::Reserve => Self::reference_droppable(state, play)
                        .into_iter()
                        .map(|piece| (piece, None))
                        .collect(),
                };
                for (piece, from) in pieces {
                    let slot = from.map_or(PieceSlot::Held(piece), PieceSlot::At);
                    let ctx = Ctx { piece: slot, from: from.or(play.origin), ..base };
                    if self.reference_when(state, &ctx, play) {
                        let filters_hold = |ctx: &Ctx| self.reference_filters(state, ctx, play);
                        self.reference_along(state, &ctx, (along, piece, from), filters_hold, moves);
                    }
                }
            }
        }
    }

    /// The action's `when` (before the move).
    fn reference_when(&self, state: &State, ctx: &Ctx, play: Play) -> bool {
        play.action.when.as_ref().is_none_or(|when| self.holds(state, ctx, when))
    }

    /// The removals of the enemy pieces on the region's cells, cell by cell over the board.
    fn reference_removals(
        &self,
        state: &State,
        base: &Ctx,
        play: Play,
        region: Option<&CellSet>,
        moves: &mut Vec<Move>,
    ) {
        let Some(region) = region.filter(|_| self.reference_when(state, base, play)) else { return };
        for to in 0..self.game.board.cell_count() as ludex_ir::CellId {
            let Some(target) = state.piece(to).filter(|p| region.contains(to) && self.is_enemy(play.seat, p))
            else {
                continue;
            };
            if self.reference_filters(state, &Ctx { to: Some(to), target: Some(target), ..*base }, play) {
                moves.push(Move { to: Some(to), ..Move::bare(MoveKind::Action(play.id)) });
            }
        }
    }

    /// The action's `where` and the turn choice's (on the finished move).
    fn reference_filters(&self, state: &State, ctx: &Ctx, play: Play) -> bool {
        let holds = |filter: Option<&Expr>| filter.is_none_or(|filter| self.holds(state, ctx, filter));
        holds(play.action.filter.as_ref()) && holds(play.choice_filter)
    }

    /// Whether the action moves pieces of this type (an action that names none moves them all).
    fn reference_moves_type(play: Play, kind: ludex_ir::TypeId) -> bool {
        play.action.pieces.is_empty() || play.action.pieces.contains(&kind)
    }

    /// The moves of the seat's pieces the action moves, cell by cell over the board.
    fn reference_piece_moves(&self, state: &State, base: &Ctx, play: Play, moves: &mut Vec<Move>) {
        for from in 0..self.game.board.cell_count() as ludex_ir::CellId {
            let Some(piece) = state.piece(from) else { continue };
            let elsewhere = play.origin.is_some_and(|origin| origin != from);
            if elsewhere || piece.owner != Some(play.seat) || !Self::reference_moves_type(play, piece.kind) {
                continue;
            }
            let ctx = Ctx { piece: PieceSlot::At(from), from: Some(from), ..*base };
            if !self.reference_when(state, &ctx, play) {
                continue;
            }
            if let ActionKind::Hop { .. } = play.action.kind {
                let filters_hold = |ctx: &Ctx| self.reference_filters(state, ctx, play);
                let hop = (play.id, play.action, play.seat);
                self.reference_chain_moves((state, &ctx), hop, filters_hold, moves);
                continue;
            }
            for end in self.reference_ends(state, &ctx, (play.action, play.seat), from) {
                self.reference_offer(state, &ctx, play, end, moves);
            }
        }
    }

    /// The move to one end of a pattern, if the destination rule, the capture rule and the filters
    /// allow it; once per type where it promotes.
    fn reference_offer(&self, state: &State, ctx: &Ctx, play: Play, end: WalkEnd, moves: &mut Vec<Move>) {
        let destination = play.action.destination;
        let moving = ctx.from.and_then(|from| state.piece(from));
        let target = match end.target {
            None if destination.allows_empty() => None,
            None => return,
            Some(target) if moving.is_some_and(|piece| self.stacks_onto(piece, &target)) => {
                if !destination.allows_friend() {
                    return;
                }
                None
            }
            Some(target) if destination.allows_enemy() && self.is_enemy(play.seat, &target) => Some(target),
            Some(_) => return,
        };
        let end = WalkEnd { target, ..end };
        let ctx = Ctx { to: end.to, target: end.target, ..*ctx };
        let capture = self.game.capture.allowed.as_ref().filter(|_| end.target.is_some());
        if capture.is_some_and(|allowed| !self.holds(state, &ctx, allowed)) {
            return;
        }
        let mv = Move {
            kind: MoveKind::Action(play.id),
            from: ctx.from,
            to: end.to,
            piece: None,
            choice: 0,
            path: end.path,
            tail: Part::NONE,
        };
        match self.promotions_offered(state, play.action, play.seat, &ctx) {
            Some(types) => {
                for &kind in types {
                    if self.reference_filters(state, &Ctx { promotion: Some(kind), ..ctx }, play) {
                        moves.push(Move { piece: Some(kind), ..mv });
                    }
                }
            }
            None => {
                if self.reference_filters(state, &ctx, play) {
                    moves.push(mv);
                }
            }
        }
    }

    /// The pieces a drop may take: the first of each type in the seat's reserve the action drops
    /// (the one a drop takes), in the reserve's order.
    fn reference_droppable(state: &State, play: Play) -> Vec<Piece> {
        let reserve = state.reserve_of(play.seat);
        let firsts = reserve.iter().enumerate().filter(|&(index, piece)| {
            reserve[..index].iter().all(|earlier| earlier.kind != piece.kind)
                && Self::reference_moves_type(play, piece.kind)
        });
        firsts.map(|(_, piece)| *piece).collect()
    }

    /// The pieces a placing may put: a new piece of the seat's of each type the action places, in
    /// type order.
    fn reference_placeable(&self, play: Play) -> Vec<Piece> {
        let mut kinds = play.action.pieces.clone();
        kinds.sort_unstable();
        kinds.iter().map(|&kind| self.fresh_piece(kind, Some(play.seat))).collect()
    }

    /// One move per piece (held, not on the board) whose `when` holds and empty cell of the region
    /// where the filters hold, piece by piece.
    fn reference_put(
        &self,
        state: &State,
        base: &Ctx,
        play: Play,
        (region, pieces): (Option<&CellSet>, &[Piece]),
        moves: &mut Vec<Move>,
    ) {
        let Some(region) = region else { return };
        for piece in pieces {
            let ctx = Ctx { piece: PieceSlot::Held(*piece), ..*base };
            if !self.reference_when(state, &ctx, play) {
                continue;
            }
            for &to in region.cells.iter().filter(|&&to| state.piece(to).is_none()) {
                if self.reference_filters(state, &Ctx { to: Some(to), ..ctx }, play) {
                    let kind = MoveKind::Action(play.id);
                    moves.push(Move {
                        kind,
                        from: None,
                        to: Some(to),
                        piece: Some(piece.kind),
                        choice: 0,
                        path: Path::NONE,
                        tail: Part::NONE,
                    });
                }
            }
        }
    }

    /// One move per integer from `from` to `to` ([`choice_values`]).
    fn reference_choices(
        &self,
        state: &State,
        ctx: &Ctx,
        play: Play,
        (from, to): (&Expr, &Expr),
        moves: &mut Vec<Move>,
    ) {
        if !self.reference_when(state, ctx, play) {
            return;
        }
        let bound = |e: &Expr| self.eval(state, ctx, e).as_int();
        let (Some(low), Some(high)) = (bound(from), bound(to)) else { return };
        for value in choice_values(low, high) {
            if self.reference_filters(state, &Ctx { choice: Some(value), ..*ctx }, play) {
                moves.push(Move::chosen(play.id, value));
            }
        }
    }
}
