#![warn(missing_docs)]
//! The typed intermediate representation: a checked rules file with every name resolved to an
//! index, every zone a cell set and every direction a neighbour table.
//!
//! `crate::check` builds it; `crate::runtime` runs it and never sees the AST. It serializes to JSON
//! (`ludex ir`). Nothing here knows whether the board is square or hexagonal except `Board::kind`,
//! which only the display and the notation use.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod cell_names;
pub mod geometry;
pub mod number;

use serde::{Deserialize, Serialize};

pub use geometry::{Board, BoardKind, Cell, Direction, JoinError, Reflection, Symmetry};
pub use ludex_diagnostics::{Limit, Limits, MAX_CELLS, quote};
pub use number::{Decimal, Number, NumberError, NumberResult};

/// A cell's index in [`Board::cells`].
pub type CellId = u16;
/// A direction's index in [`Board::directions`].
pub type DirId = u8;
/// A seat's index in [`Game::seats`], in declaration order (seats that do not take part left out).
pub type SeatId = u8;
/// A team's index in [`Game::teams`].
pub type TeamId = u8;
/// A piece type's index in [`Game::pieces`].
pub type TypeId = u8;
/// An attribute slot's index in [`Game::attributes`].
pub type AttrId = u8;
/// A map's index in [`Game::maps`].
pub type MapId = u8;
/// A zone's index in [`Game::zones`].
pub type ZoneId = u16;
/// A variable's index in [`Game::variables`].
pub type VarId = u16;
/// An action's index in [`Game::actions`].
pub type ActionId = u16;
/// A phase's index in [`Game::phases`].
pub type PhaseId = u8;
/// A track's index in [`Game::tracks`].
pub type TrackId = u8;
/// A `Let`'s slot, unique within a lowered game.
pub type LocalSlot = u32;

/// Hard limits on what a rules file may ask for, fixed by the representation (the limits one may
/// choose are [`Limits`]).
pub const MAX_SEATS: usize = 16;
/// The most piece types a game may declare.
pub const MAX_PIECE_TYPES: usize = 64;
/// The most attribute names a game may declare (types may share a name).
pub const MAX_ATTRIBUTES: usize = 8;

/// One value per seat, indexed by `SeatId`. Absolute things are repeated for every seat.
pub type PerSeat<T> = Vec<T>;

/// A whole game, lowered for one choice of option values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The name `game "Name"` gives, for display and records.
    pub name: String,
    /// Every `option`, with the value chosen for this lowering.
    pub options: Vec<GameOption>,
    /// The seats that take part, in seat order.
    pub seats: Vec<Seat>,
    /// The teams formed (their `if` held), each with its seats that take part.
    pub teams: Vec<Team>,
    /// The board's cells, directions and symmetries.
    pub board: Board,
    /// Every `map`, with its grid's values.
    pub maps: Vec<Map>,
    /// Every `zone`, as cell sets.
    pub zones: Vec<Zone>,
    /// Attribute slots shared by all piece types; each type says which it has.
    pub attributes: Vec<Attribute>,
    /// Every piece type, in declaration order.
    pub pieces: Vec<PieceType>,
    /// Every `variable`, global and per seat.
    pub variables: Vec<Variable>,
    /// Every `action`, whichever phase plays it.
    pub actions: Vec<Action>,
    /// The `capture` rule: what happens to a piece taken by a move.
    pub capture: Capture,
    /// The `setup`, in order, per-seat statements expanded.
    pub setup: Vec<SetupStep>,
    /// The phases in the order declared (at least one).
    pub phases: Vec<Phase>,
    /// The `end` rules, in order: the first that holds ends the game.
    pub end: Vec<EndRule>,
    /// The resource limits it was checked under and runs under (plies, actions per turn, pieces).
    #[serde(default)]
    pub limits: Limits,
    /// Each seat's score at the end (with `seat` bound); every result reports it when given.
    #[serde(default)]
    pub score: Option<Expr>,
    /// Whether several pieces may share a cell (`board ... stacks`).
    #[serde(default, skip_serializing_if = "Stacking::is_single")]
    pub stacking: Stacking,
    /// The tracks pieces move along (`track`), by `TrackId`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tracks: Vec<Track>,
}

/// Whether a cell holds one piece or a stack of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stacking {
    /// At most one piece a cell (every board without `stacks`).
    #[default]
    Single,
    /// Any number of pieces a cell, ordered bottom to top; the top one is `piece_at` the cell, the
    /// one that moves, and the one a move onto the cell captures.
    Stacks,
}

impl Stacking {
    /// The default: one piece a cell.
    pub fn is_single(&self) -> bool {
        *self == Stacking::Single
    }
}

/// An ordered list of cells per seat, in the order pieces move along it (`track`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Track {
    /// The track's name as declared.
    pub name: String,
    /// The cells in the order pieces move along them, for each seat.
    pub cells: PerSeat<Vec<CellId>>,
}

impl Track {
    /// The cell's position on the seat's version of the track, from 1; `None` off it.
    pub fn position(&self, seat: SeatId, cell: CellId) -> Option<usize> {
        let cells = self.cells.get(seat as usize)?;
        cells.iter().position(|&c| c == cell).map(|index| index + 1)
    }

    /// The cell at a position (from 1) of the seat's version; `None` off the track.
    pub fn cell_at(&self, seat: SeatId, position: usize) -> Option<CellId> {
        self.cells.get(seat as usize)?.get(position.checked_sub(1)?).copied()
    }

    /// How many cells the seat's version has.
    pub fn len(&self, seat: SeatId) -> usize {
        self.cells.get(seat as usize).map_or(0, Vec::len)
    }
}

/// A declared parameter and the value this lowering used.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOption {
    /// The option's name as written.
    pub name: String,
    /// The value used for this lowering (the default unless `--option` chose another).
    pub value: Number,
    /// The default `D` of `option NAME = D from MIN to MAX`.
    pub default: Number,
    /// The least value allowed.
    pub min: Number,
    /// The greatest value allowed.
    pub max: Number,
}

impl GameOption {
    /// Whether it is a decimal option: its default or a bound has a fractional part (it then takes
    /// any decimal in its range; otherwise whole numbers only).
    pub fn is_decimal(&self) -> bool {
        [self.default, self.min, self.max].iter().any(|n| n.is_fractional())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// A seat (a player) that takes part in the game: `seat NAME [turned DEG] [mirrored] [if EXPR]`.
pub struct Seat {
    /// The seat's name as written.
    pub name: String,
    /// The team the seat plays in, if any (a seat is in at most one).
    pub team: Option<TeamId>,
    /// The symmetry that carries this seat's view of the board onto the board: seat-relative rows,
    /// cells and directions (`forward`) are read through it.
    pub view: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// `team NAME = SEAT, ...`: seats that are team mates, sharing their place in the results.
pub struct Team {
    /// The team's name as written.
    pub name: String,
    /// Its seats that take part, in the order listed.
    pub seats: Vec<SeatId>,
}

/// An integer per cell (`None` where the grid said `.`). `mutable` maps live in the state because an
/// effect (`rotate`) changes them; the others are read from here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Map {
    /// The map's name as written.
    pub name: String,
    /// The value of each cell, indexed by `CellId`.
    pub values: Vec<Option<i32>>,
    /// Whether a `rotate` effect turns it, so that its current values live in the game state.
    pub mutable: bool,
}

/// A set of cells, one per seat (the same set repeated for a zone that is not per seat).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    /// The zone's name as written.
    pub name: String,
    /// Whether it was declared `of each seat`, each seat's set read from its side.
    pub per_seat: bool,
    /// The cells, indexed by `SeatId`.
    pub cells: PerSeat<CellSet>,
}

/// Cells as a sorted list and as a bit set, for iteration and membership.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellSet {
    /// The cells in ascending order, without duplicates.
    pub cells: Vec<CellId>,
    #[serde(skip)]
    /// Bit `c` set for each cell `c` of `cells` (rebuilt by [`CellSet::reindex`]).
    pub bits: Vec<u64>,
}

