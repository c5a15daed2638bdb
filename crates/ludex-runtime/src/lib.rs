#![warn(missing_docs)]
//! The runtime: plays any IR. It owns the game state, legal move generation, applying moves and
//! chance outcomes, turns and phases, end detection and results, move notation, the board drawn as
//! text, and positions read from text.
//!
//! Everything is driven through [`Engine`]; a [`State`] is plain data, cheap to clone and hash.
//! Chance is explicit: while a roll is pending the state is a chance node ([`Status::Chance`]) and
//! the driver (play, search, perft) supplies the outcome.
//!
//! Modules, the meaning first: `state` (the data), `value` and `eval` (expressions), `walk`
//! (walks: the one search that defines them, the steps of walks with rules, playing a path),
//! `effects` (applying a move), `holdings` (type changes, captured pieces released or given,
//! retiring seats), `turns` (the turn and phase machine, end rules, results), `history` (positions
//! for `repetitions`), `look_ahead` (`stuck` in `legal if`), `faults` (rules errors met in play),
//! `notation`, `display`, `position` (the position text format), `perft`,
//! `evaluation` (material and rank keys for agents).
//!
//! Move generation (`movegen`) and `attacked` (`attacks`) are written for speed, their speed layers
//! in modules of their own: `compiled` (hot conditions and lengths in a compiled form),
//! `compiled_effects` (`set` and `if` effects), `equalities` (type, owner and cell tests),
//! `cell_tables` (conditions and integers of one cell tabled by cell), `filters`
//! (filters split by what they read), `cell_tests` (filter conjuncts kept as sets of cells),
//! `board_index` and `bits` (occupancy bit sets), the walk tables (`walk::table`), `reach` (reach
//! tables for attacks), `trial` (`legal if` tried on a journaled copy), `overlay` (trials of plain
//! relocations against a check-like `legal if` answered on the bit sets), `sampling` (random moves
//! by rejection), `hashing`. In tests, `reference` gives the meaning of every construct plainly,
//! and `tests/differential.rs` checks that the engine gives exactly what it gives.
//!
//! Untrusted input: the hot path (move generation, effects, evaluation) indexes its tables with the
//! cell, direction, seat, type and variable ids the checker produced and validated, and reads states
//! with `get`; it is kept out of the arithmetic and indexing lints so that it stays as fast as the
//! benchmarks measure. Positions, which reach it without the checker, are validated as they are
//! read (`position`, held by those lints). The game's `limits` bound what a run may hold and how
//! long a game lasts (docs/security.md).

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod attacks;
mod bits;
mod board_index;
mod cell_bits;
mod cell_sets;
mod cell_tables;
mod cell_tests;
mod compiled;
mod compiled_effects;
mod compound;
mod display;
mod effects;
mod end_plans;
mod equalities;
mod eval;
mod evaluation;
mod exact_slides;
mod explain;
mod faults;
mod filters;
mod hashing;
mod history;
mod holdings;
mod hops;
mod lines;
mod look_ahead;
mod movegen;
mod notation;
mod overlay;
mod perft;
mod picture;
mod position;
mod prefer;
mod programs;
mod rays;
mod reach;
#[cfg(test)]
mod reference;
mod sampling;
mod sowing;
mod stacks;
mod state;
mod tracks;
mod trial;
mod trial_writes;
mod turn_plans;
mod turns;
mod value;
mod walk;

#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use ludex_ir::{ActionId, CellId, CellSet, Game, MapId, Number, PhaseId, SeatId, TypeId, VarId};

pub use compound::Part;
pub use explain::{Condition, Refusal};
pub use faults::Fault;
pub use perft::{Leaves, perft, perft_divide, perft_with};
pub use picture::{Ink, Picture, Span};
pub use state::{Piece, Prize, State};
pub use value::Value;
pub use walk::Path;

/// What a move does, identified by its effects: two paths to the same result are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// What kind of move it is: an action's, ending the turn, or a pass.
    pub kind: MoveKind,
    /// The cell the moving piece leaves (`None` for drops, choices, passes).
    pub from: Option<CellId>,
    /// The cell the piece ends on (`None` when it leaves the board or moves nowhere).
    pub to: Option<CellId>,
    /// The dropped piece type.
    pub piece: Option<TypeId>,
    /// The value of a `choose` action.
    pub choice: i32,
    /// The steps of a walk whose path matters (it pays, pushes or may leave the board); empty for
    /// every other move. A walk that leaves the board has no `to`.
    pub path: Path,
    /// A compound move's second part (`then ACTION`), played from `to` in the same ply
    /// ([`Engine::second_part`]); [`Part::NONE`] for a move of one part.
    pub tail: Part,
}

