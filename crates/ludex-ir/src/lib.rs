//! The typed intermediate representation: a checked rules file with every name resolved to an
//! index, every zone a cell set and every direction a neighbour table.
//!
//! `crate::check` builds it; `crate::runtime` runs it and never sees the AST. It serializes to JSON
//! (`ludex ir`). Nothing here knows whether the board is square or hexagonal except `Board::kind`,
//! which only the display and the notation use.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod geometry;

use serde::{Deserialize, Serialize};

pub use geometry::{Board, BoardKind, Cell, Direction, Reflection, Symmetry};
pub use ludex_diagnostics::{Limit, Limits, MAX_CELLS, quote};

pub type CellId = u16;
pub type DirId = u8;
pub type SeatId = u8;
pub type TeamId = u8;
pub type TypeId = u8;
pub type AttrId = u8;
pub type MapId = u8;
pub type ZoneId = u16;
pub type VarId = u16;
pub type ActionId = u16;
pub type PhaseId = u8;
/// A `Let`'s slot, unique within a lowered game.
pub type LocalSlot = u32;

/// Hard limits on what a rules file may ask for, fixed by the representation (the limits one may
/// choose are [`Limits`]).
pub const MAX_SEATS: usize = 16;
pub const MAX_PIECE_TYPES: usize = 64;
pub const MAX_ATTRIBUTES: usize = 8;

/// One value per seat, indexed by `SeatId`. Absolute things are repeated for every seat.
pub type PerSeat<T> = Vec<T>;

/// A whole game, lowered for one choice of option values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub name: String,
    pub options: Vec<GameOption>,
    pub seats: Vec<Seat>,
    pub teams: Vec<Team>,
    pub board: Board,
    pub maps: Vec<Map>,
    pub zones: Vec<Zone>,
    /// Attribute slots shared by all piece types; each type says which it has.
    pub attributes: Vec<Attribute>,
    pub pieces: Vec<PieceType>,
    pub variables: Vec<Variable>,
    pub actions: Vec<Action>,
    pub capture: Capture,
    pub setup: Vec<SetupStep>,
    pub phases: Vec<Phase>,
    pub end: Vec<EndRule>,
    /// The resource limits it was checked under and runs under (plies, actions per turn, pieces).
    #[serde(default)]
    pub limits: Limits,
    /// Each seat's score at the end (with `seat` bound); every result reports it when given.
    #[serde(default)]
    pub score: Option<Expr>,
}

/// A declared parameter and the value this lowering used.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOption {
    pub name: String,
    pub value: i64,
    pub default: i64,
    pub min: i64,
    pub max: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub team: Option<TeamId>,
    /// The symmetry that carries this seat's view of the board onto the board: seat-relative rows,
    /// cells and directions (`forward`) are read through it.
    pub view: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Team {
    pub name: String,
    pub seats: Vec<SeatId>,
}

/// An integer per cell (`None` where the grid said `.`). `mutable` maps live in the state because an
/// effect (`rotate`) changes them; the others are read from here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Map {
    pub name: String,
    pub values: Vec<Option<i32>>,
    pub mutable: bool,
}

/// A set of cells, one per seat (the same set repeated for a zone that is not per seat).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    pub name: String,
    pub per_seat: bool,
    pub cells: PerSeat<CellSet>,
}

/// Cells as a sorted list and as a bit set, for iteration and membership.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellSet {
    pub cells: Vec<CellId>,
    #[serde(skip)]
    pub bits: Vec<u64>,
}

impl CellSet {
    pub fn from_cells(mut cells: Vec<CellId>, cell_count: usize) -> CellSet {
        cells.sort_unstable();
        cells.dedup();
        let mut bits = vec![0u64; cell_count.div_ceil(64)];
        for &c in &cells {
            bits[c as usize / 64] |= 1 << (c % 64);
        }
        CellSet { cells, bits }
    }

    pub fn contains(&self, cell: CellId) -> bool {
        self.bits.get(cell as usize / 64).is_some_and(|word| word & (1 << (cell % 64)) != 0)
    }

