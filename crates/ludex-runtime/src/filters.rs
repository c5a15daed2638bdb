//! Filters split by what they read, found once when the engine is built: the conjuncts of an
//! action's or a turn choice's `where` that read neither `to`, `target`, `promotion` nor the
//! choice are tested once per moving piece (or dropped type, or choose action) before its moves
//! are generated; only the others are tested once per move. Evaluation has no side effects, so the
//! order of the tests does not change which moves are legal. Filters and each action's `when` are
//! kept compiled (see `compiled`), and those that compare a map at `from` or `to` with what the
//! whole generation shares are kept as cell tests (see `cell_tests`).
//!
//! Within each list the conjuncts that search (`attacked`, `stuck`, a count with a condition, a
//! line or a chain of pieces, repetitions) are tested after those that only read, and an action's
//! `when` gives its searches to the early list, after the `where`'s reads: a castling's test that
//! a square between king and rook is empty then spares the attack tests on the king's square.

use ludex_ir::{BinaryOp, ContextWord, Expr};

use super::cell_tests::{CellTest, Key};
use super::compiled::{Cond, Layout};
use super::history::mentions;

/// The context words bound per move rather than per moving piece.
const MOVE_WORDS: [ContextWord; 4] =
    [ContextWord::To, ContextWord::Target, ContextWord::Promotion, ContextWord::Choice];

/// A filter as two lists of conjuncts: it holds when all of them hold.
#[derive(Debug, Default)]
pub(super) struct SplitFilter {
    /// Conjuncts that read no per-move word.
    pub early: Vec<Cond>,
    /// Conjuncts that do.
    pub late: Vec<Cond>,
    /// Conjuncts tested as sets of cells, either way.
    pub cells: Vec<CellTest>,
}

/// The filter of no rule: nothing to test.
pub(super) static NO_FILTER: SplitFilter =
    SplitFilter { early: Vec::new(), late: Vec::new(), cells: Vec::new() };

impl SplitFilter {
    /// The filter split, with `searches_before` (the searches of the action's `when`) tested
    /// among its early conjuncts.
    fn new(filter: Option<&Expr>, searches_before: &[&Expr], layout: &Layout) -> SplitFilter {
        let mut conjuncts = searches_before.to_vec();
        if let Some(filter) = filter {
            conjuncts.extend(conjuncts_of(filter));
        }
        // Stable: the reads, then the searches, each in the order written.
        conjuncts.sort_by_key(|conjunct| Cost::of(conjunct));
        let mut split = SplitFilter::default();
        for conjunct in conjuncts {
            split.add(conjunct, layout);
        }
        split
    }

    fn add(&mut self, expr: &Expr, layout: &Layout) {
        match expr {
            _ if let Some(test) = CellTest::new(expr, layout) => self.cells.push(test),
            _ if MOVE_WORDS.iter().any(|&word| mentions(expr, word)) => {
                self.late.push(Cond::new(expr, layout))
            }
            _ => self.early.push(Cond::new(expr, layout)),
        }
    }
}

/// The conjuncts of a condition, in the order written.
fn conjuncts_of(expr: &Expr) -> Vec<&Expr> {
    match expr {
        Expr::Binary(BinaryOp::And, left, right) => {
            let mut conjuncts = conjuncts_of(left);
            conjuncts.extend(conjuncts_of(right));
            conjuncts
        }
        _ => vec![expr],
    }
}

/// What testing a conjunct may cost, cheapest first. Evaluation has no side effects, so the
/// order of a conjunction's tests does not change whether it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cost {
    /// A few reads of the state and the context.
    Reads,
    /// A search over pieces, lines, moves or the history.
    Searches,
}

impl Cost {
    fn of(expr: &Expr) -> Cost {
        if expr.any(&mut searches) { Cost::Searches } else { Cost::Reads }
    }
}

/// Whether the expression itself (not counting what is inside it) searches.
fn searches(expr: &Expr) -> bool {
    match expr {
        Expr::Attacked { .. }
        | Expr::Connected { .. }
        | Expr::InARow(_)
        | Expr::RecentRepetitions(_)
        | Expr::BoardRepetitions(_)
        | Expr::Count(_, Some(_))
        | Expr::Sum(..)
        | Expr::First(..) => true,
        Expr::Context(word) => {
            matches!(word, ContextWord::Stuck | ContextWord::Repetitions | ContextWord::SinceFirstSeen)
        }
        Expr::Const(_)
        | Expr::Variable(_)
        | Expr::SeatVariable(..)
        | Expr::Map(..)
        | Expr::InZone { .. }
        | Expr::PieceAt(_)
        | Expr::Field(..)
        | Expr::Not(_)
        | Expr::Neg(_)
        | Expr::Binary(..)
        | Expr::If(..)
        | Expr::Count(_, None)
        | Expr::Roll(_)
        | Expr::Partner(_)
        | Expr::Allied(..)
        | Expr::Distance(..)
        | Expr::Shift { .. }
        | Expr::Let { .. }
        | Expr::Local(_)
        | Expr::SeenBy(..)
        | Expr::TrackPosition { .. }
        | Expr::InCells { .. }
        | Expr::MoveOf(_) => false,
    }
}

/// The split filters of every action and every turn choice.
#[derive(Debug, Default)]
pub(super) struct FilterTables {
    actions: Vec<SplitFilter>,
    /// Each action's `when`.
    whens: Vec<Option<Cond>>,
    /// By phase, then by choice.
    choices: Vec<Vec<SplitFilter>>,
    /// The capture rule's `when`.
    capture: Option<Cond>,
}

