//! Trials answered without playing the move: where a turn's `legal if` asks whether some of the
//! mover's pieces of some types (its guarded pieces: a king) are attacked — perhaps beside a part
//! that the move alone decides, such as `from == none` — and the phase's attacks read nothing but
//! where the pieces stand and the attacking move itself (steps, leaps and slides without a most
//! steps, whose conditions read only `from`, `to`, the type promoted to and fixed zones), a move
//! that only takes a piece from one cell to another — capturing what stood there, perhaps changing
//! its type — and whose effects write nothing but attributes and variables is judged on an overlay
//! of the position's bit sets: the occupied cells with `from` cleared and `to` set, each owner's
//! pieces of each type with both cells cleared and the moved piece added on `to`. `attacked` is
//! then a bit scan of each line from the guarded cell and a test of each step's and leap's
//! sources, with no scratch copy, no effect played and nothing put back. Where no guarded piece is
//! attacked before the move, a move of an unguarded piece from a cell off every line that joins a
//! guarded piece to an attacker's slider is legal at once: the cells of such pieces are a bit set
//! found once a position, so that their moves are judged by one bit each. What qualifies (the
//! condition's shape, each action's moves and effects, the attacks) is decided once from the IR
//! when the engine is built; every other move is tried by playing it (`trial`).

use ludex_ir::{
    Action, ActionId, ActionKind, CellId, ContextWord, Effect, Expr, Game, SeatId, Stacking, TypeId,
};

use super::attacks::{PhaseAttacks, captures};
use super::bits::{MAX_TABLED_WORDS, add_all, cells_in, first_words, has_bit, set_bit};
use super::compiled::{CellOf, Cond, Operand, Owner, Wanted};
use super::rays::{Occupied, RayOrder, first_occupied, occupied_cells};
use super::reach::ReachTables;
use super::state::State;
use super::value::Value;
use super::{Engine, Move, MoveKind};

/// What a phase's attacks read of a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum AttackReads {
    /// Only where the pieces of each owner and type stand (an overlay can answer them).
    BitSets,
    /// More: conditions, walks, hops... (or the board is too large for the bit-set layers).
    #[default]
    Position,
}

impl AttackReads {
    /// What the phase's attacks read: only the bit sets (and the move) when every capturing action
    /// is a step, a leap or a slide without a most steps whose `when`, `where` and promotion
    /// condition read only the move (`reads_only_the_move`); no capture rule; the board small
    /// enough for the reach tables and the bit scans (`MAX_TABLED_WORDS`), and every line's rays
    /// ordered.
    pub(super) fn of(game: &Game, attacks: &PhaseAttacks, reach: Option<&ReachTables>) -> AttackReads {
        let action = |id: &ActionId| game.actions.get(usize::from(*id));
        let blind = |action: &Action| {
            let promotion = action.promotion.as_ref().and_then(|promotion| promotion.condition.as_ref());
            action.when.iter().chain(&action.filter).chain(promotion).all(reads_only_the_move)
        };
        let lines_scanned =
            attacks.lines.iter().flatten().all(|line| {
                line.order != RayOrder::Unordered
                    && line.slides.iter().filter_map(action).all(|slide| {
                        matches!(slide.kind, ActionKind::Slide { max: None, .. }) && blind(slide)
                    })
            });
        let sources_tested = attacks.others.iter().all(|id| {
            action(id).is_some_and(|other| {
                matches!(other.kind, ActionKind::Step { .. } | ActionKind::Leap { .. }) && blind(other)
            })
        });
        let tabled = reach.is_some()
            && attacks.lines_reach.iter().all(Option::is_some)
            && game.board.cell_count().div_ceil(64) <= MAX_TABLED_WORDS;
        if tabled && lines_scanned && sources_tested && game.capture.allowed.is_none() {
            AttackReads::BitSets
        } else {
            AttackReads::Position
        }
    }
}