impl CellSet {
    /// The set of the cells given (sorted, duplicates dropped) on a board of `cell_count` cells.
    pub fn from_cells(mut cells: Vec<CellId>, cell_count: usize) -> CellSet {
        cells.sort_unstable();
        cells.dedup();
        let mut bits = vec![0u64; cell_count.div_ceil(64)];
        for &c in &cells {
            bits[c as usize / 64] |= 1 << (c % 64);
        }
        CellSet { cells, bits }
    }

    /// Whether the cell is in the set.
    pub fn contains(&self, cell: CellId) -> bool {
        self.bits.get(cell as usize / 64).is_some_and(|word| word & (1 << (cell % 64)) != 0)
    }

    /// Rebuilds `bits` after deserialization.
    pub fn reindex(&mut self, cell_count: usize) {
        *self = CellSet::from_cells(std::mem::take(&mut self.cells), cell_count);
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// `attribute NAME from MIN to MAX`: an integer carried by each piece of the types that declare it.
pub struct Attribute {
    /// The attribute's name as written.
    pub name: String,
    /// The least value; values written are clamped to it, and new pieces start at it.
    pub min: i32,
    /// The greatest value; values written are clamped to it.
    pub max: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// A piece type (`piece NAME { ... }`).
pub struct PieceType {
    /// The type's name as written.
    pub name: String,
    /// The `letter` naming the type in move notation and on the drawn board.
    pub letter: char,
    /// The attribute slots this type has; the others stay 0.
    pub attributes: Vec<AttrId>,
    /// The piece's value, with `it` bound to the piece; `Const(Int(0))` when not given.
    pub value: Expr,
    /// `captured as TYPE`: the type a piece of this type becomes when captured `to hand`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_as: Option<TypeId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// The type of an expression or a variable (every type also has `none`).
pub enum ValueType {
    /// A whole number (64-bit, arithmetic saturates).
    Int,
    /// `true` or `false`.
    Bool,
    /// A cell of the board.
    Cell,
    /// A seat.
    Seat,
    /// A piece, on the board, in a reserve or among prizes.
    Piece,
    /// A piece type, such as `die`.
    PieceType,
    /// A phase, such as `play`.
    Phase,
    /// A number that may have a fractional part ([`Decimal`]); whole numbers widen to it.
    Decimal,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// A `variable`: a value of the game state that effects change.
pub struct Variable {
    /// The variable's name as written.
    pub name: String,
    /// The value's type (written after `:`, or shown by the initial value).
    pub ty: ValueType,
    /// Whether it was declared `per seat`: one value for each seat.
    pub per_seat: bool,
    /// Evaluated once when the game starts (with `seat` bound for per-seat variables).
    pub init: Expr,
    /// Whether the variable is part of the position that `repetitions` compares; left out of the
    /// JSON when it is (the default).
    #[serde(default, skip_serializing_if = "Tracking::is_tracked")]
    pub tracking: Tracking,
}

/// Whether a variable is part of the position (`repetitions`, `since_first_seen`) or kept apart
/// from it (`untracked`: a record of how the game went, such as a run of checks, which would
/// otherwise make every position new).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tracking {
    /// Part of the position (the default).
    #[default]
    Tracked,
    /// `untracked`: not part of the position.
    Untracked,
}

impl Tracking {
    /// The default: part of the position.
    pub fn is_tracked(&self) -> bool {
        *self == Tracking::Tracked
    }
}

/// Something a seat may do on its turn: move a piece by a pattern, drop a piece from its reserve,
/// or choose a number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// The action's name as written.
    pub name: String,
    /// Its pattern: how a piece moves, or a drop, a placement, a choice or a declaration.
    pub kind: ActionKind,
    /// The types that may make this move, or that may be dropped.
    pub pieces: Vec<TypeId>,
    /// Before the move, with `mover`, `piece` and `from` bound.
    pub when: Option<Expr>,
    /// Which destination cells a piece move may end on.
    pub destination: Destination,
    /// On the finished move, with `to` and `target` bound too (`choice` for choices).
    pub filter: Option<Expr>,
    /// After the move (and after any capture), in order.
    pub then: Vec<Effect>,
    /// `promote on REGION to TYPES`: a piece move ending in the region is offered once per type.
    pub promotion: Option<Promotion>,
    /// `then ACTION [if EXPR]`: the move goes on, in the same ply, by a move of another action
    /// from where this one landed (docs/language.md, "Compound moves").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continuation: Option<Continuation>,
}

/// A compound move's second part (`then ACTION [if EXPR]`): after the first part and its `then`
/// effects, the move must go on by one move of `action`, whose `from` is the cell the first part
/// landed on (or, for a move that lands nowhere, the cell it acted on); where `condition` is
/// given and fails on the position after the first part, the first part is the whole move. A
/// first part that must go on and cannot is no move. The action continued by is not itself
/// compound, and its moves keep no path (the checker refuses walks that keep one and hops).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Continuation {
    /// The action the move goes on by.
    pub action: ActionId,
    /// `if EXPR`: read after the first part, with its `mover`, `piece`, `from`, `to`, `target`.
    pub condition: Option<Expr>,
}

/// A piece move that ends in `cells` (the mover's set), where `condition` holds, is offered once
/// per type of `types`, the piece becoming that type as it arrives; elsewhere the move is offered
/// as usual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Promotion {
    /// The promotion region, for each seat (read from its side).
    pub cells: PerSeat<CellSet>,
    /// The types offered, in the order written (`to TYPE, ...`).
    pub types: Vec<TypeId>,
    /// `promote if EXPR`: with `mover`, `piece`, `from`, `to` and `target` bound (the cells are
    /// then the whole board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// An action's pattern (docs/language.md, 15.1).
pub enum ActionKind {
    /// One step in one of the directions.
    Step {
        /// The directions, for each seat (seat-relative ones read from its side).
        directions: PerSeat<Vec<DirId>>,
    },
    /// A straight line through empty cells, at most `max` steps (unbounded when `None`); the
    /// first occupied cell ends it and may be the destination.
    Slide {
        /// The directions, for each seat.
        directions: PerSeat<Vec<DirId>>,
        /// `at most EXPR`: the most steps; `None` when the line is unbounded.
        max: Option<Expr>,
    },
    /// Jump to the end of a path of steps; cells on the way do not matter but must exist.
    Leap {
        /// The paths (`leap PATH, ...`), each a sequence of directions, for each seat.
        paths: PerSeat<Vec<Vec<DirId>>>,
    },
    /// A path of steps in any of the directions, through empty cells, never visiting a cell twice
    /// (the start included) unless its rules allow revisits; `exact` means exactly `length` steps, otherwise 1 to `length` (a walk
    /// written without a length has the board's cell count). `rules` may guard each step, make it
    /// pay, push the pieces in the way and let the walk leave the board. Paths with the same effect
    /// are one move: without `rules` that is paths ending on the same cell.
    Walk {
        /// The directions each step may take, for each seat.
        directions: PerSeat<Vec<DirId>>,
        /// The path's length in steps (the most, or the exact number when `exact`).
        length: Expr,
        /// Whether the walk takes exactly `length` steps (`exactly`) rather than 1 to `length`.
        exact: bool,
        /// What each step does beyond moving (`each step where`, `paying`, `push`, `exit`, `may revisit`).
        rules: WalkRules,
    },
    /// Put one piece of the mover's reserve on an empty cell of the region, with attributes set.
    Drop {
        /// The region dropped on, for each seat.
        cells: PerSeat<CellSet>,
        /// `with ATTR = EXPR, ...`: the attributes set on the dropped piece.
        with: Vec<(AttrId, Expr)>,
    },
    /// One move per integer from `from` to `to`; the value is `choice` in `filter` and `then`.
    Choose {
        /// The least number offered.
        from: Expr,
        /// The greatest number offered.
        to: Expr,
    },
    /// One move that moves nothing (`surrender`); only its `then` acts.
    Declare,
    /// Put a new piece of the mover's, of one of the action's types, on an empty cell of the
    /// region, with attributes set (`place`: the supply is unlimited).
    Place {
        /// The region placed on, for each seat.
        cells: PerSeat<CellSet>,
        /// `with ATTR = EXPR, ...`: the attributes set on the new piece.
        with: Vec<(AttrId, Expr)>,
    },
    /// Hops in the directions: each over the adjacent cell (which `over` tests) to the empty cell
    /// beyond. With `chain`, the piece hops on from where it landed while it can (and the chain's
    /// condition holds): the whole chain is one move, its hops' directions the move's path.
    Hop {
        /// The directions, for each seat.
        directions: PerSeat<Vec<DirId>>,
        /// What the jumped cell must hold (`over WHAT`).
        over: Over,
        /// `chain [while EXPR]`: hops go on from the landing cell; `None`: one hop.
        chain: Option<Chain>,
    },
    /// To any cell of the region (the mover's set) but the one it stands on.
    Anywhere {
        /// The cells it may go to, for each seat.
        cells: PerSeat<CellSet>,
    },
    /// Take an enemy piece off a cell of the region (the mover's set): it is captured as a move
    /// would capture it. `to` is the cell and `target` the piece.
    Remove {
        /// The cells whose enemy pieces may be taken, for each seat.
        cells: PerSeat<CellSet>,
    },
    /// Along the mover's version of a track by each of the amounts (one move per distinct positive
    /// amount, which the move's `choice` holds): a piece on the track (`along`), or a piece of the
    /// reserve entering from before its first cell (`enter`). Cells on the way do not matter. A
    /// move past the last cell leaves the board for `exit`'s destination (when given).
    Along {
        /// The track.
        track: TrackId,
        /// The amounts, one move per distinct positive amount.
        amounts: Vec<Expr>,
        /// Whether the piece is on the track or enters it from the reserve.
        source: TrackSource,
        /// `exit to ...`: where a piece moved past the track's last cell goes; `None`: it may not.
        exit: Option<CaptureDestination>,
    },
    /// Sowing: every piece on a cell of the region (the mover's set) that is on the mover's
    /// version of the track leaves it, and they are dropped one per cell on the cells that follow
    /// it along the track, round and round, the top piece first, but on the cells `skipping` holds
    /// for. `from` is the cell sown from, `to` the cell the last piece falls on. One move per cell
    /// holding a piece; none when a whole lap of the track would drop nothing.
    Sow {
        /// The cells sown from, for each seat.
        cells: PerSeat<CellSet>,
        /// The track.
        track: TrackId,
        /// `skipping EXPR`: with `it` a cell of the track and `from` the cell sown from, whether the
        /// cell gets no piece; `None`: every cell gets one.
        skipping: Option<Expr>,
    },
    /// A straight line of exactly so many cells in one of the directions (`slide DIRS exactly
    /// EXPR`): the piece lands on the cell that far along the line, passing over the cells before
    /// it, each of which must be empty or hold what `over` lets it pass (nothing is captured on the
    /// way). Each direction has its own distance: written with the word `direction`, the distance
    /// is lowered once per direction, the word read as that direction.
    SlideExactly {
        /// For each seat, its directions (read from its side), each with its distance, evaluated
        /// with `mover`, `piece` and `from` bound (`none` or below 1: no move that way).
        lines: PerSeat<Vec<(DirId, Expr)>>,
        /// What the cells passed over may hold besides nothing (`over WHAT`; `Over::Empty`, the
        /// default: empty cells only).
        over: Over,
    },
}

/// Where the piece of a move along a track starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrackSource {
    /// A piece of the mover's on a cell of the track (`along`).
    Board,
    /// A piece of the mover's reserve, from before the track's first cell (`enter`).
    Reserve,
}

/// What the cell a hop jumps over must hold, seen from the mover's side. Only a hop over an enemy
/// captures the piece it jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Over {
    /// A piece of an enemy of the mover (`over enemy`, the default): the hop captures it.
    Enemy,
    /// A piece of the mover or of a team mate (`over friend`).
    Friend,
    /// Any piece.
    Occupied,
    /// No piece (`over empty`).
    Empty,
    /// Anything, a piece or none.
    Any,
}

