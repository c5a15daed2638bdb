//! Trying moves against the turn's `legal if`: each move is played on a scratch copy of the
//! position, with every effect it triggers, and the condition is tested there. The scratch copy is
//! made once per position and put back after each move by rewriting only the cells the move wrote
//! (its journal), and the rest of the state only where the phase's moves may write more than cells
//! (`trial_writes`); it is kept per thread from one position to the next (one for each level of trials
//! a look-ahead nests), so that a warm search does not allocate. The turn's `after` effects are left out when all they do is set variables that
//! the condition cannot read, either itself or through the conditions of the capturing actions
//! that `attacked` tests (a look-ahead of `stuck` plays them on its own copy when they were left
//! out); the position history is copied only when the condition reads `repetitions`, and the
//! writes of a trial keep the board's hash only when something evaluated on the copy may read it
//! (repetitions, how long since a position was first seen, a look-ahead). Where the condition is a
//! guard (`not in_check(mover)` and its kin), plain relocations are answered on the position's bit
//! sets with no copy at all (`overlay`).

use std::cell::RefCell;
use std::ops::ControlFlow;

use ludex_ir::{
    Action, ActionKind, ContextWord, Effect, Expr, Game, Phase, PhaseId, PieceField, SeatId, VarId,
};

use super::attacks::captures;
use super::bits::try_cells_in;
use super::board_index::BoardHash;
use super::compiled::{Cond, Layout};
use super::effects::TurnAfter;
use super::eval::Ctx;
use super::history::is_repetitions;
use super::movegen::Sink;
use super::overlay::{GuardTrials, GuardedMoves};
use super::state::{HistoryCopy, State};
use super::trial_writes::TrialWrites;
use super::turns::Fast;
use super::{Engine, Move, MoveKind};

thread_local! {
    /// The scratch states of the thread's trials, between two positions: one for each level of
    /// trials that may be in progress at once (a look-ahead tries moves inside a trial).
    static SCRATCH: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
}

/// What the trials of a phase's moves need, found once per game.
#[derive(Debug, Default)]
pub(super) struct TrialTables {
    phases: Vec<PhaseTrials>,
    /// By phase: its turn's `legal if`, compiled.
    legal: Vec<Option<Cond>>,
    /// By phase: its `legal if` read as a guard, where it is one (`overlay`).
    guards: Vec<Option<GuardTrials>>,
}

#[derive(Clone, Copy, Debug)]
struct PhaseTrials {
    /// Whether the turn's `after` is played (the condition may read what it writes).
    after: TurnAfter,
    /// The history the scratch copy takes (the condition may read `repetitions`).
    history: HistoryCopy,
    /// What a trial writes, so what putting the scratch copy back rewrites.
    writes: TrialWrites,
    /// Whether a trial's writes keep the board's hash.
    hash: BoardHash,
}

impl TrialTables {
    pub(super) fn new(layout: &Layout) -> TrialTables {
        let game = layout.game;
        let phases: Vec<PhaseTrials> = game
            .phases
            .iter()
            .map(|phase| {
                let reads_repetitions = phase.turn.legal.as_ref().is_some_and(|l| l.any(&mut is_repetitions));
                // The position counted is the whole position, which `after` may change.
                let after = if reads_repetitions || legal_reads_after(game, phase) {
                    TurnAfter::Played
                } else {
                    TurnAfter::LeftOut
                };
                PhaseTrials {
                    after,
                    history: if reads_repetitions { HistoryCopy::Whole } else { HistoryCopy::Empty },
                    writes: TrialWrites::of(game, phase, after),
                    hash: if trials_read_hashes(game, phase) { BoardHash::Kept } else { BoardHash::Stale },
                }
            })
            .collect();
        let legal: Vec<Option<Cond>> =
            game.phases.iter().map(|p| p.turn.legal.as_ref().map(|l| Cond::new(l, layout))).collect();
        let guards = (game.phases.iter().zip(&phases).zip(&legal))
            .map(|((phase, trials), legal)| {
                let after = match trials.after {
                    TurnAfter::Played => &phase.turn.after[..],
                    TurnAfter::LeftOut => &[],
                };
                legal.as_ref().and_then(|legal| GuardTrials::new(game, legal, after))
            })
            .collect();
        TrialTables { phases, legal, guards }
    }

    /// The phase's `legal if`, compiled (none when its turn has none).
    pub(super) fn legal(&self, phase: PhaseId) -> Option<&Cond> {
        self.legal.get(phase as usize).and_then(Option::as_ref)
    }