/// Whether an expression reads nothing of the position, only the move (`from`, `to`, the type
/// promoted to, the mover) and the game's fixed zones: it gives the same on the position before
/// another move as after it, so an attacker's condition of this kind is tested on the position.
fn reads_only_the_move(expr: &Expr) -> bool {
    !expr.any(&mut |e| {
        !matches!(
            e,
            Expr::Const(_)
                | Expr::Context(
                    ContextWord::From | ContextWord::To | ContextWord::Promotion | ContextWord::Mover
                )
                | Expr::InZone { .. }
                | Expr::Not(_)
                | Expr::Neg(_)
                | Expr::Binary(..)
                | Expr::If(..)
        )
    })
}

/// Whether an attacking action captures from wherever it lands from, with no condition to test:
/// no `when`, no `where`, and a promotion (if any) that offers a type.
fn unconditional(action: &Action) -> bool {
    action.when.is_none()
        && action.filter.is_none()
        && action.promotion.as_ref().is_none_or(|promotion| !promotion.types.is_empty())
}

/// A phase's `legal if` read as a guard, and the actions whose moves it can judge on an overlay.
#[derive(Debug)]
pub(super) struct GuardTrials {
    /// The types of the mover's pieces the condition asks about (none: every type).
    types: Vec<TypeId>,
    /// When the condition holds.
    holds: Holds,
    /// The rest of the condition, beside the guard (`and`), as the move alone may decide it.
    rest: MoveFact,
    /// By action: how its moves are tried.
    moves: Vec<MoveTrial>,
    /// The guarded types as a bit set by type (every type when `types` is empty).
    guarded: u64,
}

/// When a guard condition holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    /// When no guarded piece is attacked (`not in_check(mover)`).
    NoneAttacked,
    /// When some guarded piece is attacked.
    SomeAttacked,
}

impl Holds {
    fn negated(self) -> Holds {
        match self {
            Holds::NoneAttacked => Holds::SomeAttacked,
            Holds::SomeAttacked => Holds::NoneAttacked,
        }
    }
}

/// How the moves of an action are tried against a guard condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveTrial {
    /// On an overlay: a plain relocation whose effects the condition cannot see. `quiet` when,
    /// besides, the rest of the condition holds for every relocation and the action promotes to
    /// no guarded type: a move of a quiet piece (`GuardedMoves::quiet`) is then legal at once.
    Overlay { quiet: bool },
    /// By playing the move on the scratch copy.
    Played,
}

impl GuardTrials {
    /// The guard trials of a phase whose compiled `legal if` is `legal`, the turn's `after`
    /// effects given when the trials play them; none when the condition is no guard, or the
    /// board has stacks (a count of pieces counts those beneath the tops).
    pub(super) fn new(game: &Game, legal: &Cond, after: &[Effect]) -> Option<GuardTrials> {
        if game.stacking != Stacking::Single {
            return None;
        }
        let ((types, holds), rest) = match legal {
            Cond::And(left, right) => match (guard(left), guard(right)) {
                (Some(guard), _) => (guard, MoveFact::of(right)),
                (None, Some(guard)) => (guard, MoveFact::of(left)),
                (None, None) => return None,
            },
            legal => (guard(legal)?, MoveFact::Holds),
        };
        let guarded = match types.as_slice() {
            [] => u64::MAX,
            types => types.iter().fold(0, |bits, &kind| bits | 1u64.checked_shl(kind.into()).unwrap_or(0)),
        };
        // A relocation moves a piece from a cell: it is no drop.
        let relocation_allowed = rest.holds(false) == Some(true);
        let quiet = (guarded, relocation_allowed);
        let moves = game.actions.iter().map(|action| MoveTrial::of(game, action, after, quiet)).collect();
        Some(GuardTrials { types, holds, rest, moves, guarded })
    }

    /// The guard trials of a position whose phase's attacks read only bit sets, for `seat`'s moves.
    pub(super) fn on<'a>(
        &'a self,
        engine: &'a Engine,
        state: &'a State,
        seat: SeatId,
    ) -> Option<GuardedMoves<'a>> {
        let attacks = engine.tables.speed.attacks.on_bits(state.phase)?;
        let occupied = occupied_cells(state)?;
        let width = match state.index.words() {
            0 | 1 => Width::OneWord,
            _ => Width::Tabled,
        };
        Some(GuardedMoves {
            guard: self,
            engine,
            state,
            seat,
            attacks,
            occupied,
            width,
            before: BeforeMoves::Unknown,
            quiet: [0; MAX_TABLED_WORDS],
        })
    }

    /// Whether a piece of the type is guarded.
    fn guards(&self, kind: TypeId) -> bool {
        guarded_type(self.guarded, kind)
    }
}