impl Over {
    /// Whether a hop over this kind of cell captures the piece it jumps.
    pub fn captures(self) -> bool {
        match self {
            Over::Enemy => true,
            Over::Friend | Over::Occupied | Over::Empty | Over::Any => false,
        }
    }

    /// Whether a slide of exactly so many cells may pass over a cell (the empty cells always), a
    /// cell holding a piece being an enemy of the mover's or not as said.
    pub fn lets_slide_pass(self, piece: Option<Allegiance>) -> bool {
        match (self, piece) {
            (_, None) | (Over::Occupied | Over::Any, Some(_)) => true,
            (Over::Enemy, Some(side)) => side == Allegiance::Enemy,
            (Over::Friend, Some(side)) => side == Allegiance::Friend,
            (Over::Empty, Some(_)) => false,
        }
    }
}

/// Whose a piece is, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allegiance {
    /// The mover's or a team mate's.
    Friend,
    /// A piece the mover may capture.
    Enemy,
}

/// A hop's `chain`: after each hop the piece must hop again from where it landed when it can and
/// `condition` holds there (with `to` the landing cell and `promotion` the type the move would
/// promote to if it ended there); the move ends where it cannot or the condition fails.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chain {
    /// `chain while EXPR`'s condition; without `while` the chain goes on while a hop is possible.
    pub condition: Option<Expr>,
}

impl ActionKind {
    /// Whether the action moves a piece on the board (a step, a slide, a leap, a walk or hops), rather
    /// than dropping one, choosing a number or declaring.
    pub fn moves_piece(&self) -> bool {
        match self {
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::Along { source: TrackSource::Board, .. }
            | ActionKind::SlideExactly { .. } => true,
            ActionKind::Along { source: TrackSource::Reserve, .. }
            | ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Sow { .. } => false,
        }
    }

    /// Whether a move of this pattern may capture, the destination rule `destination`: a piece
    /// move or an entry along a track that may end on an enemy, a hop over enemies, or a removal
    /// (which takes a piece without moving one). Drops, placements, choices, declarations and
    /// sowings capture nothing (a sowing's captures are its `then` effects).
    pub fn may_capture(&self, destination: &Destination) -> bool {
        match self {
            ActionKind::Hop { over, .. } => over.captures(),
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::Along { .. }
            | ActionKind::SlideExactly { .. } => destination.allows_enemy(),
            ActionKind::Remove { .. } => true,
            ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Sow { .. } => false,
        }
    }
}

