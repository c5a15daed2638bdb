//! The steps of walks with rules: a condition on each step (`each step where`), a cost paid from
//! an attribute of the moving piece (`paying`), pushing the line of pieces in the way (`push`) and
//! leaving the board (`exit`); and playing such a walk's path.
//!
//! The search (the walk's one search, with these steps) tries every path on a scratch copy of the
//! state, making each push as it goes and undoing it as it backtracks, and keeps one path per
//! distinct effect: where the piece ends, what it has left to pay with and which lines it pushed.
//! Such a move carries its [`Path`]; playing it replays the path. The search tests each step's
//! condition, cost and push in their compiled forms ([`CompiledWalkRules`]), built once per action. The search's buffers (the scratch
//! copy, the effects seen, the ends found) are kept per thread from one search to the next, so that
//! a warm search does not allocate.

use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use ludex_ir::{ActionId, ActionKind, AttrId, CaptureDestination, CellId, DirId, Push, WalkRules};

use super::path::MAX_PATH_STEPS;
use super::{Entry, Path, Steps, WalkShape, search};
use crate::compiled::{Cond, Int, Layout};
use crate::eval::{Ctx, Line, PieceSlot, WalkWords};
use crate::hashing::WordHasher;
use crate::state::{Piece, State};
use crate::{Engine, Move};

/// The expressions of a walk's rules, compiled once: the step's condition, what a step costs and
/// the push's condition (see [`crate::compiled`]).
#[derive(Debug)]
pub(crate) struct CompiledWalkRules {
    guard: Option<Cond>,
    cost: Option<Int>,
    push_allowed: Option<Cond>,
}

/// How a search evaluates a walk's rules: in their compiled forms, or as written (the plain
/// reference implementation, which the compiled forms are tested against).
#[derive(Clone, Copy)]
pub(crate) enum RuleForms<'a> {
    Compiled(&'a CompiledWalkRules),
    Written,
}

/// By action, the compiled rules of the walks that have rules (`None` for every other action).
pub(crate) fn compile_walk_rules(layout: &Layout) -> Vec<Option<CompiledWalkRules>> {
    let compile = |rules: &WalkRules| CompiledWalkRules {
        guard: rules.guard.as_ref().map(|guard| Cond::new(guard, layout)),
        cost: rules.cost.as_ref().map(|cost| Int::new(&cost.amount, layout)),
        push_allowed: rules
            .push
            .as_ref()
            .and_then(|push| push.allowed.as_ref())
            .map(|a| Cond::new(a, layout)),
    };
    let of_action = |kind: &ActionKind| match kind {
        ActionKind::Walk { rules, .. } => Some(compile(rules)),
        _ => None,
    };
    layout.game.actions.iter().map(|action| of_action(&action.kind)).collect()
}

/// Where a walk found by the search ends.
#[derive(Clone, Copy)]
pub(crate) struct WalkEnd {
    /// The last cell; `None` when the walk leaves the board.
    pub to: Option<CellId>,
    /// The piece on the last cell, which the move would capture (a walk that pushes never does).
    pub target: Option<Piece>,
    /// The path, for walks that keep it ([`Path::NONE`] otherwise).
    pub path: Path,
}

/// What a path does: paths that do the same are one move.
#[derive(PartialEq, Eq, Hash)]
struct PathEffect {
    to: Option<CellId>,
    /// What the moving piece has left of the attribute it pays with (nothing else of it changes).
    left: i32,
    pushes: Pushes,
}

/// The lines a path has pushed, by first cell and direction, in order: at most one a step, so at
/// most [`MAX_PATH_STEPS`] (a walk that pushes keeps its path). Unused entries stay zero, so that
/// equal lists compare equal; only the used ones are hashed.
#[derive(Clone, Copy, Default, Eq)]
struct Pushes {
    len: usize,
    lines: [(CellId, DirId); MAX_PATH_STEPS],
}

impl PartialEq for Pushes {
    /// Out of line, as the set of effects seen calls it: inlined into the set's insertion, the
    /// walk searches of a game whose paths often have the same effect took 2 % more instructions.
    #[inline(never)]
    fn eq(&self, other: &Pushes) -> bool {
        self.len == other.len && self.lines == other.lines
    }
}

impl Hash for Pushes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.lines.get(..self.len).hash(state);
    }
}

impl Pushes {
    fn push(&mut self, line: (CellId, DirId)) {
        if let Some(slot) = self.lines.get_mut(self.len) {
            *slot = line;
            self.len += 1;
        }
    }

    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
        if let Some(slot) = self.lines.get_mut(self.len) {
            *slot = (0, 0);
        }
    }
}