/// Whether the type is in the bit set of guarded types (a type past its bits is guarded: no
/// game has that many types, and a guarded piece is never judged quiet).
fn guarded_type(guarded: u64, kind: TypeId) -> bool {
    1u64.checked_shl(kind.into()).is_none_or(|bit| guarded & bit != 0)
}

/// A position's moves judged against a guard condition without being played.
pub(super) struct GuardedMoves<'a> {
    guard: &'a GuardTrials,
    engine: &'a Engine,
    state: &'a State,
    seat: SeatId,
    attacks: (&'a PhaseAttacks, &'a ReachTables),
    /// The position's occupied cells, found once for all its overlays.
    occupied: Occupied,
    /// How many words the overlays' bit sets have.
    width: Width,
    /// What is known of the position before any move.
    before: BeforeMoves,
    /// The cells of the mover's quiet pieces, once what is known before any move is found (none
    /// before): no guarded piece is attacked, and the piece is not guarded and stands off every
    /// line that joins a guarded piece to an attacker's slider. A move of one by an action whose
    /// trials are quiet (`MoveTrial::Overlay`) leaves no guarded piece attacked: it uncovers no
    /// line, its capture only takes an attacker away, and the cell it lands on only blocks.
    quiet: Occupied,
}

/// The words of an overlay's bit sets: a board of at most 64 cells has its sets in one word, and
/// its overlays are monomorphised on that (no loop over the words, no test past the first).
#[derive(Clone, Copy)]
enum Width {
    /// One word (at most 64 cells).
    OneWord,
    /// `MAX_TABLED_WORDS` words.
    Tabled,
}

/// What a position's guarded moves know of it before any move. The first move is judged on its
/// overlay alone, and what is known before any move found at the second: a random playout tries
/// one or two moves a position, for which finding it would cost more than it saves. A generation
/// of every legal move finds it at the first (`GuardedMoves::judging_every_move`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum BeforeMoves {
    /// No move judged yet.
    Unknown,
    /// One move judged (or every move to be judged): found at the next.
    FirstJudged,
    /// Found: the quiet pieces are known.
    Found,
}

/// The guarded pieces of a position before the move.
#[derive(Clone, Copy)]
struct Before {
    /// Whether any of them is attacked.
    attacked: bool,
    /// The cells of the lines from them on which a piece of an attacker stands that slides along
    /// the line: a move from anywhere else uncovers none.
    lines: Occupied,
}