/// What a walk does on each step beyond moving through empty cells.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WalkRules {
    /// Must hold for every step onto the board, with `step_from`, `step_to` and `piece` (the mover
    /// as it is before the step) bound.
    pub guard: Option<Expr>,
    /// What each step costs.
    pub cost: Option<StepCost>,
    /// Stepping onto an occupied cell pushes the line of pieces there one cell along the step.
    pub push: Option<Push>,
    /// The walk may end with a step off the board; the piece goes there (its owner's reserve, the
    /// mover's prize pile or nowhere).
    pub exit: Option<CaptureDestination>,
    /// Whether a path may pass through a cell it has already visited (`may revisit`); left out of
    /// the JSON when it is the default.
    #[serde(default, skip_serializing_if = "Revisits::is_never")]
    pub revisits: Revisits,
}

impl WalkRules {
    /// Whether different paths to the same cell may differ in effect, so that a move keeps its path.
    /// A walk that may revisit keeps it too: its path says where it went and came back.
    pub fn keeps_paths(&self) -> bool {
        self.cost.is_some()
            || self.push.is_some()
            || self.exit.is_some()
            || self.revisits == Revisits::Allowed
    }
}

/// Whether a walk's path may pass through a cell twice (its starting cell included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Revisits {
    /// Every cell of a path is a new one (the default).
    #[default]
    Never,
    /// A path may come back to a cell it has left (`may revisit`); it may end where it began.
    Allowed,
}

impl Revisits {
    /// The default: no cell twice.
    pub fn is_never(&self) -> bool {
        *self == Revisits::Never
    }
}

/// Every step of a walk costs `amount` (evaluated like the guard) of the moving piece's attribute;
/// a step the attribute cannot pay without going below its minimum is not possible.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepCost {
    /// The attribute paid from.
    pub attribute: AttrId,
    /// What each step costs, with the guard's words bound.
    pub amount: Expr,
}

/// Pushing the line of pieces a walk steps into: the unbroken row of pieces from `step_to` along the
/// step's direction moves one cell that way; the last may leave the board (an owned piece goes to
/// its owner's reserve, a neutral one to the mover's prize pile).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Push {
    /// Must hold for each piece of the line, with `pushed`, `pushed_from`, `pushed_to` (none off
    /// the board), `line` and the step's words bound; otherwise the step is not possible.
    pub allowed: Option<Expr>,
    /// When the move is played, after each piece is pushed, with the same words bound.
    pub then: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// Which cells a piece move may end on (`to empty`, `to enemy`, `to empty or enemy`).
pub enum Destination {
    /// `to empty`: only empty cells.
    Empty,
    /// `to enemy`: only cells holding a piece the mover may capture.
    Enemy,
    /// `to empty or enemy` (the default): either.
    EmptyOrEnemy,
    /// On a stack of the mover's or a team mate's (boards with stacks): the piece goes on top.
    Friend,
    /// Empty, or a friendly stack.
    EmptyOrFriend,
    /// A friendly stack, or an enemy piece.
    FriendOrEnemy,
    /// Empty, friend or enemy.
    Any,
}

impl Destination {
    /// Whether a move may end on an empty cell.
    pub fn allows_empty(self) -> bool {
        matches!(
            self,
            Destination::Empty | Destination::EmptyOrEnemy | Destination::EmptyOrFriend | Destination::Any
        )
    }

    /// Whether a move may end on an enemy piece (capturing it).
    pub fn allows_enemy(self) -> bool {
        matches!(
            self,
            Destination::Enemy | Destination::EmptyOrEnemy | Destination::FriendOrEnemy | Destination::Any
        )
    }

    /// Whether a move may end on a friendly piece (stacking on it).
    pub fn allows_friend(self) -> bool {
        matches!(
            self,
            Destination::Friend | Destination::EmptyOrFriend | Destination::FriendOrEnemy | Destination::Any
        )
    }
}

/// What happens when a piece move ends on an enemy piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Capture {
    /// With `piece` (the capturer), `target` (the captured), `from`, `to` bound; the capture (and so
    /// the move onto that cell) is legal only when it holds.
    pub allowed: Option<Expr>,
    /// Where the captured piece goes (`to prizes`, `to reserve`, `to hand`, `to nowhere`).
    pub destination: CaptureDestination,
    /// Right after the capture, before the capturing action's own `then`.
    pub then: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// Where a captured piece (or a piece sent off the board) goes.
