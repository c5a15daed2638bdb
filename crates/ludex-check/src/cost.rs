//! The bound on evaluation work: every expression's most evaluation steps (its extent's `cost`,
//! where a count or sum multiplies what it counts by the most elements it may go over: the board's
//! cells, or fewer for a region or a cell's neighbours), times the most times one generation of the
//! legal moves may evaluate it ([`Evaluated`]: once for each start and end cell, or once for each
//! seat for what judges the position), must stay within the `evaluation-steps` limit. An expression past it is an error where it is
//! written, so that no game can make move generation run for hours; nothing is cut short at run
//! time, which would give wrong answers.

use ludex_diagnostics::{Code, Diagnostic, Limit};
use ludex_ir::{CellCollection, Collection};
use ludex_syntax::ast::{Owner, SetupStatement, Span};

use super::Checker;
use super::types::Extent;

/// How many times one generation of the legal moves may evaluate an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluated {
    /// Once for each move: for each start and end cell (an action's filters and effects, a turn's
    /// `legal if`, ...).
    PerMove,
    /// Once for each seat, when the position is judged: the end rules, `rank by` keys, the score.
    PerPosition,
}

impl Checker<'_> {
    /// The most elements a collection may hold in a game of these rules: the board's cells, every
    /// piece the setup may make (on the board and in the reserves), or the seats.
    pub(super) fn most_elements(&self, collection: &Collection) -> u64 {
        match collection {
            Collection::Cells(set) => self.most_cells_in(set),
            Collection::Pieces { .. } | Collection::Line => self.cells(),
            Collection::Reserve { .. }
            | Collection::Prizes { .. }
            | Collection::Losses { .. }
            | Collection::Stack { .. } => self.cells().saturating_add(self.most_reserved()),
            Collection::Seats => self.decls.seats.len() as u64,
        }
    }

    /// The most cells a set of cells may hold: a region's (its largest version), a cell's
    /// neighbours (one a direction), or else the board's.
    fn most_cells_in(&self, set: &CellCollection) -> u64 {
        listed_cells(set).map_or(self.cells(), |most| most.min(self.cells()))
    }

    /// The most steps of computing a set of cells as a set: a region's or a cell's neighbours'
    /// cells and the words of the board's bit set; a flood over the board for the others.
    pub(super) fn set_cost(&self, set: &CellCollection) -> u64 {
        match listed_cells(set) {
            Some(most) => most.min(self.cells()).saturating_add(self.cells().div_ceil(64)),
            None => self.cells().max(1).saturating_mul(8),
        }
    }

    /// The most steps of an `attacked` test: each enemy piece tried with each action.
    pub(super) fn attack_cost(&self) -> u64 {
        self.cells().saturating_mul((self.decls.actions.len() as u64).saturating_add(1))
    }

    /// Reports (once, at `span`) an expression whose evaluations in one generation of the legal
    /// moves may take more steps than the `evaluation-steps` limit; true when it does.
    pub(super) fn too_costly(&mut self, extent: Extent, span: Span, evaluated: Evaluated) -> bool {
        let evaluations = match evaluated {
            Evaluated::PerMove => self.cells().saturating_mul(self.cells()),
            Evaluated::PerPosition => self.decls.seats.len() as u64,
        }
        .max(1);
        let steps = extent.cost.saturating_mul(evaluations);
        let most = self.nesting.limits.max_evaluation_steps;
        if steps <= most {
            return false;
        }
        let message = format!(
            "this may take up to {} evaluation steps in one generation of the legal moves, more \
             than the limit `{}` of {most}",
            if steps == u64::MAX { "more than 18446744073709551615".to_string() } else { steps.to_string() },
            Limit::EvaluationSteps
        );
        let how_often = match evaluated {
            Evaluated::PerMove => format!("once for each pair of the board's {} cells", self.cells()),
            Evaluated::PerPosition => "once for each seat at each position".to_string(),
        };
        let help = format!(
            "each count or sum over the board multiplies the steps of what it counts, and an \
             expression may be evaluated {how_often}; nest fewer counts ({})",
            Limit::EvaluationSteps.how_to_raise()
        );
        self.report(Diagnostic::error(Code::LimitExceeded, message, span, "too much work").with_help(help));
        true
    }

    fn cells(&self) -> u64 {
        self.game.board.as_ref().map_or(0, |b| b.cell_count() as u64)
    }

    /// The most pieces the setup's `reserve` statements may give, all seats together.
    fn most_reserved(&self) -> u64 {
        let seats = self.decls.seats.len() as u64;
        let statements = self.decls.setup.iter().flat_map(|setup| &setup.statements);
        statements
            .filter_map(|statement| match statement {
                SetupStatement::Reserve { entries, owner, .. } => Some((entries, owner)),
                SetupStatement::Place { .. } | SetupStatement::Effect(_) => None,
            })
            .map(|(entries, owner)| {
                let each: u64 = entries
                    .iter()
                    .map(|(_, count)| count.node.clamp(0, i64::MAX) as u64)
                    .fold(0, u64::saturating_add);
                match owner {
                    Owner::EachSeat(_) => each.saturating_mul(seats),
                    Owner::Seat(_) | Owner::Neutral(_) => each,
                }
            })
            .fold(0, u64::saturating_add)
    }
}

/// The most cells of a set whose cells are listed rather than searched: a region (its largest
/// version) or a cell's neighbours (one a direction); `None` for the others.
fn listed_cells(set: &CellCollection) -> Option<u64> {
    let most = match set {
        CellCollection::Region { cells } => cells.iter().map(|set| set.cells.len()).max(),
        CellCollection::Neighbours { directions, .. } => directions.iter().map(Vec::len).max(),
        CellCollection::Bracketed { .. }
        | CellCollection::Ray { .. }
        | CellCollection::Between { .. }
        | CellCollection::Lines(_)
        | CellCollection::Let { .. }
        | CellCollection::Group { .. }
        | CellCollection::Around { .. }
        | CellCollection::Territory { .. } => None,
    };
    most.map(|most| most as u64)
}