/// The kind of a [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A move of the action with this id.
    Action(ActionId),
    /// End the turn (when the turn allows stopping early).
    EndTurn,
    /// The seat has no legal action at the start of its turn.
    Pass,
}

impl Move {
    /// A move of the kind that names no cell, piece, choice or path.
    pub fn bare(kind: MoveKind) -> Move {
        Move { kind, from: None, to: None, piece: None, choice: 0, path: Path::NONE, tail: Part::NONE }
    }

    /// The move of a `choose` action that chooses `value` (one of [`choice_values`]).
    pub(crate) fn chosen(id: ActionId, value: i64) -> Move {
        Move {
            choice: value.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
            ..Move::bare(MoveKind::Action(id))
        }
    }
}

/// The most integers one `choose` action offers.
const MAX_CHOICES: i64 = 1000;

/// The integers a `choose` action offers between its bounds, in order: at most [`MAX_CHOICES`],
/// all within `i32`.
pub(crate) fn choice_values(low: i64, high: i64) -> std::ops::RangeInclusive<i64> {
    let low = low.clamp(i32::MIN.into(), i32::MAX.into());
    low..=high.min(low.saturating_add(MAX_CHOICES - 1)).min(i32::MAX.into())
}

/// Whose decision it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A seat chooses a move.
    Decision {
        /// The seat to act.
        seat: SeatId,
    },
    /// A die with `sides` faces is rolled; outcomes 1..=sides are equally likely.
    Chance {
        /// The die's number of faces.
        sides: u32,
    },
    /// The game has ended, with this result.
    Over(GameResult),
}

/// How a game ended: each seat's place (1 is best; seats that tie share a place), why in words,
/// which end it was, and each seat's score when the rules give one (`score` in `end`; empty
/// otherwise).
///
/// `end` is not written out: `reason` says the same in words, and a result read back (from a record
/// or a position) takes its `end` from them ([`EndReason::of_reason`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "ResultText")]
pub struct GameResult {
    /// Each seat's place, 1 the best.
    pub places: Vec<u32>,
    /// Why the game ended, in words.
    pub reason: String,
    /// Which end it was (read back from `reason`, never written).
    #[serde(skip_serializing)]
    pub end: EndReason,
    /// Each seat's score when the rules give one; empty otherwise. A decimal score is written as
    /// text (`"40.5"`), a whole one as a number, as before decimals existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<Number>,
}

/// Which end a game reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndReason {
    /// The end rule with this index (from 0, in the order the rules write them) held.
    Rule(u32),
    /// No seat could move: every seat in the game passed in a row.
    NoSeatCanMove,
    /// The move limit (`Limits::max_plies`) was reached.
    MoveLimit,
    /// A result given as text whose reason names none of the above (a position written by hand).
    Stated,
}

impl EndReason {
    /// The end a reason names, as the engine writes them: `end rule 3: white wins` (the rule's
    /// number counts from 1), `no seat can move`, `move limit`.
    pub fn of_reason(reason: &str) -> EndReason {
        let rule = reason.strip_prefix("end rule ").and_then(|rest| {
            let number = rest.split(':').next()?.parse::<u32>().ok()?;
            number.checked_sub(1)
        });
        match (rule, reason) {
            (Some(index), _) => EndReason::Rule(index),
            (None, "no seat can move") => EndReason::NoSeatCanMove,
            (None, "move limit") => EndReason::MoveLimit,
            (None, _) => EndReason::Stated,
        }
    }
}

/// A result as records write it, without its `end`.
#[derive(Deserialize)]
struct ResultText {
    places: Vec<u32>,
    reason: String,
    #[serde(default)]
    scores: Vec<Number>,
}

impl From<ResultText> for GameResult {
    fn from(text: ResultText) -> GameResult {
        let end = EndReason::of_reason(&text.reason);
        GameResult { places: text.places, reason: text.reason, end, scores: text.scores }
    }
}

/// Runs one lowered game.
#[derive(Debug)]
pub struct Engine {
    /// The game it runs, as lowered (with its cell sets reindexed).
    pub game: Game,
    tables: Tables,
    /// The rules errors met while playing ([`Engine::fault`]).
    faults: faults::Faults,
    /// The state after setup, made at the first [`Engine::initial_state`]: setup draws nothing
    /// (its rolls are left pending), so every game starts from a copy of it.
    start: OnceLock<State>,
}