impl GuardedMoves<'_> {
    /// Whether the condition holds after the move; `None` when the move is not a plain relocation
    /// of a piece (it must be played). A quiet piece's move is answered by a bit; any other on its
    /// overlay.
    #[inline]
    pub(super) fn holds_after(&mut self, mv: Move) -> Option<bool> {
        if self.is_quiet(mv) {
            return Some(self.guard.holds == Holds::NoneAttacked);
        }
        self.holds_on_overlay(mv)
    }

    /// Finds what is known before any move at the first move judged: for a generation that judges
    /// every move of the position.
    pub(super) fn judging_every_move(&mut self) {
        if self.before == BeforeMoves::Unknown {
            self.before = BeforeMoves::FirstJudged;
        }
    }

    /// Whether the condition holds after every copy of `first` given a `to` of its own, where
    /// that is known at once: each is a quiet piece's move (see `is_quiet`), and so all are
    /// judged alike. `None` where they are not (each is then judged on its own).
    #[inline]
    pub(super) fn holds_after_copies(&self, first: Move) -> Option<bool> {
        self.is_quiet_anywhere(first).then_some(self.guard.holds == Holds::NoneAttacked)
    }

    /// Whether the move is a quiet piece's, by an action whose trials are quiet, promoting (if it
    /// does) to no guarded type: it leaves no guarded piece attacked (see `quiet`).
    #[inline]
    fn is_quiet(&self, mv: Move) -> bool {
        mv.to.is_some() && self.is_quiet_anywhere(mv)
    }

    /// Whether the move would be quiet (see `is_quiet`) whatever cell it ends on.
    #[inline]
    fn is_quiet_anywhere(&self, mv: Move) -> bool {
        let MoveKind::Action(id) = mv.kind else { return false };
        self.guard.moves.get(id as usize) == Some(&MoveTrial::Overlay { quiet: true })
            && mv.from.is_some_and(|from| has_bit(&self.quiet, from))
            && mv.path.is_empty()
            && !mv.tail.is_some()
            && mv.piece.is_none_or(|kind| !self.guard.guards(kind))
    }

    /// Whether the condition holds after the move, judged on its overlay (see `holds_after`).
    #[inline(never)]
    fn holds_on_overlay(&mut self, mv: Move) -> Option<bool> {
        let MoveKind::Action(id) = mv.kind else { return None };
        let (guard, state) = (self.guard, self.state);
        if !matches!(guard.moves.get(id as usize), Some(MoveTrial::Overlay { .. }))
            || !mv.path.is_empty()
            || mv.tail.is_some()
        {
            return None;
        }
        let (from, to, action) = (mv.from?, mv.to?, self.engine.game.actions.get(id as usize)?);
        if !guard.rest.holds(false)? {
            return Some(false);
        }
        let piece = state.piece(from)?;
        match self.before {
            BeforeMoves::Unknown => self.before = BeforeMoves::FirstJudged,
            BeforeMoves::FirstJudged => {
                self.find_quiet_pieces();
                if self.is_quiet(mv) {
                    return Some(guard.holds == Holds::NoneAttacked);
                }
            }
            BeforeMoves::Found => {}
        }
        // A piece move's type is the one it promotes to (as `Engine::play_part` plays it).
        let kind = mv.piece.filter(|_| action.kind.moves_piece()).unwrap_or(piece.kind);
        let relocation = Some(((from, to), (piece.owner, kind)));
        let attacked = match self.width {
            Width::OneWord => self.any_attacked(&Overlay::<1>::new(state, &self.occupied, relocation)),
            Width::Tabled => {
                self.any_attacked(&Overlay::<MAX_TABLED_WORDS>::new(state, &self.occupied, relocation))
            }
        };
        Some(attacked == (guard.holds == Holds::SomeAttacked))
    }

    /// Finds the quiet pieces (see `quiet`) from what is known of the guarded pieces before any
    /// move.
    fn find_quiet_pieces(&mut self) {
        let before = self.before_any_move();
        self.before = BeforeMoves::Found;
        if before.attacked {
            return;
        }
        let index = &self.state.index;
        let mut quiet: Occupied = first_words(index.of_owner(Some(self.seat)));
        let mut off = before.lines;
        match self.guard.types.as_slice() {
            [] => return,
            types => types.iter().for_each(|&kind| add_all(&mut off, index.of_type(Some(self.seat), kind))),
        }
        quiet.iter_mut().zip(off).for_each(|(quiet, off)| *quiet &= !off);
        self.quiet = quiet;
    }

    /// What is known of the guarded pieces before any move.
    fn before_any_move(&self) -> Before {
        match self.width {
            Width::OneWord => self.before_on(&Overlay::<1>::new(self.state, &self.occupied, None)),
            Width::Tabled => {
                self.before_on(&Overlay::<MAX_TABLED_WORDS>::new(self.state, &self.occupied, None))
            }
        }
    }

    /// What is known of the guarded pieces on the overlay of no move.
    fn before_on<const WORDS: usize>(&self, unchanged: &Overlay<WORDS>) -> Before {
        let (attacks, reach) = self.attacks;
        let mut lines = Occupied::default();
        for cell in cells_in(&unchanged.pieces(Some(self.seat), &self.guard.types)) {
            for attacker in self.attackers() {
                let lines_reach = attacks.lines_reach.get(attacker as usize).and_then(Option::as_ref);
                if !lines_reach
                    .is_some_and(|reach| unchanged.any_on(attacker, reach.types(), reach.rays(cell)))
                {
                    continue;
                }
                for line in attacks.lines.get(attacker as usize).into_iter().flatten() {
                    let ray = reach.ray(cell, line.back);
                    if unchanged.any_on(attacker, &line.types, ray) {
                        lines.iter_mut().zip(ray).for_each(|(lines, ray)| *lines |= ray);
                    }
                }
            }
        }
        Before { attacked: self.any_attacked(unchanged), lines }
    }

    /// The seats that may attack the mover's pieces: its enemies still in the game.
    fn attackers(&self) -> impl Iterator<Item = SeatId> + '_ {
        (0..self.engine.seat_count() as SeatId)
            .filter(|&attacker| !self.engine.allied(attacker, self.seat) && !self.state.is_retired(attacker))
    }

    /// Whether any guarded piece is attacked on the overlay.
    fn any_attacked<const WORDS: usize>(&self, overlay: &Overlay<WORDS>) -> bool {
        cells_in(&overlay.pieces(Some(self.seat), &self.guard.types)).any(|cell| {
            self.attackers().any(|attacker| overlay.attacked(self.engine, self.attacks, cell, attacker))
        })
    }
}