    /// The phase's `legal if` read as a guard, where it is one.
    pub(super) fn guard(&self, phase: PhaseId) -> Option<&GuardTrials> {
        self.guards.get(phase as usize).and_then(Option::as_ref)
    }

    fn phase(&self, phase: PhaseId) -> PhaseTrials {
        let all = PhaseTrials {
            after: TurnAfter::Played,
            history: HistoryCopy::Whole,
            writes: TrialWrites::Anything,
            hash: BoardHash::Kept,
        };
        self.phases.get(phase as usize).copied().unwrap_or(all)
    }

    #[cfg(test)]
    fn plays_after(&self, phase: PhaseId) -> bool {
        self.phase(phase).after == TurnAfter::Played
    }

    /// Whether the phase's trials play its turn's `after`, what they write and whether their
    /// writes keep the board's hash.
    #[cfg(test)]
    pub(super) fn writes(&self, phase: PhaseId) -> (TurnAfter, TrialWrites, BoardHash) {
        let needs = self.phase(phase);
        (needs.after, needs.writes, needs.hash)
    }
}

/// The moves of one position tried one after the other against the condition.
pub(super) struct Trials<'a> {
    engine: &'a Engine,
    state: &'a State,
    seat: SeatId,
    legal: &'a Cond,
    needs: PhaseTrials,
    /// The condition read as a guard, where the phase's attacks read only bit sets: plain
    /// relocations are judged on an overlay, without the scratch copy.
    guarded: Option<GuardedMoves<'a>>,
    /// The scratch copy, and whether it has been made from `state` yet.
    scratch: Option<State>,
    made: bool,
}

impl<'a> Trials<'a> {
    pub(super) fn new(engine: &'a Engine, state: &'a State, seat: SeatId, legal: &'a Cond) -> Trials<'a> {
        let speed = &engine.tables.speed;
        let needs = speed.trials.phase(state.phase);
        let guarded = speed.trials.guard(state.phase).and_then(|guard| guard.on(engine, state, seat));
        let scratch = SCRATCH.with_borrow_mut(Vec::pop);
        Trials { engine, state, seat, legal, needs, guarded, scratch, made: false }
    }

    /// Prepares for trying every candidate move of the position (a list of legal moves, not a
    /// search for one): what the guard learns once a position is found at the first move.
    pub(super) fn judging_every_move(&mut self) {
        if let Some(guarded) = self.guarded.as_mut() {
            guarded.judging_every_move();
        }
    }

    /// Whether the condition holds after the move.
    pub(super) fn is_legal(&mut self, mv: Move) -> bool {
        let MoveKind::Action(action) = mv.kind else { return false };
        if let Some(holds) = self.guarded.as_mut().and_then(|guarded| guarded.holds_after(mv)) {
            return holds;
        }
        let (engine, seat, legal, after) = (self.engine, self.seat, self.legal, self.needs.after);
        let scratch = self.refilled_scratch();
        let holds = |scratch: &mut State, ctx: &Ctx| {
            engine.test(scratch, &ctx.trying_move(&Fast, after, action), legal)
        };
        engine.play_action(scratch, seat, mv, after, holds) == Some(true)
    }

    /// Whether the condition holds after every copy of `first` given a `to` of its own, where one
    /// answer is known at once for them all (a guard's quiet piece: see
    /// `GuardedMoves::holds_after_copies`); `None` where each must be judged.
    #[inline]
    fn is_legal_for_every_end(&self, first: Move) -> Option<bool> {
        self.guarded.as_ref().and_then(|guarded| guarded.holds_after_copies(first))
    }

    /// The scratch copy, equal to the position again.
    fn refilled_scratch(&mut self) -> &mut State {
        let (state, history) = (self.state, self.needs.history);
        let scratch = self.scratch.get_or_insert_with(|| State::trial_copy(state, history));
        if self.made {
            scratch.restore_from(state, (history, self.needs.writes));
        } else {
            scratch.copy_from(state, history);
            scratch.start_journal(self.needs.hash);
            self.made = true;
        }
        scratch
    }
}

impl Drop for Trials<'_> {
    fn drop(&mut self) {
        if let Some(scratch) = self.scratch.take() {
            SCRATCH.with_borrow_mut(|kept| kept.push(scratch));
        }
    }
}

/// A sink that passes on the moves for which the condition holds: a piece's copies (see
/// [`Sink::put_copies`]) all at once where one answer is known for them all, any other move after
/// its trial.
pub(super) struct LegalOnly<'t, 'a, S> {
    pub trials: &'t mut Trials<'a>,
    pub sink: &'t mut S,
}

