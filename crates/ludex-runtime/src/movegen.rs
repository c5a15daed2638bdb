//! Legal move generation: the first turn choice with any legal action gives the actions; each
//! action generates its moves by pattern (step, slide, leap, walk, drop, choose), checked against
//! the destination rule, the capture rule and the filters, split by promotion type, then tried on
//! a scratch copy of the state against the turn's `legal if`. Moves go to a sink that may stop
//! early, so "is anything legal?" generates no more than it needs.
//!
//! Written for speed, with the speed layers it reads in modules of their own (filters split by what
//! they read, compiled conditions, cell tests, bit sets of pieces and ends, walk tables, moves that
//! come out in order without a sort, journaled trials); `reference::moves` says the same plainly,
//! and the differential test holds the two equal.

use std::cell::OnceCell;
use std::ops::ControlFlow;

use ludex_ir::{
    Action, ActionChoice, ActionCount, ActionId, ActionKind, CellId, CellSet, Destination, DirId, Expr, Game,
    MAX_PIECE_TYPES, Passing, PhaseId, SeatId, Stacking, Track, TrackSource,
};

use super::bits::{MAX_TABLED_WORDS, cells_in, set_bit, try_cells_in};
use super::cell_tests::{CellMask, Key};
use super::eval::{Ctx, PieceSlot};
use super::filters::SplitFilter;
use super::hops::Hops;
use super::rays::{Occupied, slide_ends};
use super::state::{Piece, State};
use super::trial::{LegalOnly, Trials};
use super::walk::{self, OneWordSetup, OneWordWalk, PlainWalks, WalkEnd, WalkShape};
use super::{Engine, Move, MoveKind, Part, Path, choice_values};

/// Where generated moves go; it may stop the generation by breaking. Generic, so that each caller's
/// sink is inlined into the generator. A closure takes the moves one at a time.
pub(super) trait Sink {
    /// Takes one move.
    fn put(&mut self, mv: Move) -> ControlFlow<()>;

    /// Takes a copy of `first` for each cell of `ends` (a bit set of the board's first words), in
    /// cell order, with that cell its `to`: the moves of one piece by one action that need no
    /// test a move.
    #[inline(always)]
    fn put_copies(&mut self, first: Move, ends: &[u64]) -> ControlFlow<()> {
        try_cells_in(ends, |to| self.put(Move { to: Some(to), ..first }))
    }
}

impl<F: FnMut(Move) -> ControlFlow<()>> Sink for F {
    #[inline(always)]
    fn put(&mut self, mv: Move) -> ControlFlow<()> {
        self(mv)
    }
}

impl Engine {
    /// The legal moves of the seat to act, sorted and without duplicates; `pass` when it has none.
    /// A turn's `prefer` keeps those that begin its best completions.
    pub(crate) fn generate_legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        self.unpreferred_legal_moves(state, out);
        let preference = self.game.phases.get(state.phase as usize).and_then(|p| p.turn.prefer.as_ref());
        if let Some(preference) = preference {
            self.keep_preferred(state, preference, out);
        }
    }

    /// The legal moves before the turn's `prefer` (see [`Engine::generate_legal_moves`]).
    pub(crate) fn unpreferred_legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        let Some(phase) = self.game.phases.get(state.phase as usize) else {
            out.push(Move::bare(MoveKind::Pass));
            return;
        };
        let seat = self.current_seat(state);
        let mut ordered = true;
        for (index, choice) in phase.turn.choices.iter().enumerate() {
            let filter = self.tables.speed.filters.choice(state.phase, index);
            let order = self.choice_order(state.phase, index);
            let actions = (order.actions(choice), filter);
            let _ = self.choice_moves(state, (seat, Wanted::Every), actions, &mut |mv| {
                out.push(mv);
                ControlFlow::Continue(())
            });
            if !out.is_empty() {
                ordered = order.is_increasing();
                break;
            }
        }
        // Moves come out in order piece by piece and action by action, each once: most lists need
        // neither a sort nor a pass for duplicates, and those of some choices need no check either.
        if !ordered && !out.is_sorted_by(|a, b| a < b) {
            out.sort_unstable();
            out.dedup();
        }
        if out.is_empty() {
            out.push(Move::bare(MoveKind::Pass));
            return;
        }
        if matches!(phase.turn.count, ActionCount::UpTo(_)) {
            out.push(Move::bare(MoveKind::EndTurn));
        }
        if self.may_pass_now(state) {
            out.push(Move::bare(MoveKind::Pass));
        }
    }

    /// Whether the seat may pass now although it has legal actions: the turn says `may pass`,
    /// and the seat has not acted yet this turn.
    pub(crate) fn may_pass_now(&self, state: &State) -> bool {
        let passing = self.game.phases.get(state.phase as usize).map(|p| p.turn.passing);
        passing == Some(Passing::Always) && state.actions == 0
    }

    /// Whether the seat to act has any legal action (not counting `end` or `pass`).
    pub(crate) fn has_legal_action(&self, state: &State) -> bool {
        let Some(phase) = self.game.phases.get(state.phase as usize) else { return false };
        let seat = self.current_seat(state);
        phase.turn.choices.iter().enumerate().any(|(index, choice)| {
            let filter = self.tables.speed.filters.choice(state.phase, index);
            let actions = self.choice_order(state.phase, index).actions(choice);
            let any = &mut |_| ControlFlow::Break(());
            self.choice_moves(state, (seat, Wanted::Any), (actions, filter), any).is_break()
        })
    }

    /// How the moves of the phase's turn choice number `index` come out of the generation.
    pub(super) fn choice_order(&self, phase: PhaseId, index: usize) -> &ChoiceOrder {
        const UNORDERED: &ChoiceOrder = &ChoiceOrder::Unordered;
        let orders = self.tables.speed.ordered_choices.get(phase as usize);
        orders.and_then(|orders| orders.get(index)).unwrap_or(UNORDERED)
    }

    fn choice_moves(
        &self,
        state: &State,
        (seat, wanted): (SeatId, Wanted),
        choice: (&[ActionId], &SplitFilter),
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        match self.tables.speed.trials.legal(state.phase) {
            None => self.candidate_moves(state, seat, choice, sink),
            Some(legal) => {
                let mut trials = Trials::new(self, state, seat, legal);
                if wanted == Wanted::Every {
                    trials.judging_every_move();
                }
                self.candidate_moves(state, seat, choice, &mut LegalOnly { trials: &mut trials, sink })
            }
        }
    }

    /// The moves of the phase's turn choice number `index` before the turn's `legal if`.
    pub(super) fn choice_candidates(
        &self,
        state: &State,
        seat: SeatId,
        index: usize,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let phase = self.game.phases.get(state.phase as usize);
        let Some(choice) = phase.and_then(|p| p.turn.choices.get(index)) else {
            return ControlFlow::Continue(());
        };
        let filter = self.tables.speed.filters.choice(state.phase, index);
        let actions = self.choice_order(state.phase, index).actions(choice);
        self.candidate_moves(state, seat, (actions, filter), sink)
    }

    /// The moves of a choice's actions (in the order given) before the turn's `legal if`.
    fn candidate_moves(
        &self,
        state: &State,
        seat: SeatId,
        (actions, choice_filter): (&[ActionId], &SplitFilter),
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let landings = OnceCell::new();
        for &id in actions {
            let Some(action) = self.game.actions.get(id as usize) else { continue };
            let play = Played { id, action, seat, choice_filter, origin: None, landings: &landings };
            match &action.continuation {
                None => self.action_moves(state, play, sink)?,
                Some(continuation) => self.action_moves(state, play, &mut |first| {
                    self.continue_move(state, seat, first, continuation, sink)
                })?,
            }
        }
        ControlFlow::Continue(())
    }

    /// The moves of one action, before the turn's `legal if` (for a compound move, its first
    /// parts, or its second parts from `origin`).
    pub(super) fn action_moves(&self, state: &State, play: Played, sink: &mut impl Sink) -> ControlFlow<()> {
        let Played { id, action, seat, choice_filter, origin, landings } = play;
        let next = Some(self.seat_after(state));
        let filters = [self.tables.speed.filters.action(id), choice_filter];
        let mut generator = Generator {
            engine: self,
            state,
            seat,
            next,
            id,
            action,
            filters,
            from_cells: CellMask::ALL,
            to_cells: CellMask::ALL,
            ends: [0; MAX_TABLED_WORDS],
            origin,
            one_word: None,
            landings,
        };
        if filters.iter().any(|filter| !filter.cells.is_empty()) {
            let masks = [&mut generator.from_cells, &mut generator.to_cells];
            self.restrict_to_cell_tests(state, (seat, next), filters, masks);
        }
        if matches!(action.kind, ActionKind::Walk { .. }) {
            self.prepare_walks(&mut generator, play);
        } else if generator.ends_in_lines() {
            generator.prepare_allowed_ends();
        }
        generator.moves(sink)
    }

    /// For a walk, the generation's cells its moves may end on, and its bit sets when it is
    /// planned as plain for the whole generation on a board of one word. Out of line, and not
    /// generic: the generation of every other kind of action stays as small as without it.
    #[inline(never)]
    fn prepare_walks(&self, generator: &mut Generator, play: Played) {
        if let Some(walk) = self.one_word_walk(play) {
            let kept = (generator.from_cells.bits[0], generator.to_cells.bits[0]);
            let setup = walk.setup(&generator.state.index, play.seat, kept);
            generator.ends[0] = setup.ends;
            generator.one_word = Some(setup);
        } else {
            generator.prepare_allowed_ends();
        }
    }

    /// The plan of the action's walks when they are plain for the whole generation on a board of
    /// one word, the turn choice's filter testing nothing per piece or per move (and the move no
    /// compound move's second part).
    fn one_word_walk(&self, play: Played) -> Option<&OneWordWalk> {
        let filter = play.choice_filter;
        let plain_here = play.origin.is_none() && filter.early.is_empty() && filter.late.is_empty();
        self.tables.speed.one_word_walks.get(play.id as usize).and_then(Option::as_ref).filter(|_| plain_here)
    }

    /// Keeps in the masks of `from` and of `to` only the cells on which the filters' cell tests
    /// hold in this generation; the masks are the generator's own, written in place. Out of line:
    /// the generation of actions without cell tests stays as small as without it.
    #[inline(never)]
    fn restrict_to_cell_tests(
        &self,
        state: &State,
        seats: (SeatId, Option<SeatId>),
        filters: [&SplitFilter; 2],
        [from, to]: [&mut CellMask; 2],
    ) {
        for filter in filters {
            for test in &filter.cells {
                let mask = match test.key {
                    Key::From => &mut *from,
                    Key::To => &mut *to,
                };
                test.restrict(self, state, seats, mask);
            }
        }
    }
}

