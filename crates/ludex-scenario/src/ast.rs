//! The tests of a `.tests` file as data: each test's name, options, start, moves and expectations,
//! every part with its span in the text (for diagnostics and for `--bless`, which writes into it).

use ludex_diagnostics::Span;

/// A parsed `.tests` file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Suite {
    pub tests: Vec<Test>,
    /// The positions named outside the tests (`position NAME { ... }`).
    pub positions: Vec<NamedPosition>,
}

/// Text of the file with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct NamedPosition {
    pub name: Spanned<String>,
    pub text: PositionText,
}

/// A position's text as written between braces, and where it starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionText {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// The name, without its quotes.
    pub name: Spanned<String>,
    /// The whole test, from `test` to its closing brace.
    pub span: Span,
    pub options: Vec<OptionSetting>,
    pub start: Start,
    pub statements: Vec<Statement>,
}

/// `option NAME = VALUE`: the game is compiled with this option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSetting {
    pub name: Spanned<String>,
    pub value: i64,
    pub span: Span,
}

/// Where the test begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub kind: StartKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartKind {
    /// The setup; with a seed its rolls are drawn from it, without one they stay pending.
    Setup { seed: Option<u64> },
    /// A position written in the test.
    Position(PositionText),
    /// A position named outside the tests.
    NamedPosition(Spanned<String>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// `play`: moves and roll outcomes in order.
    Play(Vec<Step>),
    Expect(Expectation),
}

/// One move or roll outcome of a `play` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub kind: StepKind,
    pub span: Span,
}

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
    pub value: Option<T>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    pub claim: Claim,
    /// The whole line after `expect`.
    pub span: Span,
}

/// What an expectation says about the game at that point.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// The legal moves, or those that start on a cell, or end on one.
    Moves {
        from: Option<Spanned<String>>,
        to: Option<Spanned<String>>,
        relation: Relation,
    },
    /// The piece on a cell, as a position-format token (`None`: the cell is empty).
    Piece {
        cell: Spanned<String>,
        piece: Expected<Option<Spanned<String>>>,
    },
    /// Cells with no piece.
    Empty {
        cells: Vec<Spanned<String>>,
    },
    /// A seat's reserve (`R*5`, `D:3`) or prize pile (`D2:4@e5=4`), as position-format tokens.
    Holding {
        kind: Holding,
        seat: Spanned<String>,
        pieces: Expected<Vec<Spanned<String>>>,
    },
    /// The number of positions `depth` moves ahead.
    Perft {
        depth: u32,
        count: Expected<u64>,
    },
    /// The seat to decide.
    Turn(Expected<Spanned<String>>),
    /// A pending roll, by its number of sides.
    Roll(Expected<u32>),
    Phase(Expected<Spanned<String>>),
    Result(Expected<Outcome>),
    /// The reason the game ended, as the engine gives it (`end rule 2: white wins`).
    Reason(Expected<String>),
    Scores(Expected<Vec<SeatNumber>>),
    /// A variable's value (a per-seat variable with its seat), written as in the position format.
    Variable {
        name: Spanned<String>,
        seat: Option<Spanned<String>>,
        value: Expected<Spanned<String>>,
    },
}

/// The pieces a seat holds off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    Reserve,
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

/// `SEAT N`: a seat's place or score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatNumber {
    pub seat: Spanned<String>,
    pub number: i64,
}