impl<S: Sink> Sink for LegalOnly<'_, '_, S> {
    #[inline(always)]
    fn put(&mut self, mv: Move) -> ControlFlow<()> {
        if self.trials.is_legal(mv) { self.sink.put(mv) } else { ControlFlow::Continue(()) }
    }

    #[inline(always)]
    fn put_copies(&mut self, first: Move, ends: &[u64]) -> ControlFlow<()> {
        match self.trials.is_legal_for_every_end(first) {
            Some(true) => self.sink.put_copies(first, ends),
            Some(false) => ControlFlow::Continue(()),
            None => try_cells_in(ends, |to| self.put(Move { to: Some(to), ..first })),
        }
    }
}

/// Whether the phase's `legal if` may read what its turn's `after` effects write.
fn legal_reads_after(game: &Game, phase: &Phase) -> bool {
    let Some(legal) = &phase.turn.legal else { return false };
    let mut written = Vec::new();
    if !only_sets_variables(&phase.turn.after, &mut written) {
        return true;
    }
    let reads_attacks = legal.any(&mut |e| matches!(e, Expr::Attacked { .. }));
    let mut read: Vec<&Expr> = vec![legal];
    if reads_attacks {
        read.extend(game.capture.allowed.as_ref());
        read.extend(game.actions.iter().filter(|a| captures(a)).flat_map(action_conditions));
    }
    // A piece's value is an expression of its own, which may read variables too.
    if read.iter().any(|expr| expr.any(&mut |e| matches!(e, Expr::Field(_, PieceField::Value)))) {
        read.extend(game.pieces.iter().map(|piece| &piece.value));
    }
    read.iter().any(|expr| expr.any(&mut |e| reads_any(e, &written)))
}

/// Whether anything a phase's trials evaluate on the scratch copy may read the board's hash: the
/// turn's `legal if`, the conditions of the actions (which `attacked` tests), the capture rule or
/// the pieces' values read repetitions or how long since a position was first seen, or look ahead
/// (`stuck`, whose next seat's trials may read them).
fn trials_read_hashes(game: &Game, phase: &Phase) -> bool {
    let reads = |expr: &Expr| {
        expr.any(&mut |e| {
            is_repetitions(e)
                || matches!(
                    e,
                    Expr::Context(ContextWord::SinceFirstSeen | ContextWord::Stuck) | Expr::MoveOf(_)
                )
        })
    };
    let conditions = game.actions.iter().flat_map(action_conditions);
    let values = game.pieces.iter().map(|piece| &piece.value);
    phase.turn.legal.iter().chain(&game.capture.allowed).chain(values).chain(conditions).any(reads)
}

/// Whether the effects only set variables (with no roll), perhaps under conditions; the variables
/// they set are added to `written`.
fn only_sets_variables(effects: &[Effect], written: &mut Vec<VarId>) -> bool {
    effects.iter().all(|effect| match effect {
        Effect::SetVariable { variable, value, .. } => {
            written.push(*variable);
            !value.any(&mut |e| matches!(e, Expr::Roll(_)))
        }
        Effect::If { then, otherwise, .. } => {
            only_sets_variables(then, written) && only_sets_variables(otherwise, written)
        }
        Effect::SetAttribute { .. }
        | Effect::RotateMap { .. }
        | Effect::SetType { .. }
        | Effect::Release { .. }
        | Effect::Give { .. }
        | Effect::Retire { .. }
        | Effect::ForEach { .. }
        | Effect::Send { .. }
        | Effect::Move { .. }
        | Effect::Capture { .. }
        | Effect::SetOwner { .. }
        | Effect::MoveStack { .. }
        | Effect::CaptureStack { .. } => false,
    })
}

fn reads_any(expr: &Expr, variables: &[VarId]) -> bool {
    match expr {
        Expr::Variable(v) | Expr::SeatVariable(v, _) => variables.contains(v),
        _ => false,
    }
}

