//! Effects compiled once, when the engine is built: the turns' `start` and `after` effects, each
//! action's `then` and the capture rule's `then`. `set VARIABLE = VALUE`, where the value reads as
//! an integer (`turns + 1`, `if captures > 0 then 0 else quiet + 1`), as a cell (`to`, `if ... then
//! shift(from, PATH) else none`) or is a context word (`mover`), and `if CONDITION { ... } else {
//! ... }` run without [`Engine::eval`] (see `compiled`); every other effect, and any value of
//! another shape, runs as written ([`Engine::run_effects`]), so they do exactly what the written
//! effects do.

use ludex_ir::{ActionId, BinaryOp, ContextWord, Effect, Expr, Game, PhaseId, PieceField, VarId};

use super::compiled::{CellOf, Cond, Int, Layout, Owner, gives_int, may_be_decimal};
use super::eval::Ctx;
use super::programs::Program;
use super::state::State;
use super::value::Value;
use super::{Engine, variable_slot};

/// One effect, compiled or as written.
#[derive(Debug)]
pub(super) enum Step {
    /// `set VARIABLE = VALUE`.
    Set {
        variable: Assigned,
        value: SetValue,
    },
    /// `set VARIABLE = from` or `= to`, of a variable without a seat: run where the steps run,
    /// without a call.
    SetMoveCell {
        slot: u32,
        cell: MoveCell,
    },
    /// `if CONDITION { then } else { otherwise }`.
    If(Box<Branches>),
    Written(Effect),
}

/// The parts of a compiled `if`.
#[derive(Debug)]
pub(super) struct Branches {
    condition: Program,
    then: Vec<Step>,
    otherwise: Vec<Step>,
}

/// The cell of the move a [`Step::SetMoveCell`] writes.
#[derive(Clone, Copy, Debug)]
pub(super) enum MoveCell {
    From,
    To,
}

/// The variable a compiled `set` writes.
#[derive(Debug)]
pub(super) enum Assigned {
    /// A variable without a seat, by its state slot.
    Slot(u32),
    /// A per-seat variable's value for the mover or the next seat.
    OfSeat(VarId, Owner),
}

/// The value a compiled `set` writes.
#[derive(Debug)]
pub(super) enum SetValue {
    Int(Int),
    /// A cell read by a compiled form that may give a value of another kind (a variable's).
    Cell(CellOf),
    /// A cell read by a compiled form that gives a cell or `none` and nothing else
    /// ([`CellOf::gives_cell`]), read without building a value on the way.
    CellOnly(CellOf),
    /// A context word, read as [`Engine::eval`] reads it.
    Word(ContextWord),
    /// A context word that gives an integer plus a constant (`turns + 1`; `WORD - k` as `WORD +
    /// -k`), saturating as [`Int::Arith`] does, without its out-of-line call.
    WordPlus(ContextWord, i64),
}

/// The compiled effects of a game.
#[derive(Debug, Default)]
pub(super) struct EffectTables {
    /// By phase: its turn's `start` effects.
    pub start: Vec<Vec<Step>>,
    /// By phase: its turn's `after` effects.
    pub after: Vec<Vec<Step>>,
    /// By action: its `then` effects.
    pub then: Vec<Vec<Step>>,
    /// The capture rule's `then` effects.
    pub capture: Vec<Step>,
}

impl EffectTables {
    pub(super) fn new(layout: &Layout) -> EffectTables {
        let game = layout.game;
        let compile = |effects: &[Effect]| compile_effects(effects, layout);
        EffectTables {
            start: game.phases.iter().map(|phase| compile(&phase.turn.start)).collect(),
            after: game.phases.iter().map(|phase| compile(&phase.turn.after)).collect(),
            then: game.actions.iter().map(|action| compile(&action.then)).collect(),
            capture: compile(&game.capture.then),
        }
    }
}

fn compile_effects(effects: &[Effect], layout: &Layout) -> Vec<Step> {
    effects.iter().map(|effect| Step::new(effect, layout)).collect()
}

