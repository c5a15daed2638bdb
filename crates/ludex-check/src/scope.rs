//! Where an expression is evaluated: which context words (`mover`, `piece`, `to`...) it may use,
//! what they stand for there, and the names bound by `choose`.

use ludex_ir::{ActionCount, Const, ContextWord, Expr};
use ludex_syntax::ast::Ident;

use super::cost::Evaluated;
use super::regions::Seating;
use super::types::{Kinds, Ty};

/// The context words of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Mover,
    Next,
    Piece,
    From,
    To,
    Target,
    It,
    Seat,
    Captures,
    Turns,
    Phase,
    /// The cell being tested in `cells where`.
    Cell,
    /// The cells of a walk's step.
    StepFrom,
    StepTo,
    /// The piece a walk pushes and its cells.
    Pushed,
    PushedFrom,
    PushedTo,
    /// The pieces of the line a walk pushes: a collection, not a value.
    Line,
    /// The type a promoting move turns the piece into.
    Promotion,
    /// The seat to act has no legal action.
    Stuck,
    /// How often the current position has occurred.
    Repetitions,
    /// How many moves ago the current position first occurred.
    SinceFirstSeen,
    /// Turns in a row that ended with a pass.
    Passes,
}

const WORDS: [Word; 23] = [
    Word::Mover,
    Word::Next,
    Word::Piece,
    Word::From,
    Word::To,
    Word::Target,
    Word::It,
    Word::Seat,
    Word::Captures,
    Word::Turns,
    Word::Phase,
    Word::Cell,
    Word::StepFrom,
    Word::StepTo,
    Word::Pushed,
    Word::PushedFrom,
    Word::PushedTo,
    Word::Line,
    Word::Promotion,
    Word::Stuck,
    Word::Repetitions,
    Word::SinceFirstSeen,
    Word::Passes,
];

/// Available wherever the game is running.
const RUNNING: [Word; 3] = [Word::Captures, Word::Turns, Word::Phase];
/// What a move binds once it is finished (piece and cells are `none` in a choice).
const MOVE: [Word; 6] = [Word::Mover, Word::Piece, Word::From, Word::To, Word::Target, Word::Promotion];
/// What a turn's `legal if` reads beyond the finished move: the seat after the mover, and whether
/// the seat to act once the move has run its course has no legal action (a look-ahead).
const LOOK_AHEAD: [Word; 2] = [Word::Next, Word::Stuck];
/// What end rules read of the position's history.
const HISTORY: [Word; 2] = [Word::Repetitions, Word::SinceFirstSeen];
/// What a move binds before it is made.
const BEFORE_MOVE: [Word; 3] = [Word::Mover, Word::Piece, Word::From];
/// What a walk's step binds: the move so far and the step.
const STEP: [Word; 5] = [Word::Mover, Word::Piece, Word::From, Word::StepFrom, Word::StepTo];
/// What pushing a piece binds besides the step (`line` only while deciding whether it may).
const PUSH: [Word; 4] = [Word::Pushed, Word::PushedFrom, Word::PushedTo, Word::Line];

