//! Applying an action: moving, dropping or choosing, the capture and where the captured piece goes,
//! a promotion, then the effects (capture `then`, the action's `then`, the turn's `after`). A
//! `roll` in a `set` or `with` is queued as a pending roll and written when its outcome is applied.

use ludex_ir::{
    ActionKind, AttrId, CaptureDestination, CellId, Collection, Effect, Expr, MAX_SEATS, SeatId, Stacking,
    TrackSource,
};

use super::bits::{cells_in, has_bit, set_bit};
use super::cell_bits::CellBits;
use super::eval::{Ctx, PieceSlot};
use super::holdings::RetiredPieces;
use super::state::{PendingRoll, Piece, Prize, RollTarget, State};
use super::value::Value;
use super::{Engine, Move, MoveKind};

impl Engine {
    /// Plays an action move with the effects of its capture and its own (both parts of a compound
    /// move, in order), and the turn's `after` effects unless they are left out, then gives `then` the context the effects ran in (the
    /// move's `piece`, `from`, `to`, `target`...), where it was built, with no copy; none for a
    /// move that is no action.
    pub(crate) fn play_action<R>(
        &self,
        state: &mut State,
        seat: SeatId,
        mv: Move,
        turn_after: TurnAfter,
        then: impl FnOnce(&mut State, &Ctx) -> R,
    ) -> Option<R> {
        self.play_part_then(state, seat, mv, |state, ctx| {
            if let Some(second) = self.second_part(mv) {
                self.play_part(state, seat, second);
            }
            if turn_after == TurnAfter::Played {
                self.run_steps(state, ctx, self.turn_after(state.phase));
            }
            then(state, ctx)
        })
    }