pub enum CaptureDestination {
    /// The capturer's prize pile: the piece as it was, its value and the cell it was taken on.
    Prizes,
    /// Its owner's reserve.
    Reserve,
    /// Out of the game.
    Nowhere,
    /// The capturer's reserve (the mover's): the piece becomes the mover's, of the type its type's
    /// `captured as` says (its own type otherwise), with that type's starting attributes.
    Hand,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// An effect (docs/language.md, section 17), as a `then`, `start`, `after` or `setup` block runs it.
pub enum Effect {
    /// Assign a variable (per-seat ones take the seat).
    SetVariable {
        /// The variable assigned.
        variable: VarId,
        /// The seat whose value is assigned, for a per-seat variable (`VAR(SEAT)`); `None` for a global one.
        seat: Option<Expr>,
        /// The new value (may be a `roll`).
        value: Expr,
    },
    /// Assign an attribute of the piece standing on `cell`.
    SetAttribute {
        /// The cell of the piece whose attribute is set (`to` for `set piece.ATTR`).
        cell: Expr,
        /// The attribute assigned.
        attribute: AttrId,
        /// The new value, clamped to the attribute's range (may be a `roll`).
        value: Expr,
    },
    /// Turn a map by `by` steps of the board's rotation (quarter turns on squares, sixths on hexes).
    RotateMap {
        /// The map turned (a `mutable` one).
        map: MapId,
        /// How many rotation steps, clockwise (negative: anticlockwise).
        by: Expr,
    },
    /// `if EXPR { ... } else { ... }`: the effects of one branch.
    If {
        /// Which branch runs (`none` counts as false).
        condition: Expr,
        /// The effects run when the condition holds.
        then: Vec<Effect>,
        /// The effects run otherwise (empty without `else`).
        otherwise: Vec<Effect>,
    },
    /// Change the type of the piece standing on `cell` (it keeps its owner, and the attributes
    /// both types have).
    SetType {
        /// The cell of the piece changed.
        cell: Expr,
        /// The type it becomes.
        piece_type: Expr,
    },
    /// Put a captured piece of the type and owner back on the board, out of the prize pile that
    /// holds it: on the first empty cell of `cells` (the owner's version), or when they are all
    /// occupied on the nearest empty cell (fewest steps in any direction; among equals the first
    /// found from the cells in order, each cell's neighbours in direction order).
    Release {
        /// The type of the captured piece released.
        piece_type: Expr,
        /// The seat that owned it (whose pieces are looked for in the prize piles).
        owner: Expr,
        /// The cells to put it on, for each seat; the owner's set is used.
        cells: PerSeat<CellSet>,
    },
    /// Move a captured piece of the type and owner from the prize pile that holds it to `holder`'s.
    Give {
        /// The type of the captured piece given.
        piece_type: Expr,
        /// The seat that owned it.
        owner: Expr,
        /// The seat whose prize pile receives it.
        holder: Expr,
    },
    /// The seat leaves the game: its pieces leave the board (they are not captured) and it takes no
    /// more turns.
    Retire {
        /// The seat that retires.
        seat: Expr,
        /// `leaving pieces`: its pieces stay on the board, frozen: they never move again, attack
        /// nothing, and any enemy may capture them.
        #[serde(default)]
        leaving_pieces: bool,
    },
    /// The effects once for each piece of the collection (on the board) for which `filter` holds,
    /// with `it` the piece and `ItCell` its cell; the pieces are chosen before any effect runs.
    ForEach {
        /// The collection gone over: pieces on the board, seats or cells.
        pieces: Collection,
        /// `where EXPR`: only the elements for which it holds (`it` bound); `None`: every one.
        filter: Option<Expr>,
        /// The effects run for each element.
        body: Vec<Effect>,
    },
    /// The piece on `cell` leaves the board: to its owner's reserve, the mover's prize pile, or
    /// nowhere.
    Send {
        /// The cell of the piece sent.
        cell: Expr,
        /// Where it goes.
        destination: CaptureDestination,
    },
    /// Move the piece on `from` to `to`, if there is one and `to` is empty.
    Move {
        /// The cell the piece moves from.
        from: Expr,
        /// The cell it moves to.
        to: Expr,
    },
    /// Capture the piece on `cell` (if any) as a move would: it goes where captured pieces go.
    Capture {
        /// The cell of the piece captured.
        cell: Expr,
    },
    /// The piece on `cell` (if any) now belongs to `owner` (`none`: to no seat).
    SetOwner {
        /// The cell of the piece.
        cell: Expr,
        /// Its new owner; `none` makes it neutral.
        owner: Expr,
    },
    /// Every piece on `from` goes on top of `to` (a board with stacks), the bottom piece first, so
    /// that the stack keeps its order (`move stack(CELL) to CELL`).
    MoveStack {
        /// The cell emptied.
        from: Expr,
        /// The cell the pieces go on.
        to: Expr,
    },
    /// Every piece on `cell` is captured as a move would capture it, the top piece first
    /// (`capture stack(CELL)`).
    CaptureStack {
        /// The cell emptied.
        cell: Expr,
    },
}

impl Effect {
    /// Visits each effect of the list and, depth first, the effects inside it (`if`, `for each`).
    pub fn visit_all(effects: &[Effect], visit: &mut impl FnMut(&Effect)) {
        for effect in effects {
            visit(effect);
            match effect {
                Effect::If { then, otherwise, .. } => {
                    Effect::visit_all(then, visit);
                    Effect::visit_all(otherwise, visit);
                }
                Effect::ForEach { body, .. } => Effect::visit_all(body, visit),
                Effect::SetVariable { .. }
                | Effect::SetAttribute { .. }
                | Effect::RotateMap { .. }
                | Effect::SetType { .. }
                | Effect::Release { .. }
                | Effect::Give { .. }
                | Effect::Retire { .. }
                | Effect::Send { .. }
                | Effect::Move { .. }
                | Effect::Capture { .. }
                | Effect::SetOwner { .. }
                | Effect::MoveStack { .. }
                | Effect::CaptureStack { .. } => {}
            }
        }
    }
}

/// What the game does before the first turn, in order. Per-seat statements are expanded, one step
/// a seat, at lowering.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SetupStep {
    /// One piece on each of the cells; `owner` `None` is neutral. `with` may roll (chance).
    Place {
        /// The type of the pieces placed.
        piece: TypeId,
        /// Their owner; `None` for neutral pieces.
        owner: Option<SeatId>,
        /// The cells to place on, in order.
        cells: Vec<CellId>,
        /// Attributes set on each piece (`with ATTR = EXPR`); the others start at their minimum.
        with: Vec<(AttrId, Expr)>,
    },
    /// Pieces into a seat's reserve.
    Reserve {
        /// The type of the pieces.
        piece: TypeId,
        /// The seat whose reserve receives them.
        owner: SeatId,
        /// How many pieces.
        count: u32,
    },
    /// An effect run as part of the setup (`set`, `for each`, ...).
    Effect(Effect),
}

/// A stretch of the game with its own turn rules. Phases run in order; the last runs until the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    /// The phase's name as written (`phase NAME`).
    pub name: String,
    /// The seats that take turns, in order, starting with the first.
    pub order: Vec<SeatId>,
    /// What a turn of this phase is: its start, the actions offered, how many, and what follows.
    pub turn: Turn,
    /// Checked after each turn; when it holds the next phase begins.
    pub until: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// One turn of a phase (docs/language.md, "The turn").
pub struct Turn {
    /// Before the first action (may roll).
    pub start: Vec<Effect>,
    /// The first choice with any legal action gives the legal actions.
    pub choices: Vec<ActionChoice>,
    /// How many actions a turn takes (`actions`).
    pub count: ActionCount,
    /// After every action of the turn, with that action's `from`, `to`, `piece` bound.
    pub after: Vec<Effect>,
    /// Evaluated on the position a move leads to (after its effects and the turn's `after`), with
    /// the move's context bound: the move is legal only when it holds.
    pub legal: Option<Expr>,
    /// `prefer most actions then most EXPR`: of the legal moves, only those that begin a turn of
    /// the most actions, then of the highest sum of `then_most` over its actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefer: Option<Preference>,
    /// When the seat may pass (left out of the JSON when it is the default).
    #[serde(default, skip_serializing_if = "Passing::is_when_stuck")]
    pub passing: Passing,
}

/// Which turns a seat must play (maximal dice use): the legal moves at each decision are those
/// that begin a completion of the turn with the most actions, and among those the highest sum of
/// `then_most`, evaluated after each action with that action's context.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Preference {
    /// `then most EXPR`: summed over a completion's actions to break ties; `None`: no tie-break.
    pub then_most: Option<Expr>,
}

/// When a seat may pass its turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Passing {
    /// Only when it has no legal action (the default).
    #[default]
    WhenStuck,
    /// At the start of every turn, even when it has legal actions (`may pass`).
    Always,
}

