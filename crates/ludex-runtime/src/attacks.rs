//! Attack detection, `attacked(CELL, SEAT [, BY])`: whether an enemy of the seat (only `BY`, when
//! given) could capture on the cell with one of the current phase's capturing actions. Seats that
//! have retired attack nothing. Steps, slides and leaps are generated backwards from the cell (the
//! reverse of each direction comes from a table), so only the few cells an attacker could stand on
//! are looked at; each line is followed once for all the slides along it; walks are searched
//! forwards from each possible walker; entries along a track from each type in the reserve, and a
//! removal from its region. An attacker's action `when` and `where` and the capture rule
//! must hold, as for a move; the turn's filters and `legal if` are not applied, and `attacked` is
//! false inside them. On boards of up to `MAX_TABLED_WORDS` words whose rays run one way in the
//! cell index, the first piece on each line is found by a bit scan of the occupied cells of its
//! ray (`rays`); elsewhere the reach tables rule out the lines no piece of the attacker could come
//! along before the line is walked. They rule out the steps and leaps that no piece of the
//! attacker could come by, before any piece is looked at, and all the lines at once where no piece
//! of the attacker of their types stands on any of their rays from the cell (`LinesReach`).

use ludex_ir::{
    Action, ActionId, ActionKind, CellId, DirId, Expr, Game, Over, PerSeat, PhaseId, SeatId, Track,
    TrackSource, TypeId, WalkRules,
};

use super::Engine;
use super::bits::has_bit;
use std::ops::ControlFlow;

use super::eval::{Ctx, Evaluation, PieceSlot};
use super::hops::Hops;
use super::overlay::AttackReads;
use super::rays::{RayOrder, first_occupied, occupied_cells};
use super::reach::{LinesReach, ReachTables, any_piece_on};
use super::state::{Piece, State};
use super::walk::{self, WalkEnd, WalkShape};

/// What attack detection looks up.
#[derive(Debug, Default)]
pub(super) struct AttackTables {
    /// The reverse of each direction, if the board has it.
    reverse: Vec<Option<DirId>>,
    /// By phase: the capturing actions of its turn.
    phases: Vec<PhaseAttacks>,
    reach: Option<ReachTables>,
}

/// The piece actions a phase's turn plays that may end on an enemy.
#[derive(Debug, Default)]
pub(super) struct PhaseAttacks {
    /// Every capturing action but the slides.
    pub(super) others: Vec<ActionId>,
    /// For each seat, each line an attacking slide comes along.
    pub(super) lines: PerSeat<Vec<Line>>,
    /// For each seat, where the board has reach tables, the cells of its lines from each cell.
    pub(super) lines_reach: PerSeat<Option<LinesReach>>,
    /// What the attacks read of a position (`overlay`).
    reads: AttackReads,
}

/// A line an attacking slide comes along: the reverse of its direction, as seen from the attacked
/// cell, the slides along it and the types they move (none: any type).
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub(super) back: DirId,
    pub(super) slides: Vec<ActionId>,
    pub(super) types: Vec<TypeId>,
    /// How the rays in the direction `back` run in the cell index.
    pub(super) order: RayOrder,
}

impl AttackTables {
    pub(super) fn new(game: &Game) -> AttackTables {
        let directions = &game.board.directions;
        let reverse: Vec<Option<DirId>> = directions
            .iter()
            .map(|d| directions.iter().position(|r| r.dx == -d.dx && r.dy == -d.dy).map(|r| r as DirId))
            .collect();
        let reach = ReachTables::new(game);
        let phases = game
            .phases
            .iter()
            .map(|phase| PhaseAttacks::new(game, phase, &reverse, reach.as_ref()))
            .collect();
        AttackTables { reverse, phases, reach }
    }

    /// The reach tables, where the board is small enough for them.
    pub(super) fn reach(&self) -> Option<&ReachTables> {
        self.reach.as_ref()
    }

    /// The reach tables, to be changed by a test.
    #[cfg(test)]
    pub(super) fn reach_mut(&mut self) -> Option<&mut ReachTables> {
        self.reach.as_mut()
    }

