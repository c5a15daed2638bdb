//! Attack detection, `attacked(CELL, SEAT [, BY])`: whether an enemy of the seat (only `BY`, when
//! given) could capture on the cell with one of the current phase's capturing actions. Seats that
//! have retired attack nothing. Steps, slides and leaps are generated backwards from the cell (the
//! reverse of each direction comes from a table), so only the few cells an attacker could stand on
//! are looked at; each line is followed once for all the slides along it; walks are searched
//! forwards from each possible walker; entries along a track from each type in the reserve, and a
//! removal from its region. An attacker's action `when` and `where` and the capture rule
//! must hold, as for a move; the turn's filters and `legal if` are not applied, and `attacked` is
//! false inside them. Before any of that, the reach tables rule out the lines and the steps and
//! leaps that no piece of the attacker could come along; on boards of up to `MAX_TABLED_WORDS`
//! words the attacker's pieces of each line's types are gathered once per question, so that each
//! line is then ruled out by one test of its ray.

use ludex_ir::{
    Action, ActionId, ActionKind, CellId, DirId, Expr, Game, Over, PerSeat, SeatId, Track, TrackSource,
    TypeId, WalkRules,
};

use super::Engine;
use super::bits::{MAX_TABLED_WORDS, has_bit};
use std::ops::ControlFlow;

use super::eval::{Ctx, Evaluation, PieceSlot};
use super::hops::Hops;
use super::reach::{ReachTables, any_piece_on};
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
struct PhaseAttacks {
    /// Every capturing action but the slides.
    others: Vec<ActionId>,
    /// For each seat, each line an attacking slide comes along.
    lines: PerSeat<Vec<Line>>,
    /// For each seat, the different sets of types its lines' slides move, by the index the lines
    /// hold (`Line::kinds`).
    line_types: PerSeat<Vec<Vec<TypeId>>>,
}

/// A line an attacking slide comes along: the reverse of its direction, as seen from the attacked
/// cell, the slides along it and the types they move (none: any type).
#[derive(Clone, Debug)]
struct Line {
    back: DirId,
    slides: Vec<ActionId>,
    types: Vec<TypeId>,
    /// The index of `types` among the seat's sets of line types.
    kinds: usize,
}

/// The most sets of line types a seat's pieces are gathered for once per question; a seat whose
/// lines have more is tested line by line.
const LINE_TYPE_SETS: usize = 4;

/// The cells of the attacker's pieces of each set of line types, on the first words of the board.
type LinePieces = [[u64; MAX_TABLED_WORDS]; LINE_TYPE_SETS];

impl AttackTables {
    pub(super) fn new(game: &Game) -> AttackTables {
        let directions = &game.board.directions;
        let reverse: Vec<Option<DirId>> = directions
            .iter()
            .map(|d| directions.iter().position(|r| r.dx == -d.dx && r.dy == -d.dy).map(|r| r as DirId))
            .collect();
        let phases = game.phases.iter().map(|phase| PhaseAttacks::new(game, phase, &reverse)).collect();
        AttackTables { reverse, phases, reach: ReachTables::new(game) }
    }
}