/// The guarded types and when the condition holds, where it is `count(pieces(mover, TYPES...),
/// attacked(it.cell, mover))` compared with a constant so as to ask whether there is any such
/// piece, perhaps under `not`.
fn guard(legal: &Cond) -> Option<(Vec<TypeId>, Holds)> {
    match legal {
        Cond::Not(inner) => guard(inner).map(|(types, holds)| (types, holds.negated())),
        Cond::CountWhere { op, owner: Owner::Mover, types, predicate, bound }
            if matches!(**predicate, Cond::Attacked { cell: CellOf::ItCell, defender: Owner::Mover }) =>
        {
            let holds = match Wanted::of(*op, *bound)? {
                Wanted::NoPiece => Holds::NoneAttacked,
                Wanted::SomePiece => Holds::SomeAttacked,
            };
            Some((types.clone(), holds))
        }
        _ => None,
    }
}

/// What a move alone tells of a condition: whether it is a drop (`from == none`, `from != none`)
/// under `not`, `and` and `or`.
#[derive(Debug)]
enum MoveFact {
    /// Always true (a condition that is only a guard has no rest).
    Holds,
    /// `from == none` (`negated`: `!=`).
    Dropped {
        negated: bool,
    },
    Not(Box<MoveFact>),
    And(Box<MoveFact>, Box<MoveFact>),
    Or(Box<MoveFact>, Box<MoveFact>),
    /// Anything else: the move must be played to know.
    Unknown,
}

impl MoveFact {
    fn of(cond: &Cond) -> MoveFact {
        let boxed = |cond: &Cond| Box::new(MoveFact::of(cond));
        match cond {
            Cond::IsConst {
                operand: Operand::Context(ContextWord::From),
                constant: Value::None,
                negated,
            } => MoveFact::Dropped { negated: *negated },
            Cond::Not(inner) => MoveFact::Not(boxed(inner)),
            Cond::And(left, right) => MoveFact::And(boxed(left), boxed(right)),
            Cond::Or(left, right) => MoveFact::Or(boxed(left), boxed(right)),
            _ => MoveFact::Unknown,
        }
    }

    /// Whether the condition holds for a move that is a drop (`from` none) or not, as far as that
    /// alone tells (evaluated left to right as `and` and `or` are: the right side only where the
    /// left does not decide).
    fn holds(&self, dropped: bool) -> Option<bool> {
        match self {
            MoveFact::Holds => Some(true),
            MoveFact::Dropped { negated } => Some(dropped != *negated),
            MoveFact::Not(inner) => inner.holds(dropped).map(|holds| !holds),
            MoveFact::And(left, right) => match left.holds(dropped)? {
                false => Some(false),
                true => right.holds(dropped),
            },
            MoveFact::Or(left, right) => match left.holds(dropped)? {
                true => Some(true),
                false => right.holds(dropped),
            },
            MoveFact::Unknown => None,
        }
    }
}