/// Lookups computed once from the game.
#[derive(Debug, Default)]
struct Tables {
    layout: StateLayout,
    /// Each phase's order, never empty (all seats when the IR gave none).
    orders: Vec<Vec<SeatId>>,
    /// A fresh piece of each type: the attributes it has start at 0 clamped into their range.
    fresh_pieces: Vec<Piece>,
    end_reads: EndReads,
    speed: SpeedLayers,
}

/// Where a game's variables and mutable maps are kept in its states.
#[derive(Debug, Default)]
struct StateLayout {
    /// The first state slot of each variable (per-seat variables take one slot a seat).
    variable_slots: Vec<u32>,
    variable_slot_count: u32,
    /// The offset in `State::maps` of each mutable map.
    map_offsets: Vec<Option<u32>>,
    map_slot_count: usize,
    /// By variable slot, whether it is part of the position; `None` when every slot is.
    tracked_slots: Option<Vec<bool>>,
}

/// What the end rules read that costs something to keep or find.
#[derive(Debug, Default)]
struct EndReads {
    /// `repetitions` or `since_first_seen`: positions are recorded in the history.
    history: bool,
    /// `repetitions(board)`: boards are recorded in the board history.
    boards: bool,
    /// `stuck`: it is found once per decision point.
    stuck: bool,
    /// Who ends a game in which every seat passed in a row.
    passes: PassesEnd,
}

/// Who ends a game in which every seat passed in a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum PassesEnd {
    /// The engine: "no seat can move" (the default).
    #[default]
    Engine,
    /// The end rules, which read `passes`.
    Rules,
}

/// The speed layers of move generation, attacks, trials and the end rules, found from the game
/// once (see the crate's doc).
#[derive(Debug, Default)]
struct SpeedLayers {
    attacks: attacks::AttackTables,
    filters: filters::FilterTables,
    /// By action: the length of its moves, for walks and slides that have one.
    move_lengths: Vec<Option<compiled::Int>>,
    /// The conditions of the end rules, in order.
    end_conditions: Vec<programs::Program>,
    trials: trial::TrialTables,
    walks: walk::WalkTables,
    /// By action, the compiled rules of walks with rules.
    walk_rules: Vec<Option<walk::CompiledWalkRules>>,
    /// By phase, then by turn choice: how its moves come out (sorted, each once, or not).
    ordered_choices: Vec<Vec<movegen::ChoiceOrder>>,
    /// The effects of turns, actions and the capture rule, compiled.
    effects: compiled_effects::EffectTables,
    /// By phase, what follows an action.
    after_action: Vec<turn_plans::AfterAction>,
    /// By action, its plan when its walks are plain for a whole generation on a board of one word.
    one_word_walks: Vec<Option<walk::OneWordWalk>>,
    /// By phase, its turn condition and `until` read as reserve counts where they are.
    phase_counts: Vec<turn_plans::PhaseCounts>,
    /// The end rules as light tests, when every one has such a shape.
    end_plans: Option<end_plans::EndPlans>,
}

impl Engine {
    /// An engine for a lowered game, with its lookup tables built once.
    pub fn new(mut game: Game) -> Engine {
        reindex_cell_sets(&mut game);
        let tables = Tables::new(&game);
        Engine { game, tables, faults: Default::default(), start: OnceLock::new() }
    }

    /// The state after setup (it may begin with chance nodes: setup rolls).
    pub fn initial_state(&self) -> State {
        self.start.get_or_init(|| self.start_game(&turns::Fast)).clone()
    }

    /// Whose decision it is in `state`: a seat's, a die's, or nobody's once the game is over.
    pub fn status(&self, state: &State) -> Status {
        if let Some(result) = &state.result {
            return over(result);
        }
        match state.pending.front() {
            Some(roll) => Status::Chance { sides: roll.sides },
            None => Status::Decision { seat: self.current_seat(state) },
        }
    }