impl Word {
    pub fn name(self) -> &'static str {
        match self {
            Word::Mover => "mover",
            Word::Next => "next",
            Word::Piece => "piece",
            Word::From => "from",
            Word::To => "to",
            Word::Target => "target",
            Word::It => "it",
            Word::Seat => "seat",
            Word::Captures => "captures",
            Word::Turns => "turns",
            Word::Phase => "phase",
            Word::Cell => "cell",
            Word::StepFrom => "step_from",
            Word::StepTo => "step_to",
            Word::Pushed => "pushed",
            Word::PushedFrom => "pushed_from",
            Word::PushedTo => "pushed_to",
            Word::Line => "line",
            Word::Promotion => "promotion",
            Word::Stuck => "stuck",
            Word::Repetitions => "repetitions",
            Word::SinceFirstSeen => "since_first_seen",
            Word::Passes => "passes",
        }
    }

    pub fn named(name: &str) -> Option<Word> {
        WORDS.into_iter().find(|w| w.name() == name)
    }

    /// The IR for the word; `cell` in `cells where` is the element being tested, like `it`.
    /// `line` is a collection, which no context word stands for.
    pub fn context(self) -> Option<ContextWord> {
        Some(match self {
            Word::Mover => ContextWord::Mover,
            Word::Next => ContextWord::Next,
            Word::Piece => ContextWord::Piece,
            Word::From => ContextWord::From,
            Word::To => ContextWord::To,
            Word::Target => ContextWord::Target,
            Word::It | Word::Cell => ContextWord::It,
            Word::Seat => ContextWord::Seat,
            Word::Captures => ContextWord::Captures,
            Word::Turns => ContextWord::Turns,
            Word::Phase => ContextWord::Phase,
            Word::StepFrom => ContextWord::StepFrom,
            Word::StepTo => ContextWord::StepTo,
            Word::Pushed => ContextWord::Pushed,
            Word::PushedFrom => ContextWord::PushedFrom,
            Word::PushedTo => ContextWord::PushedTo,
            Word::Line => return None,
            Word::Promotion => ContextWord::Promotion,
            Word::Stuck => ContextWord::Stuck,
            Word::Repetitions => ContextWord::Repetitions,
            Word::SinceFirstSeen => ContextWord::SinceFirstSeen,
            Word::Passes => ContextWord::Passes,
        })
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// Every context word, in the order of the language reference.
pub fn context_words() -> Vec<&'static str> {
    WORDS.into_iter().map(Word::name).collect()
}

/// Where an expression is written, for an editor that offers the context words it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpressionPlace {
    /// `cells where`
    CellsWhere,
    /// A variable's initial value.
    Variable,
    /// The initial value of a variable `of each seat`.
    PerSeatVariable,
    /// A piece type's `value`.
    PieceValue,
    /// The `setup` block.
    Setup,
    /// A seat's or team's `if`.
    SeatCondition,
    /// Before a move: an action's `when`, a slide's or walk's length.
    BeforeMove,
    /// The bounds of `choose`.
    ChoiceBounds,
    /// After a move: an action's `where` and `then`, the capture, a turn's `play ... where`.
    FinishedMove,
    /// A walk's step: `each step where`, `paying`.
    Step,
    /// A push's `when`.
    PushCondition,
    /// A push's `then`.
    PushEffects,
    /// A turn's `start`.
    TurnStart,
    /// A turn's `actions`.
    ActionCount,
    /// A phase's `until`.
    Until,
    /// An end rule's condition and outcome.
    EndRule,
    /// A `rank by` key.
    RankKey,
    /// The `score` of `end`.
    Score,
    /// A definition's body: any word, where it is used decides.
    Definition,
    /// A turn's `after`.
    TurnAfter,
    /// A turn's `legal if`.
    LegalIf,
}

/// The context words an expression may use where it is written.
pub fn context_words_in(place: ExpressionPlace) -> Vec<&'static str> {
    let binding = Binding::default();
    let scope = match place {
        ExpressionPlace::CellsWhere => Scope::cells_where(),
        ExpressionPlace::Variable => Scope::variable(Seating::AllSeats),
        ExpressionPlace::PerSeatVariable => Scope::variable(Seating::EachSeat),
        ExpressionPlace::PieceValue => Scope::piece_value(Kinds::ANY),
        ExpressionPlace::Setup => Scope::setup(),
        ExpressionPlace::SeatCondition => Scope::seat_condition(),
        ExpressionPlace::BeforeMove => Scope::before_move("", &binding),
        ExpressionPlace::ChoiceBounds => Scope::choice_bounds(),
        ExpressionPlace::FinishedMove => Scope::finished_move("", &binding),
        ExpressionPlace::Step => Scope::step("", &binding),
        ExpressionPlace::PushCondition => Scope::push_condition(&binding),
        ExpressionPlace::PushEffects => Scope::push_effects(&binding),
        ExpressionPlace::TurnStart => Scope::turn_start(),
        ExpressionPlace::ActionCount => Scope::action_count(),
        ExpressionPlace::Until => Scope::until(),
        ExpressionPlace::EndRule => Scope::end_rule(),
        ExpressionPlace::RankKey => Scope::rank_key(),
        ExpressionPlace::Score => Scope::score(),
        ExpressionPlace::Definition => Scope::anywhere(),
        ExpressionPlace::TurnAfter => Scope::turn_after(&binding),
        ExpressionPlace::LegalIf => {
            Scope::legal_if(&binding, &ActionCount::Exactly(Expr::Const(Const::Int(1))))
        }
    };
    scope.words.names()
}

