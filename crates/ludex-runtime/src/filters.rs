//! Filters split by what they read, found once when the engine is built: the conjuncts of an
//! action's or a turn choice's `where` that read neither `to`, `target`, `promotion` nor the
//! choice are tested once per moving piece (or dropped type, or choose action) before its moves
//! are generated; only the others are tested once per move. Evaluation has no side effects, so the
//! order of the tests does not change which moves are legal. Filters and each action's `when` are
//! kept compiled (see `compiled`), and those that compare a map at `from` or `to` with what the
//! whole generation shares are kept as cell tests (see `cell_tests`).

use ludex_ir::{BinaryOp, ContextWord, Expr};

use super::cell_tests::CellTest;
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
    fn new(filter: Option<&Expr>, layout: &Layout) -> SplitFilter {
        let mut split = SplitFilter::default();
        if let Some(filter) = filter {
            split.add(filter, layout);
        }
        split
    }

    fn add(&mut self, expr: &Expr, layout: &Layout) {
        match expr {
            Expr::Binary(BinaryOp::And, left, right) => {
                self.add(left, layout);
                self.add(right, layout);
            }
            _ if let Some(test) = CellTest::new(expr, layout) => self.cells.push(test),
            _ if MOVE_WORDS.iter().any(|&word| mentions(expr, word)) => {
                self.late.push(Cond::new(expr, layout))
            }
            _ => self.early.push(Cond::new(expr, layout)),
        }
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
}

impl FilterTables {
    pub(super) fn new(layout: &Layout) -> FilterTables {
        let game = layout.game;
        let actions = game.actions.iter().map(|a| SplitFilter::new(a.filter.as_ref(), layout)).collect();
        let choices = game
            .phases
            .iter()
            .map(|phase| {
                phase.turn.choices.iter().map(|c| SplitFilter::new(c.filter.as_ref(), layout)).collect()
            })
            .collect();
        let whens =
            game.actions.iter().map(|a| a.when.as_ref().map(|when| Cond::new(when, layout))).collect();
        FilterTables { actions, whens, choices }
    }

    pub(super) fn action(&self, action: ludex_ir::ActionId) -> &SplitFilter {
        self.actions.get(action as usize).unwrap_or(&NO_FILTER)
    }

    pub(super) fn when(&self, action: ludex_ir::ActionId) -> Option<&Cond> {
        self.whens.get(action as usize).and_then(Option::as_ref)
    }

    pub(super) fn choice(&self, phase: ludex_ir::PhaseId, choice: usize) -> &SplitFilter {
        self.choices.get(phase as usize).and_then(|c| c.get(choice)).unwrap_or(&NO_FILTER)
    }
}