/// Which of a choice's legal moves a generation wants.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// Every one (a list).
    Every,
    /// Any one: it stops at the first.
    Any,
}

/// How a turn choice's moves come out of the generation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ChoiceOrder {
    /// Strictly increasing when its actions are generated in this order (by id, each once): the
    /// list needs no sort and holds no duplicate.
    Increasing(Box<[ActionId]>),
    /// In no known order: the list is sorted and rid of duplicates.
    Unordered,
}

impl ChoiceOrder {
    /// The choice's actions in the order the generation takes them.
    pub(super) fn actions<'a>(&'a self, choice: &'a ActionChoice) -> &'a [ActionId] {
        match self {
            ChoiceOrder::Increasing(actions) => actions,
            ChoiceOrder::Unordered => &choice.actions,
        }
    }

    /// Whether the moves come out strictly increasing.
    pub(super) fn is_increasing(&self) -> bool {
        matches!(self, ChoiceOrder::Increasing(_))
    }
}

/// By phase, then by turn choice: how the choice's moves come out. Strictly increasing (none
/// needs sorting or is a duplicate) when its actions are generated by id, each once, and each
/// one's moves are increasing, each from its piece in cell order: steps, slides and leaps on a
/// board small enough for a bit set of their ends, promoting (if they do) to types listed in
/// increasing order; walks whose reached cells are a bit set (no step rules, no promotion); drops,
/// `choose` and declarations. A move's order begins with its action's id, so the list of a choice
/// whose actions are written in another order is the same list.
pub(super) fn ordered_choices(game: &Game) -> Vec<Vec<ChoiceOrder>> {
    let small_board = game.board.cell_count().div_ceil(64) <= MAX_TABLED_WORDS;
    let ordered = |id: &ActionId| {
        // A compound move's parts come out as its first parts are found legal one by one.
        let Some(action) = game.actions.get(*id as usize).filter(|a| a.continuation.is_none()) else {
            return false;
        };
        let promotions_in_order =
            action.promotion.as_ref().is_none_or(|promotion| promotion.types.is_sorted_by(|a, b| a < b));
        match &action.kind {
            ActionKind::Walk { rules, .. } => walk::is_plain(rules) && action.promotion.is_none(),
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::SlideExactly { .. } => small_board && promotions_in_order,
            ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Sow { .. } => true,
            // Chains come out deepest first; moves along a track amount by amount.
            ActionKind::Hop { .. } | ActionKind::Along { .. } => false,
            ActionKind::Anywhere { .. } => small_board && promotions_in_order,
        }
    };
    let choice_ordered = |choice: &ActionChoice| {
        if !choice.actions.iter().all(ordered) {
            return ChoiceOrder::Unordered;
        }
        let mut actions = choice.actions.clone();
        actions.sort_unstable();
        actions.dedup();
        ChoiceOrder::Increasing(actions.into_boxed_slice())
    };
    game.phases.iter().map(|phase| phase.turn.choices.iter().map(choice_ordered).collect()).collect()
}