/// The buffers of a search, kept between searches.
#[derive(Default)]
struct Buffers {
    scratch: Option<State>,
    seen: HashSet<PathEffect, BuildHasherDefault<WordHasher>>,
    ends: Vec<WalkEnd>,
}

thread_local! {
    static BUFFERS: Cell<Option<Buffers>> = const { Cell::new(None) };
    /// The pieces of the line a played move pushes, as they were, with their cells.
    static PUSHED: Cell<Vec<(Piece, CellId)>> = const { Cell::new(Vec::new()) };
}

/// The steps of a walk with rules, from one piece: the search's hooks (see [`Steps`]).
struct WalkRuleSteps<'a> {
    engine: &'a Engine,
    rules: &'a WalkRules,
    forms: RuleForms<'a>,
    /// The state as the walk has changed it so far (the moving piece lifted off the board).
    scratch: State,
    /// The move's context: mover, next seat, `from`.
    base: Ctx<'a>,
    pushes: Pushes,
    seen: HashSet<PathEffect, BuildHasherDefault<WordHasher>>,
    ends: Vec<WalkEnd>,
}

impl Engine {
    /// Calls `with` on the ends of the walks of the piece on `from` by a walk with `rules`, one
    /// per distinct effect.
    pub(crate) fn with_walk_ends<R>(
        &self,
        state: &State,
        ctx: &Ctx,
        from: CellId,
        (shape, rules, forms): (WalkShape, &WalkRules, RuleForms),
        with: impl FnOnce(&[WalkEnd]) -> R,
    ) -> R {
        let Some(piece) = state.piece(from) else { return with(&[]) };
        let mut buffers = BUFFERS.take().unwrap_or_default();
        let mut scratch = buffers.scratch.take().unwrap_or_else(|| state.clone());
        scratch.clone_from(state);
        scratch.set_piece(from, None);
        buffers.seen.clear();
        buffers.ends.clear();
        let mut steps = WalkRuleSteps {
            engine: self,
            rules,
            forms,
            scratch,
            base: Ctx { from: Some(from), ..*ctx },
            pushes: Pushes::default(),
            seen: buffers.seen,
            ends: buffers.ends,
        };
        search(&self.game.board, shape, from, (piece, Path::NONE), &mut steps);
        let result = with(&steps.ends);
        BUFFERS.set(Some(Buffers { scratch: Some(steps.scratch), seen: steps.seen, ends: steps.ends }));
        result
    }

    /// Plays a walk's path: every step paid for, the lines in the way pushed (with the push's
    /// effects), then the piece put on the last cell (capturing what stands there) or sent off the
    /// board.
    pub(crate) fn walk_path(&self, state: &mut State, ctx: &mut Ctx, mv: Move, rules: &WalkRules) {
        let Some(from) = mv.from else { return };
        let Some(mut piece) = state.piece(from) else { return };
        state.set_piece(from, None);
        ctx.from = Some(from);
        let mut cell = from;
        for direction in mv.path.steps() {
            let next = self.game.board.neighbour(cell, direction);
            let step = step_ctx(ctx, piece, cell, next);
            if let Some(cost) = &rules.cost {
                let amount = self.eval(state, &step, &cost.amount).as_int();
                piece = self.pay_step(piece, cost.attribute, amount).unwrap_or(piece);
            }
            let Some(next) = next else {
                ctx.piece = PieceSlot::Held(piece);
                self.send_away(
                    state,
                    ctx,
                    piece,
                    Some(cell),
                    rules.exit.unwrap_or(CaptureDestination::Nowhere),
                );
                return;
            };
            if let Some(push) = rules.push.as_ref().filter(|_| state.piece(next).is_some()) {
                self.push_line(state, &step, next, direction, push);
            }
            cell = next;
        }
        self.land(state, ctx, piece, cell);
    }

