//! The turn and phase machine: setup, turn start, the actions of a turn and when it ends, passes,
//! phases and their `until`, chance resolution, end rules at decision points, results and the move
//! limit. It is written once: the two questions it asks that have a fast answer (is any action
//! legal? does an end rule hold?) go through [`Answers`], which the engine answers by its speed
//! layers and the reference plainly.

use ludex_ir::{ActionCount, Const, EndRule, Expr, Number, Outcome, SeatId, SetupStep};

use super::board_index::BoardIndex;
use super::effects::TurnAfter;
use super::eval::{Ctx, PieceSlot};
use super::faults::Fault;
use super::look_ahead::StuckAsks;
use super::state::{Journal, Resume, State};
use super::turn_plans::PhaseCounts;
use super::value::Value;
use super::{EndReason, Engine, GameResult, Move, MoveKind, PassesEnd};

/// The questions the turn machine asks of a position whose answers have a fast form: whether the
/// seat to act has a legal action, and whether an end rule holds. The engine answers them by its
/// speed layers ([`Fast`]); the differential tests answer them by the plain meaning
/// (`reference::Plain`), so that the turn machine itself is written once.
pub(crate) trait Answers: std::fmt::Debug {
    /// Whether the seat to act has any legal action (not counting `end` or `pass`).
    fn any_legal_action(&self, engine: &Engine, state: &State) -> bool;
    /// The first end rule whose condition holds, in the end rules' context `ctx`.
    fn first_end_rule(&self, engine: &Engine, state: &State, ctx: &Ctx) -> Option<usize>;
    /// Whether the turn machine may follow the plans made when the engine was built: the steps
    /// after an action and the reserve counts of each phase (`turn_plans`), the end rules as light
    /// tests (`end_plans`); the plain meaning asks every question as written.
    fn follows_turn_plans(&self) -> bool {
        false
    }
}

/// How a turn ends: the seat passed (it had no legal action), or it played (or ended its turn, or
/// has retired).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TurnEnd {
    Passed,
    Played,
}

/// The same answers, through a reference (a look-ahead holds them as `&dyn Answers`).
impl<A: Answers + ?Sized> Answers for &A {
    fn any_legal_action(&self, engine: &Engine, state: &State) -> bool {
        (**self).any_legal_action(engine, state)
    }

    fn first_end_rule(&self, engine: &Engine, state: &State, ctx: &Ctx) -> Option<usize> {
        (**self).first_end_rule(engine, state, ctx)
    }

    fn follows_turn_plans(&self) -> bool {
        (**self).follows_turn_plans()
    }
}

/// The engine's answers: the generation stopped at the first legal action, the end rules'
/// conditions compiled.
#[derive(Debug)]
pub(crate) struct Fast;

impl Answers for Fast {
    fn any_legal_action(&self, engine: &Engine, state: &State) -> bool {
        engine.has_legal_action(state)
    }

    fn first_end_rule(&self, engine: &Engine, state: &State, ctx: &Ctx) -> Option<usize> {
        let conditions = &engine.tables.speed.end_conditions;
        conditions.iter().position(|condition| engine.run_program(state, ctx, condition))
    }

    fn follows_turn_plans(&self) -> bool {
        true
    }
}

impl Engine {
    /// A state with an empty board, variables at their initial values and maps as drawn, at the
    /// start of the first phase.
    pub(crate) fn blank_state(&self) -> State {
        let mut maps = Vec::with_capacity(self.tables.layout.map_slot_count);
        for map in self.game.maps.iter().filter(|m| m.mutable) {
            let mut values = map.values.clone();
            values.resize(self.game.board.cell_count(), None);
            maps.extend(values);
        }
        let mut state = State {
            board: vec![None; self.game.board.cell_count()],
            below: Vec::new(),
            index: BoardIndex::empty(self.game.board.cell_count(), self.seat_count(), self.game.pieces.len()),
            reserve: Vec::new(),
            prizes: Vec::new(),
            variables: vec![Value::None; self.tables.layout.variable_slot_count as usize],
            maps,
            phase: 0,
            order_index: 0,
            turns: 0,
            actions: 0,
            captures: 0,
            passes: 0,
            plies: 0,
            last_mover: None,
            retired: 0,
            pending: std::collections::VecDeque::new(),
            resume: Resume::Decision,
            result: None,
            history: Vec::new(),
            board_history: Vec::new(),
            journal: Journal::default(),
        };
        self.initialise_variables(&mut state);
        state
    }