/// One action as a turn choice plays it: the action, the seat acting, the choice's filter (none
/// for a compound move's second part), for a second part where the first part landed, and what
/// stands where the seat's moves may end in the position generated from, found at the first
/// action that needs it and shared by the others.
#[derive(Clone, Copy)]
pub(super) struct Played<'a> {
    pub id: ActionId,
    pub action: &'a Action,
    pub seat: SeatId,
    pub choice_filter: &'a SplitFilter,
    pub origin: Option<CellId>,
    pub landings: &'a OnceCell<Landings>,
}

/// What stands on the board's first words of cells, as the destination rules of one seat's moves
/// read it: the occupied cells, the cells of its enemies' pieces and of its own and its allies'.
#[derive(Clone, Copy)]
pub(super) struct Landings {
    occupied: Occupied,
    enemies: Occupied,
    allies: Occupied,
}

impl Landings {
    /// What stands on the cells of the words from `first` on, for the seat's moves.
    fn of(engine: &Engine, state: &State, seat: SeatId, first: usize) -> Landings {
        let index = &state.index;
        let mut landings = Landings {
            occupied: [0; MAX_TABLED_WORDS],
            enemies: [0; MAX_TABLED_WORDS],
            allies: [0; MAX_TABLED_WORDS],
        };
        let words = index.words().saturating_sub(first);
        for (word, cells) in landings.occupied.iter_mut().enumerate().take(words) {
            *cells = index.occupied_word(first + word);
        }
        for owner in 0..engine.seat_count() as SeatId {
            let side = if engine.allied(seat, owner) { &mut landings.allies } else { &mut landings.enemies };
            let pieces = index.of_owner(Some(owner)).get(first..).unwrap_or(&[]);
            side.iter_mut().zip(pieces).for_each(|(side, &pieces)| *side |= pieces);
        }
        landings
    }

    /// Writes into `allowed` (its words, at most `MAX_TABLED_WORDS`) the cells a move may end on by
    /// the destination rule (as `Generator::arrival` judges them): empty cells, its enemies'
    /// pieces, and its allies' on a board with stacks.
    fn write_allowed(&self, destination: Destination, stacking: Stacking, allowed: &mut [u64]) {
        // All ones where the rule allows the kind of cell, none where it does not.
        let all_if = |allowed: bool| 0u64.wrapping_sub(u64::from(allowed));
        let empty = all_if(destination.allows_empty());
        let enemies = all_if(destination.allows_enemy());
        let allies = all_if(destination.allows_friend() && stacking == Stacking::Stacks);
        let sides = self.occupied.iter().zip(&self.enemies).zip(&self.allies);
        for (allowed, ((occupied, enemy), ally)) in allowed.iter_mut().zip(sides) {
            *allowed = (!occupied & empty) | (enemy & enemies) | (ally & allies);
        }
    }
}

/// What a pattern of lines' generation decides once for all its pieces.
struct LinePlan {
    /// The board's words.
    words: usize,
    /// Whether a piece's moves have conditions to test before them (`piece_conditions_hold`).
    piece_conditions: bool,
    /// Whether a move that may capture has conditions left to test once its destination is known
    /// (`has_late_conditions`).
    late: bool,
}

/// Where a move lands, as far as the capture rule is concerned.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Landing {
    OnEmpty,
    MayCapture,
}

/// Generates the moves of one action for one seat.
struct Generator<'a> {
    engine: &'a Engine,
    state: &'a State,
    seat: SeatId,
    next: Option<SeatId>,
    id: ActionId,
    action: &'a Action,
    /// The action's filter and the turn choice's.
    filters: [&'a SplitFilter; 2],
    /// The cells their cell tests keep, of `from` and of `to`.
    from_cells: CellMask,
    to_cells: CellMask,
    /// For a walk or a pattern of lines (step, slide, leap, `anywhere`, exact slide), the board's
    /// first words of the cells its moves may end on (`write_allowed_ends`).
    ends: [u64; MAX_TABLED_WORDS],
    /// For a walk planned as plain for the whole generation on a board of one word, its bit sets
    /// (`walk::OneWordWalk`).
    one_word: Option<OneWordSetup>,
    /// For a compound move's second part, the cell the first part landed on: its `from`.
    origin: Option<CellId>,
    /// What stands where the seat's moves may end, shared by the generation's actions.
    landings: &'a OnceCell<Landings>,
}

impl<'a> Generator<'a> {}