    /// The compiled forms of a walk action's rules (written out when there are none: an action
    /// that is no walk).
    pub(crate) fn walk_rule_forms(&self, action: ActionId) -> RuleForms<'_> {
        match self.tables.speed.walk_rules.get(action as usize) {
            Some(Some(compiled)) => RuleForms::Compiled(compiled),
            Some(None) | None => RuleForms::Written,
        }
    }

    /// The piece after paying `amount` of `attribute` for a step; `None` when the cost is not a
    /// number or would take the attribute below its minimum.
    fn pay_step(&self, piece: Piece, attribute: AttrId, amount: Option<i64>) -> Option<Piece> {
        let minimum = self.game.attributes.get(attribute as usize)?.min;
        let left = i64::from(piece.attribute(attribute)).saturating_sub(amount?);
        if left < minimum.into() {
            return None;
        }
        let mut paid = piece;
        self.write_attribute(&mut paid, attribute, left);
        Some(paid)
    }

    /// The line of pieces from `start` along `direction`, up to the first empty cell or the edge.
    fn line_from(&self, state: &State, start: CellId, direction: DirId) -> Line {
        let cells = std::iter::successors(Some(start), |&c| self.game.board.neighbour(c, direction));
        let len = cells.take_while(|&c| state.piece(c).is_some()).count();
        Line { start, direction, len: len.min(u16::MAX.into()) as u16 }
    }

    /// The step's context for one piece of the line.
    fn pushing<'l>(&self, step: &Ctx<'l>, line: Line, pushed: Option<Piece>, from: CellId) -> Ctx<'l> {
        let to = self.game.board.neighbour(from, line.direction);
        let walk =
            WalkWords { pushed, pushed_from: Some(from), pushed_to: to, line: Some(line), ..step.walk };
        Ctx { walk, ..*step }
    }

    /// Whether the push's condition holds for every piece of the line.
    fn push_allowed(&self, state: &State, step: &Ctx, line: Line, (push, forms): (&Push, RuleForms)) -> bool {
        let holds = |ctx: &Ctx| match (forms, &push.allowed) {
            (_, None) => true,
            (RuleForms::Compiled(compiled), Some(_)) => {
                compiled.push_allowed.as_ref().is_none_or(|allowed| self.test(state, ctx, allowed))
            }
            (RuleForms::Written, Some(allowed)) => self.holds(state, ctx, allowed),
        };
        self.line_cells(Some(line)).all(|cell| holds(&self.pushing(step, line, state.piece(cell), cell)))
    }

    /// Moves every piece of the line one cell along it; returns the last one if it left the board.
    fn shift_line(&self, state: &mut State, line: Line) -> Option<Piece> {
        let (mut carried, mut last) = (None, line.start);
        for cell in self.line_cells(Some(line)) {
            let here = state.piece(cell);
            state.set_piece(cell, carried);
            carried = here;
            last = cell;
        }
        match self.game.board.neighbour(last, line.direction) {
            Some(beyond) => {
                state.set_piece(beyond, carried);
                None
            }
            None => carried,
        }
    }

    /// Undoes [`Engine::shift_line`], given the piece that left the board.
    fn unshift_line(&self, state: &mut State, line: Line, off: Option<Piece>) {
        let mut last = line.start;
        for cell in self.line_cells(Some(line)) {
            let back = match self.game.board.neighbour(cell, line.direction) {
                Some(beyond) => state.piece(beyond),
                None => off,
            };
            state.set_piece(cell, back);
            last = cell;
        }
        if let Some(beyond) = self.game.board.neighbour(last, line.direction) {
            state.set_piece(beyond, None);
        }
    }

    /// Pushes the line on `start` when a move is played: a piece pushed off the board goes to its
    /// owner's reserve, a neutral one to the mover's prize pile; then the push's effects run once
    /// for each piece pushed.
    fn push_line(&self, state: &mut State, step: &Ctx, start: CellId, direction: DirId, push: &Push) {
        let line = self.line_from(state, start, direction);
        let mut pushed = PUSHED.take();
        pushed.clear();
        pushed.extend(self.line_cells(Some(line)).filter_map(|c| state.piece(c).map(|p| (p, c))));
        if let (Some(off), Some(&(_, last))) = (self.shift_line(state, line), pushed.last()) {
            let fate =
                if off.owner.is_some() { CaptureDestination::Reserve } else { CaptureDestination::Prizes };
            self.send_away(state, step, off, Some(last), fate);
        }
        for &(piece, cell) in &pushed {
            let pushing = self.pushing(step, line, Some(piece), cell);
            let ctx = Ctx { walk: WalkWords { line: None, ..pushing.walk }, ..pushing };
            self.run_effects(state, &ctx, &push.then);
        }
        PUSHED.set(pushed);
    }

    /// A walk's path in notation: its cells joined by `-` (`x` before a captured piece), `-off`
    /// for a step off the board.
    pub(crate) fn path_notation(&self, state: &State, mv: Move, rules: &WalkRules) -> String {
        let Some(mut cell) = mv.from else { return "?".to_string() };
        let mut text = self.cell_name(cell).to_string();
        let steps = mv.path.len();
        for (index, direction) in mv.path.steps().enumerate() {
            let Some(next) = self.game.board.neighbour(cell, direction) else {
                text.push_str("-off");
                break;
            };
            // A walk that pushes never captures: what it steps onto is pushed clear.
            let captures = rules.push.is_none() && index + 1 == steps && state.piece(next).is_some();
            text.push(if captures { 'x' } else { '-' });
            text.push_str(self.cell_name(next));
            cell = next;
        }
        text
    }
}