impl MoveTrial {
    /// How the action's moves are tried: on an overlay when its move takes one piece from `from`
    /// to `to` (capturing there) and goes on by no other action, and its effects, the capture
    /// rule's (when it may capture) and the turn's `after` (when played) are blind; quiet when,
    /// besides, a relocation passes the rest of the condition (`relocation_allowed`) and the action
    /// promotes to no type of `guarded` (a bit set by type).
    fn of(
        game: &Game,
        action: &Action,
        after: &[Effect],
        (guarded, relocation_allowed): (u64, bool),
    ) -> MoveTrial {
        let relocates = match &action.kind {
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::SlideExactly { .. } => true,
            ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Along { .. }
            | ActionKind::Sow { .. } => false,
        };
        let capture_blind = !captures(action) || blind(&game.capture.then);
        if relocates && action.continuation.is_none() && blind(&action.then) && capture_blind && blind(after)
        {
            let promotes_guarded = action
                .promotion
                .as_ref()
                .is_some_and(|promotion| promotion.types.iter().any(|&kind| guarded_type(guarded, kind)));
            MoveTrial::Overlay { quiet: relocation_allowed && !promotes_guarded }
        } else {
            MoveTrial::Played
        }
    }
}

/// Whether the effects write nothing a guard condition reads: they set attributes and variables
/// only (perhaps under `if` and `for each`), and nothing in them rolls or looks ahead.
fn blind(effects: &[Effect]) -> bool {
    let quiet = |expr: &Expr| {
        !expr.any(&mut |e| matches!(e, Expr::Roll(_) | Expr::Context(ContextWord::Stuck) | Expr::MoveOf(_)))
    };
    effects.iter().all(|effect| match effect {
        Effect::SetVariable { seat, value, .. } => seat.as_ref().is_none_or(quiet) && quiet(value),
        Effect::SetAttribute { cell, value, .. } => quiet(cell) && quiet(value),
        Effect::If { condition, then, otherwise } => quiet(condition) && blind(then) && blind(otherwise),
        Effect::ForEach { pieces, filter, body } => {
            !pieces.any(&mut |e| !quiet(e)) && filter.as_ref().is_none_or(quiet) && blind(body)
        }
        Effect::RotateMap { .. }
        | Effect::SetType { .. }
        | Effect::Release { .. }
        | Effect::Give { .. }
        | Effect::Retire { .. }
        | Effect::Send { .. }
        | Effect::Move { .. }
        | Effect::Capture { .. }
        | Effect::SetOwner { .. }
        | Effect::MoveStack { .. }
        | Effect::CaptureStack { .. } => false,
    })
}

/// The position's bit sets as they are after a piece moved from one cell to another (or as they
/// are, with no move), in the first `WORDS` words of the board (all of them).
struct Overlay<'a, const WORDS: usize> {
    state: &'a State,
    /// The occupied cells after the move.
    occupied: [u64; WORDS],
    /// The cells the move empties of what stood there: `from` and `to`.
    vacated: [u64; WORDS],
    /// Where the moved piece lands, its owner and its type there.
    landed: Option<(CellId, (Option<SeatId>, TypeId))>,
}

/// A piece's move from a cell to another, and the owner and type it has on arrival.
type Relocation = ((CellId, CellId), (Option<SeatId>, TypeId));

impl<'a, const WORDS: usize> Overlay<'a, WORDS> {
    /// The overlay of the move (of none: the position as it is), on the position's occupied cells.
    fn new(state: &'a State, occupied: &Occupied, relocation: Option<Relocation>) -> Self {
        let mut occupied = first_words(occupied);
        let mut vacated = [0; WORDS];
        if let Some(((from, to), _)) = relocation {
            set_bit(&mut vacated, from);
            set_bit(&mut vacated, to);
            occupied.iter_mut().zip(&vacated).for_each(|(cells, vacated)| *cells &= !vacated);
            set_bit(&mut occupied, to);
        }
        let landed = relocation.map(|((_, to), piece)| (to, piece));
        Overlay { state, occupied, vacated, landed }
    }

    /// The cells of the owner's pieces of the types (of any type when there are none) after the
    /// move.
    fn pieces(&self, owner: Option<SeatId>, types: &[TypeId]) -> [u64; WORDS] {
        let index = &self.state.index;
        let mut cells = [0; WORDS];
        match types {
            [] => add_all(&mut cells, index.of_owner(owner)),
            types => types.iter().for_each(|&kind| add_all(&mut cells, index.of_type(owner, kind))),
        }
        cells.iter_mut().zip(&self.vacated).for_each(|(cells, vacated)| *cells &= !vacated);
        if let Some((to, (landed_owner, kind))) = self.landed
            && landed_owner == owner
            && (types.is_empty() || types.contains(&kind))
        {
            set_bit(&mut cells, to);
        }
        cells
    }