    /// The phase's attacks with the reach tables, where they read only the board's bit sets.
    pub(super) fn on_bits(&self, phase: PhaseId) -> Option<(&PhaseAttacks, &ReachTables)> {
        let attacks = self.phases.get(phase as usize).filter(|a| a.reads == AttackReads::BitSets)?;
        Some((attacks, self.reach.as_ref()?))
    }
}

impl PhaseAttacks {
    fn new(
        game: &Game,
        phase: &ludex_ir::Phase,
        reverse: &[Option<DirId>],
        reach: Option<&ReachTables>,
    ) -> PhaseAttacks {
        let mut ids: Vec<ActionId> = phase.turn.choices.iter().flat_map(|c| c.actions.clone()).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.retain(|&id| game.actions.get(id as usize).is_some_and(captures));
        let seats = game.seats.len();
        let mut attacks = PhaseAttacks {
            others: Vec::new(),
            lines: vec![Vec::new(); seats],
            lines_reach: Vec::new(),
            reads: AttackReads::Position,
        };
        for id in ids {
            let Some(action) = game.actions.get(id as usize) else { continue };
            match &action.kind {
                ActionKind::Slide { directions, .. } => {
                    attacks.add_slide(game, (id, action), directions, reverse)
                }
                ActionKind::Step { .. }
                | ActionKind::Leap { .. }
                | ActionKind::Walk { .. }
                | ActionKind::Hop { .. }
                | ActionKind::Anywhere { .. }
                | ActionKind::Along { .. }
                | ActionKind::Remove { .. }
                | ActionKind::SlideExactly { .. } => attacks.others.push(id),
                // They never capture (see `captures`).
                ActionKind::Sow { .. }
                | ActionKind::Drop { .. }
                | ActionKind::Choose { .. }
                | ActionKind::Declare
                | ActionKind::Place { .. } => {}
            }
        }
        attacks.lines_reach = (attacks.lines.iter())
            .map(|lines| {
                let lines = lines.iter().map(|line| (line.back, &line.types[..]));
                reach.map(|reach| LinesReach::new(reach, lines))
            })
            .collect();
        attacks.reads = AttackReads::of(game, &attacks, reach);
        attacks
    }

    fn add_slide(
        &mut self,
        game: &Game,
        (id, action): (ActionId, &Action),
        directions: &PerSeat<Vec<DirId>>,
        reverse: &[Option<DirId>],
    ) {
        for (lines, directions) in self.lines.iter_mut().zip(directions) {
            for back in directions.iter().filter_map(|&d| reverse.get(d as usize).copied().flatten()) {
                let index = match lines.iter().position(|line| line.back == back) {
                    Some(index) => index,
                    None => {
                        let order = RayOrder::of(&game.board, back);
                        lines.push(Line { back, slides: Vec::new(), types: Vec::new(), order });
                        lines.len() - 1
                    }
                };
                let line = &mut lines[index];
                // A slide of any type makes the line's types "any" (empty) for good.
                let any_before = !line.slides.is_empty() && line.types.is_empty();
                line.slides.push(id);
                if any_before || action.pieces.is_empty() {
                    line.types.clear();
                } else {
                    line.types.extend(&action.pieces);
                    line.types.sort_unstable();
                    line.types.dedup();
                }
            }
        }
    }
}

/// Whether an action may capture: a piece move or an entry that may end on an enemy, a hop over
/// enemies, a removal.
pub(super) fn captures(action: &Action) -> bool {
    action.kind.may_capture(&action.destination)
}

impl Engine {
    /// Whether the action's conditions hold for a capture on `cell` by the attacker's piece on
    /// `from` (its `when`, `where` and promotion, as `attacked` tests them), the cell taken to be
    /// empty (no capture rule).
    pub(super) fn attack_conditions_hold(
        &self,
        state: &State,
        action: &Action,
        (from, cell, attacker): (CellId, CellId, SeatId),
    ) -> bool {
        Probe { engine: self, state, cell, target: None, attacker }.conditions_hold(action, from)
    }
}

/// One attack question: the cell, the piece on it and the seat attacking.
struct Probe<'a> {
    engine: &'a Engine,
    state: &'a State,
    cell: CellId,
    target: Option<Piece>,
    attacker: SeatId,
}