/// A set of context words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Words(u32);

impl Words {
    pub fn of(words: &[Word]) -> Words {
        Words(words.iter().fold(0, |bits, w| bits | w.bit()))
    }

    pub fn union(self, other: Words) -> Words {
        Words(self.0 | other.0)
    }

    /// The words but one.
    pub fn without(self, word: Word) -> Words {
        Words(self.0 & !word.bit())
    }

    pub fn contains(self, word: Word) -> bool {
        self.0 & word.bit() != 0
    }

    pub fn names(self) -> Vec<&'static str> {
        WORDS.into_iter().filter(|&w| self.contains(w)).map(Word::name).collect()
    }
}

/// What the actions of a clause bind beyond the context words: the types of the moving (or
/// dropped) piece and choice names.
#[derive(Clone, Debug, Default)]
pub struct Binding<'a> {
    /// The types of the moving or dropped piece (`None`: not known).
    pub kinds: Option<Kinds>,
    pub choices: Vec<&'a Ident>,
}

impl<'a> Binding<'a> {
    pub fn merge(&mut self, other: Binding<'a>) {
        self.kinds = match (self.kinds, other.kinds) {
            (Some(a), Some(b)) => Some(a.union(b)),
            (a, b) => a.or(b),
        };
        self.choices.extend(other.choices);
    }

    fn piece(&self) -> Ty {
        Ty::Piece(self.kinds.unwrap_or(Kinds::ANY))
    }
}

/// The place an expression is evaluated.
#[derive(Clone, Debug)]
pub struct Scope<'a> {
    /// Says where, for messages: "in an action's `when`".
    pub place: &'static str,
    pub words: Words,
    /// The type of `piece`.
    pub piece: Ty,
    /// The type of `it` (and of `cell`).
    pub it: Ty,
    /// Names bound by `choose`.
    pub choices: Vec<&'a Ident>,
    /// `it` is a piece on the board (in `for each`), which effects may change or send away.
    pub it_placed: bool,
    /// How many expression binders (`count`, `sum`, `first`) enclose the expression.
    pub binders: u32,
    /// How often one generation of the legal moves may evaluate it (for the bound on work).
    pub evaluated: Evaluated,
}

impl<'a> Scope<'a> {
    fn running(place: &'static str, words: &[Word]) -> Scope<'a> {
        Scope {
            place,
            words: Words::of(words).union(Words::of(&RUNNING)),
            piece: Ty::ANY_PIECE,
            it: Ty::Unknown,
            choices: Vec::new(),
            it_placed: false,
            binders: 0,
            evaluated: Evaluated::PerMove,
        }
    }

    /// `cells where`: evaluated once, when the rules are lowered.
    pub fn cells_where() -> Scope<'a> {
        Scope {
            place: "`cells where`",
            words: Words::of(&[Word::Cell]),
            it: Ty::Cell,
            ..Scope::running("", &[])
        }
    }