    fn initialise_variables(&self, state: &mut State) {
        for (index, variable) in self.game.variables.iter().enumerate() {
            let Some(base) = self.tables.layout.variable_slots.get(index).map(|&b| b as usize) else {
                continue;
            };
            let seats: Vec<Option<SeatId>> = if variable.per_seat {
                (0..self.seat_count()).map(|s| Some(s as SeatId)).collect()
            } else {
                vec![None]
            };
            for (offset, seat) in seats.into_iter().enumerate() {
                let ctx = Ctx::new(None, None).for_seat(seat);
                let value = self.eval(state, &ctx, &variable.init).stored();
                if let Some(slot) = state.variables.get_mut(base + offset) {
                    *slot = value;
                }
            }
        }
    }

    /// The state after setup, up to the first decision point (or roll).
    pub(crate) fn start_game(&self, answers: &impl Answers) -> State {
        let mut state = self.blank_state();
        for step in &self.game.setup {
            self.run_setup_step(&mut state, step);
        }
        state.resume = Resume::StartGame;
        self.proceed(&mut state, answers);
        self.judge_with(&mut state, answers);
        state
    }

    fn run_setup_step(&self, state: &mut State, step: &SetupStep) {
        let ctx = Ctx::new(None, None);
        match step {
            SetupStep::Place { piece, owner, cells, with } => {
                let owner = owner.filter(|&s| (s as usize) < self.seat_count());
                for &cell in cells {
                    let piece = self.fresh_piece(*piece, owner);
                    self.put(state, cell, piece);
                    let ctx = Ctx { piece: PieceSlot::At(cell), to: Some(cell), ..ctx };
                    for (attribute, value) in with {
                        self.assign_attribute(state, &ctx, cell, *attribute, value);
                    }
                }
            }
            SetupStep::Reserve { piece, owner, count } => {
                if (*owner as usize) < self.seat_count() && (*piece as usize) < self.game.pieces.len() {
                    // The checker refuses a setup whose reserves pass the `reserve` limit; this only
                    // guards an IR built by other means.
                    let room = self.game.limits.max_reserve.saturating_sub(state.reserve.len());
                    let piece = self.fresh_piece(*piece, Some(*owner));
                    state.add_many_to_reserve(piece, (*count as usize).min(room));
                }
            }
            SetupStep::Effect(effect) => self.run_effects(state, &ctx, std::slice::from_ref(effect)),
        }
    }

    /// Plays a move at a decision point, up to the next decision point (or roll, or end), and
    /// leaves that decision point unjudged: `judge` runs its end rules.
    pub(crate) fn play(&self, state: &mut State, mv: Move) {
        self.play_with(state, mv, &Fast);
    }

    /// [`Engine::play`], with the turn machine's questions answered by `answers`.
    pub(crate) fn play_with(&self, state: &mut State, mv: Move, answers: &impl Answers) {
        let seat = self.current_seat(state);
        match mv.kind {
            MoveKind::Pass => {
                count_move(state, seat);
                self.end_turn(state, TurnEnd::Passed, answers)
            }
            MoveKind::EndTurn => {
                count_move(state, seat);
                self.end_turn(state, TurnEnd::Played, answers)
            }
            MoveKind::Action(_) => {
                self.play_action(state, seat, mv, TurnAfter::Played, |_, _| ());
                self.finish_action(state, seat, answers);
            }
        }
    }

    /// After the effects of an action by `seat`: the move is counted, and the turn goes on to the
    /// next decision point (or roll, or end). A look-ahead goes on from a move tried this way too.
    pub(crate) fn finish_action(&self, state: &mut State, seat: SeatId, answers: &impl Answers) {
        count_move(state, seat);
        state.actions = state.actions.saturating_add(1);
        state.resume = Resume::AfterAction;
        if answers.follows_turn_plans() && self.passes_to_next_seat(state) {
            return self.pass_to_next_seat(state);
        }
        self.proceed(state, answers);
    }

    /// Resolves the first pending roll; the game goes on when none is left.
    pub(crate) fn resolve_roll(&self, state: &mut State, outcome: u32) {
        self.resolve_roll_with(state, outcome, &Fast);
    }

    /// [`Engine::resolve_roll`], with the turn machine's questions answered by `answers`.
    pub(crate) fn resolve_roll_with(&self, state: &mut State, outcome: u32, answers: &impl Answers) {
        let Some(roll) = state.pending.pop_front() else { return };
        self.write_roll(state, roll.target, outcome.clamp(1, roll.sides));
        self.proceed(state, answers);
        self.judge_with(state, answers);
    }