    /// Rebuilds `bits` after deserialization.
    pub fn reindex(&mut self, cell_count: usize) {
        *self = CellSet::from_cells(std::mem::take(&mut self.cells), cell_count);
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attribute {
    pub name: String,
    pub min: i32,
    pub max: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceType {
    pub name: String,
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
pub enum ValueType {
    Int,
    Bool,
    Cell,
    Seat,
    Piece,
    PieceType,
    Phase,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Variable {
    pub name: String,
    pub ty: ValueType,
    pub per_seat: bool,
    /// Evaluated once when the game starts (with `seat` bound for per-seat variables).
    pub init: Expr,
}

/// Something a seat may do on its turn: move a piece by a pattern, drop a piece from its reserve,
/// or choose a number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Action {
    pub name: String,
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
}

/// A piece move that ends in `cells` (the mover's set), where `condition` holds, is offered once
/// per type of `types`, the piece becoming that type as it arrives; elsewhere the move is offered
/// as usual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Promotion {
    pub cells: PerSeat<CellSet>,
    pub types: Vec<TypeId>,
    /// `promote if EXPR`: with `mover`, `piece`, `from`, `to` and `target` bound (the cells are
    /// then the whole board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ActionKind {
    /// One step in one of the directions.
    Step { directions: PerSeat<Vec<DirId>> },
    /// A straight line through empty cells, at most `max` steps (unbounded when `None`); the
    /// first occupied cell ends it and may be the destination.
    Slide { directions: PerSeat<Vec<DirId>>, max: Option<Expr> },
    /// Jump to the end of a path of steps; cells on the way do not matter but must exist.
    Leap { paths: PerSeat<Vec<Vec<DirId>>> },
    /// A path of steps in any of the directions, through empty cells, never visiting a cell twice
    /// (the start included) unless its rules allow revisits; `exact` means exactly `length` steps, otherwise 1 to `length` (a walk
    /// written without a length has the board's cell count). `rules` may guard each step, make it
    /// pay, push the pieces in the way and let the walk leave the board. Paths with the same effect
    /// are one move: without `rules` that is paths ending on the same cell.
    Walk { directions: PerSeat<Vec<DirId>>, length: Expr, exact: bool, rules: WalkRules },
    /// Put one piece of the mover's reserve on an empty cell of the region, with attributes set.
    Drop { cells: PerSeat<CellSet>, with: Vec<(AttrId, Expr)> },
    /// One move per integer from `from` to `to`; the value is `choice` in `filter` and `then`.
    Choose { from: Expr, to: Expr },
    /// One move that moves nothing (`surrender`); only its `then` acts.
    Declare,
    /// Put a new piece of the mover's, of one of the action's types, on an empty cell of the
    /// region, with attributes set (`place`: the supply is unlimited).
    Place { cells: PerSeat<CellSet>, with: Vec<(AttrId, Expr)> },
    /// Hops in the directions: each over the adjacent cell (which `over` tests) to the empty cell
    /// beyond. With `chain`, the piece hops on from where it landed while it can (and the chain's
    /// condition holds): the whole chain is one move, its hops' directions the move's path.
    Hop { directions: PerSeat<Vec<DirId>>, over: Over, chain: Option<Chain> },
}

/// What the cell a hop jumps over must hold, seen from the mover's side. Only a hop over an enemy
/// captures the piece it jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Over {
    Enemy,
    Friend,
    /// Any piece.
    Occupied,
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
}

/// A hop's `chain`: after each hop the piece must hop again from where it landed when it can and
/// `condition` holds there (with `to` the landing cell and `promotion` the type the move would
/// promote to if it ended there); the move ends where it cannot or the condition fails.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chain {
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
            | ActionKind::Hop { .. } => true,
            ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. } => false,
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
    pub attribute: AttrId,
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
pub enum Destination {
    Empty,
    Enemy,
    EmptyOrEnemy,
}

/// What happens when a piece move ends on an enemy piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Capture {
    /// With `piece` (the capturer), `target` (the captured), `from`, `to` bound; the capture (and so
    /// the move onto that cell) is legal only when it holds.
    pub allowed: Option<Expr>,
    pub destination: CaptureDestination,
    /// Right after the capture, before the capturing action's own `then`.
    pub then: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
pub enum Effect {
    /// Assign a variable (per-seat ones take the seat).
    SetVariable {
        variable: VarId,
        seat: Option<Expr>,
        value: Expr,
    },
    /// Assign an attribute of the piece standing on `cell`.
    SetAttribute {
        cell: Expr,
        attribute: AttrId,
        value: Expr,
    },
    /// Turn a map by `by` steps of the board's rotation (quarter turns on squares, sixths on hexes).
    RotateMap {
        map: MapId,
        by: Expr,
    },
    If {
        condition: Expr,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// Change the type of the piece standing on `cell` (it keeps its owner, and the attributes
    /// both types have).
    SetType {
        cell: Expr,
        piece_type: Expr,
    },
    /// Put a captured piece of the type and owner back on the board, out of the prize pile that
    /// holds it: on the first empty cell of `cells` (the owner's version), or when they are all
    /// occupied on the nearest empty cell (fewest steps in any direction; among equals the first
    /// found from the cells in order, each cell's neighbours in direction order).
    Release {
        piece_type: Expr,
        owner: Expr,
        cells: PerSeat<CellSet>,
    },
    /// Move a captured piece of the type and owner from the prize pile that holds it to `holder`'s.
    Give {
        piece_type: Expr,
        owner: Expr,
        holder: Expr,
    },
    /// The seat leaves the game: its pieces leave the board (they are not captured) and it takes no
    /// more turns.
    Retire {
        seat: Expr,
        /// `leaving pieces`: its pieces stay on the board, frozen: they never move again, attack
        /// nothing, and any enemy may capture them.
        #[serde(default)]
        leaving_pieces: bool,
    },
    /// The effects once for each piece of the collection (on the board) for which `filter` holds,
    /// with `it` the piece and `ItCell` its cell; the pieces are chosen before any effect runs.
    ForEach {
        pieces: Collection,
        filter: Option<Expr>,
        body: Vec<Effect>,
    },
    /// The piece on `cell` leaves the board: to its owner's reserve, the mover's prize pile, or
    /// nowhere.
    Send {
        cell: Expr,
        destination: CaptureDestination,
    },
    /// Move the piece on `from` to `to`, if there is one and `to` is empty.
    Move {
        from: Expr,
        to: Expr,
    },
    /// Capture the piece on `cell` (if any) as a move would: it goes where captured pieces go.
    Capture {
        cell: Expr,
    },
    /// The piece on `cell` (if any) now belongs to `owner` (`none`: to no seat).
    SetOwner {
        cell: Expr,
        owner: Expr,
    },
}

/// What the game does before the first turn, in order. Per-seat statements are expanded, one step
/// a seat, at lowering.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SetupStep {
    /// One piece on each of the cells; `owner` `None` is neutral. `with` may roll (chance).
    Place {
        piece: TypeId,
        owner: Option<SeatId>,
        cells: Vec<CellId>,
        with: Vec<(AttrId, Expr)>,
    },
    /// Pieces into a seat's reserve.
    Reserve {
        piece: TypeId,
        owner: SeatId,
        count: u32,
    },
    Effect(Effect),
}

/// A stretch of the game with its own turn rules. Phases run in order; the last runs until the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    pub name: String,
    /// The seats that take turns, in order, starting with the first.
    pub order: Vec<SeatId>,
    pub turn: Turn,
    /// Checked after each turn; when it holds the next phase begins.
    pub until: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// Before the first action (may roll).
    pub start: Vec<Effect>,
    /// The first choice with any legal action gives the legal actions.
    pub choices: Vec<ActionChoice>,
    pub count: ActionCount,
    /// After every action of the turn, with that action's `from`, `to`, `piece` bound.
    pub after: Vec<Effect>,
    /// Evaluated on the position a move leads to (after its effects and the turn's `after`), with
    /// the move's context bound: the move is legal only when it holds.
    pub legal: Option<Expr>,
    /// When the seat may pass (left out of the JSON when it is the default).
    #[serde(default, skip_serializing_if = "Passing::is_when_stuck")]
    pub passing: Passing,
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
pub struct ActionChoice {
    pub actions: Vec<ActionId>,
    /// On each candidate move, with the move's context bound.
    pub filter: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    pub condition: Expr,
    pub outcome: Outcome,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// The seat wins (with its team); every other seat shares second place.
    Win(Expr),
    /// The seat loses; every other seat shares first place.
    Loss(Expr),
    Draw,
    /// Seats ordered by the keys, evaluated with `seat` bound, higher first.
    Rank(Vec<Expr>),
}

/// A constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Const {
    None,
    Int(i64),
    Bool(bool),
    Cell(CellId),
    Seat(SeatId),
    PieceType(TypeId),
    Phase(PhaseId),
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
    From,
    To,
    /// The piece on `to` before the move (none if empty).
    Target,
    /// The element in `count`/`sum` and a piece type's `value`.
    It,
    /// The seat in a per-seat context: `rank by`, per-seat variable initialisers.
    Seat,
    /// The value of a `choose` action.
    Choice,
    /// Pieces captured so far this turn.
    Captures,
    /// Turns completed in the current phase.
    Turns,
    /// The current phase.
    Phase,
    /// The cells of the step a walk is taking (`step_to` is none for a step off the board).
    StepFrom,
    StepTo,
    /// The piece being pushed, the cell it is pushed from and the cell it is pushed to (none off
    /// the board).
    Pushed,
    PushedFrom,
    PushedTo,
    /// The cell of `it` in a `for each`.
    ItCell,
    /// The type a promoting move turns the piece into (none for other moves).
    Promotion,
    /// Whether the seat to act has no legal action (end rules).
    Stuck,
    /// How many times the current position has occurred, this time included (end rules); in a
    /// turn's `legal if`, the position the move leads to.
    Repetitions,
    /// Turns in a row that ended with a pass.
    Passes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceField {
    Attribute(AttrId),
    Type,
    Owner,
    Value,
    /// The cell the piece stands on (for a prize: the cell it was taken on; none in a reserve).
    Cell,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

/// What an operator gives on two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntegerResult {
    Int(i64),
    Bool(bool),
    /// The operator is not an integer operator (`and`, `or`, `==`, `!=`).
    NotInteger,
}

impl BinaryOp {
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
        owner: Box<Expr>,
        types: Vec<TypeId>,
    },
    Reserve {
        owner: Box<Expr>,
    },
    Prizes {
        owner: Box<Expr>,
    },
    /// Every seat (`it` is a seat).
    Seats,
    /// The seat's pieces held in any prize pile.
    Losses {
        owner: Box<Expr>,
    },
    /// The pieces of the line being pushed.
    Line,
    /// Cells (`it` is a cell), in the set's own order.
    Cells(CellCollection),
}