impl PhaseAttacks {
    fn new(game: &Game, phase: &ludex_ir::Phase, reverse: &[Option<DirId>]) -> PhaseAttacks {
        let mut ids: Vec<ActionId> = phase.turn.choices.iter().flat_map(|c| c.actions.clone()).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.retain(|&id| game.actions.get(id as usize).is_some_and(captures));
        let seats = game.seats.len();
        let mut attacks = PhaseAttacks {
            others: Vec::new(),
            lines: vec![Vec::new(); seats],
            line_types: vec![Vec::new(); seats],
        };
        for id in ids {
            let Some(action) = game.actions.get(id as usize) else { continue };
            match &action.kind {
                ActionKind::Slide { directions, .. } => attacks.add_slide(id, action, directions, reverse),
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
        attacks.index_line_types();
        attacks
    }

    /// Numbers the different sets of types of each seat's lines (see `Line::kinds`).
    fn index_line_types(&mut self) {
        for (lines, sets) in self.lines.iter_mut().zip(&mut self.line_types) {
            for line in lines {
                line.kinds = match sets.iter().position(|types| *types == line.types) {
                    Some(index) => index,
                    None => {
                        sets.push(line.types.clone());
                        sets.len() - 1
                    }
                };
            }
        }
    }

    fn add_slide(
        &mut self,
        id: ActionId,
        action: &Action,
        directions: &PerSeat<Vec<DirId>>,
        reverse: &[Option<DirId>],
    ) {
        for (lines, directions) in self.lines.iter_mut().zip(directions) {
            for back in directions.iter().filter_map(|&d| reverse.get(d as usize).copied().flatten()) {
                let index = match lines.iter().position(|line| line.back == back) {
                    Some(index) => index,
                    None => {
                        lines.push(Line { back, slides: Vec::new(), types: Vec::new(), kinds: 0 });
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
                let pieces =
                    attacks.line_types.get(attacker as usize).and_then(|sets| probe.line_pieces(sets));
                lines.iter().any(|line| {
                    probe.may_come_along(line, pieces.as_ref()) && probe.slides_back(line.back, &line.slides)
                }) || attacks
                    .others
                    .iter()
                    .any(|&id| action(id).is_some_and(|a| probe.may_land_by(id, a) && probe.by(id, a)))
            })
    }
}

impl Probe<'_> {
    /// Whether a piece of the attacker of a type that slides along the line stands on it (true
    /// without reach tables), from the attacker's pieces of each set of line types when they were
    /// gathered.
    fn may_come_along(&self, line: &Line, pieces: Option<&LinePieces>) -> bool {
        let Some(reach) = &self.engine.tables.speed.attacks.reach else { return true };
        let ray = reach.ray(self.cell, line.back);
        match pieces.and_then(|pieces| pieces.get(line.kinds)) {
            Some(pieces) => ray.iter().zip(pieces).any(|(ray, pieces)| ray & pieces != 0),
            None => any_piece_on(self.state, self.attacker, &line.types, ray),
        }
    }

    /// The attacker's pieces of each of its sets of line types, on a board of at most
    /// `MAX_TABLED_WORDS` words with at most `LINE_TYPE_SETS` sets (none otherwise).
    fn line_pieces(&self, sets: &[Vec<TypeId>]) -> Option<LinePieces> {
        if sets.len() > LINE_TYPE_SETS {
            return None;
        }
        let mut pieces = [[0; MAX_TABLED_WORDS]; LINE_TYPE_SETS];
        for (pieces, types) in pieces.iter_mut().zip(sets) {
            *pieces = self.state.index.cells_of_types(Some(self.attacker), types)?;
        }
        Some(pieces)
    }

    /// Whether a piece of the attacker the action moves stands where the action lands on the cell
    /// from (true for actions without a reach table).
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
                board.neighbour(self.cell, d).is_some_and(|from| self.attacks_from(action, from, 1))
            }),
            ActionKind::Slide { .. } => false,
            ActionKind::Leap { paths } => paths.get(seat).is_some_and(|paths| {
                paths
                    .iter()
                    .any(|path| self.leap_start(path).is_some_and(|from| self.attacks_from(action, from, 0)))
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
                        .any(|from| from != self.cell && self.attacks_from(action, from, 0))
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

    /// Follows a line from the cell to the first piece, which attacks if one of the slides along
    /// the line moves it that far.
    fn slides_back(&self, back: DirId, slides: &[ActionId]) -> bool {
        let board = &self.engine.game.board;
        let mut cell = self.cell;
        for distance in 1..=board.cell_count() {
            let Some(next) = board.neighbour(cell, back) else { return false };
            if self.state.piece(next).is_some() {
                let actions = &self.engine.game.actions;
                return slides
                    .iter()
                    .filter_map(|&id| actions.get(id as usize))
                    .any(|action| self.attacks_from(action, next, distance));
            }
            cell = next;
        }
        false
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
            return self.engine.with_walk_ends(self.state, ctx, from, (shape, rules), reaches);
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
    /// slide (0: not a slide).
    fn attacks_from(&self, action: &Action, from: CellId, distance: usize) -> bool {
        if !self.moves_by(action, from) {
            return false;
        }
        let within = match &action.kind {
            ActionKind::Slide { max: Some(max), .. } => {
                let max = self.engine.eval(self.state, &self.before(from), max).as_int().unwrap_or(0);
                i64::try_from(distance).is_ok_and(|d| d <= max)
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
