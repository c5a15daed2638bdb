//! The abstract syntax tree of a rules file: what was written, with the span of every node.
//!
//! The AST mirrors the grammar (`grammar/ludex.pest`) one item at a time and resolves nothing:
//! names are plain identifiers and every expression is untyped. `ludex_check` gives them meaning.

pub use ludex_ir::{Decimal, Number};
use serde::Serialize;

pub use ludex_diagnostics::Span;

/// A node and where it was written.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spanned<T> {
    /// What was written: an item, a clause, an expression, a literal.
    pub node: T,
    /// Where it is written in the rules file.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A node and the place it is written.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A name as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Ident {
    /// The name's text.
    pub name: String,
    /// Where the name is written.
    pub span: Span,
}

/// A whole rules file.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RulesFile {
    /// The items that parsed, in the order written (those that did not are left out).
    pub items: Vec<Item>,
}

/// One top-level item.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Item {
    /// `game "Name"`: the game's name, for display and records.
    Game(Spanned<String>),
    /// `option NAME = D from MIN to MAX`.
    Option(OptionDecl),
    /// `seat NAME ...`.
    Seat(SeatDecl),
    /// `team NAME = SEAT, ...`.
    Team(TeamDecl),
    /// `board ...`.
    Board(BoardDecl),
    /// `map NAME { grid }`.
    Map(MapDecl),
    /// `directions NAME = DIR, ...`.
    Directions(DirectionsDecl),
    /// `piece NAME { ... }`.
    Piece(PieceDecl),
    /// `zone NAME = REGION`.
    Zone(ZoneDecl),
    /// `variable NAME = EXPR`.
    Variable(VariableDecl),
    /// `define NAME(PARAMS) = EXPR`.
    Define(DefineDecl),
    /// `setup { ... }`.
    Setup(SetupDecl),
    /// `action NAME ... { ... }`.
    Action(ActionDecl),
    /// `capture { ... }`.
    Capture(CaptureDecl),
    /// `phase NAME { ... }`.
    Phase(PhaseDecl),
    /// `end { ... }`.
    End(EndDecl),
    /// `track NAME [of each seat] = ...`.
    Track(TrackDecl),
}

/// `option players = 6 from 4 to 6`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionDecl {
    /// The option's name, a constant integer in expressions.
    pub name: Ident,
    /// The default value `D`.
    pub default: Spanned<Number>,
    /// The least value allowed, `MIN`.
    pub min: Spanned<Number>,
    /// The greatest value allowed, `MAX`.
    pub max: Spanned<Number>,
    /// Where the whole item is written.
    pub span: Span,
}

/// `seat black turned 180 mirrored`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatDecl {
    /// The seat's name as written.
    pub name: Ident,
    /// Degrees, clockwise; a multiple of the board's rotation step.
    pub turned: Option<Spanned<i64>>,
    /// Reflected (about the vertical axis, before turning).
    pub mirrored: Option<Span>,
    /// `if players >= 5`: the seat takes part only when this holds (options and constants only).
    pub condition: Option<Expr>,
    /// Where the whole item is written.
    pub span: Span,
}

/// `team light = white, grey`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamDecl {
    /// The team's name as written.
    pub name: Ident,
    /// Its seats, in the order listed.
    pub seats: Vec<Ident>,
    /// `if EXPR`: the team is formed only when it holds (options and constants).
    pub condition: Option<Expr>,
    /// Where the whole item is written.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// The shape `board` gives: a grid of squares, a hexagon or a rhombus of hexagons.