impl Step {
    fn new(effect: &Effect, layout: &Layout) -> Step {
        match effect {
            Effect::SetVariable { variable, seat, value }
                if let (Some(variable), Some(value)) =
                    (Assigned::new(*variable, seat.as_ref(), layout), SetValue::new(value, layout)) =>
            {
                match (variable, value) {
                    (Assigned::Slot(slot), SetValue::CellOnly(CellOf::From)) => {
                        Step::SetMoveCell { slot, cell: MoveCell::From }
                    }
                    (Assigned::Slot(slot), SetValue::CellOnly(CellOf::To)) => {
                        Step::SetMoveCell { slot, cell: MoveCell::To }
                    }
                    (variable, value) => Step::Set { variable, value },
                }
            }
            Effect::If { condition, then, otherwise } => Step::If(Box::new(Branches {
                condition: Program::new(Cond::new(condition, layout)),
                then: compile_effects(then, layout),
                otherwise: compile_effects(otherwise, layout),
            })),
            _ => Step::Written(effect.clone()),
        }
    }
}

impl Assigned {
    fn new(variable: VarId, seat: Option<&Expr>, layout: &Layout) -> Option<Assigned> {
        let per_seat = layout.game.variables.get(usize::from(variable))?.per_seat;
        match (per_seat, seat) {
            (false, _) => {
                variable_slot(layout.game, &layout.state.variable_slots, variable, None).map(Assigned::Slot)
            }
            (true, Some(Expr::Context(ContextWord::Mover))) => Some(Assigned::OfSeat(variable, Owner::Mover)),
            (true, Some(Expr::Context(ContextWord::Next))) => Some(Assigned::OfSeat(variable, Owner::Next)),
            (true, _) => None,
        }
    }
}

impl SetValue {
    /// The value compiled, when its shape gives exactly what `eval` gives without it: an integer
    /// expression that reads no decimal, no piece's value and no sum, a cell read by a compiled
    /// form, or a context word.
    fn new(value: &Expr, layout: &Layout) -> Option<SetValue> {
        if let Expr::Context(word) = value {
            // A word that can only name a cell (`from`, `to`, a walk's cells) is read as one.
            return Some(match CellOf::new(value, layout) {
                cell if cell.gives_cell() => SetValue::CellOnly(cell),
                _ => SetValue::Word(*word),
            });
        }
        if exact_int(value, layout.game) {
            return match Int::new(value, layout) {
                Int::Expr(_) => None,
                int => Some(word_plus(&int).unwrap_or(SetValue::Int(int))),
            };
        }
        match CellOf::new(value, layout) {
            CellOf::Expr(_) => None,
            cell if cell.gives_cell() => Some(SetValue::CellOnly(cell)),
            cell => Some(SetValue::Cell(cell)),
        }
    }
}

/// `WORD + k`, `k + WORD` and `WORD - k` (`k` not the least integer, whose negation overflows)
/// as a [`SetValue::WordPlus`]: the same saturating sum, `none` when the word gives none.
fn word_plus(int: &Int) -> Option<SetValue> {
    let Int::Arith(op, left, right) = int else { return None };
    match (op, &**left, &**right) {
        (BinaryOp::Add, Int::Context(word), Int::Const(Some(k)))
        | (BinaryOp::Add, Int::Const(Some(k)), Int::Context(word)) => Some(SetValue::WordPlus(*word, *k)),
        (BinaryOp::Sub, Int::Context(word), Int::Const(Some(k))) => {
            Some(SetValue::WordPlus(*word, k.checked_neg()?))
        }
        _ => None,
    }
}

/// Whether an expression gives an integer or `none` that its compiled [`Int`] gives exactly: no
/// decimal, no piece's value (a type's value may be a decimal) and no sum anywhere in it.
fn exact_int(value: &Expr, game: &Game) -> bool {
    let inexact = |e: &Expr| matches!(e, Expr::Field(_, PieceField::Value) | Expr::Sum(..));
    gives_int(value, game) && !may_be_decimal(value, game) && !value.any(&mut |e| inexact(e))
}

