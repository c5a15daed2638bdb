//! The abstract syntax tree of a rules file: what was written, with the span of every node.
//!
//! The AST mirrors the grammar (`grammar/ludex.pest`) one item at a time and resolves nothing:
//! names are plain identifiers and every expression is untyped. `ludex_check` gives them meaning.

use serde::Serialize;

pub use ludex_diagnostics::Span;

/// A node and where it was written.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A name as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A whole rules file.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RulesFile {
    pub items: Vec<Item>,
}

/// One top-level item.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Item {
    Game(Spanned<String>),
    Option(OptionDecl),
    Seat(SeatDecl),
    Team(TeamDecl),
    Board(BoardDecl),
    Map(MapDecl),
    Directions(DirectionsDecl),
    Piece(PieceDecl),
    Zone(ZoneDecl),
    Variable(VariableDecl),
    Define(DefineDecl),
    Setup(SetupDecl),
    Action(ActionDecl),
    Capture(CaptureDecl),
    Phase(PhaseDecl),
    End(EndDecl),
}

/// `option players = 6 from 4 to 6`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionDecl {
    pub name: Ident,
    pub default: Spanned<i64>,
    pub min: Spanned<i64>,
    pub max: Spanned<i64>,
    pub span: Span,
}

/// `seat black turned 180 mirrored`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatDecl {
    pub name: Ident,
    /// Degrees, clockwise; a multiple of the board's rotation step.
    pub turned: Option<Spanned<i64>>,
    /// Reflected (about the vertical axis, before turning).
    pub mirrored: Option<Span>,
    /// `if players >= 5`: the seat takes part only when this holds (options and constants only).
    pub condition: Option<Expr>,
    pub span: Span,
}

/// `team light = white, grey`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamDecl {
    pub name: Ident,
    pub seats: Vec<Ident>,
    /// `if EXPR`: the team is formed only when it holds (options and constants).
    pub condition: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum BoardShape {
    /// `square W by H`
    Square { width: Spanned<i64>, height: Spanned<i64> },
    /// `hex N`: a hexagon with N cells a side.
    Hex { side: Spanned<i64> },
    /// `hex W by H`: a rhombus of hexagons, W files of H cells.
    Rhombus { width: Spanned<i64>, height: Spanned<i64> },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardDecl {
    pub shape: BoardShape,
    /// `without REGION`: cells left out of the board (walls, holes).
    pub without: Option<Region>,
    pub span: Span,
}

/// A text grid, top row first; each value an integer or `.` (no value).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grid {
    pub rows: Vec<Spanned<Vec<Spanned<Option<i64>>>>>,
    pub span: Span,
}

/// `map level { ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapDecl {
    pub name: Ident,
    pub grid: Grid,
    pub span: Span,
}

/// `directions rookwise = n, e, s, w`, `directions ahead of each seat = ne, se`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DirectionsDecl {
    pub name: Ident,
    /// `of each seat`: the members are read from each seat's side of the board.
    pub per_seat: Option<Span>,
    pub members: Vec<Ident>,
    pub span: Span,
}

/// `piece die { letter D  attribute face from 1 to 6  value it.face }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceDecl {
    pub name: Ident,
    pub letter: Option<Spanned<char>>,
    pub attributes: Vec<AttributeDecl>,
    pub value: Option<Expr>,
    /// `captured as TYPE`: what a piece of this type becomes when it is captured `to hand`.
    pub captured_as: Option<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttributeDecl {
    pub name: Ident,
    pub min: Spanned<i64>,
    pub max: Spanned<i64>,
    pub span: Span,
}

/// `zone home of each seat = rows 1 to 2`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZoneDecl {
    pub name: Ident,
    /// `of each seat`: the region is read from each seat's side of the board.
    pub per_seat: Option<Span>,
    pub region: Region,
    pub span: Span,
}