impl Collection {
    /// The expression naming the owner of the collection's elements, if it has one.
    pub fn owner(&self) -> Option<&Expr> {
        match self {
            Collection::Pieces { owner, .. }
            | Collection::Reserve { owner }
            | Collection::Prizes { owner }
            | Collection::Losses { owner } => Some(owner),
            Collection::Seats | Collection::Line | Collection::Cells(_) => None,
        }
    }

    /// The owner expression, to change (a set of cells is wrapped whole: [`CellCollection::Let`]).
    pub fn owner_mut(&mut self) -> Option<&mut Box<Expr>> {
        match self {
            Collection::Pieces { owner, .. }
            | Collection::Reserve { owner }
            | Collection::Prizes { owner }
            | Collection::Losses { owner } => Some(owner),
            Collection::Seats | Collection::Line | Collection::Cells(_) => None,
        }
    }

    /// Whether any expression evaluated to find the elements satisfies `test` (see [`Expr::any`]).
    pub fn any(&self, test: &mut impl FnMut(&Expr) -> bool) -> bool {
        match self {
            Collection::Cells(cells) => cells.any(test),
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
    Bracketed { cell: Box<Expr>, directions: PerSeat<Vec<DirId>>, inner: CellTest, outer: CellTest },
    /// The cells of a region (`cells(REGION)`; the mover's version of a per-seat zone).
    Region { cells: PerSeat<CellSet> },
    /// The cells one step from `cell` in the directions (read from the mover's side).
    Neighbours { cell: Box<Expr>, directions: PerSeat<Vec<DirId>> },
    /// The cells joined to `cell` (included) through neighbours in the directions, each of which
    /// passes `member` (with `it` the candidate cell): [`Member::Alike`] by default.
    Group { cell: Box<Expr>, directions: PerSeat<Vec<DirId>>, member: Member },
    /// The cells one step from a cell of `set` in the directions, and not in it.
    Around { set: Box<CellCollection>, directions: PerSeat<Vec<DirId>> },
    /// The empty cells whose empty group (through `directions`) borders pieces of `seat` only,
    /// and at least one.
    Territory { seat: Box<Expr>, directions: Vec<DirId> },
    /// `value` evaluated where the set is used, then `set` with `Local(slot)` reading it: a
    /// definition's argument that a binder inside the set would capture (see [`Expr::Let`]).
    Let { slot: LocalSlot, value: Box<Expr>, set: Box<CellCollection> },
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
            CellCollection::Bracketed { cell, .. } | CellCollection::Neighbours { cell, .. } => {
                cell.any(test)
            }
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

/// What a cell must hold, seen from the mover (as `to` clauses say it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellTest {
    Empty,
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
    Const(Const),
    Context(ContextWord),
    Variable(VarId),
    SeatVariable(VarId, Box<Expr>),
    /// The map's value at a cell.
    Map(MapId, Box<Expr>),
    /// Whether a cell is in a zone, for a seat (per-seat zones; `mover` unless said).
    InZone {
        cell: Box<Expr>,
        zone: ZoneId,
        seat: Box<Expr>,
    },
    /// The piece on a cell, or none.
    PieceAt(Box<Expr>),
    Field(Box<Expr>, PieceField),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
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
        cell: Box<Expr>,
        seat: Box<Expr>,
        /// Only this attacking seat (`attacked(CELL, SEAT, BY)`); any enemy when `None`.
        #[serde(default)]
        by: Option<Box<Expr>>,
    },
    /// The cell reached from `cell` by the steps of a path (none off the board); the path is read
    /// from the mover's side.
    Shift {
        cell: Box<Expr>,
        paths: PerSeat<Vec<DirId>>,
    },
    /// `value` evaluated where the `Let` stands, then `body` with `Local(slot)` reading it: a
    /// definition's argument that a binder inside the definition (`count`, `sum`, `first`) would
    /// otherwise capture (hygiene: an argument means what it means where the definition is used).
    Let {
        slot: LocalSlot,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    /// The value of the innermost enclosing `Let` of the slot.
    Local(LocalSlot),
    /// Whether a chain of cells holding pieces of `seat`, each a neighbour of the next through
    /// `directions`, joins a cell of one zone to a cell of the other (both the seat's versions).
    Connected {
        zones: [ZoneId; 2],
        seat: Box<Expr>,
        directions: Vec<DirId>,
    },
    /// Whether the cell is in the set of cells (`CELL in SET`).
    InCells {
        cell: Box<Expr>,
        set: CellCollection,
    },
    /// [`ContextWord::Repetitions`] counted among the position and the so many positions before
    /// it only (`repetitions(N)`).
    RecentRepetitions(Box<Expr>),
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
            Expr::Const(_) | Expr::Context(_) | Expr::Variable(_) | Expr::Roll(_) | Expr::Local(_) => false,
            Expr::SeatVariable(_, e)
            | Expr::Map(_, e)
            | Expr::PieceAt(e)
            | Expr::Field(e, _)
            | Expr::Not(e)
            | Expr::Neg(e)
            | Expr::Partner(e)
            | Expr::Shift { cell: e, .. }
            | Expr::Connected { seat: e, .. }
            | Expr::RecentRepetitions(e) => any_of(&[e]),
            Expr::InZone { cell: a, seat: b, .. }
            | Expr::Binary(_, a, b)
            | Expr::Allied(a, b)
            | Expr::Distance(a, b)
            | Expr::Let { value: a, body: b, .. }
            | Expr::Attacked { cell: a, seat: b, by: None } => any_of(&[a, b]),
            Expr::Attacked { cell: a, seat: b, by: Some(c) } | Expr::If(a, b, c) => any_of(&[a, b, c]),
            Expr::Count(collection, predicate) | Expr::First(collection, predicate) => {
                collection.any(test) || predicate.as_ref().is_some_and(|p| p.any(test))
            }
            Expr::Sum(collection, term) => collection.any(test) || term.any(test),
            Expr::InCells { cell, set } => cell.any(test) || set.any(test),
        }
    }
}