impl Engine {
    /// Runs compiled effects in order (no call at all for none, as most actions' `then`, nor for
    /// a variable set to a cell of the move).
    #[inline(always)]
    pub(crate) fn run_steps(&self, state: &mut State, ctx: &Ctx, steps: &[Step]) {
        for step in steps {
            match step {
                Step::SetMoveCell { slot, cell } => set_move_cell(state, ctx, *slot, *cell),
                Step::Set { .. } | Step::If(_) | Step::Written(_) => self.run_step(state, ctx, step),
            }
        }
    }

    #[inline(never)]
    fn run_step(&self, state: &mut State, ctx: &Ctx, step: &Step) {
        match step {
            Step::Set { variable, value } => self.set_compiled(state, ctx, variable, value),
            Step::SetMoveCell { slot, cell } => set_move_cell(state, ctx, *slot, *cell),
            Step::If(branches) => {
                let Branches { condition, then, otherwise } = &**branches;
                let branch = if self.run_program(state, ctx, condition) { then } else { otherwise };
                self.run_steps(state, ctx, branch);
            }
            Step::Written(effect) => self.run_effects(state, ctx, std::slice::from_ref(effect)),
        }
    }

    fn set_compiled(&self, state: &mut State, ctx: &Ctx, variable: &Assigned, value: &SetValue) {
        let slot = match variable {
            Assigned::Slot(slot) => Some(*slot),
            Assigned::OfSeat(variable, seat) => self.variable_slot(*variable, self.seat_of(state, ctx, seat)),
        };
        let Some(slot) = slot else { return };
        // Each form writes its own kind of value, so that only its words are stored.
        match value {
            SetValue::Int(int) => {
                store(state, slot, Value::from_option(self.int(state, ctx, int), Value::Int))
            }
            SetValue::Cell(cell) => store(state, slot, self.cell_value(state, ctx, cell).stored()),
            SetValue::CellOnly(CellOf::If(choice)) => {
                store(state, slot, Value::from_option(self.chosen_cell(state, ctx, choice), Value::Cell))
            }
            SetValue::CellOnly(cell) => {
                store(state, slot, Value::from_option(self.cell_of(state, ctx, cell), Value::Cell))
            }
            SetValue::Word(word) => store(state, slot, self.context(state, ctx, *word).stored()),
            SetValue::WordPlus(word, k) => {
                let sum = self.context_int(state, ctx, *word).map(|n| n.saturating_add(*k));
                store(state, slot, Value::from_option(sum, Value::Int))
            }
        }
    }

    /// The compiled `start` effects of the phase's turn (none for a phase that does not exist).
    pub(crate) fn turn_start(&self, phase: PhaseId) -> &[Step] {
        self.tables.speed.effects.start.get(phase as usize).map_or(&[], Vec::as_slice)
    }

    /// The compiled `after` effects of the phase's turn (none for a phase that does not exist).
    pub(crate) fn turn_after(&self, phase: PhaseId) -> &[Step] {
        self.tables.speed.effects.after.get(phase as usize).map_or(&[], Vec::as_slice)
    }

    /// The compiled `then` effects of the action.
    pub(crate) fn action_then(&self, action: ActionId) -> &[Step] {
        self.tables.speed.effects.then.get(action as usize).map_or(&[], Vec::as_slice)
    }

    /// The compiled `then` effects of the capture rule.
    pub(crate) fn capture_then(&self) -> &[Step] {
        &self.tables.speed.effects.capture
    }
}

/// Writes a cell of the move into a variable's state slot ([`Step::SetMoveCell`]).
#[inline(always)]
fn set_move_cell(state: &mut State, ctx: &Ctx, slot: u32, cell: MoveCell) {
    let cell = match cell {
        MoveCell::From => ctx.from,
        MoveCell::To => ctx.to,
    };
    store(state, slot, Value::from_option(cell, Value::Cell));
}

/// Writes a variable's value by its state slot.
#[inline(always)]
fn store(state: &mut State, slot: u32, value: Value) {
    if let Some(variable) = state.variables.get_mut(slot as usize) {
        *variable = value;
    }
}