impl FilterTables {
    pub(super) fn new(layout: &Layout) -> FilterTables {
        let game = layout.game;
        let (mut actions, mut whens) = (Vec::new(), Vec::new());
        for action in &game.actions {
            let conjuncts = action.when.as_ref().map_or_else(Vec::new, conjuncts_of);
            let (reads, searches): (Vec<&Expr>, Vec<&Expr>) =
                conjuncts.into_iter().partition(|conjunct| Cost::of(conjunct) == Cost::Reads);
            let mut filter = SplitFilter::new(action.filter.as_ref(), &searches, layout);
            // A read that is a cell test of `from` is tested as one, with the filter's (a `when`
            // is read before the move has a `to`).
            let mut reads_left = Vec::new();
            for read in reads {
                match CellTest::new(read, layout).filter(|test| test.key == Key::From) {
                    Some(test) => filter.cells.push(test),
                    None => reads_left.push(read),
                }
            }
            actions.push(filter);
            whens.push(conjunction(&reads_left).map(|when| Cond::new(&when, layout)));
        }
        let choices = game
            .phases
            .iter()
            .map(|phase| {
                phase.turn.choices.iter().map(|c| SplitFilter::new(c.filter.as_ref(), &[], layout)).collect()
            })
            .collect();
        let capture = game.capture.allowed.as_ref().map(|allowed| Cond::new(allowed, layout));
        FilterTables { actions, whens, choices, capture }
    }

    /// The capture rule's `when`, if it has one.
    pub(super) fn capture(&self) -> Option<&Cond> {
        self.capture.as_ref()
    }

    pub(super) fn action(&self, action: ludex_ir::ActionId) -> &SplitFilter {
        self.actions.get(action as usize).unwrap_or(&NO_FILTER)
    }

    /// The conjuncts of the action's `when` that only read (its searches are among the early
    /// conjuncts of its filter).
    pub(super) fn when(&self, action: ludex_ir::ActionId) -> Option<&Cond> {
        self.whens.get(action as usize).and_then(Option::as_ref)
    }

    pub(super) fn choice(&self, phase: ludex_ir::PhaseId, choice: usize) -> &SplitFilter {
        self.choices.get(phase as usize).and_then(|c| c.get(choice)).unwrap_or(&NO_FILTER)
    }
}

/// The conjunction of the expressions, in order (none when there are none).
fn conjunction(conjuncts: &[&Expr]) -> Option<Expr> {
    let (first, rest) = conjuncts.split_first()?;
    let and =
        |left: Expr, right: &&Expr| Expr::Binary(BinaryOp::And, Box::new(left), Box::new((*right).clone()));
    Some(rest.iter().fold((*first).clone(), and))
}

#[cfg(test)]
mod tests {
    use ludex_check::OptionValues;

    use super::super::Engine;
    use super::super::compiled::CellOf;
    use super::Cond;

    fn engine_of(text: &str) -> Engine {
        let compiled = ludex_check::compile(text, &OptionValues::default());
        Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
    }

    /// A castling-shaped action: its `when` reads an attribute and asks `attacked`, its `where`
    /// asks whether a cell is empty (a read), whether a cell further on is attacked and whether a
    /// cell next to `to` is empty (late).
    #[test]
    fn searches_are_tested_after_reads_and_the_when_gives_its_searches_to_the_early_list() {
        let text = "game \"order\"\nseat white\nseat black turned 180\nboard square 5 by 5\n\
                    piece king {\n  letter K\n  attribute moved from 0 to 1\n}\n\
                    setup {\n  place king for each seat on cells c1\n}\n\
                    action castle for king {\n  leap e+e\n  to empty\n\
                    \x20 when not attacked(from, mover) and piece.moved == 0\n\
                    \x20 where not attacked(shift(from, e), mover) and piece_at(shift(from, e)) == none\n\
                    \x20   and piece_at(shift(to, e)) == none\n}\n\
                    phase play {\n  turn {\n    play castle\n  }\n}\n";
        let engine = engine_of(text);
        let filters = &engine.tables.speed.filters;
        assert!(matches!(filters.when(0), Some(Cond::Attribute { .. })), "{:?}", filters.when(0));
        let filter = filters.action(0);
        let attacked =
            |cond: &Cond| matches!(cond, Cond::Not(inner) if matches!(**inner, Cond::Attacked { .. }));
        assert!(matches!(filter.early[0], Cond::Empty { negated: false, .. }), "{:?}", filter.early);
        // The `when`'s search first, then the `where`'s, as written.
        assert_eq!(filter.early.len(), 3, "{:?}", filter.early);
        assert!(filter.early[1..].iter().all(attacked), "{:?}", filter.early);
        assert!(
            matches!(&filter.early[1], Cond::Not(inner) if matches!(&**inner, Cond::Attacked { cell: CellOf::From, .. }))
        );
        assert!(matches!(filter.late[..], [Cond::Empty { .. }]), "{:?}", filter.late);
    }

    /// A `when`'s read that is a cell test of `from` is tested as one with the filter's; its other
    /// reads stay the `when`.
    #[test]
    fn a_when_that_tests_the_cell_of_from_is_a_cell_test() {
        let text = "game \"zones\"\nseat white\nseat black turned 180\nboard square 4 by 4\n\
                    piece man {\n  letter M\n  attribute moved from 0 to 1\n}\n\
                    zone start of each seat = row 1\n\
                    setup {\n  place man for each seat on row 1\n}\n\
                    action run for man {\n  step forward\n  when from in start and piece.moved == 0\n}\n\
                    phase play {\n  turn {\n    play run\n  }\n}\n";
        let engine = engine_of(text);
        let filters = &engine.tables.speed.filters;
        assert!(matches!(filters.when(0), Some(Cond::Attribute { .. })), "{:?}", filters.when(0));
        let cells = &filters.action(0).cells;
        assert!(matches!(cells[..], [ref test] if test.key == super::Key::From), "{cells:?}");
    }
}