    /// The legal moves at a decision point, written into `out` (cleared first), in a stable order.
    pub fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.result.is_none() && state.pending.is_empty() {
            self.generate_legal_moves(state, out);
        }
    }

    /// Applies a legal move.
    pub fn apply_move(&self, state: &mut State, mv: Move) {
        if state.result.is_none() && state.pending.is_empty() {
            self.play(state, mv);
            self.judge(state);
        }
    }

    /// Applies the outcome (1..=sides) of the pending roll.
    pub fn apply_chance(&self, state: &mut State, outcome: u32) {
        if state.result.is_none() && !state.pending.is_empty() {
            self.resolve_roll(state, outcome);
        }
    }

    /// The move in notation: `a2-a3`, `a2xa3`, `R@c3`, `orient 2`, `end`, `pass`.
    pub fn move_notation(&self, state: &State, mv: Move) -> String {
        self.notation(state, mv)
    }

    /// Reads a move in notation among the legal moves.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, String> {
        self.parse_notation(state, text)
    }

    /// The board as text with coordinates, reserves, prizes, variables and whose turn it is.
    pub fn describe(&self, state: &State) -> String {
        self.render(state)
    }

    /// What [`Engine::describe`] writes below the board: whose turn it is, the dice and the turn so
    /// far, reserves, prizes and variables.
    pub fn describe_details(&self, state: &State) -> String {
        self.render_details(state)
    }

    /// Whose turn it is or how the game ended, in words: `white to move (phase play, turn 3 of
    /// the phase, ply 4)`.
    pub fn describe_status(&self, state: &State) -> String {
        self.render_status(state)
    }

    /// A value in words: numbers, `true`/`false`, `none`, names of cells, seats, types and phases,
    /// pieces as in the position format.
    pub fn describe_value(&self, value: Value) -> String {
        self.value_text(value)
    }

    /// Whether the seat has left the game (`retire`).
    pub fn is_retired(&self, state: &State, seat: SeatId) -> bool {
        state.is_retired(seat)
    }

    /// Reads a position written in the position format (see the `position` module).
    pub fn load_position(&self, text: &str) -> Result<State, String> {
        position::read(self, text)
    }

    /// Writes a state in the position format; `load_position` reads it back to the same state.
    pub fn write_position(&self, state: &State) -> String {
        position::write(self, state)
    }

    /// The seat whose turn it is (also while its rolls are pending); `None` once the game is over.
    pub fn seat_to_move(&self, state: &State) -> Option<SeatId> {
        state.result.is_none().then(|| self.current_seat(state))
    }

    /// How many pieces stand on the cell (more than one only on a board with stacks).
    pub fn stack_height(&self, state: &State, cell: CellId) -> usize {
        state.height(cell)
    }

    /// The piece on a cell, if any.
    pub fn piece_at(&self, state: &State, cell: CellId) -> Option<Piece> {
        state.piece(cell)
    }

    /// A variable's value by name (per-seat variables need the seat).
    pub fn variable(&self, state: &State, name: &str, seat: Option<SeatId>) -> Option<Value> {
        let var = self.game.variables.iter().position(|v| v.name == name)?;
        let slot = self.variable_slot(VarId::try_from(var).ok()?, seat)?;
        state.variables.get(slot as usize).copied()
    }

    /// Moves played so far (chance outcomes are not plies).
    pub fn ply(&self, state: &State) -> u32 {
        state.plies
    }

    /// The phase the game is in.
    pub fn phase(&self, state: &State) -> PhaseId {
        state.phase
    }

    /// Turns completed in the current phase.
    pub fn turns(&self, state: &State) -> u32 {
        state.turns
    }

    /// A seat's reserve: the pieces it may drop.
    pub fn reserve<'s>(&self, state: &'s State, seat: SeatId) -> &'s [Piece] {
        state.reserve_of(seat)
    }

    /// The pieces a seat has taken as prizes.
    pub fn prizes<'s>(&self, state: &'s State, seat: SeatId) -> &'s [Prize] {
        state.prizes_of(seat)
    }

    /// A map's value at a cell, rotated if the map is mutable.
    pub fn map_value(&self, state: &State, map: MapId, cell: CellId) -> Option<i32> {
        match self.tables.layout.map_offsets.get(map as usize).copied().flatten() {
            Some(offset) => state.maps.get(offset as usize + cell as usize).copied().flatten(),
            None => self.game.maps.get(map as usize)?.values.get(cell as usize).copied().flatten(),
        }
    }

    /// The cell of a name (`e4`, any case).
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        self.game.board.cell_named(&name.to_ascii_lowercase())
    }

    /// A cell's name (`?` for a cell the board does not have).
    pub fn cell_name(&self, cell: CellId) -> &str {
        self.game.board.cells.get(cell as usize).map_or("?", |c| c.name.as_str())
    }

    /// The seat of a name (any case).
    pub fn seat_named(&self, name: &str) -> Option<SeatId> {
        let index = self.game.seats.iter().position(|s| s.name.eq_ignore_ascii_case(name))?;
        SeatId::try_from(index).ok()
    }

    pub(crate) fn seat_name(&self, seat: SeatId) -> &str {
        self.game.seats.get(seat as usize).map_or("?", |s| s.name.as_str())
    }

    pub(crate) fn seat_count(&self) -> usize {
        self.game.seats.len()
    }

    /// The seat whose turn it is in the phase's order.
    pub(crate) fn current_seat(&self, state: &State) -> SeatId {
        let order = self.order(state.phase);
        order.get(state.order_index as usize).or(order.first()).copied().unwrap_or(0)
    }

    pub(crate) fn order(&self, phase: PhaseId) -> &[SeatId] {
        self.tables.orders.get(phase as usize).map_or(&[], Vec::as_slice)
    }

    /// The state slot of a variable (`seat` selects the slot of a per-seat variable).
    pub(crate) fn variable_slot(&self, var: VarId, seat: Option<SeatId>) -> Option<u32> {
        variable_slot(&self.game, &self.tables.layout.variable_slots, var, seat)
    }

    pub(crate) fn mutable_map_offset(&self, map: MapId) -> Option<usize> {
        self.tables.layout.map_offsets.get(map as usize).copied().flatten().map(|o| o as usize)
    }

    pub(crate) fn in_zone(&self, zone: ludex_ir::ZoneId, seat: Option<SeatId>, cell: CellId) -> bool {
        self.zone_cells(zone, seat).is_some_and(|set| set.contains(cell))
    }

    /// Whether two seats are on the same side (the same seat or team mates).
    pub(crate) fn allied(&self, a: SeatId, b: SeatId) -> bool {
        allied(&self.game, a, b)
    }

    /// The one other seat of the seat's team, if its team has exactly two seats.
    pub(crate) fn partner(&self, seat: SeatId) -> Option<SeatId> {
        let team = self.game.seats.get(seat as usize)?.team?;
        match *self.game.teams.get(team as usize)?.seats.as_slice() {
            [a, b] if a == seat => Some(b),
            [a, b] if b == seat => Some(a),
            _ => None,
        }
    }

    /// Whether a piece is an enemy of the seat: owned by a seat that is not on its side.
    pub(crate) fn is_enemy(&self, seat: SeatId, piece: &Piece) -> bool {
        piece.owner.is_some_and(|owner| !self.allied(seat, owner))
    }

    pub(crate) fn fresh_piece(&self, kind: TypeId, owner: Option<SeatId>) -> Piece {
        let fresh = self.tables.fresh_pieces.get(kind as usize).copied();
        Piece { owner, ..fresh.unwrap_or(Piece::new(kind, owner)) }
    }

    /// Writes an attribute of a piece, clamped into the attribute's range; a slot the type does not
    /// have is left alone.
    pub(crate) fn write_attribute(&self, piece: &mut Piece, attribute: ludex_ir::AttrId, value: i64) {
        let has =
            self.game.pieces.get(piece.kind as usize).is_some_and(|t| t.attributes.contains(&attribute));
        let (Some(range), Some(slot)) =
            (self.game.attributes.get(attribute as usize), piece.attributes.get_mut(attribute as usize))
        else {
            return;
        };
        if has {
            let (low, high) = (range.min.min(range.max), range.max.max(range.min));
            *slot = value.clamp(low.into(), high.into()) as i32;
        }
    }
}