impl Passing {
    /// The default: only a seat with no legal action passes.
    pub fn is_when_stuck(&self) -> bool {
        *self == Passing::WhenStuck
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// A turn's `play ACTION, ... [where EXPR]` or `otherwise ...` clause: actions a seat may take.
pub struct ActionChoice {
    /// The actions offered.
    pub actions: Vec<ActionId>,
    /// On each candidate move, with the move's context bound.
    pub filter: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// How many actions a turn takes: `actions EXPR`, `actions up to EXPR` or `actions while EXPR`.
pub enum ActionCount {
    /// Exactly so many actions (fewer when none is legal).
    Exactly(Expr),
    /// Up to so many; the seat may end its turn at any point, even before acting.
    UpTo(Expr),
    /// Another action by the same seat while it holds (evaluated after each action).
    While(Expr),
}

/// Checked at every decision point, in order; the first that holds ends the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndRule {
    /// `when EXPR`: ends the game when it holds.
    pub condition: Expr,
    /// The result, given by the words after the `:`.
    pub outcome: Outcome,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The result of an end rule: who wins, loses or how seats rank.
pub enum Outcome {
    /// The seat wins (with its team); every other seat shares second place.
    Win(Expr),
    /// The seat loses; every other seat shares first place.
    Loss(Expr),
    /// Every seat shares first place (`draw`).
    Draw,
    /// Seats ordered by the keys, evaluated with `seat` bound, higher first.
    Rank(Vec<Expr>),
}

/// A constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Const {
    /// `none`: no value of any type.
    None,
    /// A whole number.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A cell of the board.
    Cell(CellId),
    /// A seat.
    Seat(SeatId),
    /// A piece type.
    PieceType(TypeId),
    /// A phase.
    Phase(PhaseId),
    /// A decimal number (`6.5`).
    Decimal(Decimal),
}

impl Const {
    /// The number it is, if it is one.
    pub fn number(self) -> Option<Number> {
        match self {
            Const::Int(n) => Some(Number::Int(n)),
            Const::Decimal(d) => Some(Number::from_decimal(d)),
            Const::None
            | Const::Bool(_)
            | Const::Cell(_)
            | Const::Seat(_)
            | Const::PieceType(_)
            | Const::Phase(_) => None,
        }
    }

    /// The constant of a number.
    pub fn of_number(number: Number) -> Const {
        match number {
            Number::Int(n) => Const::Int(n),
            Number::Decimal(d) => Const::Decimal(d),
        }
    }
}

/// Names bound by where an expression is evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContextWord {
    /// The seat acting (in end rules: the seat that acted last).
    Mover,
    /// The seat to act after the mover.
    Next,
    /// The moving (or dropped) piece.
    Piece,
    /// The cell where the moving piece started (`none` for drops and choices).
    From,
    /// The cell where the move ends.
    To,
    /// The piece on `to` before the move (none if empty).
    Target,
    /// The element in `count`/`sum` and a piece type's `value`.
    It,
    /// The seat in a per-seat context: `rank by`, per-seat variable initialisers.
    Seat,
    /// The value of a `choose` action; the amount an `along` or `enter` move moves (`pips`).
    Choice,
    /// Pieces captured so far this turn.
    Captures,
    /// Turns completed in the current phase.
    Turns,
    /// The current phase.
    Phase,
    /// The cells of the step a walk is taking (`step_to` is none for a step off the board).
    StepFrom,
    /// The cell the walk's step lands on (`none` for a step off the board).
    StepTo,
    /// The piece being pushed, the cell it is pushed from and the cell it is pushed to (none off
    /// the board).
    Pushed,
    /// The cell the pushed piece stands on.
    PushedFrom,
    /// The cell it is pushed to (`none` off the board).
    PushedTo,
    /// The cell of `it` in a `for each`.
    ItCell,
    /// The type a promoting move turns the piece into (none for other moves).
    Promotion,
    /// Whether the seat to act has no legal action (end rules); in a turn's `legal if`, the seat
    /// to act once the move tried has run its course (a look-ahead).
    Stuck,
    /// How many times the current position has occurred, this time included (end rules); in a
    /// turn's `legal if`, the position the move leads to.
    Repetitions,
    /// How many moves have been played since the current position first occurred; 0 when it is
    /// new (end rules).
    SinceFirstSeen,
    /// Turns in a row that ended with a pass.
    Passes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// A field of a piece, `p.FIELD` (docs/language.md, 11.6).
pub enum PieceField {
    /// `p.ATTR`: an attribute's value (0 for a type that does not have it).
    Attribute(AttrId),
    /// `p.type`: its piece type.
    Type,
    /// `p.owner`: its seat, `none` for a neutral piece.
    Owner,
    /// `p.value`: the type's `value` expression with `it` the piece.
    Value,
    /// The cell the piece stands on (for a prize: the cell it was taken on; none in a reserve).
    Cell,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
/// A binary operator (docs/language.md, 11.3).
pub enum BinaryOp {
    /// `or`: short-circuit, `none` counting as false.
    Or,
    /// `and`: short-circuit, `none` counting as false.
    And,
    /// `==`: equality of two values of one type (`none == none` holds).
    Eq,
    /// `!=`: the negation of `==`.
    Ne,
    /// `<` on integers (false with a `none` operand).
    Lt,
    /// `<=` on integers (false with a `none` operand).
    Le,
    /// `>` on integers (false with a `none` operand).
    Gt,
    /// `>=` on integers (false with a `none` operand).
    Ge,
    /// `+`, saturating.
    Add,
    /// Binary `-`, saturating.
    Sub,
    /// `*`, saturating.
    Mul,
    /// `/`: the fraction dropped, 0 for a divisor of 0.
    Div,
    /// `mod`: the Euclidean remainder (never negative), 0 for a divisor of 0.
    Mod,
}

/// What an operator gives on two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntegerResult {
    /// An arithmetic result.
    Int(i64),
    /// A comparison's result.
    Bool(bool),
    /// The operator is not an integer operator (`and`, `or`, `==`, `!=`).
    NotInteger,
}

impl BinaryOp {
    /// Whether the operator is `<`, `<=`, `>` or `>=`.
    pub fn is_comparison(self) -> bool {
        matches!(self, BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge)
    }

    /// Integer semantics, shared by constant folding and the runtime: arithmetic saturates,
    /// division drops the fraction, `mod` is Euclidean (never negative), and both give 0 for a
    /// divisor of 0.
    pub fn on_integers(self, a: i64, b: i64) -> IntegerResult {
        use IntegerResult::{Bool, Int};
        match self {
            BinaryOp::Lt => Bool(a < b),
            BinaryOp::Le => Bool(a <= b),
            BinaryOp::Gt => Bool(a > b),
            BinaryOp::Ge => Bool(a >= b),
            BinaryOp::Add => Int(a.saturating_add(b)),
            BinaryOp::Sub => Int(a.saturating_sub(b)),
            BinaryOp::Mul => Int(a.saturating_mul(b)),
            BinaryOp::Div if b == 0 => Int(0),
            BinaryOp::Div => Int(a.checked_div(b).unwrap_or(i64::MAX)),
            BinaryOp::Mod => Int(a.checked_rem_euclid(b).unwrap_or(0)),
            BinaryOp::And | BinaryOp::Or | BinaryOp::Eq | BinaryOp::Ne => IntegerResult::NotInteger,
        }
    }
}

/// Pieces to count or sum over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Collection {
    /// On the board, owned by the seat (`none`: neutral), of the types (empty: any type).
    Pieces {
        /// The owner; `none` for the neutral pieces.
        owner: Box<Expr>,
        /// The types to keep; empty for every type.
        types: Vec<TypeId>,
    },
    /// `reserve(SEAT)`: the pieces in the seat's reserve, off the board and ready to be dropped.
    Reserve {
        /// The seat whose reserve it is.
        owner: Box<Expr>,
    },
    /// `prizes(SEAT)`: the pieces the seat has captured, each as it was when captured.
    Prizes {
        /// The seat that captured them.
        owner: Box<Expr>,
    },
    /// Every seat (`it` is a seat).
    Seats,
    /// The seat's pieces held in any prize pile.
    Losses {
        /// The seat whose pieces were captured.
        owner: Box<Expr>,
    },
    /// The pieces of the line being pushed.
    Line,
    /// Cells (`it` is a cell), in the set's own order.
    Cells(CellCollection),
    /// The pieces on a cell, bottom to top (one at most on a board without stacks).
    Stack {
        /// The cell.
        cell: Box<Expr>,
    },
}

impl Collection {
    /// The expression naming the owner of the collection's elements, if it has one.
    pub fn owner(&self) -> Option<&Expr> {
        match self {
            Collection::Pieces { owner, .. }
            | Collection::Reserve { owner }
            | Collection::Prizes { owner }
            | Collection::Losses { owner } => Some(owner),
            Collection::Seats | Collection::Line | Collection::Cells(_) | Collection::Stack { .. } => None,
        }
    }