impl Engine {
    /// Whether an enemy of `defender` (only `by`, when given) could capture on `cell` (see the
    /// module doc). A seat that has retired attacks nothing: its pieces left on the board are frozen.
    pub(crate) fn attacked(
        &self,
        state: &State,
        ctx: &Ctx,
        cell: CellId,
        defender: SeatId,
        by: Option<SeatId>,
    ) -> bool {
        if ctx.evaluation.attacking || cell as usize >= self.game.board.cell_count() {
            return false;
        }
        let target = state.piece(cell);
        let Some(attacks) = self.tables.speed.attacks.phases.get(state.phase as usize) else { return false };
        let action = |id: ActionId| self.game.actions.get(id as usize);
        (0..self.seat_count() as SeatId)
            .filter(|&attacker| by.is_none_or(|by| by == attacker))
            .filter(|&attacker| !self.allied(attacker, defender) && !state.is_retired(attacker))
            .filter(|&attacker| target.is_none_or(|t| self.is_enemy(attacker, &t)))
            .any(|attacker| {
                let probe = Probe { engine: self, state, cell, target, attacker };
                let lines = attacks.lines.get(attacker as usize).map_or(&[][..], Vec::as_slice);
                let reach = attacks.lines_reach.get(attacker as usize).and_then(Option::as_ref);
                reach.is_none_or(|reach| reach.may_attack(state, attacker, cell)) && probe.slides_along(lines)
                    || attacks
                        .others
                        .iter()
                        .any(|&id| action(id).is_some_and(|a| probe.may_land_by(id, a) && probe.by(id, a)))
            })
    }
}