impl Generator<'_> {
    fn moves(&self, sink: &mut impl Sink) -> ControlFlow<()> {
        match &self.action.kind {
            ActionKind::Drop { cells, .. } => self.drops(cells.get(self.seat as usize), sink),
            ActionKind::Place { cells, .. } => self.places(cells.get(self.seat as usize), sink),
            ActionKind::Choose { from, to } => self.choices(from, to, sink),
            ActionKind::Declare => self.declaration(sink),
            ActionKind::Remove { cells } => self.removals(cells.get(self.seat as usize), sink),
            ActionKind::Along { track, amounts, source: TrackSource::Reserve, .. } => {
                self.entries(self.engine.game.tracks.get(*track as usize), amounts, sink)
            }
            ActionKind::Sow { cells, track, skipping } => self.sowings(
                cells.get(self.seat as usize),
                (self.engine.game.tracks.get(*track as usize), skipping.as_ref()),
                sink,
            ),
            ActionKind::Walk { .. } => self.walk_moves(sink),
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::SlideExactly { .. } => self.line_moves_of_pieces(sink),
            ActionKind::Hop { .. } | ActionKind::Along { source: TrackSource::Board, .. } => {
                self.piece_moves(sink)
            }
        }
    }

    fn ctx(&self) -> Ctx<'static> {
        Ctx { from: self.origin, ..Ctx::new(Some(self.seat), self.next) }
    }

    fn moves_type(&self, kind: u8) -> bool {
        self.action.pieces.is_empty() || self.action.pieces.contains(&kind)
    }

    fn when_holds(&self, ctx: &Ctx) -> bool {
        self.engine
            .tables
            .speed
            .filters
            .when(self.id)
            .is_none_or(|when| self.engine.test(self.state, ctx, when))
    }

    /// Whether the cell tests hold for a move with neither `from` nor `to` (but the `from` of a
    /// compound move's second part).
    fn cell_tests_hold_off_board(&self) -> bool {
        self.origin_passes_cell_tests() && self.to_cells.off_board
    }

    /// Whether the cell tests of `from` hold for a move that moves no piece: its `from` is none,
    /// or where the first part of a compound move landed.
    fn origin_passes_cell_tests(&self) -> bool {
        self.from_cells.holds(self.origin)
    }

    /// Whether the conjuncts of the filters that read no per-move word hold.
    fn early_filters_hold(&self, ctx: &Ctx) -> bool {
        let holds = |f: &SplitFilter| f.early.iter().all(|c| self.engine.test(self.state, ctx, c));
        self.filters.iter().all(|f| holds(f))
    }

    /// Whether the other conjuncts hold, once the early ones are known to.
    fn late_filters_hold(&self, ctx: &Ctx) -> bool {
        let holds = |f: &SplitFilter| f.late.iter().all(|c| self.engine.test(self.state, ctx, c));
        self.filters.iter().all(|f| holds(f))
    }

    /// The moves of the seat's pieces of the action's types that stand on cells the `from` tests
    /// keep (see [`Generator::try_each_piece`]). Inlined into both its callers (`moves` and
    /// `walk_moves`), as when it had one.
    #[inline(always)]
    fn piece_moves(&self, sink: &mut impl Sink) -> ControlFlow<()> {
        self.try_each_piece(|from| self.piece_moves_from(from, sink))
    }

    /// The moves of a pattern of lines, piece by piece, with what does not depend on the piece
    /// decided once (`LinePlan`); none at all where no end is allowed. Out of line: called once a
    /// generation.
    #[inline(never)]
    fn line_moves_of_pieces(&self, sink: &mut impl Sink) -> ControlFlow<()> {
        if self.ends_nowhere() {
            return ControlFlow::Continue(());
        }
        let plan = self.line_plan();
        self.try_each_piece(|from| {
            if plan.piece_conditions && !self.piece_conditions_met(from) {
                return ControlFlow::Continue(());
            }
            self.line_moves(&plan, from, sink)
        })
    }

    /// Visits the cells of the seat's pieces of the action's types that stand on cells the `from`
    /// tests keep (for a compound move's second part, the cell the first part landed on, if such
    /// a piece stands there): on boards of the cell masks' words, only those pieces are visited,
    /// their cells found by word operations (no test a piece).
    #[inline(always)]
    fn try_each_piece(&self, mut visit: impl FnMut(CellId) -> ControlFlow<()>) -> ControlFlow<()> {
        if let Some(origin) = self.origin {
            return if self.has_landed_piece(origin) { visit(origin) } else { ControlFlow::Continue(()) };
        }
        let (seat, types) = (Some(self.seat), &self.action.pieces);
        let Some(mut cells) = self.state.index.cells_of_types(seat, types) else {
            return self.state.try_for_each_piece(seat, types, |from, _| {
                if self.from_cells.holds(Some(from)) { visit(from) } else { ControlFlow::Continue(()) }
            });
        };
        cells.iter_mut().zip(self.from_cells.bits).for_each(|(cells, kept)| *cells &= kept);
        cells_in(&cells).try_for_each(visit)
    }

    /// The moves of a walk: for the whole generation at once where the walk allows it (see
    /// [`Generator::plain_walks`]), piece by piece otherwise. Out of line, so that the other
    /// actions' generation does not grow with it.
    #[inline(never)]
    fn walk_moves(&self, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(setup) = self.one_word else { return self.piece_moves(sink) };
        let ends = (setup.ends, setup.occupied);
        let Some(walks) = PlainWalks::new(self.engine, self.state, (self.id, self.seat), ends) else {
            return self.piece_moves(sink);
        };
        try_cells_in(&[setup.pieces], |from| self.plain_walk_moves(&walks, from, sink))
    }

    /// The moves of the piece on `from` by the generation's plain walks: the cells they end on,
    /// each move a copy of the piece's first with its own `to`; made piece by piece when the
    /// table has no walk that long. Inlined into the loop over the pieces, with the table's
    /// lookup (`SeatPaths::reach`).
    #[inline(always)]
    fn plain_walk_moves(&self, walks: &PlainWalks, from: CellId, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(mut ends) = walks.ends_from(from) else { return self.piece_moves_from(from, sink) };
        let first = self.piece_move(from, None, Path::NONE);
        while ends != 0 {
            let to = ends.trailing_zeros() as CellId;
            ends &= ends - 1;
            sink.put(Move { to: Some(to), ..first })?;
        }
        ControlFlow::Continue(())
    }

    /// Whether a compound move's second part moves a piece from where the first part landed: the
    /// mover's piece stands there, the action moves its type and the `from` tests keep the cell.
    fn has_landed_piece(&self, origin: CellId) -> bool {
        let landed =
            self.state.piece(origin).filter(|p| p.owner == Some(self.seat) && self.moves_type(p.kind));
        landed.is_some() && self.from_cells.holds(Some(origin))
    }

    /// The moves of the piece on `from` by a pattern other than lines, where its conditions hold
    /// (out of line, so that this stays small where it is called piece by piece).
    fn piece_moves_from(&self, from: CellId, sink: &mut impl Sink) -> ControlFlow<()> {
        if !self.piece_conditions_hold(from) {
            return ControlFlow::Continue(());
        }
        self.pattern_moves(from, sink)
    }

    /// The context of a move of the piece on `from`, before it moves: built only where something
    /// reads it, not for every piece.
    fn piece_ctx(&self, from: CellId) -> Ctx<'static> {
        Ctx { piece: PieceSlot::At(from), from: Some(from), ..self.ctx() }
    }

    /// Whether the action's `when` and the conjuncts of the filters that read no per-move word
    /// hold for the piece on `from`; true at once where there are none. Inlined: out of line, its
    /// call cost more than the context it spares where a `when` is tested at every piece.
    #[inline(always)]
    fn piece_conditions_hold(&self, from: CellId) -> bool {
        !self.has_piece_conditions() || self.piece_conditions_met(from)
    }

    /// Whether a moving piece has conditions to test before its moves: the action's `when` or
    /// conjuncts of the filters that read no per-move word.
    #[inline(always)]
    fn has_piece_conditions(&self) -> bool {
        let when = self.engine.tables.speed.filters.when(self.id);
        when.is_some() || self.filters.iter().any(|f| !f.early.is_empty())
    }

    /// Whether the action's `when` and the early conjuncts of the filters hold for the piece on
    /// `from` (see [`Generator::piece_conditions_hold`]).
    #[inline(always)]
    fn piece_conditions_met(&self, from: CellId) -> bool {
        let ctx = self.piece_ctx(from);
        self.when_holds(&ctx) && self.early_filters_hold(&ctx)
    }

    #[inline(never)]
    fn pattern_moves(&self, from: CellId, sink: &mut impl Sink) -> ControlFlow<()> {
        let seat = self.seat as usize;
        match &self.action.kind {
            ActionKind::Walk { directions, exact, rules, .. } => {
                let ctx = self.piece_ctx(from);
                let directions = directions.get(seat).map_or(&[][..], Vec::as_slice);
                let shape = WalkShape::of(directions, self.count_limit(&ctx), *exact, rules);
                if !walk::is_plain(rules) {
                    let forms = self.engine.walk_rule_forms(self.id);
                    return self.engine.with_walk_ends(
                        self.state,
                        &ctx,
                        from,
                        (shape, rules, forms),
                        |ends| ends.iter().try_for_each(|&end| self.offer_end(from, end, sink)),
                    );
                }
                return self.engine.with_plain_walk(
                    self.state,
                    (self.id, self.seat),
                    (shape, from),
                    |reached| {
                        self.keep_allowed_ends(reached);
                        let late = self.has_late_conditions(Landing::MayCapture);
                        self.offer_allowed(from, reached, late, sink)
                    },
                );
            }
            ActionKind::Hop { .. } => return self.hop_moves(&self.piece_ctx(from), from, sink),
            ActionKind::Along { track, amounts, source: TrackSource::Board, exit } => {
                let (Some(track), Some(piece)) =
                    (self.engine.game.tracks.get(*track as usize), self.state.piece(from))
                else {
                    return ControlFlow::Continue(());
                };
                return self.engine.along_ends(
                    self.state,
                    &self.piece_ctx(from),
                    (track, self.seat),
                    Some(from),
                    amounts,
                    |n, end| {
                        if end.is_none() && exit.is_none() {
                            return ControlFlow::Continue(());
                        }
                        self.offer_along((Some(from), piece), (n, end), sink)
                    },
                );
            }
            // Lines are generated by `line_moves_of_pieces`; the others move no piece on the board.
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::SlideExactly { .. }
            | ActionKind::Along { source: TrackSource::Reserve, .. }
            | ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Sow { .. } => {}
        }
        ControlFlow::Continue(())
    }

    /// The moves of hops and chains from `from` (see `hops`), once per promotion choice a chain's
    /// end allows, where the filters hold.
    #[inline(never)]
    fn hop_moves(&self, ctx: &Ctx, from: CellId, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(hops) = Hops::of(self.engine, (self.state, ctx), (self.action, self.seat), from) else {
            return ControlFlow::Continue(());
        };
        hops.ends(&mut |end| {
            if !self.to_cells.holds(Some(end.to)) {
                return ControlFlow::Continue(());
            }
            let mv = self.piece_move(from, Some(end.to), end.path);
            let landed = Ctx { to: Some(end.to), target: None, ..*ctx };
            match hops.promotions(end.to) {
                [] if end.endings.has(0) && self.late_filters_hold(&landed) => sink.put(mv),
                [] => ControlFlow::Continue(()),
                types => types.iter().enumerate().try_for_each(|(index, &kind)| {
                    let promoted = Ctx { promotion: Some(kind), ..landed };
                    if end.endings.has(index) && self.late_filters_hold(&promoted) {
                        sink.put(Move { piece: Some(kind), ..mv })
                    } else {
                        ControlFlow::Continue(())
                    }
                }),
            }
        })
    }

    /// The moves of a step, a slide or a leap. On a board small enough for a bit set of its cells
    /// they are offered in cell order, each end once, so that the action's moves come out sorted
    /// (see [`ordered_choices`]); on a larger board as the pattern gives them. Inlined into the
    /// loop over the pieces (`line_moves_of_pieces`), its one caller.
    #[inline(always)]
    fn line_moves(&self, plan: &LinePlan, from: CellId, sink: &mut impl Sink) -> ControlFlow<()> {
        let words = plan.words;
        if words > MAX_TABLED_WORDS {
            return self.line_ends(from, &mut |to| self.offer(from, to, sink));
        }
        let mut ends = self.tabled_line_ends(from).unwrap_or_else(|| {
            let mut ends = [0u64; MAX_TABLED_WORDS];
            let _ = self.line_ends(from, &mut |to| {
                set_bit(&mut ends, to);
                ControlFlow::Continue(())
            });
            ends
        });
        ends.iter_mut().zip(self.ends).for_each(|(ends, allowed)| *ends &= allowed);
        let ends = ends.get(..words).unwrap_or(&[]);
        if ends.iter().all(|&ends| ends == 0) {
            return ControlFlow::Continue(());
        }
        self.offer_allowed(from, ends, plan.late, sink)
    }

    /// What a pattern of lines' generation decides once for all its pieces.
    fn line_plan(&self) -> LinePlan {
        LinePlan {
            words: self.board_words(),
            piece_conditions: self.has_piece_conditions(),
            late: self.has_late_conditions(Landing::MayCapture),
        }
    }

    /// Whether a pattern of lines has no move anywhere in this generation: the board lies within
    /// the words of the allowed ends, and none is allowed (`line_moves` keeps only those).
    fn ends_nowhere(&self) -> bool {
        self.board_words() <= MAX_TABLED_WORDS && self.ends.iter().all(|&ends| ends == 0)
    }

    /// The number of 64-bit words a bit set of the board's cells takes.
    fn board_words(&self) -> usize {
        self.engine.game.board.cell_count().div_ceil(64)
    }

    /// The ends from `from` of a slide with no most steps, found from the rays' bit sets, or of a
    /// step or a leap, read from the reach tables, where the board has them (see
    /// `rays::slide_ends` and `ReachTables::targets`).
    #[inline(always)]
    fn tabled_line_ends(&self, from: CellId) -> Option<[u64; MAX_TABLED_WORDS]> {
        let reach = self.engine.tables.speed.attacks.reach()?;
        match &self.action.kind {
            ActionKind::Slide { directions, max: None } => {
                let directions = directions.get(self.seat as usize)?;
                slide_ends(reach, &self.landings().occupied, from, directions)
            }
            ActionKind::Step { .. } | ActionKind::Leap { .. } => {
                reach.targets(self.id as usize, self.seat as usize, from).copied()
            }
            _ => None,
        }
    }

    /// Whether the action's moves are a pattern of lines (`line_moves`): a step, a slide, a leap,
    /// `anywhere` or a slide of exact length.
    fn ends_in_lines(&self) -> bool {
        matches!(
            self.action.kind,
            ActionKind::Step { .. }
                | ActionKind::Slide { .. }
                | ActionKind::Leap { .. }
                | ActionKind::Anywhere { .. }
                | ActionKind::SlideExactly { .. }
        )
    }

    /// The board's first words of the cells the action's moves may end on, found once for the
    /// generation (see [`Generator::write_allowed_ends`]).
    fn prepare_allowed_ends(&mut self) {
        let words = self.board_words().min(MAX_TABLED_WORDS);
        let mut ends = [0; MAX_TABLED_WORDS];
        self.write_allowed_ends(0, ends.get_mut(..words).unwrap_or(&mut []));
        self.ends = ends;
    }

    /// The moves from `from` to the cells, each of which the destination rule and the cell tests
    /// allow (`write_allowed_ends`): where nothing is left to test (no promotion on any of the
    /// cells, and not `late`: no capture rule, no conjunct of a filter that reads the move), each
    /// is a copy of the piece's first move with its own `to`; otherwise each is offered.
    fn offer_allowed(&self, from: CellId, ends: &[u64], late: bool, sink: &mut impl Sink) -> ControlFlow<()> {
        if self.promotes_on_none(ends) && !late {
            let first = self.piece_move(from, None, Path::NONE);
            sink.put_copies(first, ends)
        } else {
            try_cells_in(ends, |to| self.offer(from, to, sink))
        }
    }

    /// Whether no move of the action ending on one of the cells promotes: the action does not
    /// promote, or none of the cells is in the seat's promotion region (outside it no promotion
    /// is offered, whatever its condition; see `Engine::promotions_offered`).
    fn promotes_on_none(&self, ends: &[u64]) -> bool {
        let Some(promotion) = &self.action.promotion else { return true };
        promotion
            .cells
            .get(self.seat as usize)
            .is_none_or(|region| ends.iter().zip(&region.bits).all(|(ends, region)| ends & region == 0))
    }

    /// Visits the cells a step, a slide, a leap or `anywhere` from `from` ends on, in the
    /// pattern's order.
    /// Not generic (and kept out of line), so that it adds little code to the generation.
    #[inline(never)]
    fn line_ends(&self, from: CellId, visit: &mut dyn FnMut(CellId) -> ControlFlow<()>) -> ControlFlow<()> {
        let board = &self.engine.game.board;
        let seat = self.seat as usize;
        match &self.action.kind {
            ActionKind::Step { directions } => {
                let directions = directions.get(seat).map_or(&[][..], Vec::as_slice);
                directions.iter().filter_map(|&d| board.neighbour(from, d)).try_for_each(visit)
            }
            ActionKind::Slide { directions, max } => {
                let limit =
                    if max.is_some() { self.count_limit(&self.piece_ctx(from)) } else { board.cell_count() };
                let directions = directions.get(seat).map_or(&[][..], Vec::as_slice);
                directions.iter().flat_map(|&d| self.slide(from, d, limit)).try_for_each(visit)
            }
            ActionKind::Leap { paths } => {
                let paths = paths.get(seat).map_or(&[][..], Vec::as_slice);
                let mut ends = paths.iter().filter_map(|path| {
                    let end = path.iter().try_fold(from, |cell, &d| board.neighbour(cell, d));
                    end.filter(|&to| to != from)
                });
                ends.try_for_each(visit)
            }
            ActionKind::Anywhere { cells } => {
                let cells = cells.get(seat).map_or(&[][..], |cells| cells.cells.as_slice());
                cells.iter().copied().filter(|&to| to != from).try_for_each(visit)
            }
            ActionKind::SlideExactly { lines, over } => {
                let lines = lines.get(seat).map_or(&[][..], Vec::as_slice);
                let ctx = self.piece_ctx(from);
                self.engine.exact_slide_ends((self.state, &ctx), (lines, *over), from).try_for_each(visit)
            }
            // Not lines: `pattern_moves` never asks.
            ActionKind::Walk { .. }
            | ActionKind::Along { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Sow { .. } => ControlFlow::Continue(()),
        }
    }

    /// The action's walk length or most slide steps: `none` is 0, and no count exceeds the board.
    fn count_limit(&self, ctx: &Ctx) -> usize {
        let length = self.engine.tables.speed.move_lengths.get(self.id as usize).and_then(Option::as_ref);
        let count = length.and_then(|length| self.engine.int(self.state, ctx, length)).unwrap_or(0);
        count.clamp(0, self.engine.game.board.cell_count() as i64) as usize
    }

    /// The cells a slide from `from` reaches in one direction: up to `limit` steps, the first
    /// occupied cell the last.
    fn slide(&self, from: CellId, direction: DirId, limit: usize) -> impl Iterator<Item = CellId> + '_ {
        let board = &self.engine.game.board;
        let beyond = move |&cell: &CellId| match self.state.piece(cell) {
            Some(_) => None,
            None => board.neighbour(cell, direction),
        };
        std::iter::successors(board.neighbour(from, direction), beyond).take(limit)
    }

    /// A piece move from `from` to `to`, if the destination rule, the capture rule and the filters
    /// allow it.
    fn offer(&self, from: CellId, to: CellId, sink: &mut impl Sink) -> ControlFlow<()> {
        let target = self.state.piece(to);
        self.offer_end(from, WalkEnd { to: Some(to), target, path: Path::NONE }, sink)
    }

    /// A piece move from `from` that ends as said (off the board when `to` is none), if the
    /// destination rule, the capture rule and the filters allow it; once per promotion type where
    /// the action promotes.
    fn offer_end(&self, from: CellId, end: WalkEnd, sink: &mut impl Sink) -> ControlFlow<()> {
        let WalkEnd { to, target, path } = end;
        if !self.to_cells.holds(to) {
            return ControlFlow::Continue(());
        }
        let Some(target) = self.arrival(|| self.state.piece(from), target) else {
            return ControlFlow::Continue(());
        };
        let mv = self.piece_move(from, to, path);
        let promotions = to.and_then(|to| self.promotion_types(from, to, target));
        let landing = if target.is_some() { Landing::MayCapture } else { Landing::OnEmpty };
        if promotions.is_none() && !self.has_late_conditions(landing) {
            return sink.put(mv);
        }
        let ctx = Ctx { to, target, ..self.piece_ctx(from) };
        if target.is_some() && !self.capture_allowed(&ctx) {
            return ControlFlow::Continue(());
        }
        match promotions {
            None if self.late_filters_hold(&ctx) => sink.put(mv),
            None => ControlFlow::Continue(()),
            Some(types) => {
                for &kind in types {
                    if self.late_filters_hold(&Ctx { promotion: Some(kind), ..ctx }) {
                        sink.put(Move { piece: Some(kind), ..mv })?;
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }

    fn piece_move(&self, from: CellId, to: Option<CellId>, path: Path) -> Move {
        Move {
            kind: MoveKind::Action(self.id),
            from: Some(from),
            to,
            piece: None,
            choice: 0,
            path,
            tail: Part::NONE,
        }
    }

    /// Keeps, of a bit set of cells, those a move may end on (see [`Generator::write_allowed_ends`]):
    /// for the board's first words from `ends`, found once for the generation.
    fn keep_allowed_ends(&self, cells: &mut [u64]) {
        for (word, cells) in cells.iter_mut().enumerate() {
            *cells &= self.ends.get(word).copied().unwrap_or_else(|| {
                let mut allowed = [0];
                self.write_allowed_ends(word, &mut allowed);
                allowed[0]
            });
        }
    }

    /// Writes into `ends` the words of the board from word `first` on of the cells a move may end
    /// on: those the destination rule allows (empty cells, cells of enemy pieces, or both) and the
    /// cell tests keep, as `offer_end` judges them.
    fn write_allowed_ends(&self, first: usize, ends: &mut [u64]) {
        let past_the_first;
        let landings = match first {
            0 => self.landings(),
            _ => {
                past_the_first = Landings::of(self.engine, self.state, self.seat, first);
                &past_the_first
            }
        };
        landings.write_allowed(self.action.destination, self.engine.game.stacking, ends);
        let kept = self.to_cells.bits.get(first..).unwrap_or(&[]);
        ends.iter_mut().zip(kept).for_each(|(end, &kept)| *end &= kept);
    }

    /// What stands where the seat's moves may end, in the board's first words.
    fn landings(&self) -> &Landings {
        self.landings.get_or_init(|| Landings::of(self.engine, self.state, self.seat, 0))
    }

    /// Whether the destination rule lets the moving piece end on a cell holding `target`, and if
    /// so what the move takes there: the target, or nothing when the cell is empty or the piece
    /// goes on top of a friend (a board with stacks).
    fn arrival(
        &self,
        moving: impl FnOnce() -> Option<Piece>,
        target: Option<Piece>,
    ) -> Option<Option<Piece>> {
        let destination = self.action.destination;
        match target {
            None => destination.allows_empty().then_some(None),
            Some(target)
                if destination.allows_friend()
                    && moving().is_some_and(|piece| self.engine.stacks_onto(piece, &target)) =>
            {
                Some(None)
            }
            Some(target) => (destination.allows_enemy() && self.engine.is_enemy(self.seat, &target))
                .then_some(Some(target)),
        }
    }

    /// Whether a move has conditions left to test once its destination is known: the capture rule
    /// (for a move that may capture) or filter conjuncts that read the move.
    fn has_late_conditions(&self, landing: Landing) -> bool {
        (landing == Landing::MayCapture && self.engine.game.capture.allowed.is_some())
            || self.filters.iter().any(|f| !f.late.is_empty())
    }

    /// The types a move from `from` ending on `to` (on `target`) promotes to, if it promotes.
    fn promotion_types(
        &self,
        from: CellId,
        to: CellId,
        target: Option<Piece>,
    ) -> Option<&[ludex_ir::TypeId]> {
        // The context is built only for an action that promotes: most do not.
        self.action.promotion.as_ref()?;
        let ctx = Ctx { to: Some(to), target, ..self.piece_ctx(from) };
        self.engine.promotions_offered(self.state, self.action, self.seat, &ctx)
    }

    fn capture_allowed(&self, ctx: &Ctx) -> bool {
        let allowed = self.engine.tables.speed.filters.capture();
        allowed.is_none_or(|allowed| self.engine.test(self.state, ctx, allowed))
    }

    /// One move per empty cell of the region and type in the seat's reserve that the action drops
    /// there: cell by cell, the types in order within a cell, so the moves come out increasing.
    fn drops(&self, region: Option<&CellSet>, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(region) = region.filter(|_| self.origin_passes_cell_tests()) else {
            return ControlFlow::Continue(());
        };
        let reserve = self.state.reserve_of(self.seat);
        // The first piece of each type whose conditions before its cell hold, by its place in the
        // reserve (sorted by type).
        let mut droppable = [0u32; MAX_PIECE_TYPES];
        let mut types = 0;
        for (index, piece) in reserve.iter().enumerate() {
            let first_of_type = index == 0 || reserve[index - 1].kind != piece.kind;
            if first_of_type
                && self.moves_type(piece.kind)
                && self.drop_holds_early(piece)
                && let Some(slot) = droppable.get_mut(types)
            {
                *slot = index as u32;
                types += 1;
            }
        }
        let droppable = droppable.get(..types).unwrap_or(&[]);
        self.put_on_empty_cells(
            region,
            droppable.iter().filter_map(|&index| reserve.get(index as usize).copied()),
            sink,
        )
    }

    /// The moves of an action that places new pieces: one per empty cell of the region and type
    /// whose conditions before its cell hold, in the order of the types.
    fn places(&self, region: Option<&CellSet>, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(region) = region.filter(|_| self.origin_passes_cell_tests()) else {
            return ControlFlow::Continue(());
        };
        let mut kinds = [0 as ludex_ir::TypeId; MAX_PIECE_TYPES];
        let mut count = 0;
        for &kind in &self.action.pieces {
            let piece = self.engine.fresh_piece(kind, Some(self.seat));
            if let Some(slot) = kinds.get_mut(count).filter(|_| self.drop_holds_early(&piece)) {
                *slot = kind;
                count += 1;
            }
        }
        let kinds = kinds.get_mut(..count).unwrap_or(&mut []);
        kinds.sort_unstable();
        let pieces = kinds.iter().map(|&kind| self.engine.fresh_piece(kind, Some(self.seat)));
        self.put_on_empty_cells(region, pieces, sink)
    }

    /// One move per empty cell of the region the cell tests keep and piece (held, not on the
    /// board), cell by cell, where the conditions on the finished move hold. Where nothing is
    /// tested on the finished move, only the pieces' types are read, gathered once.
    fn put_on_empty_cells(
        &self,
        region: &CellSet,
        pieces: impl Iterator<Item = Piece> + Clone,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        if pieces.clone().next().is_none() {
            return ControlFlow::Continue(());
        }
        let dropped = |to: CellId, kind| Move {
            to: Some(to),
            piece: Some(kind),
            ..Move::bare(MoveKind::Action(self.id))
        };
        if self.has_late_conditions(Landing::OnEmpty) {
            return self.try_empty_cells(region, |to| {
                pieces.clone().try_for_each(|piece| {
                    let ctx = Ctx { piece: PieceSlot::Held(piece), to: Some(to), ..self.ctx() };
                    if self.late_filters_hold(&ctx) {
                        sink.put(dropped(to, piece.kind))
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            });
        }
        let mut kinds = [0; MAX_PIECE_TYPES];
        let count = kinds.iter_mut().zip(pieces).map(|(kind, piece)| *kind = piece.kind).count();
        let kinds = kinds.get(..count).unwrap_or(&[]);
        self.try_empty_cells(region, |to| kinds.iter().try_for_each(|&kind| sink.put(dropped(to, kind))))
    }

    /// Visits in order the empty cells of the region that the cell tests of `to` keep, until
    /// `visit` breaks.
    #[inline(always)]
    fn try_empty_cells(
        &self,
        region: &CellSet,
        mut visit: impl FnMut(CellId) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (word, &region) in region.bits.iter().enumerate() {
            let kept = self.to_cells.bits.get(word).copied().unwrap_or(u64::MAX);
            let mut cells = region & kept & !self.state.index.occupied_word(word);
            while cells != 0 {
                visit((word * 64) as CellId + cells.trailing_zeros() as CellId)?;
                cells &= cells - 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the conditions of dropping the piece that do not read its cell hold; true at once
    /// where there are none (inlined: no call a piece for that answer).
    #[inline(always)]
    fn drop_holds_early(&self, piece: &Piece) -> bool {
        !self.has_piece_conditions() || self.drop_conditions_met(piece)
    }

    /// Whether the action's `when` and the early conjuncts of the filters hold for dropping the
    /// piece (see [`Generator::drop_holds_early`]).
    #[inline(never)]
    fn drop_conditions_met(&self, piece: &Piece) -> bool {
        let ctx = Ctx { piece: PieceSlot::Held(*piece), ..self.ctx() };
        self.when_holds(&ctx) && self.early_filters_hold(&ctx)
    }

    /// One move per integer from `from` to `to` ([`choice_values`]).
    fn choices(&self, from: &Expr, to: &Expr, sink: &mut impl Sink) -> ControlFlow<()> {
        let ctx = self.ctx();
        if !self.cell_tests_hold_off_board() || !self.when_holds(&ctx) || !self.early_filters_hold(&ctx) {
            return ControlFlow::Continue(());
        }
        let bound = |e: &Expr| self.engine.eval(self.state, &ctx, e).as_int();
        let (Some(low), Some(high)) = (bound(from), bound(to)) else { return ControlFlow::Continue(()) };
        for value in choice_values(low, high) {
            if self.late_filters_hold(&Ctx { choice: Some(value), ..ctx }) {
                sink.put(Move::chosen(self.id, value))?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl Generator<'_> {
    /// One move per cell of the region holding an enemy piece, where the conditions hold.
    fn removals(&self, region: Option<&CellSet>, sink: &mut impl Sink) -> ControlFlow<()> {
        let ctx = self.ctx();
        let Some(region) = region.filter(|_| self.origin_passes_cell_tests() && self.when_holds(&ctx)) else {
            return ControlFlow::Continue(());
        };
        if !self.early_filters_hold(&ctx) {
            return ControlFlow::Continue(());
        }
        for &to in &region.cells {
            let Some(target) = self.state.piece(to).filter(|p| self.engine.is_enemy(self.seat, p)) else {
                continue;
            };
            let ctx = Ctx { to: Some(to), target: Some(target), ..ctx };
            if self.to_cells.holds(Some(to)) && self.late_filters_hold(&ctx) {
                sink.put(Move { to: Some(to), ..Move::bare(MoveKind::Action(self.id)) })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The sowings from the cells of the region (in cell order) that hold pieces, each ending
    /// where its last piece falls.
    fn sowings(
        &self,
        region: Option<&CellSet>,
        (track, skipping): (Option<&Track>, Option<&Expr>),
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let (Some(region), Some(track)) = (region, track) else { return ControlFlow::Continue(()) };
        for &from in region.cells.iter().filter(|&&c| self.from_cells.holds(Some(c))) {
            let Some(top) = self.state.piece(from) else { continue };
            let ctx = self.piece_ctx(from);
            if !(self.when_holds(&ctx) && self.early_filters_hold(&ctx)) {
                continue;
            }
            let course = self.engine.course(self.state, &ctx, (track, self.seat), skipping);
            let to = self.engine.sowing_end(self.state, &course, from);
            let landed = Ctx { to, piece: to.map_or(PieceSlot::Held(top), PieceSlot::At), ..ctx };
            if to.is_some() && self.to_cells.holds(to) && self.late_filters_hold(&landed) {
                sink.put(Move { from: Some(from), to, ..Move::bare(MoveKind::Action(self.id)) })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The one move of a declaration, when its conditions hold.
    fn declaration(&self, sink: &mut impl Sink) -> ControlFlow<()> {
        let ctx = self.ctx();
        let holds = self.cell_tests_hold_off_board() && self.when_holds(&ctx);
        if holds && self.early_filters_hold(&ctx) && self.late_filters_hold(&ctx) {
            sink.put(Move::bare(MoveKind::Action(self.id)))?;
        }
        ControlFlow::Continue(())
    }
}

impl Generator<'_> {
    /// The moves of the pieces of the mover's reserve entering the track (`enter`): the first piece
    /// of each type the action moves, by each amount.
    fn entries(&self, track: Option<&Track>, amounts: &[Expr], sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(track) = track.filter(|_| self.origin_passes_cell_tests()) else {
            return ControlFlow::Continue(());
        };
        let reserve = self.state.reserve_of(self.seat);
        for (index, &piece) in reserve.iter().enumerate() {
            let first_of_type = index == 0 || reserve.get(index - 1).is_none_or(|p| p.kind != piece.kind);
            if !first_of_type || !self.moves_type(piece.kind) || !self.drop_holds_early(&piece) {
                continue;
            }
            let ctx = Ctx { piece: PieceSlot::Held(piece), ..self.ctx() };
            self.engine.along_ends(
                self.state,
                &ctx,
                (track, self.seat),
                None,
                amounts,
                |n, end| match end {
                    Some(_) => self.offer_along((None, piece), (n, end), sink),
                    None => ControlFlow::Continue(()),
                },
            )?;
        }
        ControlFlow::Continue(())
    }

    /// A move along a track by `amount` of `moving` (on `from`, or from the reserve when `from` is
    /// none) ending on `end` (off the board when none), if the destination rule, the capture rule
    /// and the filters (with `pips` the amount) allow it.
    fn offer_along(
        &self,
        (from, moving): (Option<CellId>, Piece),
        (amount, end): (i64, Option<CellId>),
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        if !self.to_cells.holds(end) {
            return ControlFlow::Continue(());
        }
        let target = match end {
            Some(to) => match self.arrival(|| Some(moving), self.state.piece(to)) {
                Some(target) => target,
                None => return ControlFlow::Continue(()),
            },
            None => None,
        };
        let piece = from.map_or(PieceSlot::Held(moving), PieceSlot::At);
        let ctx = Ctx { piece, from, to: end, target, choice: Some(amount), ..self.ctx() };
        if target.is_some() && !self.capture_allowed(&ctx) || !self.late_filters_hold(&ctx) {
            return ControlFlow::Continue(());
        }
        let dropped = if from.is_none() { Some(moving.kind) } else { None };
        let choice = amount.clamp(i32::MIN.into(), i32::MAX.into()) as i32;
        sink.put(Move {
            kind: MoveKind::Action(self.id),
            from,
            to: end,
            piece: dropped,
            choice,
            path: Path::NONE,
            tail: Part::NONE,
        })
    }
}