/// The expressions an action's move is checked against.
fn action_conditions(action: &Action) -> Vec<&Expr> {
    let mut conditions: Vec<&Expr> = action.when.iter().chain(&action.filter).collect();
    conditions.extend(action.promotion.as_ref().and_then(|promotion| promotion.condition.as_ref()));
    match &action.kind {
        ActionKind::Slide { max, .. } => conditions.extend(max),
        ActionKind::Walk { length, rules, .. } => {
            conditions.push(length);
            conditions.extend(&rules.guard);
            conditions.extend(rules.cost.as_ref().map(|cost| &cost.amount));
            conditions.extend(rules.push.as_ref().and_then(|push| push.allowed.as_ref()));
        }
        ActionKind::Hop { chain, .. } => conditions.extend(chain.as_ref().and_then(|c| c.condition.as_ref())),
        ActionKind::Step { .. }
        | ActionKind::Leap { .. }
        | ActionKind::Anywhere { .. }
        | ActionKind::Declare => {}
        ActionKind::Along { amounts, .. } => conditions.extend(amounts),
        ActionKind::Sow { skipping, .. } => conditions.extend(skipping),
        ActionKind::SlideExactly { lines, .. } => {
            conditions.extend(lines.iter().flatten().map(|(_, distance)| distance));
        }
        // They never capture, so `attacked` never reads them.
        ActionKind::Drop { .. }
        | ActionKind::Choose { .. }
        | ActionKind::Place { .. }
        | ActionKind::Remove { .. } => {}
    }
    conditions
}

#[cfg(test)]
mod tests {
    use ludex_check::OptionValues;

    use super::super::Engine;
    use super::BoardHash;

    /// A game whose turn has the condition and the effects given, whose `step` action has the
    /// `when` given and whose piece has the value given.
    fn engine_with(legal: &str, after: &str, when: &str, value: &str) -> Engine {
        let text = format!(
            "game \"trial\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
             piece man {{\n  letter M\n  attribute power from 0 to 1\n  value {value}\n}}\nvariable flag = 0\n\
             setup {{\n  place man for each seat on cells a1\n}}\n\
             action step for man {{\n  step all\n  {when}\n}}\n\
             action slip for man {{\n  step all\n  to empty\n  where flag == 0\n}}\n\
             phase play {{\n  turn {{\n    play step, slip\n    legal if {legal}\n    after {{\n      {after}\n    }}\n  }}\n}}\n"
        );
        let compiled = ludex_check::compile(&text, &OptionValues::default());
        let game = compiled.game.unwrap_or_else(|| panic!("{text}\n{:?}", compiled.diagnostics));
        Engine::new(game)
    }

    /// Whether the first phase's tried moves play `after` (see [`engine_with`]).
    fn plays_after_in(legal: &str, after: &str, when: &str, value: &str) -> bool {
        engine_with(legal, after, when, value).tables.speed.trials.plays_after(0)
    }

    /// Whether the first phase's trials keep the board's hash (see [`engine_with`]).
    fn keeps_hash(legal: &str, when: &str) -> bool {
        let engine = engine_with(legal, "set flag = 1", when, "1");
        engine.tables.speed.trials.writes(0).2 == BoardHash::Kept
    }

    #[test]
    fn trials_keep_the_board_hash_only_where_something_may_read_it() {
        assert!(!keeps_hash("not attacked(a1, mover)", ""));
        assert!(!keeps_hash("count(pieces(mover)) > 0", "when flag == 0"));
        assert!(keeps_hash("repetitions < 3", ""));
        assert!(keeps_hash("repetitions(board) < 2", ""));
        assert!(keeps_hash("not stuck", ""));
    }

    fn plays_after(legal: &str, after: &str, when: &str) -> bool {
        plays_after_in(legal, after, when, "1")
    }

    fn plays_after_with_value(legal: &str, value: &str) -> bool {
        plays_after_in(legal, "set flag = 1", "", value)
    }

    #[test]
    fn after_is_played_when_the_condition_reads_what_it_sets() {
        assert!(plays_after("flag == 0", "set flag = 1", ""));
        assert!(!plays_after("count(pieces(mover)) > 0", "set flag = 1", ""));
    }

    #[test]
    fn attack_conditions_count_only_for_capturing_actions() {
        let legal = "not attacked(a1, mover)";
        assert!(plays_after(legal, "set flag = 1", "when flag == 0"));
        // `slip` reads the flag too, but it never captures, so `attacked` does not look at it.
        assert!(!plays_after(legal, "set flag = 1", ""));
    }

    #[test]
    fn piece_values_read_by_the_condition_count() {
        // The condition reads the pieces' values, and a piece's value reads the flag.
        let legal = "sum(pieces(mover), it.value) > 0";
        assert!(plays_after_with_value(legal, "flag + 1"));
        assert!(!plays_after_with_value(legal, "1"));
    }

    #[test]
    fn after_that_does_more_than_set_variables_is_played() {
        assert!(plays_after("flag == 0", "set piece.power = 1", ""));
        assert!(plays_after("count(pieces(mover)) > 0", "if flag == 0 {\n set flag = roll d6\n }", ""));
        assert!(!plays_after("count(pieces(mover)) > 0", "if flag == 0 {\n set flag = 1\n }", ""));
    }
}