pub enum BoardShape {
    /// `square W by H`
    Square {
        /// `W`: the files, named by letters.
        width: Spanned<i64>,
        /// `H`: the ranks.
        height: Spanned<i64>,
    },
    /// `hex N`: a hexagon with N cells a side.
    Hex {
        /// `N`: the cells on each side of the hexagon.
        side: Spanned<i64>,
    },
    /// `hex W by H`: a rhombus of hexagons, W files of H cells.
    Rhombus {
        /// `W`: the files.
        width: Spanned<i64>,
        /// `H`: the cells of each file.
        height: Spanned<i64>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// `board SHAPE [without REGION]`: the board of the game (a file has exactly one).
pub struct BoardDecl {
    /// Its shape and size.
    pub shape: BoardShape,
    /// `without REGION`: cells left out of the board (walls, holes).
    pub without: Option<Region>,
    /// `joining a1-d1-g1, ...`: paths of cells, each cell joined to the next across the cells
    /// left out between them.
    pub joining: Vec<Vec<Ident>>,
    /// `stacks`: several pieces may share a cell, one on top of another.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stacks: Option<Span>,
    /// Where the whole item is written.
    pub span: Span,
}

/// A text grid, top row first; each value an integer or `.` (no value).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grid {
    /// The rows as written, top row first; each value `None` where the grid has `.`.
    pub rows: Vec<Spanned<Vec<Spanned<Option<i64>>>>>,
    /// Where the grid is written, braces included.
    pub span: Span,
}

/// `map level { ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapDecl {
    /// The map's name as written.
    pub name: Ident,
    /// Its value for every cell.
    pub grid: Grid,
    /// Where the whole item is written.
    pub span: Span,
}

/// `directions rookwise = n, e, s, w`, `directions ahead of each seat = ne, se`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DirectionsDecl {
    /// The group's name as written.
    pub name: Ident,
    /// `of each seat`: the members are read from each seat's side of the board.
    pub per_seat: Option<Span>,
    /// The directions, seat-relative directions and groups it holds, in the order written.
    pub members: Vec<Ident>,
    /// Where the whole item is written.
    pub span: Span,
}

/// `piece die { letter D  attribute face from 1 to 6  value it.face }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceDecl {
    /// The type's name as written.
    pub name: Ident,
    /// `letter X`: the letter naming the type in move notation and on the drawn board.
    pub letter: Option<Spanned<char>>,
    /// `attribute NAME from MIN to MAX` clauses, in order.
    pub attributes: Vec<AttributeDecl>,
    /// `value EXPR`: what a piece is worth, with `it` the piece; `None`: 0.
    pub value: Option<Expr>,
    /// `captured as TYPE`: what a piece of this type becomes when it is captured `to hand`.
    pub captured_as: Option<Ident>,
    /// Where the whole item is written.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// `attribute NAME from MIN to MAX`: an integer each piece of the type carries, kept in the range.
pub struct AttributeDecl {
    /// The attribute's name as written.
    pub name: Ident,
    /// The least value; new pieces start at it.
    pub min: Spanned<i64>,
    /// The greatest value.
    pub max: Spanned<i64>,
    /// Where the whole clause is written.
    pub span: Span,
}

/// `zone home of each seat = rows 1 to 2`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZoneDecl {
    /// The zone's name as written.
    pub name: Ident,
    /// `of each seat`: the region is read from each seat's side of the board.
    pub per_seat: Option<Span>,
    /// The cells it names.
    pub region: Region,
    /// Where the whole item is written.
    pub span: Span,
}

/// `track route of each seat = l2 to a2, a1 to l1`: cells in the order pieces move along them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackDecl {
    /// The track's name, read as `NAME(CELL)` for a cell's position on it.
    pub name: Ident,
    /// `of each seat`: the cells are read from each seat's side of the board.
    pub per_seat: Option<Span>,
    /// The cells and lines of cells, in order.
    pub parts: Vec<TrackPart>,
    /// Where the whole item is written.
    pub span: Span,
}

/// One cell of a track, or `A to B`: the straight line of cells from A to B, both included.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackPart {
    /// The cell, or the line's first cell.
    pub first: Ident,
    /// `to B`: the line's last cell; `None`: one cell.
    pub last: Option<Ident>,
    /// Where the part is written.
    pub span: Span,
}