impl WalkRuleSteps<'_> {
    /// The context of a step from `cell` to `next` by the moving piece as it is before the step.
    fn step(&self, piece: Piece, cell: CellId, next: Option<CellId>) -> Ctx<'_> {
        step_ctx(&self.base, piece, cell, next)
    }

    fn pay(&self, step: &Ctx, piece: Piece) -> Option<Piece> {
        let Some(cost) = &self.rules.cost else { return Some(piece) };
        let amount = match self.forms {
            RuleForms::Compiled(compiled) => {
                compiled.cost.as_ref().and_then(|amount| self.engine.int(&self.scratch, step, amount))
            }
            RuleForms::Written => self.engine.eval(&self.scratch, step, &cost.amount).as_int(),
        };
        self.engine.pay_step(piece, cost.attribute, amount)
    }

    fn guard_holds(&self, step: &Ctx) -> bool {
        match (self.forms, &self.rules.guard) {
            (_, None) => true,
            (RuleForms::Compiled(compiled), Some(_)) => {
                compiled.guard.as_ref().is_none_or(|guard| self.engine.test(&self.scratch, step, guard))
            }
            (RuleForms::Written, Some(guard)) => self.engine.holds(&self.scratch, step, guard),
        }
    }
}

/// The context of a step from `cell` to `next` by the moving piece as it is before the step.
fn step_ctx<'l>(move_ctx: &Ctx<'l>, piece: Piece, cell: CellId, next: Option<CellId>) -> Ctx<'l> {
    let walk = WalkWords { step_from: Some(cell), step_to: next, ..move_ctx.walk };
    Ctx { piece: PieceSlot::Held(piece), walk, ..*move_ctx }
}

/// A path carries the moving piece as it has paid so far, and its steps when the walk keeps them.
impl Steps for WalkRuleSteps<'_> {
    type Carry = (Piece, Path);
    /// The line pushed, and the piece it pushed off the board.
    type Undo = (Line, Option<Piece>);

    fn extend(&mut self, (piece, path): (Piece, Path), direction: DirId) -> Option<(Piece, Path)> {
        match self.rules.keeps_paths() {
            true => Some((piece, path.then(direction)?)),
            false => Some((piece, Path::NONE)),
        }
    }

    fn leave(&mut self, cell: CellId, _: DirId, (piece, path): (Piece, Path)) -> Option<(Piece, Path)> {
        let paid = self.pay(&self.step(piece, cell, None), piece)?;
        self.rules.exit.is_some().then_some((paid, path))
    }

    fn enter(
        &mut self,
        cell: CellId,
        direction: DirId,
        next: CellId,
        (piece, path): (Piece, Path),
    ) -> Entry<(Piece, Path), Self::Undo> {
        let step = self.step(piece, cell, Some(next));
        let Some(paid) = self.pay(&step, piece) else { return Entry::Blocked };
        if !self.guard_holds(&step) {
            return Entry::Blocked;
        }
        match (self.scratch.piece(next), &self.rules.push) {
            (None, _) => Entry::Clear((paid, path), None),
            (Some(occupant), None) => Entry::Occupied((paid, path), occupant),
            (Some(_), Some(push)) => {
                let line = self.engine.line_from(&self.scratch, next, direction);
                if !self.engine.push_allowed(&self.scratch, &step, line, (push, self.forms)) {
                    return Entry::Blocked;
                }
                let off = self.engine.shift_line(&mut self.scratch, line);
                self.pushes.push((next, direction));
                Entry::Clear((paid, path), Some((line, off)))
            }
        }
    }

    fn undo(&mut self, (line, off): Self::Undo) {
        self.pushes.pop();
        self.engine.unshift_line(&mut self.scratch, line, off);
    }

    /// Keeps the path unless an earlier one had the same effect.
    #[inline]
    fn end(&mut self, to: Option<CellId>, (piece, path): (Piece, Path), target: Option<Piece>) {
        let left = self.rules.cost.as_ref().map_or(0, |cost| piece.attribute(cost.attribute));
        if self.seen.insert(PathEffect { to, left, pushes: self.pushes }) {
            self.ends.push(WalkEnd { to, target, path });
        }
    }
}