impl Probe<'_> {
    /// Whether a slide along one of the lines captures on the cell. On a board of at most
    /// `MAX_TABLED_WORDS` words, the first piece on a line whose rays are ordered is found by a
    /// bit scan of its ray in the occupied cells; any other line is walked, once the reach tables
    /// show a piece of the attacker that slides along it on it. Out of line, so that `attacked`
    /// stays small.
    #[inline(never)]
    fn slides_along(&self, lines: &[Line]) -> bool {
        let reach = self.engine.tables.speed.attacks.reach.as_ref();
        let scanned = reach.zip(occupied_cells(self.state));
        let cell = self.cell;
        lines.iter().any(|line| match &scanned {
            Some((reach, occupied)) if line.order != RayOrder::Unordered => {
                let ray = reach.ray(cell, line.back);
                first_occupied(ray, &occupied[..], line.order).is_some_and(|from| {
                    self.first_moves_along(line, from)
                        && self
                            .slides_from(line, from, &|| reach.distance((cell, line.back), line.order, from))
                })
            }
            _ => {
                let ray = reach.map(|reach| reach.ray(cell, line.back));
                if ray.is_some_and(|ray| !any_piece_on(self.state, self.attacker, &line.types, ray)) {
                    return false;
                }
                let first = self.first_piece(line.back);
                first.is_some_and(|(from, distance)| {
                    self.first_moves_along(line, from) && self.slides_from(line, from, &|| distance)
                })
            }
        })
    }

    /// Whether the piece on `from` is the attacker's, of a type the line's slides move.
    #[inline]
    fn first_moves_along(&self, line: &Line, from: CellId) -> bool {
        self.state.piece(from).is_some_and(|piece| {
            piece.owner == Some(self.attacker) && (line.types.is_empty() || line.types.contains(&piece.kind))
        })
    }

    /// Whether one of the line's slides captures on the cell from `from`, `distance` cells away.
    #[cold]
    fn slides_from(&self, line: &Line, from: CellId, distance: &dyn Fn() -> usize) -> bool {
        let actions = &self.engine.game.actions;
        line.slides
            .iter()
            .filter_map(|&id| actions.get(id as usize))
            .any(|action| self.attacks_from(action, from, distance))
    }

    /// Whether a piece of the attacker the action moves stands where the action lands on the cell
    /// from (true for actions without a reach table). Inlined into the loop over the attacker's
    /// actions, which asks it first: out of line, it cost more than the test it saves.
    #[inline]
    fn may_land_by(&self, id: ActionId, action: &Action) -> bool {
        let Some(reach) = &self.engine.tables.speed.attacks.reach else { return true };
        match reach.sources(id as usize, self.attacker as usize, self.cell) {
            Some(sources) => any_piece_on(self.state, self.attacker, &action.pieces, sources),
            None => true,
        }
    }

    /// Whether a piece of the attacker captures on the cell by this action.
    fn by(&self, id: ActionId, action: &Action) -> bool {
        let board = &self.engine.game.board;
        let seat = self.attacker as usize;
        match &action.kind {
            ActionKind::Step { directions } => self.directions(directions.get(seat)).any(|d| {
                board.neighbour(self.cell, d).is_some_and(|from| self.attacks_from(action, from, &|| 1))
            }),
            ActionKind::Slide { .. } => false,
            ActionKind::Leap { paths } => paths.get(seat).is_some_and(|paths| {
                paths.iter().any(|path| {
                    self.leap_start(path).is_some_and(|from| self.attacks_from(action, from, &|| 0))
                })
            }),
            ActionKind::Walk { directions, length, exact, rules } => {
                let directions = directions.get(seat).map_or(&[][..], Vec::as_slice);
                self.walkers(action).any(|from| {
                    let ctx = self.before(from);
                    let length = self.engine.eval(self.state, &ctx, length).as_int().unwrap_or(0);
                    let length = length.clamp(0, board.cell_count() as i64) as usize;
                    let shape = WalkShape::of(directions, length, *exact, rules);
                    self.walk_reaches(&ctx, (id, from), (shape, rules)) && self.conditions_hold(action, from)
                })
            }
            ActionKind::Hop { .. } => self.walkers(action).any(|from| self.jumps(action, from)),
            ActionKind::Anywhere { cells } => {
                cells.get(seat).is_some_and(|cells| cells.contains(self.cell))
                    && self
                        .walkers(action)
                        .any(|from| from != self.cell && self.attacks_from(action, from, &|| 0))
            }
            ActionKind::Along { track, amounts, source, .. } => {
                let Some(track) = self.engine.game.tracks.get(*track as usize) else { return false };
                match source {
                    TrackSource::Board => self.walkers(action).any(|from| {
                        self.along_reaches(action, (track, amounts), Some(from), self.before(from))
                    }),
                    TrackSource::Reserve => self.entering(action).any(|piece| {
                        self.along_reaches(action, (track, amounts), None, self.before_entering(piece))
                    }),
                }
            }
            ActionKind::Remove { cells } => {
                cells.get(seat).is_some_and(|cells| cells.contains(self.cell))
                    && self.conditions_hold_in(action, self.before_removing())
            }
            ActionKind::SlideExactly { lines, over } => lines.get(seat).is_some_and(|lines| {
                lines
                    .iter()
                    .any(|(direction, distance)| self.slides_exactly(action, (*direction, distance), *over))
            }),
            ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Sow { .. } => false,
        }
    }

    /// Whether a chain of the attacker's piece on `from` jumps the cell (taken to hold an enemy)
    /// where the action's `when` and `where` hold: a hop attacks the cell it jumps, not the cell it
    /// lands on.
    fn jumps(&self, action: &Action, from: CellId) -> bool {
        let before = self.before(from);
        if action.when.as_ref().is_some_and(|when| !self.engine.holds(self.state, &before, when)) {
            return false;
        }
        let hops = Hops::of(self.engine, (self.state, &before), (action, self.attacker), from);
        let Some(hops) = hops.map(|hops| hops.probing(self.cell)) else { return false };
        let filter_holds =
            |ctx: &Ctx| action.filter.as_ref().is_none_or(|f| self.engine.holds(self.state, ctx, f));
        hops.ends(&mut |end| {
            let landed = Ctx { to: Some(end.to), target: None, ..before };
            let promotions = hops.promotions(end.to);
            let holds = match promotions {
                [] => end.endings.has(0) && filter_holds(&landed),
                types => types.iter().enumerate().any(|(index, &kind)| {
                    end.endings.has(index) && filter_holds(&Ctx { promotion: Some(kind), ..landed })
                }),
            };
            if holds && end.jumped.cells().contains(&self.cell) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// The reverses of a seat's directions: where an attacker stands, seen from the cell.
    fn directions<'d>(&'d self, directions: Option<&'d Vec<DirId>>) -> impl Iterator<Item = DirId> + 'd {
        let reverse = &self.engine.tables.speed.attacks.reverse;
        directions.into_iter().flatten().filter_map(|&d| reverse.get(d as usize).copied().flatten())
    }

    /// Follows a line from the cell to the first piece: its cell and distance.
    fn first_piece(&self, back: DirId) -> Option<(CellId, usize)> {
        let board = &self.engine.game.board;
        let mut cell = self.cell;
        for distance in 1..=board.cell_count() {
            let next = board.neighbour(cell, back)?;
            if self.state.piece(next).is_some() {
                return Some((next, distance));
            }
            cell = next;
        }
        None
    }

    /// Whether a piece of the attacker lands on the cell by a slide of exactly so many cells in
    /// the direction (a slide of computed length attacks its landing cell only): walking back
    /// from the cell, each piece the action moves is tried at its distance from the cell, until a
    /// cell the slide could not pass over.
    fn slides_exactly(&self, action: &Action, (direction, distance): (DirId, &Expr), over: Over) -> bool {
        let reverse = &self.engine.tables.speed.attacks.reverse;
        let Some(back) = reverse.get(direction as usize).copied().flatten() else { return false };
        let cells = self.engine.game.board.cell_count();
        for (passed, from) in self.engine.ray(self.cell, back).take(cells).enumerate() {
            if self.moves_by(action, from)
                && self.engine.exact_slide_lands(self.state, &self.before(from), distance, passed + 1)
                && self.conditions_hold(action, from)
            {
                return true;
            }
            if !self.engine.slide_passes(self.state, Some(self.attacker), from, over) {
                return false;
            }
        }
        false
    }

    /// Where a leap along the path must start to end on the cell.
    fn leap_start(&self, path: &[DirId]) -> Option<CellId> {
        let board = &self.engine.game.board;
        let reverse = &self.engine.tables.speed.attacks.reverse;
        let start = path.iter().rev().try_fold(self.cell, |cell, &d| {
            board.neighbour(cell, reverse.get(d as usize).copied().flatten()?)
        })?;
        (start != self.cell).then_some(start)
    }

    /// Whether a walk of the piece on `from` can end on the cell (the same search as for moves).
    fn walk_reaches(
        &self,
        ctx: &Ctx,
        (id, from): (ActionId, CellId),
        (shape, rules): (WalkShape, &WalkRules),
    ) -> bool {
        if !walk::is_plain(rules) {
            let reaches = |ends: &[WalkEnd]| ends.iter().any(|end| end.to == Some(self.cell));
            let forms = self.engine.walk_rule_forms(id);
            return self.engine.with_walk_ends(self.state, ctx, from, (shape, rules, forms), reaches);
        }
        let reaches = |reached: &mut [u64]| has_bit(reached, self.cell);
        self.engine.with_plain_walk(self.state, (id, self.attacker), (shape, from), reaches)
    }

    /// Whether the piece (on `from`, or entering from the reserve) ends on the cell when it moves
    /// one of the amounts along the track, where the conditions hold with `pips` that amount.
    fn along_reaches(
        &self,
        action: &Action,
        (track, amounts): (&Track, &[Expr]),
        from: Option<CellId>,
        before: Ctx<'static>,
    ) -> bool {
        let seat = (track, self.attacker);
        let ends = self.engine.along_ends(self.state, &before, seat, from, amounts, |amount, end| {
            let pips = Ctx { choice: Some(amount), ..before };
            if end == Some(self.cell) && self.conditions_hold_in(action, pips) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        ends.is_break()
    }

    /// The first piece of each type in the attacker's reserve that the action moves (an entry
    /// along a track is offered for those, as a move is).
    fn entering<'s>(&'s self, action: &'s Action) -> impl Iterator<Item = Piece> + 's {
        let reserve = self.state.reserve_of(self.attacker);
        reserve.iter().enumerate().filter_map(move |(index, &piece)| {
            let first_of_type = index == 0 || reserve.get(index - 1).is_none_or(|p| p.kind != piece.kind);
            let moved = action.pieces.is_empty() || action.pieces.contains(&piece.kind);
            (first_of_type && moved).then_some(piece)
        })
    }

    /// The cells of the attacker's pieces that make this action.
    fn walkers<'s>(&'s self, action: &'s Action) -> impl Iterator<Item = CellId> + 's {
        self.state.cells_of(Some(self.attacker)).filter(move |&cell| self.moves_by(action, cell))
    }

    /// Whether a piece of the attacker of a type the action moves stands on the cell.
    fn moves_by(&self, action: &Action, from: CellId) -> bool {
        self.state.piece(from).is_some_and(|piece| {
            piece.owner == Some(self.attacker)
                && (action.pieces.is_empty() || action.pieces.contains(&piece.kind))
        })
    }

    /// Whether the attacker's piece on `from` captures on the cell, `distance` steps away along a
    /// slide (0: not a slide; asked only of a slide with a `max`).
    fn attacks_from(&self, action: &Action, from: CellId, distance: &dyn Fn() -> usize) -> bool {
        if !self.moves_by(action, from) {
            return false;
        }
        let within = match &action.kind {
            ActionKind::Slide { max: Some(max), .. } => {
                let max = self.engine.eval(self.state, &self.before(from), max).as_int().unwrap_or(0);
                i64::try_from(distance()).is_ok_and(|d| d <= max)
            }
            ActionKind::Slide { max: None, .. }
            | ActionKind::Step { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Along { .. }
            | ActionKind::Sow { .. }
            | ActionKind::SlideExactly { .. } => true,
        };
        within && self.conditions_hold(action, from)
    }

    /// The attacker's context before its move.
    fn before(&self, from: CellId) -> Ctx<'static> {
        let evaluation = Evaluation { attacking: true, ..Evaluation::START };
        Ctx {
            piece: PieceSlot::At(from),
            from: Some(from),
            evaluation,
            ..Ctx::new(Some(self.attacker), None)
        }
    }

    /// The attacker's context before its piece enters from the reserve.
    fn before_entering(&self, piece: Piece) -> Ctx<'static> {
        let evaluation = Evaluation { attacking: true, ..Evaluation::START };
        Ctx { piece: PieceSlot::Held(piece), evaluation, ..Ctx::new(Some(self.attacker), None) }
    }

    /// The attacker's context before it removes a piece (no piece of its own moves).
    fn before_removing(&self) -> Ctx<'static> {
        let evaluation = Evaluation { attacking: true, ..Evaluation::START };
        Ctx { evaluation, ..Ctx::new(Some(self.attacker), None) }
    }

    /// [`Self::conditions_hold_in`] for the attacker's piece on `from`.
    fn conditions_hold(&self, action: &Action, from: CellId) -> bool {
        self.conditions_hold_in(action, self.before(from))
    }

    /// The action's `when` and `where` and the capture rule (on an occupied cell); where the
    /// action promotes, the `where` for one of the types the move is offered as; `before` the
    /// attacker's context before its move.
    fn conditions_hold_in(&self, action: &Action, before: Ctx<'static>) -> bool {
        let (engine, state) = (self.engine, self.state);
        let after = Ctx { to: Some(self.cell), target: self.target, ..before };
        let holds = |condition: Option<&ludex_ir::Expr>, ctx: &Ctx| {
            condition.is_none_or(|c| engine.holds(state, ctx, c))
        };
        let capture = if self.target.is_some() { engine.game.capture.allowed.as_ref() } else { None };
        let filter_holds = |ctx: &Ctx| holds(action.filter.as_ref(), ctx);
        holds(action.when.as_ref(), &before)
            && holds(capture, &after)
            && match engine.promotions_offered(state, action, self.attacker, &after) {
                Some(types) => {
                    types.iter().any(|&kind| filter_holds(&Ctx { promotion: Some(kind), ..after }))
                }
                None => filter_holds(&after),
            }
    }
}