/// A set of cells.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Region {
    /// `rows 1 to 2`, `row 3`: counted from the bottom row, 1-based.
    Rows {
        /// The first row.
        from: Spanned<i64>,
        /// The last row (`from` again for `row N`).
        to: Spanned<i64>,
        /// Where the whole region is written.
        span: Span,
    },
    /// `files a to c`, `file e`
    Files {
        /// The first file's letter.
        from: Ident,
        /// The last file's letter (`from` again for `file X`).
        to: Ident,
        /// Where the whole region is written.
        span: Span,
    },
    /// `cells a1, b2`
    Cells {
        /// The cells' names, in the order written.
        cells: Vec<Ident>,
        /// Where the whole region is written.
        span: Span,
    },
    /// `cells where level(cell) == 3`
    Where {
        /// Holds for the cells kept, with `cell` the cell tested.
        condition: Box<Expr>,
        /// Where the whole region is written.
        span: Span,
    },
    /// `board`: every cell.
    Board {
        /// Where the word `board` is written.
        span: Span,
    },
    /// Another zone, by name.
    Zone(Ident),
    /// `a + b`
    Union(Box<Region>, Box<Region>),
    /// `a - b`
    Difference(Box<Region>, Box<Region>),
}

impl Region {
    /// Where the whole region is written.
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
/// A type written in `variable NAME: TYPE`.
pub enum TypeName {
    /// `int`: a whole number.
    Int,
    /// `bool`: `true` or `false`.
    Bool,
    /// `cell`: a cell of the board.
    Cell,
    /// `seat`: a seat.
    Seat,
    /// `piece`: a piece.
    Piece,
}

/// `variable quiet = 0`, `variable score of each seat = 0`, `variable last: cell = none`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariableDecl {
    /// The variable's name as written.
    pub name: Ident,
    /// `of each seat`: one value per seat, read with `NAME(SEAT)`.
    pub per_seat: Option<Span>,
    /// `: TYPE`; `None` when the initial value shows the type.
    pub ty: Option<Spanned<TypeName>>,
    /// The value when the game starts (with `seat` bound for a per-seat variable).
    pub init: Expr,
    /// `untracked`: the variable is not part of the position (`repetitions`).
    pub untracked: Option<Span>,
    /// Where the whole item is written.
    pub span: Span,
}

/// `define total(s) = sum(pieces(s), it.face)`: inlined where it is used.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DefineDecl {
    /// The definition's name as written.
    pub name: Ident,
    /// The parameters, in order; empty for a definition without parentheses.
    pub params: Vec<Ident>,
    /// The expression the definition stands for.
    pub body: Expr,
    /// Where the whole item is written.
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
/// `setup { statements }`: how the game begins, before the first turn.
pub struct SetupDecl {
    /// The statements, run in the order written.
    pub statements: Vec<SetupStatement>,
    /// Where the whole item is written.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// A statement of the `setup` block.
pub enum SetupStatement {
    /// `place die for each seat on back with face = roll d6`: one piece on every cell of the region.
    Place {
        /// The type of the pieces placed.
        piece: Ident,
        /// `place checker 5 ...`: so many pieces on each cell, one on another (boards with stacks).
        #[serde(skip_serializing_if = "Option::is_none")]
        count: Option<Spanned<i64>>,
        /// Whose pieces they are.
        owner: Owner,
        /// The cells to place on (`on REGION`).
        region: Region,
        /// `with ATTR = EXPR, ...`: attributes set on each piece.
        with: Vec<Assignment>,
        /// Where the whole statement is written.
        span: Span,
    },
    /// `reserve king 1, pawn 5 for each seat`
    Reserve {
        /// The types and how many pieces of each.
        entries: Vec<(Ident, Spanned<i64>)>,
        /// Whose reserve receives them.
        owner: Owner,
        /// Where the whole statement is written.
        span: Span,
    },
    /// An effect (`set`, `rotate`, `if`, `for each`, `send`, ...), run in its turn.
    Effect(Effect),
}

/// `face = roll d6`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Assignment {
    /// The attribute set, `ATTR` of `ATTR = EXPR`.
    pub name: Ident,
    /// Its value (may be `roll dN`).
    pub value: Expr,
    /// Where the whole assignment is written.
    pub span: Span,
}

/// `action step for die { ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionDecl {
    /// The action's name as written, used by `play` and in move notation.
    pub name: Ident,
    /// `for die, king`: the piece types that make this move; empty for drops and choices.
    pub pieces: Vec<Ident>,
    /// The clauses, in the order written.
    pub clauses: Vec<ActionClause>,
    /// Where the whole item is written.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// A clause of an `action`: its pattern, its conditions and its consequences.