/// A set of cells.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Region {
    /// `rows 1 to 2`, `row 3`: counted from the bottom row, 1-based.
    Rows { from: Spanned<i64>, to: Spanned<i64>, span: Span },
    /// `files a to c`, `file e`
    Files { from: Ident, to: Ident, span: Span },
    /// `cells a1, b2`
    Cells { cells: Vec<Ident>, span: Span },
    /// `cells where level(cell) == 3`
    Where { condition: Box<Expr>, span: Span },
    /// `board`: every cell.
    Board { span: Span },
    /// Another zone, by name.
    Zone(Ident),
    /// `a + b`
    Union(Box<Region>, Box<Region>),
    /// `a - b`
    Difference(Box<Region>, Box<Region>),
}

impl Region {
    pub fn span(&self) -> Span {
        match self {
            Region::Rows { span, .. }
            | Region::Files { span, .. }
            | Region::Cells { span, .. }
            | Region::Where { span, .. }
            | Region::Board { span } => *span,
            Region::Zone(ident) => ident.span,
            Region::Union(a, b) | Region::Difference(a, b) => a.span().to(b.span()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TypeName {
    Int,
    Bool,
    Cell,
    Seat,
    Piece,
}

/// `variable quiet = 0`, `variable score of each seat = 0`, `variable last: cell = none`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariableDecl {
    pub name: Ident,
    pub per_seat: Option<Span>,
    pub ty: Option<Spanned<TypeName>>,
    pub init: Expr,
    pub span: Span,
}

/// `define total(s) = sum(pieces(s), it.face)`: inlined where it is used.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DefineDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Expr,
    pub span: Span,
}

/// Whose pieces a setup statement places or reserves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Owner {
    /// `for each seat`
    EachSeat(Span),
    /// `for white`
    Seat(Ident),
    /// `neutral`
    Neutral(Span),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetupDecl {
    pub statements: Vec<SetupStatement>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SetupStatement {
    /// `place die for each seat on back with face = roll d6`: one piece on every cell of the region.
    Place {
        piece: Ident,
        owner: Owner,
        region: Region,
        with: Vec<Assignment>,
        span: Span,
    },
    /// `reserve king 1, pawn 5 for each seat`
    Reserve {
        entries: Vec<(Ident, Spanned<i64>)>,
        owner: Owner,
        span: Span,
    },
    Effect(Effect),
}

/// `face = roll d6`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Assignment {
    pub name: Ident,
    pub value: Expr,
    pub span: Span,
}

/// `action step for die { ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionDecl {
    pub name: Ident,
    /// `for die, king`: the piece types that make this move; empty for drops and choices.
    pub pieces: Vec<Ident>,
    pub clauses: Vec<ActionClause>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ActionClause {
    /// `step n, e`: one step in one of the directions.
    Step { directions: Vec<Ident>, span: Span },
    /// `slide orthogonal at most 2`: a straight line through empty cells.
    Slide { directions: Vec<Ident>, at_most: Option<Expr>, span: Span },
    /// `leap n+n+e, n+n+w`: jump to the end of one of the paths.
    Leap { paths: Vec<Vec<Ident>>, span: Span },
    /// `walk orthogonal exactly level(from)`: a path through empty cells, no cell twice. Without a
    /// length the walk is as long as the board (and its cost, if it pays one) allows.
    Walk { directions: Vec<Ident>, length: Option<WalkLength>, span: Span },
    /// `drop pawn on board with strength = 6`: from the mover's reserve onto an empty cell;
    /// `place stone on board`: a new piece of the mover's onto an empty cell.
    Drop { pieces: Vec<Ident>, region: Region, with: Vec<Assignment>, span: Span, supply: Supply },
    /// `choose quarter from 0 to 3`: one move per value.
    Choose { name: Ident, from: Expr, to: Expr, span: Span },
    /// `declare`: one move that moves nothing, written with the action's name.
    Declare { span: Span },
    /// `when EXPR`: the piece may make this move only when it holds (before the move).
    When(Expr),
    /// `to empty`, `to enemy`, `to empty or enemy` (the default for piece moves).
    To(Spanned<Destination>),
    /// `where EXPR`: a condition on the finished move (`to`, `target`, `path`).
    Where(Expr),
    /// `then { ... }`: effects after the move.
    Then(EffectBlock),
    /// `each step where EXPR`: a condition on every step of a walk (`step_from`, `step_to`).
    StepCondition(Expr),
    /// `paying 1 strength per step`: every step of a walk costs so much of the piece's attribute
    /// (`None` when the attribute is missing, which the checker reports).
    Paying { amount: Expr, attribute: Option<Ident>, span: Span },
    /// `push { when ...  then { ... } }`: a walk pushes the line of pieces in its way.
    Push { when: Vec<Expr>, then: Vec<EffectBlock>, span: Span },
    /// `exit to reserve`: a walk may end with a step off the board.
    Exit(Spanned<CaptureDestination>),
    /// `may revisit`: a walk's path may pass through a cell it has already visited.
    Revisit { span: Span },
    /// `promote on far_rank to queen, rook`: a move ending in the region is offered once per
    /// type, and the piece becomes that type.
    Promote { place: PromotionPlace, pieces: Vec<Ident>, span: Span },
    /// `hop diagonal`: over the adjacent cell to the empty cell beyond.
    Hop { directions: Vec<Ident>, span: Span },
    /// `over enemy` (the default), `over friend`, `over occupied`, `over empty`, `over any`: what
    /// the cell a hop jumps must hold.
    Over(Spanned<Over>),
    /// `chain` or `chain while EXPR`: the piece hops again from where it landed while it can.
    Chain { condition: Option<Expr>, span: Span },
}

/// Where a move promotes: ending in a region (`on far_rank`), or where a condition holds
/// (`if from in zone or to in zone`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PromotionPlace {
    On(Region),
    If(Expr),
}

/// What a hop may jump over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Over {
    Enemy,
    Friend,
    Occupied,
    Empty,
    Any,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum WalkLength {
    Exactly(Expr),
    AtMost(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Destination {
    Empty,
    Enemy,
    EmptyOrEnemy,
}

/// `capture { when ...  to prizes  then { ... } }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaptureDecl {
    pub when: Vec<Expr>,
    pub destination: Option<Spanned<CaptureDestination>>,
    pub then: Vec<EffectBlock>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CaptureDestination {
    /// The capturer's prize pile (keeps attributes, value and cell at capture).
    Prizes,
    /// The owner's reserve, from which it may be dropped again.
    Reserve,
    /// Out of the game.
    Nowhere,
    /// The capturer's reserve, as the capturer's piece (of its `captured as` type).
    Hand,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EffectBlock {
    pub effects: Vec<Effect>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Effect {
    /// `set piece.face = roll d6`, `set quiet = 0`, `set score(mover) = 2`
    Set { place: Place, value: Expr, span: Span },
    /// `rotate level by quarter`: turn a map by quarter (square) or sixth (hex) turns.
    Rotate { map: Ident, by: Expr, span: Span },
    /// `if c { ... } else { ... }`
    If { condition: Expr, then: EffectBlock, otherwise: Option<EffectBlock>, span: Span },
    /// `release king of mover on home`: a captured piece of that type and owner back on the board.
    Release { piece: Expr, owner: Expr, region: Region, span: Span },
    /// `give king of white to black`: a captured piece of that type and owner into another pile.
    Give { piece: Expr, owner: Expr, holder: Expr, span: Span },
    /// `retire mover`: the seat's pieces leave the board and it takes no more turns;
    /// `retire mover leaving pieces`: they stay on the board, frozen.
    Retire { seat: Expr, leaving_pieces: Option<Span>, span: Span },
    /// `for each pieces(mover) where it.strength == 1 { ... }`: the effects once per piece on the
    /// board, with `it` the piece.
    ForEach { pieces: Expr, filter: Option<Expr>, body: EffectBlock, span: Span },
    /// `send it to reserve`: a piece leaves the board.
    Send { piece: Ident, destination: Spanned<CaptureDestination>, span: Span },
    /// `move h1 to f1`: the piece on one cell moves to another (empty) cell.
    Move { from: Expr, to: Expr, span: Span },
    /// `capture e5`: the piece on the cell is captured.
    Capture { cell: Expr, span: Span },
}

impl Effect {
    pub fn span(&self) -> Span {
        match self {
            Effect::Set { span, .. }
            | Effect::Rotate { span, .. }
            | Effect::If { span, .. }
            | Effect::Release { span, .. }
            | Effect::Give { span, .. }
            | Effect::Retire { span, .. }
            | Effect::ForEach { span, .. }
            | Effect::Send { span, .. }
            | Effect::Move { span, .. }
            | Effect::Capture { span, .. } => *span,
        }
    }
}

/// What `set` assigns to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Place {
    /// A variable: `quiet`.
    Variable(Ident),
    /// A per-seat variable: `score(mover)`.
    SeatVariable(Ident, Box<Expr>),
    /// A piece attribute: `piece.face`.
    Attribute(Ident, Ident),
    /// A field of the piece a function of a cell gives: `piece_at(c).owner`.
    CellPiece { function: Ident, cell: Box<Expr>, field: Ident },
}

/// `phase play { order ...  turn { ... }  until ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseDecl {
    pub name: Ident,
    pub order: Option<Vec<Ident>>,
    pub turn: Option<Box<TurnDecl>>,
    pub until: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnDecl {
    pub start: Option<EffectBlock>,
    /// The `play` clause then every `otherwise`, in order: the first with a legal action is used.
    pub choices: Vec<ActionChoice>,
    pub actions: Option<ActionCount>,
    pub after: Option<EffectBlock>,
    /// `legal if EXPR`: a condition on the position each move leads to.
    pub legal: Option<Expr>,
    /// `may pass`: the seat may pass instead of acting, at the start of its turn.
    pub may_pass: Option<Span>,
    pub span: Span,
}

/// `play step, diagonal where ...` or `otherwise move, reenter`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionChoice {
    pub actions: Vec<Ident>,
    pub filter: Option<Expr>,
    pub span: Span,
}

/// How many actions a turn holds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ActionCount {
    /// `actions 2`: exactly so many (fewer only when none is legal).
    Exactly(Expr),
    /// `actions up to 2`: the seat may end its turn at any point, even before acting.
    UpTo(Expr),
    /// `actions while EXPR`: the same seat acts again while it holds.
    While(Expr),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndDecl {
    /// `score EXPR`: each seat's score (with `seat` bound), reported with every result.
    pub score: Option<Expr>,
    pub rules: Vec<EndRule>,
    pub span: Span,
}

/// `when EXPR: outcome`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndRule {
    pub condition: Expr,
    pub outcome: Outcome,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Outcome {
    Win(Expr),
    Loss(Expr),
    Draw(Span),
    /// `rank by a(seat), b(seat)`: higher first; ties broken by the next key; full ties share a place.
    Rank(Vec<Expr>),
}

/// An expression, untyped.
pub type Expr = Spanned<ExprKind>;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    None,
    /// A name: a variable, seat, piece type, cell, zone, phase, map, or context word (`mover`,
    /// `next`, `piece`, `from`, `to`, `target`, `it`, `seat`, `captures`, `turns`, `phase`).
    Name(Ident),
    /// `f(a, b)`: a built-in function, a map lookup, a per-seat variable or a definition.
    Call {
        function: Ident,
        args: Vec<Expr>,
    },
    /// `x.face`, `x.type`, `x.owner`, `x.value`
    Field {
        base: Box<Expr>,
        field: Ident,
    },
    Unary {
        op: Spanned<UnaryOp>,
        operand: Box<Expr>,
    },
    Binary {
        op: Spanned<BinaryOp>,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    If {
        condition: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    /// `roll d6`
    Roll {
        sides: Spanned<i64>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum UnaryOp {
    Not,
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

/// Where the piece of a drop comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Supply {
    /// `drop`: the mover's reserve.
    Reserve,
    /// `place`: a new piece, as many as the rules place.
    Unlimited,
}

impl Supply {
    /// The keyword that says it.
    pub fn keyword(self) -> &'static str {
        match self {
            Supply::Reserve => "drop",
            Supply::Unlimited => "place",
        }
    }
}
