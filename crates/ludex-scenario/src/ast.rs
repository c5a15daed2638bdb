//! The tests of a `.tests` file as data: each test's name, options, start, moves and expectations,
//! every part with its span in the text (for diagnostics and for `--bless`, which writes into it).

use ludex_diagnostics::Span;
use ludex_ir::Number;

/// A parsed `.tests` file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Suite {
    /// The well-formed tests, in the file's order (the malformed ones are left out, see
    /// [`crate::Parsed::malformed`]).
    pub tests: Vec<Test>,
    /// The positions named outside the tests (`position NAME { ... }`).
    pub positions: Vec<NamedPosition>,
}

/// A value read from the file, with the span of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// What the text says: a name without its quotes, a cell, a seat, a token.
    pub value: T,
    /// Where that text is in the `.tests` file.
    pub span: Span,
}

impl<T> Spanned<T> {
    pub(crate) fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

/// `position NAME { ... }` outside the tests: a start position several tests can name.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedPosition {
    /// The name tests start from with `position NAME` (unique in the file).
    pub name: Spanned<String>,
    /// The position, in the position format.
    pub text: PositionText,
}

/// A position's text as written between braces, and where it starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionText {
    /// The text between the braces, in the position format, unchanged (lines and indentation
    /// kept).
    pub text: String,
    /// The span of that text in the file, so that an error of the position loader can point into
    /// the `.tests` file (empty at 0 when the braces hold nothing).
    pub span: Span,
}

/// `test "NAME" { ... }`: options, then a start, then `play` and `expect` statements in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// The name, without its quotes.
    pub name: Spanned<String>,
    /// The whole test, from `test` to its closing brace.
    pub span: Span,
    /// The option values the game is compiled with (the rules' defaults for the others).
    pub options: Vec<OptionSetting>,
    /// Where the test begins.
    pub start: Start,
    /// The `play` and `expect` statements, run in this order.
    pub statements: Vec<Statement>,
}

/// `option NAME = VALUE`: the game is compiled with this option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSetting {
    /// The option's name, as the rules declare it.
    pub name: Spanned<String>,
    /// The value (the checker says whether the rules allow it).
    pub value: Number,
    /// The whole line.
    pub span: Span,
}

/// Where the test begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The setup, a position written here, or a named one.
    pub kind: StartKind,
    /// The whole start statement.
    pub span: Span,
}

/// The kinds of start a test may have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartKind {
    /// The setup; with a seed its rolls are drawn from it, without one they stay pending.
    Setup {
        /// `setup seed N`: the rolls up to the first decision are drawn as `ludex play --seed N`
        /// draws them.
        seed: Option<u64>,
    },
    /// A position written in the test.
    Position(PositionText),
    /// A position named outside the tests.
    NamedPosition(Spanned<String>),
}

/// A statement of a test's body.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// `play`: moves and roll outcomes in order.
    Play(Vec<Step>),
    /// `expect`: a claim about the game where the test stands.
    Expect(Expectation),
}

/// One move or roll outcome of a `play` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// A move or a roll outcome.
    pub kind: StepKind,
    /// The step's text in the `play` line.
    pub span: Span,
}

/// What a `play` step is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A move in the game's notation, as written.
    Move(String),
    /// `roll N`: the pending roll shows N.
    Roll(u32),
}

/// A value an expectation states, or `?` for `--bless` to fill in; `span` is where the value (or
/// the `?`) is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected<T> {
    /// The value stated; `None` for `?`.
    pub value: Option<T>,
    /// Where the value or the `?` is written: what `--bless` overwrites.
    pub span: Span,
}

/// `expect ...`: one claim, checked where the test stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// What it says.
    pub claim: Claim,
    /// The whole line after `expect`.
    pub span: Span,
}

/// What an expectation says about the game at that point.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// The legal moves, or those that start on a cell, or end on one.
    Moves {
        /// `from CELL`: only the moves that start on the cell.
        from: Option<Spanned<String>>,
        /// `to CELL`: only the moves that end on the cell.
        to: Option<Spanned<String>>,
        /// Exactly, at least or none of the moves listed.
        relation: Relation,
    },
    /// The piece on a cell, as a position-format token (`None`: the cell is empty).
    Piece {
        /// The cell, by the board's coordinates.
        cell: Spanned<String>,
        /// The piece's token (`P1`), or `None` written `none`.
        piece: Expected<Option<Spanned<String>>>,
    },
    /// Cells with no piece.
    Empty {
        /// The cells, by the board's coordinates.
        cells: Vec<Spanned<String>>,
    },
    /// A seat's reserve (`R*5`, `D:3`) or prize pile (`D2:4@e5=4`), as position-format tokens.
    Holding {
        /// The reserve or the prize pile.
        kind: Holding,
        /// The seat, by name.
        seat: Spanned<String>,
        /// The pile's tokens, all of them (empty written `none`).
        pieces: Expected<Vec<Spanned<String>>>,
    },
    /// The number of positions `depth` moves ahead.
    Perft {
        /// Plies ahead; deeper than [`crate::MAX_PERFT_DEPTH`] makes the test malformed.
        depth: u32,
        /// The count of leaf positions.
        count: Expected<u64>,
    },
    /// The seat to decide.
    Turn(Expected<Spanned<String>>),
    /// A pending roll, by its number of sides.
    Roll(Expected<u32>),
    /// The phase the game is in, by name.
    Phase(Expected<Spanned<String>>),
    /// How the game stands: not over, drawn, won, or each seat's place.
    Result(Expected<Outcome>),
    /// The reason the game ended, as the engine gives it (`end rule 2: white wins`).
    Reason(Expected<String>),
    /// The finished game's score of each seat named (`score` in the rules).
    Scores(Expected<Vec<SeatNumber<Number>>>),
    /// A variable's value (a per-seat variable with its seat), written as in the position format.
    Variable {
        /// The variable, as the rules declare it.
        name: Spanned<String>,
        /// The seat, for a per-seat variable (`NAME(SEAT)`); `None` for a global one.
        seat: Option<Spanned<String>>,
        /// The value's text (`3`, `true`, `none`, `d6`, `white`, `K1`).
        value: Expected<Spanned<String>>,
    },
}

/// The pieces a seat holds off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// `reserve`: the seat's pieces off the board, ready to be dropped.
    Reserve,
    /// `prizes`: the pieces the seat has captured, each as it was when captured.
    Prizes,
}

impl Holding {
    /// The word that names it, in tests and in positions.
    pub fn keyword(self) -> &'static str {
        match self {
            Holding::Reserve => "reserve",
            Holding::Prizes => "prizes",
        }
    }
}

/// How the moves compare with the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `: LIST`: exactly these.
    Exactly(Expected<Vec<Spanned<String>>>),
    /// `include LIST`: at least these.
    Include(Vec<Spanned<String>>),
    /// `exclude LIST`: none of these.
    Exclude(Vec<Spanned<String>>),
}

/// How a game stands, as a result expectation says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `none`: the game is not over.
    NotOver,
    /// Every seat shares the first place.
    Draw,
    /// These seats (a seat and its team mates) take the first place, and the others do not.
    Winners(Vec<Spanned<String>>),
    /// Each seat named has the place given.
    Places(Vec<SeatNumber>),
}

/// `SEAT N`: a seat's place (whole) or score (whole or decimal, a [`Number`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatNumber<N = i64> {
    /// The seat, by name.
    pub seat: Spanned<String>,
    /// Its place (1 is first) or its score.
    pub number: N,
}