    pub fn variable(seating: Seating) -> Scope<'a> {
        match seating {
            Seating::EachSeat => Scope::running("a per-seat variable's initial value", &[Word::Seat]),
            Seating::AllSeats => Scope::running("a variable's initial value", &[]),
        }
    }

    pub fn piece_value(kinds: Kinds) -> Scope<'a> {
        Scope { it: Ty::Piece(kinds), ..Scope::running("a piece's value", &[Word::It]) }
    }

    pub fn setup() -> Scope<'a> {
        Scope::running("the setup", &[])
    }

    pub fn turn_start() -> Scope<'a> {
        Scope::running("a turn's `start`", &[Word::Mover, Word::Stuck])
    }

    pub fn action_count() -> Scope<'a> {
        Scope::running("a turn's `actions`", &[Word::Mover])
    }

    pub fn until() -> Scope<'a> {
        Scope::running("a phase's `until`", &[Word::Mover, Word::Turns])
    }

    pub fn end_rule() -> Scope<'a> {
        let scope = Scope::running("the end rules", &[Word::Mover, Word::Next, Word::Stuck, Word::Passes]);
        Scope { words: scope.words.union(Words::of(&HISTORY)), evaluated: Evaluated::PerPosition, ..scope }
    }

    pub fn rank_key() -> Scope<'a> {
        let scope = Scope::running(
            "a `rank by` key",
            &[Word::Mover, Word::Next, Word::Seat, Word::Stuck, Word::Passes],
        );
        Scope { words: scope.words.union(Words::of(&HISTORY)), evaluated: Evaluated::PerPosition, ..scope }
    }

    /// The `score` of `end`: evaluated for each seat, as `rank by` keys are.
    pub fn score() -> Scope<'a> {
        let scope = Scope::running("the `score`", &[Word::Mover, Word::Next, Word::Seat, Word::Passes]);
        Scope { evaluated: Evaluated::PerPosition, ..scope }
    }

    /// A seat's condition (`seat east if players >= 3`): known before the game, from the options.
    pub fn seat_condition() -> Scope<'a> {
        Scope { words: Words::default(), ..Scope::running("a seat's condition", &[]) }
    }

    /// A choice's bounds, before any move: only the mover is known.
    pub fn choice_bounds() -> Scope<'a> {
        Scope::running("the bounds of `choose`", &[Word::Mover])
    }

    /// Before the move (`when`, a slide's or walk's length): the piece and where it stands
    /// (`none` in a choice).
    pub fn before_move(place: &'static str, binding: &Binding<'a>) -> Scope<'a> {
        Scope { piece: binding.piece(), ..Scope::running(place, &BEFORE_MOVE) }
    }

    /// The finished move (`where`, `then`, capture, `after`): also where it went, what it took and
    /// the choice.
    pub fn finished_move(place: &'static str, binding: &Binding<'a>) -> Scope<'a> {
        Scope { piece: binding.piece(), choices: binding.choices.clone(), ..Scope::running(place, &MOVE) }
    }

    /// An action's `where`: the finished move, and `stuck` as a look-ahead (lowered into the
    /// turn's `legal if`, see `where_look_ahead`).
    pub fn action_filter(binding: &Binding<'a>) -> Scope<'a> {
        let finished = Scope::finished_move("an action's `where`", binding);
        Scope { words: finished.words.union(Words::of(&[Word::Stuck])), ..finished }
    }

    /// A turn's `after`: the finished move and the seat after the mover.
    pub fn turn_after(binding: &Binding<'a>) -> Scope<'a> {
        let finished = Scope::finished_move("a turn's `after`", binding);
        Scope { words: finished.words.union(Words::of(&[Word::Next])), ..finished }
    }

    /// A turn's `legal if`: the finished move, the seat after the mover and the look-ahead `stuck`.
    ///
    /// `repetitions` too in a turn of one action: the position the move leads to is then the next
    /// seat's, which the history can be asked about.
    pub fn legal_if(binding: &Binding<'a>, count: &ActionCount) -> Scope<'a> {
        let finished = Scope::finished_move("a turn's `legal if`", binding);
        let one_action = matches!(count, ActionCount::Exactly(Expr::Const(Const::Int(1))));
        let history = if one_action { Words::of(&[Word::Repetitions]) } else { Words::default() };
        Scope { words: finished.words.union(Words::of(&LOOK_AHEAD)).union(history), ..finished }
    }

    /// A walk's step (`each step where`, `paying`): the move so far and the step's cells.
    pub fn step(place: &'static str, binding: &Binding<'a>) -> Scope<'a> {
        Scope { piece: binding.piece(), ..Scope::running(place, &STEP) }
    }

    /// Whether a piece may be pushed (a push's `when`): the step, the pushed piece and its line.
    pub fn push_condition(binding: &Binding<'a>) -> Scope<'a> {
        let step = Scope::step("a push's `when`", binding);
        Scope { words: step.words.union(Words::of(&PUSH)), ..step }
    }

    /// After a piece is pushed (a push's `then`): the step and the pushed piece.
    pub fn push_effects(binding: &Binding<'a>) -> Scope<'a> {
        let step = Scope::step("a push's `then`", binding);
        Scope { words: step.words.union(Words::of(&PUSH[..3])), ..step }
    }

    /// Inside `count`/`sum`: `it` is the piece.
    pub fn with_it(&self, it: Ty) -> Scope<'a> {
        Scope {
            words: self.words.union(Words::of(&[Word::It])),
            it,
            it_placed: false,
            binders: self.binders.saturating_add(1),
            ..self.clone()
        }
    }

    /// Inside `for each`: `it` is a piece on the board.
    pub fn with_placed_it(&self, it: Ty) -> Scope<'a> {
        Scope { it_placed: true, ..self.with_it(it) }
    }

    /// Every word, with unknown types: for checking a definition nobody uses.
    pub fn anywhere() -> Scope<'a> {
        Scope { words: Words::of(&WORDS), ..Scope::running("a definition", &[]) }
    }

    /// The type a word has here, or `None` when it is not available.
    pub fn word_type(&self, word: Word) -> Option<Ty> {
        if !self.words.contains(word) {
            return None;
        }
        Some(match word {
            Word::Mover | Word::Next | Word::Seat => Ty::Seat,
            Word::Piece => self.piece,
            Word::Target => Ty::ANY_PIECE,
            Word::From | Word::To | Word::StepFrom | Word::StepTo | Word::PushedFrom | Word::PushedTo => {
                Ty::Cell
            }
            Word::Pushed => Ty::ANY_PIECE,
            Word::Line => Ty::Unknown,
            Word::It | Word::Cell => self.it,
            Word::Captures | Word::Turns | Word::Repetitions | Word::SinceFirstSeen | Word::Passes => Ty::Int,
            Word::Phase => Ty::Phase,
            Word::Promotion => Ty::PieceType,
            Word::Stuck => Ty::Bool,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_by_place() {
        let piece_move = Binding { kinds: Some(Kinds::of(&[0])), choices: vec![] };
        let when = Scope::before_move("w", &piece_move);
        assert!(when.word_type(Word::From).is_some());
        assert!(when.word_type(Word::To).is_none());
        assert_eq!(when.word_type(Word::Piece), Some(Ty::Piece(Kinds::of(&[0]))));
        let quarter = Ident { name: "quarter".to_string(), span: Default::default() };
        let choice = Binding { kinds: None, choices: vec![&quarter] };
        let then = Scope::finished_move("t", &choice);
        assert_eq!(then.word_type(Word::Piece), Some(Ty::ANY_PIECE));
        assert_eq!(then.choices, vec![&quarter]);
        assert!(Scope::cells_where().word_type(Word::Phase).is_none());
        assert_eq!(
            Scope::end_rule().words.names(),
            [
                "mover",
                "next",
                "captures",
                "turns",
                "phase",
                "stuck",
                "repetitions",
                "since_first_seen",
                "passes"
            ]
        );
        assert_eq!(Scope::finished_move("w", &choice).word_type(Word::Promotion), Some(Ty::PieceType));
    }

    #[test]
    fn merged_bindings_union_kinds() {
        let mut a = Binding { kinds: Some(Kinds::of(&[0])), choices: vec![] };
        let n = Ident { name: "n".to_string(), span: Default::default() };
        a.merge(Binding { kinds: Some(Kinds::of(&[1])), choices: vec![&n] });
        assert_eq!(a.kinds, Some(Kinds::of(&[0, 1])));
        assert_eq!(a.choices, [&n]);
    }
}