    /// Goes on to the next decision point unless rolls are pending.
    fn proceed(&self, state: &mut State, answers: &impl Answers) {
        if !state.pending.is_empty() {
            return;
        }
        match state.resume {
            Resume::StartGame => self.begin_turn(state, answers),
            Resume::AfterAction => self.continue_turn(state, answers),
            Resume::Decision => self.reach_decision(state, answers),
        }
    }

    fn begin_turn(&self, state: &mut State, answers: &impl Answers) {
        state.actions = 0;
        state.captures = 0;
        state.resume = Resume::Decision;
        if let Some(phase) = self.game.phases.get(state.phase as usize)
            && !phase.turn.start.is_empty()
        {
            let ctx = Ctx::new(Some(self.current_seat(state)), Some(self.seat_after(state)));
            self.run_steps(state, &ctx, self.turn_start(state.phase));
        }
        self.proceed(state, answers);
    }

    /// After an action: another decision of the same turn, or the end of the turn.
    fn continue_turn(&self, state: &mut State, answers: &impl Answers) {
        state.resume = Resume::Decision;
        let retired = state.is_retired(self.current_seat(state));
        if !retired && self.turn_goes_on(state, answers) && answers.any_legal_action(self, state) {
            self.reach_decision(state, answers);
        } else {
            self.end_turn(state, TurnEnd::Played, answers);
        }
    }

    /// Ends the turn after an action, up to the next decision (or roll): where a move's trial
    /// leads, for `repetitions` in a `legal if` (whose turns hold one action).
    pub(crate) fn end_turn_after_action(&self, state: &mut State) {
        state.actions = state.actions.saturating_add(1);
        self.end_turn(state, TurnEnd::Played, &Fast);
    }

    /// Whether the turn's action count allows another action.
    fn turn_goes_on(&self, state: &State, answers: &impl Answers) -> bool {
        let Some(phase) = self.game.phases.get(state.phase as usize) else { return false };
        // The context is built only for a count or condition that is no constant.
        let ctx = || Ctx::new(Some(self.current_seat(state)), Some(self.seat_after(state)));
        let most = self.game.limits.max_actions_per_turn;
        let allowed = |count: &Expr| {
            let count = match count {
                Expr::Const(Const::Int(count)) => *count,
                _ => self.eval(state, &ctx(), count).as_int().unwrap_or(1),
            };
            count.clamp(1, most.into()) as u32
        };
        match &phase.turn.count {
            ActionCount::Exactly(count) | ActionCount::UpTo(count) => state.actions < allowed(count),
            ActionCount::While(condition) => {
                let counts = self.phase_counts(state, answers).and_then(|counts| counts.turn.as_ref());
                let seats = || (Some(self.current_seat(state)), Some(self.seat_after(state)));
                state.actions < most
                    && counts.map_or_else(
                        || self.holds(state, &ctx(), condition),
                        |count| count.holds(state, seats()),
                    )
            }
        }
    }

    fn end_turn(&self, state: &mut State, end: TurnEnd, answers: &impl Answers) {
        state.turns = state.turns.saturating_add(1);
        state.passes = match end {
            TurnEnd::Passed => state.passes.saturating_add(1),
            TurnEnd::Played => 0,
        };
        let from = if self.phase_is_over(state, answers) {
            state.phase = state.phase.saturating_add(1);
            state.turns = 0;
            state.passes = 0;
            0
        } else {
            state.order_index as usize + 1
        };
        // Every seat still in the game passed in a row. The seats are counted only after a pass:
        // with none in the game, no place is found below and the engine ends the game all the same.
        let active = || self.order(state.phase).iter().filter(|&&s| !state.is_retired(s)).count();
        let engine_ends = self.tables.end_reads.passes == PassesEnd::Engine
            && state.passes > 0
            && state.passes as usize >= active();
        match self.active_place(state, from) {
            Some(place) if !engine_ends => {
                state.order_index = place as u16;
                self.begin_turn(state, answers);
            }
            _ => state.result = Some(self.engine_end(state, EndReason::NoSeatCanMove, "no seat can move")),
        }
    }