pub enum ActionClause {
    /// `step n, e`: one step in one of the directions.
    Step {
        /// The directions and groups, in the order written.
        directions: Vec<Ident>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `slide orthogonal at most 2`: a straight line through empty cells; `slide all exactly N`:
    /// exactly N cells along the line.
    Slide {
        /// The directions and groups, in the order written.
        directions: Vec<Ident>,
        /// `at most EXPR` or `exactly EXPR`; `None`: as far as the line is empty.
        length: Option<WalkLength>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `leap n+n+e, n+n+w`: jump to the end of one of the paths.
    Leap {
        /// The paths, each its directions joined by `+`.
        paths: Vec<Vec<Ident>>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `walk orthogonal exactly level(from)`: a path through empty cells, no cell twice. Without a
    /// length the walk is as long as the board (and its cost, if it pays one) allows.
    Walk {
        /// The directions and groups each step may take.
        directions: Vec<Ident>,
        /// `exactly EXPR` or `at most EXPR`; `None`: as long as the board allows.
        length: Option<WalkLength>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `drop pawn on board with strength = 6`: from the mover's reserve onto an empty cell;
    /// `place stone on board`: a new piece of the mover's onto an empty cell.
    Drop {
        /// The types that may be dropped or placed.
        pieces: Vec<Ident>,
        /// `on REGION`: the cells it may go on (read from the mover's side).
        region: Region,
        /// `with ATTR = EXPR, ...`: attributes set on the piece.
        with: Vec<Assignment>,
        /// Where the whole clause is written.
        span: Span,
        /// Whether it was written `drop` (the reserve) or `place` (a new piece).
        supply: Supply,
    },
    /// `choose quarter from 0 to 3`: one move per value.
    Choose {
        /// The name the chosen number is read by in the action's `where` and `then`.
        name: Ident,
        /// The least number offered.
        from: Expr,
        /// The greatest number offered.
        to: Expr,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `declare`: one move that moves nothing, written with the action's name.
    Declare {
        /// Where the word `declare` is written.
        span: Span,
    },
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
    Paying {
        /// The cost of each step.
        amount: Expr,
        /// The attribute paid from.
        attribute: Option<Ident>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `push { when ...  then { ... } }`: a walk pushes the line of pieces in its way.
    Push {
        /// Every `when EXPR` written (the checker reports a second): holds for each pushed piece.
        when: Vec<Expr>,
        /// Every `then { ... }` written (the checker reports a second): effects after each push.
        then: Vec<EffectBlock>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `exit to reserve`: a walk may end with a step off the board.
    Exit(Spanned<CaptureDestination>),
    /// `may revisit`: a walk's path may pass through a cell it has already visited.
    Revisit {
        /// Where `may revisit` is written.
        span: Span,
    },
    /// `promote on far_rank to queen, rook`: a move ending in the region is offered once per
    /// type, and the piece becomes that type.
    Promote {
        /// `on REGION` or `if EXPR`: where the move promotes.
        place: PromotionPlace,
        /// The types offered, in the order written.
        pieces: Vec<Ident>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `hop diagonal`: over the adjacent cell to the empty cell beyond.
    Hop {
        /// The directions and groups a hop may take.
        directions: Vec<Ident>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `over enemy` (the default), `over friend`, `over occupied`, `over empty`, `over any`: what
    /// the cell a hop jumps must hold.
    Over(Spanned<Over>),
    /// `chain` or `chain while EXPR`: the piece hops again from where it landed while it can.
    Chain {
        /// `while EXPR`: checked after each hop; the chain ends where it fails.
        condition: Option<Expr>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `anywhere` or `anywhere in REGION`: the piece moves to any cell of the region (the board
    /// when not said).
    Anywhere {
        /// `in REGION`; `None`: the whole board.
        region: Option<Region>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `remove on REGION`: the seat takes an enemy piece off a cell of the region.
    Remove {
        /// The cells whose enemy pieces may be taken.
        region: Region,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `along route by high, low` (a piece on the track) or `enter route by high, low` (a piece of
    /// the reserve): that many cells along the mover's track, one move per amount.
    Along {
        /// The track's name.
        track: Ident,
        /// The amounts, one move per distinct amount (`by EXPR, ...`).
        amounts: Vec<Expr>,
        /// Whether the piece is on the track or enters it from the reserve.
        source: TrackSource,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `then shoot [if EXPR]`: the move goes on, in the same ply, by a move of the named action
    /// from where this one landed (a compound move).
    Continue {
        /// The action the move goes on by.
        action: Ident,
        /// `if EXPR`: where the move goes on; `None`: always.
        condition: Option<Expr>,
        /// Where the whole clause is written.
        span: Span,
    },
    /// `sow from pits along route skipping EXPR`: the pieces of a cell of the region, one dropped
    /// on each following cell of the mover's track, but the cells for which `EXPR` holds.
    Sow {
        /// The cells sown from.
        region: Region,
        /// The track's name.
        track: Ident,
        /// `skipping EXPR`: the cells (`it`) that get no piece.
        skipping: Option<Expr>,
        /// Where the whole clause is written.
        span: Span,
    },
}

/// Where the piece of a move along a track starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TrackSource {
    /// `along`: a piece on the track.
    Board,
    /// `enter`: a piece of the mover's reserve, from before the track's first cell.
    Reserve,
}

/// Where a move promotes: ending in a region (`on far_rank`), or where a condition holds
/// (`if from in zone or to in zone`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PromotionPlace {
    /// `promote on REGION`: the move ends in the region (read from the mover's side).
    On(Region),
    /// `promote if EXPR`: the condition holds for the move.
    If(Expr),
}

/// What a hop may jump over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Over {
    /// `over enemy`: a piece the mover may capture, which the hop captures.
    Enemy,
    /// `over friend`: a piece of the mover or of a team mate.
    Friend,
    /// `over occupied`: any piece.
    Occupied,
    /// `over empty`: no piece.
    Empty,
    /// `over any`: a piece or none.
    Any,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// The length of a `walk` or a `slide`.
pub enum WalkLength {
    /// `exactly EXPR`: exactly so many steps.
    Exactly(Expr),
    /// `at most EXPR`: 1 to so many steps.
    AtMost(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
/// Which cells a piece move may end on (`to ...`).
pub enum Destination {
    /// `to empty`: an empty cell.
    Empty,
    /// `to enemy`: a cell holding a piece the mover may capture.
    Enemy,
    /// `to empty or enemy`: either.
    EmptyOrEnemy,
    /// The words with `friend` (a board with stacks).
    Friend,
    /// `to empty or friend`: an empty cell or a friendly stack.
    EmptyOrFriend,
    /// `to friend or enemy`: a friendly stack or an enemy piece.
    FriendOrEnemy,
    /// `to empty or friend or enemy`: any cell.
    Any,
}

/// `capture { when ...  to prizes  then { ... } }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaptureDecl {
    /// Every `when EXPR` written (the checker reports a second): the capture is allowed only when it holds.
    pub when: Vec<Expr>,
    /// `to prizes` / `to reserve` / `to nowhere` / `to hand`; `None`: `to nowhere`.
    pub destination: Option<Spanned<CaptureDestination>>,
    /// Every `then { ... }` written (the checker reports a second): effects right after the capture.
    pub then: Vec<EffectBlock>,
    /// Where the whole item is written.
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
/// Where a captured piece (or a piece sent off the board) goes: `to prizes`, `to reserve`, ...
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
/// `{ EFFECTS }`: effects run in the order written.
pub struct EffectBlock {
    /// The effects, in order.
    pub effects: Vec<Effect>,
    /// Where the block is written, braces included.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// A statement of an effect block (docs/language.md, section 17).
pub enum Effect {
    /// `set piece.face = roll d6`, `set quiet = 0`, `set score(mover) = 2`
    Set {
        /// What is assigned: a variable, a seat's value or a piece's field.
        place: Place,
        /// The value (may be `roll dN`).
        value: Expr,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `rotate level by quarter`: turn a map by quarter (square) or sixth (hex) turns.
    Rotate {
        /// The map turned.
        map: Ident,
        /// How many rotation steps, clockwise (negative: anticlockwise).
        by: Expr,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `if c { ... } else { ... }`
    If {
        /// Which block runs (`none` counts as false).
        condition: Expr,
        /// The effects run when it holds.
        then: EffectBlock,
        /// `else { ... }`: the effects run otherwise.
        otherwise: Option<EffectBlock>,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `release king of mover on home`: a captured piece of that type and owner back on the board.
    Release {
        /// The type of the captured piece.
        piece: Expr,
        /// `of SEAT`: the seat that owned it.
        owner: Expr,
        /// `on REGION`: where it is put (the owner's version), or the nearest empty cell.
        region: Region,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `give king of white to black`: a captured piece of that type and owner into another pile.
    Give {
        /// The type of the captured piece.
        piece: Expr,
        /// `of SEAT`: the seat that owned it.
        owner: Expr,
        /// `to SEAT`: the seat whose prize pile receives it.
        holder: Expr,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `retire mover`: the seat's pieces leave the board and it takes no more turns;
    /// `retire mover leaving pieces`: they stay on the board, frozen.
    Retire {
        /// The seat that leaves the game.
        seat: Expr,
        /// Where `leaving pieces` is written, when it is.
        leaving_pieces: Option<Span>,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `for each pieces(mover) where it.strength == 1 { ... }`: the effects once per piece on the
    /// board, with `it` the piece.
    ForEach {
        /// The collection gone over: `pieces(...)`, `seats` or a collection of cells.
        pieces: Expr,
        /// `where EXPR`: only the elements for which it holds.
        filter: Option<Expr>,
        /// The effects run for each element.
        body: EffectBlock,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `send it to reserve`: a piece leaves the board.
    Send {
        /// `piece`, `it` or `pushed`: the piece sent.
        piece: Ident,
        /// Where it goes.
        destination: Spanned<CaptureDestination>,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `move h1 to f1`: the piece on one cell moves to another (empty) cell.
    Move {
        /// The cell of the piece moved.
        from: Expr,
        /// The cell it moves to.
        to: Expr,
        /// Where the whole effect is written.
        span: Span,
    },
    /// `capture e5`: the piece on the cell is captured.
    Capture {
        /// The cell of the piece captured.
        cell: Expr,
        /// Where the whole effect is written.
        span: Span,
    },
}

impl Effect {
    /// Where the whole effect is written.
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
    CellPiece {
        /// The function called with the cell (`piece_at`; the checker refuses others).
        function: Ident,
        /// The cell it is called with.
        cell: Box<Expr>,
        /// The field set: `owner`, `type` or an attribute.
        field: Ident,
    },
}

/// `phase play { order ...  turn { ... }  until ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseDecl {
    /// The phase's name as written.
    pub name: Ident,
    /// `order SEAT, ...`: the seats that take turns, in order; `None`: every seat, in seat order.
    pub order: Option<Vec<Ident>>,
    /// `turn { ... }`: what a turn of the phase is.
    pub turn: Option<Box<TurnDecl>>,
    /// `until EXPR`: checked after each turn; when it holds the next phase begins.
    pub until: Option<Expr>,
    /// Where the whole item is written.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// `turn { clauses }`: what a turn is.
pub struct TurnDecl {
    /// `start { EFFECTS }`: effects before the first action of each turn.
    pub start: Option<EffectBlock>,
    /// The `play` clause then every `otherwise`, in order: the first with a legal action is used.
    pub choices: Vec<ActionChoice>,
    /// `actions N`, `actions up to N` or `actions while EXPR`; `None`: one action.
    pub actions: Option<ActionCount>,
    /// `after { EFFECTS }`: effects after each action of the turn.
    pub after: Option<EffectBlock>,
    /// `legal if EXPR`: a condition on the position each move leads to.
    pub legal: Option<Expr>,
    /// `prefer most actions then most EXPR`: only moves that begin a turn of the most actions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefer: Option<Preference>,
    /// `may pass`: the seat may pass instead of acting, at the start of its turn.
    pub may_pass: Option<Span>,
    /// Where the whole clause is written.
    pub span: Span,
}

/// `prefer most actions then most EXPR`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Preference {
    /// Summed over the turn's actions, each in its own context, to break ties.
    pub then_most: Option<Expr>,
    /// Where the clause is written.
    pub span: Span,
}

/// `play step, diagonal where ...` or `otherwise move, reenter`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionChoice {
    /// The actions the seat may take, in the order written.
    pub actions: Vec<Ident>,
    /// `where EXPR`: a condition on each candidate move.
    pub filter: Option<Expr>,
    /// Where the whole clause is written.
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
/// `end { ... }`: the end rules, tried in order, and the score.
pub struct EndDecl {
    /// `score EXPR`: each seat's score (with `seat` bound), reported with every result.
    pub score: Option<Expr>,
    /// The `when` rules, in order: the first that holds ends the game.
    pub rules: Vec<EndRule>,
    /// Where the whole item is written.
    pub span: Span,
}

/// `when EXPR: outcome`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndRule {
    /// The condition that ends the game.
    pub condition: Expr,
    /// The result it gives.
    pub outcome: Outcome,
    /// Where the whole rule is written.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// The result of an end rule.
pub enum Outcome {
    /// `win SEAT`: the seat wins, with its team; every other seat shares second place.
    Win(Expr),
    /// `loss SEAT`: the seat loses; every other seat shares first place.
    Loss(Expr),
    /// `draw`: every seat shares first place (the span of the word).
    Draw(Span),
    /// `rank by a(seat), b(seat)`: higher first; ties broken by the next key; full ties share a place.
    Rank(Vec<Expr>),
}

/// An expression, untyped.
pub type Expr = Spanned<ExprKind>;

#[derive(Clone, Debug, PartialEq, Serialize)]
/// What an expression is (docs/language.md, section 11).
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// `none`.
    None,
    /// A name: a variable, seat, piece type, cell, zone, phase, map, or context word (`mover`,
    /// `next`, `piece`, `from`, `to`, `target`, `it`, `seat`, `captures`, `turns`, `phase`).
    Name(Ident),
    /// `f(a, b)`: a built-in function, a map lookup, a per-seat variable or a definition.
    Call {
        /// The name called: a built-in, a map, a per-seat variable or a definition.
        function: Ident,
        /// The arguments, in order.
        args: Vec<Expr>,
    },
    /// `x.face`, `x.type`, `x.owner`, `x.value`
    Field {
        /// The piece.
        base: Box<Expr>,
        /// The field's name (an attribute, `type`, `owner`, `value` or `cell`).
        field: Ident,
    },
    /// `not EXPR` or `-EXPR`.
    Unary {
        /// The operator.
        op: Spanned<UnaryOp>,
        /// The operand.
        operand: Box<Expr>,
    },
    /// `EXPR OP EXPR`.
    Binary {
        /// The operator.
        op: Spanned<BinaryOp>,
        /// The left operand.
        left: Box<Expr>,
        /// The right operand.
        right: Box<Expr>,
    },
    /// `if C then A else B`.
    If {
        /// `C`, the condition.
        condition: Box<Expr>,
        /// `A`, the value when `C` holds.
        then: Box<Expr>,
        /// `B`, the value otherwise (also when `C` is `none`).
        otherwise: Box<Expr>,
    },
    /// `roll d6`
    Roll {
        /// How many faces the die has, `N` of `dN`.
        sides: Spanned<i64>,
    },
    /// `exactly N`: a line's length, no more (only as the length of `in_a_row` and `lines`).
    Exactly(Box<Expr>),
    /// A decimal literal, `6.5` (docs/language.md, "Decimal numbers").
    Decimal(Decimal),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
/// A prefix operator.
pub enum UnaryOp {
    /// `not`.
    Not,
    /// `-` (negation).
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
/// A binary operator (docs/language.md, 11.3).
pub enum BinaryOp {
    /// `or`.
    Or,
    /// `and`.
    And,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `in`: a cell in a zone (`CELL in ZONE`, `CELL in ZONE(SEAT)`).
    In,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `mod`.
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