    /// Whether a piece of the owner of one of the types (of any type when there are none) stands
    /// on one of the cells after the move.
    #[inline]
    fn any_on(&self, owner: SeatId, types: &[TypeId], cells: &[u64]) -> bool {
        let landed = self.landed.is_some_and(|(to, (landed_owner, kind))| {
            landed_owner == Some(owner) && (types.is_empty() || types.contains(&kind)) && has_bit(cells, to)
        });
        let index = &self.state.index;
        let stays_on = |bits: &[u64]| {
            bits.iter()
                .zip(cells)
                .zip(&self.vacated)
                .any(|((bits, cells), vacated)| bits & cells & !vacated != 0)
        };
        landed
            || match types {
                [] => stays_on(index.of_owner(Some(owner))),
                _ => types.iter().any(|&kind| stays_on(index.of_type(Some(owner), kind))),
            }
    }

    /// The owner and type of the piece on an occupied cell after the move.
    fn piece(&self, cell: CellId) -> Option<(Option<SeatId>, TypeId)> {
        match self.landed {
            Some((to, piece)) if to == cell => Some(piece),
            _ => self.state.piece(cell).map(|piece| (piece.owner, piece.kind)),
        }
    }

    /// Whether a piece of `attacker` captures on `cell` after the move, by one of the attacks
    /// (which read only the bit sets: `AttackReads::BitSets`): a slide along a line whose first
    /// piece is the attacker's, of a type it moves, or a step or leap from one of its sources.
    /// Kept out of line (measured: inlined into `any_attacked`, random playouts of an 8x8 game
    /// with look-ahead trials take 0.5 % more instructions).
    #[inline(never)]
    fn attacked(
        &self,
        engine: &Engine,
        (attacks, reach): (&PhaseAttacks, &ReachTables),
        cell: CellId,
        attacker: SeatId,
    ) -> bool {
        let seat = attacker as usize;
        let action = |id: ActionId| engine.game.actions.get(usize::from(id));
        // Whether the action's conditions hold for its move from `from` (they read only the move).
        let holds = |action: &Action, from: CellId| {
            unconditional(action) || engine.attack_conditions_hold(self.state, action, (from, cell, attacker))
        };
        let lines = attacks.lines.get(seat).map_or(&[][..], Vec::as_slice);
        let lines_reach = attacks.lines_reach.get(seat).and_then(Option::as_ref);
        // The attacker's pieces that slide along some line, then the first piece of each line.
        let along_lines = lines_reach.is_some_and(|lines_reach| {
            let sliders = self.pieces(Some(attacker), lines_reach.types());
            overlaps(&sliders, lines_reach.rays(cell))
                && lines.iter().any(|line| {
                    let first = first_occupied(reach.ray(cell, line.back), &self.occupied, line.order);
                    let first = first.filter(|&from| has_bit(&sliders, from));
                    first.zip(first.and_then(|from| self.piece(from))).is_some_and(|(from, (_, kind))| {
                        line.slides.iter().filter_map(|&id| action(id)).any(|slide| {
                            (slide.pieces.is_empty() || slide.pieces.contains(&kind)) && holds(slide, from)
                        })
                    })
                })
        });
        along_lines
            || attacks.others.iter().any(|&id| {
                let (Some(sources), Some(other)) = (reach.sources(id as usize, seat, cell), action(id))
                else {
                    return false;
                };
                if unconditional(other) {
                    return self.any_on(attacker, &other.pieces, sources);
                }
                let mut on_sources = self.pieces(Some(attacker), &other.pieces);
                on_sources.iter_mut().zip(sources).for_each(|(cells, sources)| *cells &= sources);
                cells_in(&on_sources).any(|from| holds(other, from))
            })
    }
}

/// Whether two sets of cells share a cell.
fn overlaps(cells: &[u64], other: &[u64]) -> bool {
    cells.iter().zip(other).any(|(a, b)| a & b != 0)
}