    /// The first place of the phase's order, from `from` on and round, whose seat is still in the
    /// game.
    fn active_place(&self, state: &State, from: usize) -> Option<usize> {
        let order = self.order(state.phase);
        if state.retired == 0 {
            // Every seat is in the game: the first place looked at.
            return (!order.is_empty()).then(|| from % order.len());
        }
        (0..order.len()).map(|k| (from + k) % order.len()).find(|&place| !state.is_retired(order[place]))
    }

    /// Whether the phase's `until` holds (the last phase runs until the game ends).
    fn phase_is_over(&self, state: &State, answers: &impl Answers) -> bool {
        let next_exists = (state.phase as usize + 1) < self.game.phases.len();
        let Some(until) = self.game.phases.get(state.phase as usize).and_then(|p| p.until.as_ref()) else {
            return false;
        };
        let seats = (state.last_mover, Some(self.current_seat(state)));
        // The context only for an `until` that is asked (the last phase's never is).
        next_exists
            && match self.phase_counts(state, answers).and_then(|counts| counts.until.as_ref()) {
                Some(count) => count.holds(state, seats),
                None => self.holds(state, &Ctx::new(seats.0, seats.1), until),
            }
    }

    /// The phase's turn condition and `until` read as reserve counts, when the answers follow the
    /// plans made when the engine was built (the plain meaning evaluates them as written).
    fn phase_counts(&self, state: &State, answers: &impl Answers) -> Option<&PhaseCounts> {
        let counts = self.tables.speed.phase_counts.get(state.phase as usize);
        counts.filter(|_| answers.follows_turn_plans())
    }

    /// The seat after the current one in the phase's order (skipping seats that retired).
    pub(crate) fn seat_after(&self, state: &State) -> SeatId {
        let order = self.order(state.phase);
        match self.active_place(state, state.order_index as usize + 1) {
            Some(place) => order[place],
            None => order.first().copied().unwrap_or(0),
        }
    }

    /// A decision point: its position goes into the history. A seat that has retired has no
    /// decision: its turn ends.
    fn reach_decision(&self, state: &mut State, answers: &impl Answers) {
        state.resume = Resume::Decision;
        if state.is_retired(self.current_seat(state)) {
            return self.end_turn(state, TurnEnd::Played, answers);
        }
        self.record_position(state);
    }

    /// At a decision point, the end rules, then the move limit. Left out only where nothing will
    /// ask whether the game is over (the leaves of perft), since `stuck` costs a legality search.
    pub(crate) fn judge(&self, state: &mut State) {
        self.judge_with(state, &Fast);
    }

    /// [`Engine::judge`], with the end rules answered by `answers`.
    pub(crate) fn judge_with(&self, state: &mut State, answers: &impl Answers) {
        if state.result.is_some() || !state.pending.is_empty() {
            return;
        }
        // Where the planned end rules say none holds (every decision point but a game's last), the
        // end rules are not asked as written and no result is built.
        if !self.no_planned_end_rule_holds(state, answers) {
            state.result = self.ended(state, answers);
        }
        if state.result.is_none() && state.plies >= self.game.limits.max_plies {
            state.result = Some(self.engine_end(state, EndReason::MoveLimit, "move limit"));
        }
    }

    /// The result of the first end rule that holds, asked as written.
    #[inline(never)]
    fn ended(&self, state: &State, answers: &impl Answers) -> Option<GameResult> {
        let ctx = self.end_rules_ctx(state, answers);
        let index = answers.first_end_rule(self, state, &ctx)?;
        let rule = self.game.end.get(index)?;
        Some(self.with_scores(state, self.result_of(state, &ctx, index, rule)))
    }

    /// The first end rule that holds at the decision point. Only its index comes back: the
    /// context stays where it was built, uncopied.
    fn end_rule_holding(&self, state: &State, answers: &impl Answers) -> Option<usize> {
        if self.no_planned_end_rule_holds(state, answers) {
            return None;
        }
        answers.first_end_rule(self, state, &self.end_rules_ctx(state, answers))
    }

    /// Whether the end rules, planned as light tests when the engine was built, say that none of
    /// them holds (false when they are not planned, or the answers do not follow the plans).
    fn no_planned_end_rule_holds(&self, state: &State, answers: &impl Answers) -> bool {
        let plans = self.tables.speed.end_plans.as_ref().filter(|_| answers.follows_turn_plans());
        plans.is_some_and(|plans| !plans.any_holds(state, (state.last_mover, self.current_seat(state))))
    }