    /// The expression evaluated where the collection is used to find its elements, to change: the
    /// owner, or the cell of a stack (a set of cells is wrapped whole: [`CellCollection::Let`]).
    pub fn source_mut(&mut self) -> Option<&mut Box<Expr>> {
        match self {
            Collection::Pieces { owner, .. }
            | Collection::Reserve { owner }
            | Collection::Prizes { owner }
            | Collection::Losses { owner } => Some(owner),
            Collection::Stack { cell } => Some(cell),
            Collection::Seats | Collection::Line | Collection::Cells(_) => None,
        }
    }

    /// Whether any expression evaluated to find the elements satisfies `test` (see [`Expr::any`]).
    pub fn any(&self, test: &mut impl FnMut(&Expr) -> bool) -> bool {
        match self {
            Collection::Cells(cells) => cells.any(test),
            Collection::Stack { cell } => cell.any(test),
            _ => self.owner().is_some_and(|owner| owner.any(test)),
        }
    }
}

/// A set of cells computed on the position (the site algebra: docs/language.md, "Cells as
/// collections").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CellCollection {
    /// For each direction, the run of one or more cells from `cell` (excluded) that pass `inner`,
    /// kept when the cell right after the run passes `outer`: the union of the kept runs, direction
    /// by direction, nearest first (flanks: Othello's flips, custodial captures).
    Bracketed {
        /// The cell the runs start from (not included).
        cell: Box<Expr>,
        /// The directions searched, for each seat, in the group's order.
        directions: PerSeat<Vec<DirId>>,
        /// What every cell of a run must hold.
        inner: CellTest,
        /// What the cell right after a run must hold for the run to be kept.
        outer: CellTest,
    },
    /// From `cell` (excluded) along each direction to the edge, direction by direction, nearest
    /// first; with `test`, each ray stops before its first cell that fails it.
    Ray {
        /// The cell the rays start from (not included).
        cell: Box<Expr>,
        /// The directions, for each seat.
        directions: PerSeat<Vec<DirId>>,
        /// `ray(CELL, DIRS, TEST)`: what the cells of a ray must pass (from the mover's side).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        test: Option<CellTest>,
    },
    /// The cells strictly between `cell` and `other` when one direction of the board leads from
    /// the first to the second (nearest the first cell first); no cell otherwise.
    Between {
        /// The first end (not included).
        cell: Box<Expr>,
        /// The other end (not included).
        other: Box<Expr>,
    },
    /// The cells of the lines through a cell ([`Line`]) that are long enough, axis by axis, each
    /// line from one end to the other.
    Lines(Line),
    /// The cells of a region (`cells(REGION)`; the mover's version of a per-seat zone).
    Region {
        /// The region's cells, for each seat.
        cells: PerSeat<CellSet>,
    },
    /// The cells one step from `cell` in the directions (read from the mover's side).
    Neighbours {
        /// The cell.
        cell: Box<Expr>,
        /// The directions, for each seat.
        directions: PerSeat<Vec<DirId>>,
    },
    /// The cells joined to `cell` (included) through neighbours in the directions, each of which
    /// passes `member` (with `it` the candidate cell): [`Member::Alike`] by default.
    Group {
        /// The group's first cell.
        cell: Box<Expr>,
        /// The directions through which cells are joined, for each seat.
        directions: PerSeat<Vec<DirId>>,
        /// Which neighbours the group takes in.
        member: Member,
    },
    /// The cells one step from a cell of `set` in the directions, and not in it.
    Around {
        /// The set.
        set: Box<CellCollection>,
        /// The directions, for each seat.
        directions: PerSeat<Vec<DirId>>,
    },
    /// The empty cells whose empty group (through `directions`) borders pieces of `seat` only,
    /// and at least one.
    Territory {
        /// The seat whose territory it is.
        seat: Box<Expr>,
        /// The directions of the empty groups and their borders.
        directions: Vec<DirId>,
    },
    /// `value` evaluated where the set is used, then `set` with `Local(slot)` reading it: a
    /// definition's argument that a binder inside the set would capture (see [`Expr::Let`]).
    Let {
        /// The local's slot.
        slot: LocalSlot,
        /// The argument, evaluated where the set is used.
        value: Box<Expr>,
        /// The set, reading the local.
        set: Box<CellCollection>,
    },
}

/// Which neighbours a group takes in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Member {
    /// A cell that holds a piece of the same owner as the group's first cell, or is empty when
    /// that one is empty.
    Alike,
    /// A cell for which the condition holds, with `it` the cell.
    Where(Box<Expr>),
}

impl CellCollection {
    /// Whether any expression the set evaluates satisfies `test` (see [`Expr::any`]).
    pub fn any(&self, test: &mut impl FnMut(&Expr) -> bool) -> bool {
        match self {
            CellCollection::Bracketed { cell, .. }
            | CellCollection::Neighbours { cell, .. }
            | CellCollection::Ray { cell, .. }
            | CellCollection::Lines(Line { cell, .. }) => cell.any(test),
            CellCollection::Between { cell, other } => cell.any(test) || other.any(test),
            CellCollection::Group { cell, member, .. } => {
                cell.any(test) || matches!(member, Member::Where(condition) if condition.any(test))
            }
            CellCollection::Region { .. } => false,
            CellCollection::Around { set, .. } => set.any(test),
            CellCollection::Territory { seat, .. } => seat.any(test),
            CellCollection::Let { value, set, .. } => value.any(test) || set.any(test),
        }
    }
}

/// The straight lines through a cell (`in_a_row`, `lines`): along each axis (a direction and its
/// opposite), the run of consecutive cells through `cell` that pass `test`, `cell` included; a
/// line counts when it has at least `length` cells (exactly `length` with [`LineBound::Exactly`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// The cell the lines go through.
    pub cell: Box<Expr>,
    /// How many cells a line needs (`in_a_row(CELL, N)`).
    pub length: u32,
    /// Each axis once, as a direction and its opposite (`None` when the board has no opposite).
    pub axes: PerSeat<Vec<(DirId, Option<DirId>)>>,
    /// What every cell of a line holds.
    pub test: LineTest,
    /// Whether a longer line counts too (`in_a_row(CELL, N)`) or not (`in_a_row(CELL, exactly N)`).
    #[serde(default, skip_serializing_if = "LineBound::is_at_least")]
    pub bound: LineBound,
}

/// How a line's length is compared with the length asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineBound {
    /// At least the length: an overline counts.
    #[default]
    AtLeast,
    /// Exactly the length (`exactly N`): an overline does not count.
    Exactly,
}

impl LineBound {
    /// Whether the bound is the default, at least the length.
    pub fn is_at_least(&self) -> bool {
        *self == LineBound::AtLeast
    }

    /// Whether a run of `run` cells is a line of `length` under this bound.
    pub fn admits(self, run: usize, length: usize) -> bool {
        match self {
            LineBound::AtLeast => run >= length,
            LineBound::Exactly => run == length,
        }
    }
}

/// What the cells of a line hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineTest {
    /// A piece of the owner of the piece on the line's cell (an empty cell has no line).
    SameOwner,
    /// A cell test from the mover's side.
    Cells(CellTest),
    /// Every cell, whatever it holds (`axis(CELL, DIRS)`: the whole line through the cell, from
    /// one edge of the board to the other).
    Every,
}

/// What a cell must hold, seen from the mover (as `to` clauses say it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellTest {
    /// No piece on the cell (`empty`).
    Empty,
    /// A piece on the cell, whoever's (`occupied`).
    Occupied,
    /// A piece of the mover or of a team mate.
    Friend,
    /// A piece the mover may capture.
    Enemy,
}