    /// Plays one part of an action move (the whole of a move of one part): the piece moves (or is
    /// dropped, or the number chosen), the capture and its effects, the action's `then`; gives the
    /// context they ran in. A compound move's second part has its `from` where the first landed.
    pub(crate) fn play_part(&self, state: &mut State, seat: SeatId, mv: Move) -> Option<Ctx<'static>> {
        self.play_part_then(state, seat, mv, |_, ctx| *ctx)
    }

    /// [`Engine::play_part`], giving `then` the context where it was built, with no copy (a move
    /// of one part is played this way, once a ply and once a trial).
    fn play_part_then<R>(
        &self,
        state: &mut State,
        seat: SeatId,
        mv: Move,
        then: impl FnOnce(&mut State, &Ctx<'static>) -> R,
    ) -> Option<R> {
        let MoveKind::Action(id) = mv.kind else { return None };
        let action = self.game.actions.get(id as usize)?;
        let mut ctx = Ctx::new(Some(seat), Some(self.seat_after(state)));
        ctx.from = mv.from;
        // A piece move's type is the one it promotes to (a drop's is the type dropped).
        ctx.promotion = mv.piece.filter(|_| action.kind.moves_piece());
        match &action.kind {
            ActionKind::Drop { with, .. } => self.drop_piece(state, &mut ctx, mv, (Supply::Reserve, with)),
            ActionKind::Place { with, .. } => self.drop_piece(state, &mut ctx, mv, (Supply::Unlimited, with)),
            ActionKind::Choose { .. } => ctx.choice = Some(mv.choice.into()),
            ActionKind::Declare => {}
            ActionKind::Remove { .. } => self.remove_piece(state, &mut ctx, mv),
            ActionKind::Walk { rules, .. } if !mv.path.is_empty() => {
                self.walk_path(state, &mut ctx, mv, rules)
            }
            ActionKind::Hop { over, .. } => self.play_hops(state, &mut ctx, mv, *over),
            ActionKind::Along { source: TrackSource::Reserve, .. } => {
                ctx.choice = Some(mv.choice.into());
                self.enter_piece(state, &mut ctx, mv);
            }
            ActionKind::Along { source: TrackSource::Board, exit, .. } => {
                ctx.choice = Some(mv.choice.into());
                match (mv.to, exit) {
                    (None, Some(exit)) => self.exit_piece(state, &mut ctx, mv, *exit),
                    _ => self.move_piece(state, &mut ctx, mv),
                }
            }
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::SlideExactly { .. } => self.move_piece(state, &mut ctx, mv),
            ActionKind::Sow { track, skipping, .. } => {
                let track = self.game.tracks.get(*track as usize);
                self.sow_pieces(state, &mut ctx, (mv.from, mv.to), (track, skipping.as_ref()));
            }
        }
        self.run_steps(state, &ctx, self.action_then(id));
        Some(then(state, &ctx))
    }

    /// Puts the piece of a drop (from the reserve) or a placing (a new one) on its cell.
    fn drop_piece(
        &self,
        state: &mut State,
        ctx: &mut Ctx,
        mv: Move,
        (supply, with): (Supply, &[(AttrId, Expr)]),
    ) {
        let (Some(seat), Some(kind), Some(to)) = (ctx.mover, mv.piece, mv.to) else { return };
        let piece = match supply {
            Supply::Reserve => state.take_from_reserve(seat, kind),
            Supply::Unlimited => Some(self.fresh_piece(kind, Some(seat))),
        };
        let Some(piece) = piece else { return };
        self.put(state, to, piece);
        ctx.piece = PieceSlot::At(to);
        ctx.to = Some(to);
        for (attribute, value) in with {
            self.assign_attribute(state, ctx, to, *attribute, value);
        }
    }

    fn move_piece(&self, state: &mut State, ctx: &mut Ctx, mv: Move) {
        let (Some(from), Some(to)) = (mv.from, mv.to) else { return };
        ctx.from = Some(from);
        if self.game.stacking == Stacking::Single && from != to && state.piece(to).is_none() {
            return self.move_to_empty(state, ctx, from, to);
        }
        let Some(piece) = self.lift(state, from) else { return };
        self.land(state, ctx, piece, to);
    }

    /// [`Engine::move_piece`] onto an empty cell of a board without stacks: what the lift and
    /// [`Engine::land`] do there (no target, nothing captured), the board written in one call.
    fn move_to_empty(&self, state: &mut State, ctx: &mut Ctx, from: CellId, to: CellId) {
        if !state.move_to_empty(from, to) {
            return;
        }
        ctx.to = Some(to);
        ctx.target = None;
        ctx.piece = PieceSlot::At(to);
        if let Some(kind) = ctx.promotion {
            self.change_type(state, to, kind);
        }
    }

    /// A piece of the mover's reserve enters the board on `to` (a move along a track).
    fn enter_piece(&self, state: &mut State, ctx: &mut Ctx, mv: Move) {
        let (Some(seat), Some(kind), Some(to)) = (ctx.mover, mv.piece, mv.to) else { return };
        let Some(piece) = state.take_from_reserve(seat, kind) else { return };
        self.land(state, ctx, piece, to);
    }

    /// The piece on `from` leaves the board past the end of its track, for `destination`.
    fn exit_piece(&self, state: &mut State, ctx: &mut Ctx, mv: Move, destination: CaptureDestination) {
        let Some(from) = mv.from else { return };
        ctx.from = Some(from);
        if let Some(piece) = self.lift(state, from) {
            self.send_away(state, ctx, piece, Some(from), destination);
        }
    }

    /// Puts the moving piece (lifted off `from`) on `to`, capturing the piece standing there, and
    /// turns it into the type it promotes to.
    /// On a board with stacks, a piece landing on a friend goes on top of it (nothing is taken).
    /// The target is read into the context once; the moving piece is held there only while a
    /// capture runs (nothing else reads the context before the piece stands on `to`).
    pub(super) fn land(&self, state: &mut State, ctx: &mut Ctx, piece: Piece, to: CellId) {
        ctx.to = Some(to);
        ctx.target = match self.game.stacking {
            Stacking::Single => state.piece(to),
            Stacking::Stacks => state.piece(to).filter(|t| !self.stacks_onto(piece, t)),
        };
        if let Some(target) = ctx.target {
            ctx.piece = PieceSlot::Held(piece);
            self.capture(state, ctx, target, to);
        }
        self.put(state, to, piece);
        ctx.piece = PieceSlot::At(to);
        if let Some(kind) = ctx.promotion {
            self.change_type(state, to, kind);
        }
        if ctx.target.is_some() {
            self.run_steps(state, ctx, self.capture_then());
        }
    }

    /// Takes the piece on `cell` off the board to where captured pieces go.
    pub(super) fn capture(&self, state: &mut State, ctx: &Ctx, target: Piece, cell: CellId) {
        state.captures = state.captures.saturating_add(1);
        self.send_away(state, ctx, target, Some(cell), self.game.capture.destination);
        self.lift(state, cell);
    }

    /// Whether `piece` arriving on `other` goes on top of it rather than taking it: on a board with
    /// stacks, onto a piece of its own side.
    pub(crate) fn stacks_onto(&self, piece: Piece, other: &Piece) -> bool {
        match self.game.stacking {
            Stacking::Single => false,
            Stacking::Stacks => match (piece.owner, other.owner) {
                (Some(a), Some(b)) => self.allied(a, b),
                _ => false,
            },
        }
    }

    /// Where a piece that has left the board goes: the mover's prize pile (with its value and the
    /// cell it left), its owner's reserve (a neutral piece has none and leaves the game), the
    /// mover's reserve as the mover's piece (`hand`), or nowhere.
    pub(super) fn send_away(
        &self,
        state: &mut State,
        ctx: &Ctx,
        piece: Piece,
        cell: Option<CellId>,
        destination: CaptureDestination,
    ) {
        match destination {
            CaptureDestination::Prizes => {
                if let Some(holder) = ctx.mover {
                    let value = self.piece_value(state, ctx, piece).unwrap_or(0);
                    state.add_prize(Prize { holder, piece, value, cell });
                }
            }
            CaptureDestination::Reserve => {
                if piece.owner.is_some() {
                    state.add_to_reserve(piece);
                }
            }
            CaptureDestination::Hand => {
                if let Some(holder) = ctx.mover {
                    let pieces = &self.game.pieces;
                    let kind =
                        pieces.get(piece.kind as usize).and_then(|t| t.captured_as).unwrap_or(piece.kind);
                    state.add_to_reserve(self.fresh_piece(kind, Some(holder)));
                }
            }
            CaptureDestination::Nowhere => {}
        }
    }

    pub(crate) fn run_effects(&self, state: &mut State, ctx: &Ctx, effects: &[Effect]) {
        for effect in effects {
            self.run_effect(state, ctx, effect);
        }
    }

    fn run_effect(&self, state: &mut State, ctx: &Ctx, effect: &Effect) {
        match effect {
            Effect::SetVariable { variable, seat, value } => {
                let seat = seat.as_ref().and_then(|s| self.eval(state, ctx, s).as_seat());
                let Some(slot) = self.variable_slot(*variable, seat) else { return };
                match value {
                    Expr::Roll(sides) => queue_roll(state, *sides, RollTarget::Variable(slot)),
                    _ => {
                        let value = self.eval(state, ctx, value).stored();
                        if let Some(variable) = state.variables.get_mut(slot as usize) {
                            *variable = value;
                        }
                    }
                }
            }
            Effect::SetAttribute { cell, attribute, value } => {
                if let Some(cell) = self.eval(state, ctx, cell).as_cell() {
                    self.assign_attribute(state, ctx, cell, *attribute, value);
                }
            }
            Effect::RotateMap { map, by } => {
                let turns = self.eval(state, ctx, by).as_int().unwrap_or(0);
                self.rotate_map(state, *map, turns);
            }
            Effect::If { condition, then, otherwise } => {
                let branch = if self.holds(state, ctx, condition) { then } else { otherwise };
                self.run_effects(state, ctx, branch);
            }
            Effect::SetType { cell, piece_type } => {
                let cell = self.eval(state, ctx, cell).as_cell();
                if let (Some(cell), Value::PieceType(kind)) = (cell, self.eval(state, ctx, piece_type)) {
                    self.change_type(state, cell, kind);
                }
            }
            Effect::Release { piece_type, owner, cells } => {
                if let Some((kind, owner)) = self.captured(state, ctx, piece_type, owner) {
                    self.release(state, kind, owner, cells.get(owner as usize));
                }
            }
            Effect::Give { piece_type, owner, holder } => {
                let holder = self.eval(state, ctx, holder).as_seat();
                if let (Some((kind, owner)), Some(holder)) =
                    (self.captured(state, ctx, piece_type, owner), holder)
                {
                    self.give(state, kind, owner, holder);
                }
            }
            Effect::Retire { seat, leaving_pieces } => {
                if let Some(seat) = self.eval(state, ctx, seat).as_seat() {
                    let pieces = if *leaving_pieces { RetiredPieces::Frozen } else { RetiredPieces::Removed };
                    self.retire(state, seat, pieces);
                }
            }
            Effect::ForEach { pieces, filter, body } => {
                self.for_each(state, ctx, pieces, filter.as_ref(), body)
            }
            Effect::Send { cell, destination } => {
                let Some(cell) = self.eval(state, ctx, cell).as_cell() else { return };
                if let Some(piece) = self.lift(state, cell) {
                    self.send_away(state, ctx, piece, Some(cell), *destination);
                }
            }
            Effect::Move { from, to } => {
                let from = self.eval(state, ctx, from).as_cell();
                let to = self.eval(state, ctx, to).as_cell();
                if let (Some(from), Some(to)) = (from, to) {
                    self.relocate(state, from, to);
                }
            }
            Effect::Capture { cell } => {
                let cell = self.eval(state, ctx, cell).as_cell();
                if let Some((cell, piece)) = cell.and_then(|c| Some((c, state.piece(c)?))) {
                    self.capture(state, ctx, piece, cell);
                }
            }
            Effect::MoveStack { from, to } => {
                let from = self.eval(state, ctx, from).as_cell();
                let to = self.eval(state, ctx, to).as_cell();
                if let (Some(from), Some(to)) = (from, to) {
                    self.move_stack(state, from, to);
                }
            }
            Effect::CaptureStack { cell } => {
                if let Some(cell) = self.eval(state, ctx, cell).as_cell() {
                    self.capture_stack(state, ctx, cell);
                }
            }
            Effect::SetOwner { cell, owner } => {
                let Some(cell) = self.eval(state, ctx, cell).as_cell() else { return };
                let owner = self.eval(state, ctx, owner).as_seat();
                if let Some(piece) = state.piece(cell).filter(|p| p.owner != owner) {
                    state.set_piece(cell, Some(Piece { owner, ..piece }));
                }
            }
        }
    }

    /// Runs the effects for each piece of the collection on the board (or each seat, or cell) for
    /// which the filter holds (chosen before any of them runs), with `it` the piece as it stands
    /// when its turn comes (or the seat, or the cell), in order.
    fn for_each(
        &self,
        state: &mut State,
        ctx: &Ctx,
        pieces: &Collection,
        filter: Option<&Expr>,
        body: &[Effect],
    ) {
        // The elements chosen (seats or cells), as a bit set: no allocation once warm.
        let mut chosen = CellBits::empty(self.game.board.cell_count().max(MAX_SEATS));
        match pieces {
            Collection::Seats => {
                let with = |seat: SeatId| ctx.with_it(Value::Seat(seat));
                let seats = 0..self.seat_count().min(MAX_SEATS) as SeatId;
                for seat in
                    seats.clone().filter(|&seat| filter.is_none_or(|f| self.holds(state, &with(seat), f)))
                {
                    set_bit(&mut chosen, seat.into());
                }
                for seat in cells_in(&chosen) {
                    self.run_effects(state, &with(seat as SeatId), body);
                }
            }
            Collection::Pieces { owner, types } => {
                self.for_each_on_board(state, ctx, owner, types, |cell, piece| {
                    let inner = ctx.with_placed_it(piece, cell);
                    if filter.is_none_or(|f| self.holds(state, &inner, f)) {
                        set_bit(&mut chosen, cell);
                    }
                });
                for cell in cells_in(&chosen) {
                    let Some(piece) = state.piece(cell) else { continue };
                    self.run_effects(state, &ctx.with_placed_it(piece, cell), body);
                }
            }
            Collection::Cells(set) => {
                let with = |cell: CellId| ctx.with_it(Value::Cell(cell));
                self.for_each_cell(state, ctx, set, |cell| {
                    if filter.is_none_or(|f| self.holds(state, &with(cell), f)) {
                        set_bit(&mut chosen, cell);
                    }
                });
                for cell in cells_in(&chosen) {
                    self.run_effects(state, &with(cell), body);
                }
            }
            // The checker allows `for each` over pieces on the board, seats and cells only.
            Collection::Reserve { .. }
            | Collection::Prizes { .. }
            | Collection::Losses { .. }
            | Collection::Line
            | Collection::Stack { .. } => {}
        }
    }

    /// Takes the piece on the move's cell off the board as a capture (`remove`).
    fn remove_piece(&self, state: &mut State, ctx: &mut Ctx, mv: Move) {
        ctx.to = mv.to;
        let Some((cell, piece)) = mv.to.and_then(|c| Some((c, state.piece(c)?))) else { return };
        ctx.target = Some(piece);
        self.capture(state, ctx, piece, cell);
    }

    /// Moves the piece on `from` to `to` when there is one and `to` is empty.
    fn relocate(&self, state: &mut State, from: CellId, to: CellId) {
        if let (Some(piece), None) = (state.piece(from), state.piece(to)) {
            state.set_piece(from, None);
            state.set_piece(to, Some(piece));
        }
    }

    /// Sets an attribute of the piece on `cell` to a value, or queues a roll for it.
    pub(crate) fn assign_attribute(
        &self,
        state: &mut State,
        ctx: &Ctx,
        cell: CellId,
        attribute: AttrId,
        value: &Expr,
    ) {
        if cell as usize >= self.game.board.cell_count() || attribute as usize >= self.game.attributes.len() {
            return;
        }
        if let Expr::Roll(sides) = value {
            queue_roll(state, *sides, RollTarget::Attribute { cell, attribute });
            return;
        }
        if let Some(value) = self.eval(state, ctx, value).as_int() {
            self.write_cell_attribute(state, cell, attribute, value);
        }
    }

    pub(crate) fn write_cell_attribute(
        &self,
        state: &mut State,
        cell: CellId,
        attribute: AttrId,
        value: i64,
    ) {
        if let Some(mut piece) = state.piece(cell) {
            self.write_attribute(&mut piece, attribute, value);
            state.set_piece(cell, Some(piece));
        }
    }

    /// Writes a roll's outcome to its target.
    pub(crate) fn write_roll(&self, state: &mut State, target: RollTarget, outcome: u32) {
        match target {
            RollTarget::Variable(slot) => {
                if let Some(variable) = state.variables.get_mut(slot as usize) {
                    *variable = Value::Int(outcome.into());
                }
            }
            RollTarget::Attribute { cell, attribute } => {
                self.write_cell_attribute(state, cell, attribute, outcome.into());
            }
        }
    }

    /// Turns a mutable map by `turns` steps of the board's rotation: the value on a cell moves to
    /// the cell's image.
    fn rotate_map(&self, state: &mut State, map: ludex_ir::MapId, turns: i64) {
        let (Some(offset), Some(rotation)) = (self.mutable_map_offset(map), self.game.board.rotation(turns))
        else {
            return;
        };
        let cells = self.game.board.cell_count();
        let Some(values) = state.maps.get_mut(offset..offset + cells) else { return };
        // The rotation is a permutation of the cells: each value moves to its image, cycle by
        // cycle, in place.
        let mut moved_cells = self.no_cells();
        let moved: &mut [u64] = &mut moved_cells;
        for start in 0..cells as CellId {
            if has_bit(moved, start) {
                continue;
            }
            let (mut cell, mut carried) = (start, values[start as usize]);
            for _ in 0..cells {
                if has_bit(moved, cell) {
                    break;
                }
                set_bit(moved, cell);
                let Some(slot) = rotation.cells.get(cell as usize).and_then(|&image| {
                    cell = image;
                    values.get_mut(image as usize)
                }) else {
                    break;
                };
                carried = std::mem::replace(slot, carried);
            }
        }
    }
}

/// Whether playing an action runs the turn's `after` effects too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnAfter {
    Played,
    /// Left out: a `legal if` trial whose condition cannot read what they write.
    LeftOut,
}

fn queue_roll(state: &mut State, sides: u32, target: RollTarget) {
    if sides > 0 {
        state.pending.push_back(PendingRoll { sides, target });
    }
}

/// Where a dropped piece comes from.
#[derive(Clone, Copy)]
enum Supply {
    /// The mover's reserve (`drop`).
    Reserve,
    /// A new piece (`place`).
    Unlimited,
}