impl Tables {
    fn new(game: &Game) -> Tables {
        let layout = StateLayout::new(game);
        let all_seats: Vec<SeatId> = (0..game.seats.len()).filter_map(|s| SeatId::try_from(s).ok()).collect();
        let orders = game
            .phases
            .iter()
            .map(|phase| {
                let order: Vec<SeatId> =
                    phase.order.iter().copied().filter(|&s| (s as usize) < game.seats.len()).collect();
                if order.is_empty() { all_seats.clone() } else { order }
            })
            .collect();
        let compiled = compiled::Layout { game, state: &layout };
        let mut speed = SpeedLayers {
            attacks: attacks::AttackTables::new(game),
            filters: filters::FilterTables::new(&compiled),
            move_lengths: compiled::move_lengths(&compiled),
            end_conditions: game
                .end
                .iter()
                .map(|rule| programs::Program::new(compiled::Cond::new(&rule.condition, &compiled)))
                .collect(),
            trials: trial::TrialTables::new(&compiled),
            walks: walk::WalkTables::new(game),
            walk_rules: walk::compile_walk_rules(&compiled),
            ordered_choices: movegen::ordered_choices(game),
            effects: compiled_effects::EffectTables::new(&compiled),
            after_action: turn_plans::after_action_plans(game),
            one_word_walks: Vec::new(),
            phase_counts: turn_plans::phase_counts(game),
            end_plans: None,
        };
        speed.end_plans = end_plans::EndPlans::new(&speed.end_conditions);
        speed.one_word_walks = walk::one_word_walks(game, &speed);
        let end_reads = EndReads {
            history: history::reads_repetitions(game)
                || history::end_rules_read(game, ludex_ir::ContextWord::SinceFirstSeen),
            boards: history::reads_board_repetitions(game),
            stuck: history::end_rules_read(game, ludex_ir::ContextWord::Stuck),
            passes: if history::end_rules_read(game, ludex_ir::ContextWord::Passes) {
                PassesEnd::Rules
            } else {
                PassesEnd::Engine
            },
        };
        Tables { layout, orders, fresh_pieces: fresh_pieces(game), end_reads, speed }
    }
}