/// A resolved, statically typed expression. Operations on `none` yield `none` (comparisons with
/// `none` are false, except `== none`); integer arithmetic saturates and division by zero is 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    /// A constant value (a literal, an option, a seat, a piece type, a phase or a cell name).
    Const(Const),
    /// A context word, bound where the expression is evaluated.
    Context(ContextWord),
    /// A global variable's value.
    Variable(VarId),
    /// A per-seat variable's value for a seat (`VAR(SEAT)`).
    SeatVariable(VarId, Box<Expr>),
    /// The map's value at a cell.
    Map(MapId, Box<Expr>),
    /// Whether a cell is in a zone, for a seat (per-seat zones; `mover` unless said).
    InZone {
        /// The cell tested.
        cell: Box<Expr>,
        /// The zone the cell must be in.
        zone: ZoneId,
        /// The seat whose version of the zone is used.
        seat: Box<Expr>,
    },
    /// The piece on a cell, or none.
    PieceAt(Box<Expr>),
    /// A field of a piece (`p.FIELD`).
    Field(Box<Expr>, PieceField),
    /// `not`: `none` counts as false.
    Not(Box<Expr>),
    /// Unary `-`.
    Neg(Box<Expr>),
    /// A binary operator and its two operands.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `if C then A else B`: `B` also when `C` is `none`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// How many pieces (with `it` bound, those for which the predicate holds).
    Count(Collection, Option<Box<Expr>>),
    /// The sum over pieces of the term, with `it` bound.
    Sum(Collection, Box<Expr>),
    /// A uniform die with this many sides: only as the value of a `set` or a `with`; it makes a
    /// chance node.
    Roll(u32),
    /// The seat's team partner: the one other seat of its team, or none.
    Partner(Box<Expr>),
    /// The first element of the collection (with `it` bound, the first for which the predicate
    /// holds), or none.
    First(Collection, Option<Box<Expr>>),
    /// Whether two seats are the same seat or team mates.
    Allied(Box<Expr>, Box<Expr>),
    /// The fewest steps between two cells over the whole grid (`Board::distance`).
    Distance(Box<Expr>, Box<Expr>),
    /// Whether an enemy of `seat` could capture on `cell` by one of the capturing actions of the
    /// current phase (the actions' `when` and `where` and the capture rule hold; the turn's
    /// filters and `legal if` are not applied). Inside another such test it is false.
    Attacked {
        /// The cell asked about.
        cell: Box<Expr>,
        /// The seat whose enemies attack.
        seat: Box<Expr>,
        /// Only this attacking seat (`attacked(CELL, SEAT, BY)`); any enemy when `None`.
        #[serde(default)]
        by: Option<Box<Expr>>,
    },
    /// The cell reached from `cell` by the steps of a path (none off the board); the path is read
    /// from the mover's side.
    Shift {
        /// The cell the path starts from.
        cell: Box<Expr>,
        /// The path of directions for each seat, read from its side.
        paths: PerSeat<Vec<DirId>>,
    },
    /// `value` evaluated where the `Let` stands, then `body` with `Local(slot)` reading it: a
    /// definition's argument that a binder inside the definition (`count`, `sum`, `first`) would
    /// otherwise capture (hygiene: an argument means what it means where the definition is used).
    Let {
        /// The slot `Local` reads.
        slot: LocalSlot,
        /// The argument, evaluated where the `Let` stands.
        value: Box<Expr>,
        /// The expression that reads it.
        body: Box<Expr>,
    },
    /// The value of the innermost enclosing `Let` of the slot.
    Local(LocalSlot),
    /// Whether a chain of cells holding pieces of `seat`, each a neighbour of the next through
    /// `directions`, joins a cell of one zone to a cell of the other (both the seat's versions).
    Connected {
        /// The two zones joined (the seat's versions of per-seat zones).
        zones: [ZoneId; 2],
        /// The seat whose pieces form the chain.
        seat: Box<Expr>,
        /// The directions in which a cell of the chain neighbours the next (`sides` or `orthogonal`).
        directions: Vec<DirId>,
    },
    /// Whether a line through the cell is long enough (`in_a_row`).
    InARow(Line),
    /// The image of a cell under a seat's view (`seen_by(CELL, SEAT)`): the cell a seat-relative
    /// region names for that seat when it names the first cell for an unturned seat.
    SeenBy(Box<Expr>, Box<Expr>),
    /// The cell's position on the seat's version of the track, from 1; none off the track.
    TrackPosition {
        /// The track.
        track: TrackId,
        /// The cell.
        cell: Box<Expr>,
        /// The seat whose version of the track is read.
        seat: Box<Expr>,
    },
    /// Whether the cell is in the set of cells (`CELL in SET`).
    InCells {
        /// The cell.
        cell: Box<Expr>,
        /// The set.
        set: CellCollection,
    },
    /// [`ContextWord::Repetitions`] counted among the position and the so many positions before
    /// it only (`repetitions(N)`).
    RecentRepetitions(Box<Expr>),
    /// Whether the move a turn's `legal if` judges is a move of the action (false elsewhere): the
    /// lowering of `stuck` in an action's `where`, which joins the turn's `legal if` as
    /// `not MoveOf(action) or stuck`.
    MoveOf(ActionId),
    /// How many times the board alone has been as it is (or as the move leaves it, in `legal if`),
    /// whoever is to move and whatever else the position holds, this time included: among the
    /// so many positions before it only, with a window (`repetitions(board)`,
    /// `repetitions(board, N)`; positional superko).
    BoardRepetitions(Option<Box<Expr>>),
}

impl Expr {
    /// Whether the expression or any expression inside it satisfies `test` (tested on the outer
    /// expression first).
    pub fn any(&self, test: &mut impl FnMut(&Expr) -> bool) -> bool {
        if test(self) {
            return true;
        }
        let mut any_of = |exprs: &[&Expr]| exprs.iter().any(|e| e.any(test));
        match self {
            Expr::Const(_)
            | Expr::Context(_)
            | Expr::Variable(_)
            | Expr::Roll(_)
            | Expr::Local(_)
            | Expr::MoveOf(_)
            | Expr::BoardRepetitions(None) => false,
            Expr::SeatVariable(_, e)
            | Expr::Map(_, e)
            | Expr::PieceAt(e)
            | Expr::Field(e, _)
            | Expr::Not(e)
            | Expr::Neg(e)
            | Expr::Partner(e)
            | Expr::Shift { cell: e, .. }
            | Expr::Connected { seat: e, .. }
            | Expr::InARow(Line { cell: e, .. })
            | Expr::RecentRepetitions(e)
            | Expr::BoardRepetitions(Some(e)) => any_of(&[e]),
            Expr::InZone { cell: a, seat: b, .. }
            | Expr::Binary(_, a, b)
            | Expr::Allied(a, b)
            | Expr::Distance(a, b)
            | Expr::Let { value: a, body: b, .. }
            | Expr::SeenBy(a, b)
            | Expr::Attacked { cell: a, seat: b, by: None }
            | Expr::TrackPosition { cell: a, seat: b, .. } => any_of(&[a, b]),
            Expr::Attacked { cell: a, seat: b, by: Some(c) } | Expr::If(a, b, c) => any_of(&[a, b, c]),
            Expr::Count(collection, predicate) | Expr::First(collection, predicate) => {
                collection.any(test) || predicate.as_ref().is_some_and(|p| p.any(test))
            }
            Expr::Sum(collection, term) => collection.any(test) || term.any(test),
            Expr::InCells { cell, set } => cell.any(test) || set.any(test),
        }
    }
}