    /// The end rules' context: [`Engine::end_ctx`], and whether the seat to act is stuck when they
    /// ask.
    #[inline(always)]
    fn end_rules_ctx(&self, state: &State, answers: &impl Answers) -> Ctx<'static> {
        let mut ctx = self.end_ctx(state);
        if self.tables.end_reads.stuck {
            ctx.evaluation.stuck = StuckAsks::Known(!answers.any_legal_action(self, state));
        }
        ctx
    }

    /// Whether the game is over, or would be once [`Engine::judge`] ran, without building the
    /// result: what a search that only asks needs (building a result allocates).
    pub(crate) fn is_over_unjudged(&self, state: &State) -> bool {
        state.result.is_some()
            || state.pending.is_empty()
                && (state.plies >= self.game.limits.max_plies
                    || self.end_rule_holding(state, &Fast).is_some())
    }

    /// What end rules (and scores) see: the seat that acted last and the seat to act.
    fn end_ctx(&self, state: &State) -> Ctx<'static> {
        Ctx::new(state.last_mover, Some(self.current_seat(state)))
    }

    /// An end the rules did not write (no seat can move, the move limit): a draw, or, when the
    /// rules give a score, the seats ranked by it.
    fn engine_end(&self, state: &State, end: EndReason, reason: &str) -> GameResult {
        let result = match &self.game.score {
            Some(score) => self.ranked(state, &self.end_ctx(state), std::slice::from_ref(score), end, reason),
            None => self.draw(end, reason),
        };
        self.with_scores(state, result)
    }

    /// The result with each seat's score, when the rules give one.
    fn with_scores(&self, state: &State, mut result: GameResult) -> GameResult {
        if let Some(score) = &self.game.score {
            let ctx = self.end_ctx(state);
            result.scores = (0..self.seat_count() as SeatId)
                .map(|seat| {
                    self.eval(state, &ctx.for_seat(Some(seat)), score).as_number().unwrap_or(Number::Int(0))
                })
                .collect();
        }
        result
    }

    fn result_of(&self, state: &State, ctx: &Ctx, index: usize, rule: &EndRule) -> GameResult {
        let rule_name = ["end rule ", &(index + 1).to_string()].concat();
        let end = EndReason::Rule(index as u32);
        let seats = 0..self.seat_count() as SeatId;
        match &rule.outcome {
            Outcome::Win(seat) | Outcome::Loss(seat) => {
                let Some(seat) = self.eval(state, ctx, seat).as_seat() else {
                    // The game must end, but not as the rules say: a fault the run reports.
                    self.faults.record(Fault::OutcomeWithoutSeat { rule: index as u32 });
                    return self.draw(end, &format!("{rule_name}: no seat"));
                };
                let wins = matches!(rule.outcome, Outcome::Win(_));
                let places = seats.map(|s| if self.allied(s, seat) == wins { 1 } else { 2 }).collect();
                let verb = if wins { "wins" } else { "loses" };
                let reason = [&rule_name, ": ", self.seat_name(seat), " ", verb].concat();
                GameResult { places, reason, end, scores: Vec::new() }
            }
            Outcome::Draw => self.draw(end, &format!("{rule_name}: draw")),
            Outcome::Rank(keys) => self.ranked(state, ctx, keys, end, &format!("{rule_name}: ranked")),
        }
    }

    /// The seats ordered by the keys, higher first; seats equal on every key share a place.
    fn ranked(&self, state: &State, ctx: &Ctx, keys: &[Expr], end: EndReason, reason: &str) -> GameResult {
        let scores: Vec<Vec<Number>> = (0..self.seat_count() as SeatId)
            .map(|seat| {
                let ctx = ctx.for_seat(Some(seat));
                keys.iter()
                    .map(|k| self.eval(state, &ctx, k).as_number().unwrap_or(Number::Int(i64::MIN)))
                    .collect()
            })
            .collect();
        let places = scores.iter().map(|mine| 1 + scores.iter().filter(|s| *s > mine).count() as u32);
        GameResult { places: places.collect(), reason: reason.to_string(), end, scores: Vec::new() }
    }

    fn draw(&self, end: EndReason, reason: &str) -> GameResult {
        let places = vec![1; self.seat_count()];
        GameResult { places, reason: reason.to_string(), end, scores: Vec::new() }
    }
}

/// A move by `seat` is one more ply, and `seat` is the last to have moved.
fn count_move(state: &mut State, seat: SeatId) {
    state.plies = state.plies.saturating_add(1);
    state.last_mover = Some(seat);
}