impl StateLayout {
    fn new(game: &Game) -> StateLayout {
        let seats = game.seats.len() as u32;
        let mut variable_slots = Vec::with_capacity(game.variables.len());
        let mut tracked = Vec::new();
        let mut next = 0u32;
        for variable in &game.variables {
            variable_slots.push(next);
            let slots = if variable.per_seat { seats } else { 1 };
            next += slots;
            tracked.extend(std::iter::repeat_n(variable.tracking.is_tracked(), slots as usize));
        }
        let tracked_slots = tracked.contains(&false).then_some(tracked);
        let mut map_offsets = Vec::with_capacity(game.maps.len());
        let mut map_slot_count = 0usize;
        for map in &game.maps {
            map_offsets.push(map.mutable.then_some(map_slot_count as u32));
            if map.mutable {
                map_slot_count += game.board.cell_count();
            }
        }
        StateLayout { variable_slots, variable_slot_count: next, map_offsets, map_slot_count, tracked_slots }
    }
}

/// Whether two seats of the game are on the same side (the same seat or team mates).
pub(crate) fn allied(game: &Game, a: SeatId, b: SeatId) -> bool {
    let team = |s: SeatId| game.seats.get(s as usize).and_then(|seat| seat.team);
    a == b || team(a).is_some_and(|t| Some(t) == team(b))
}

fn fresh_pieces(game: &Game) -> Vec<Piece> {
    (0..game.pieces.len())
        .map(|kind| {
            let mut piece = Piece::new(kind as TypeId, None);
            for &attribute in &game.pieces[kind].attributes {
                if let (Some(range), Some(slot)) =
                    (game.attributes.get(attribute as usize), piece.attributes.get_mut(attribute as usize))
                {
                    *slot = 0.clamp(range.min.min(range.max), range.max.max(range.min));
                }
            }
            piece
        })
        .collect()
}

/// The status of a game that is over: its result copied, out of line (it allocates), so that
/// asking the status of a game still going takes no frame for the copy.
#[cold]
#[inline(never)]
fn over(result: &GameResult) -> Status {
    Status::Over(result.clone())
}

/// The state slot of a variable, given each variable's first slot (see `Engine::variable_slot`).
fn variable_slot(game: &Game, slots: &[u32], var: VarId, seat: Option<SeatId>) -> Option<u32> {
    let base = *slots.get(var as usize)?;
    match (game.variables.get(var as usize)?.per_seat, seat) {
        (false, _) => Some(base),
        (true, Some(s)) if (s as usize) < game.seats.len() => Some(base + u32::from(s)),
        (true, _) => None,
    }
}

/// Cell sets lose their bit sets in serialization; rebuild any that do not match the board.
fn reindex_cell_sets(game: &mut Game) {
    let cell_count = game.board.cell_count();
    let words = cell_count.div_ceil(64);
    let fix = |set: &mut CellSet| {
        if set.bits.len() != words || set.cells.iter().any(|&c| c as usize >= cell_count) {
            set.cells.retain(|&c| (c as usize) < cell_count);
            set.reindex(cell_count);
        }
    };
    game.zones.iter_mut().flat_map(|z| z.cells.iter_mut()).for_each(fix);
    for action in &mut game.actions {
        if let ludex_ir::ActionKind::Drop { cells, .. } = &mut action.kind {
            cells.iter_mut().for_each(fix);
        }
    }
}
