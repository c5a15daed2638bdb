//! The bound on evaluation work: every expression's most evaluation steps (its extent's `cost`,
//! where a count or sum multiplies what it counts by the most elements it may go over), times the
//! most times one generation of the legal moves may evaluate it (once for each start and end cell),
//! must stay within the `evaluation-steps` limit. An expression past it is an error where it is
//! written, so that no game can make move generation run for hours; nothing is cut short at run
//! time, which would give wrong answers.

use ludex_diagnostics::{Code, Diagnostic, Limit};
use ludex_ir::Collection;
use ludex_syntax::ast::{Owner, SetupStatement, Span};

use super::Checker;
use super::types::Extent;

impl Checker<'_> {
    /// The most elements a collection may hold in a game of these rules: the board's cells, every
    /// piece the setup may make (on the board and in the reserves), or the seats.
    pub(super) fn most_elements(&self, collection: &Collection) -> u64 {
        match collection {
            Collection::Pieces { .. } | Collection::Line | Collection::Cells(_) => self.cells(),
            Collection::Reserve { .. }
            | Collection::Prizes { .. }
            | Collection::Losses { .. }
            | Collection::Stack { .. } => self.cells().saturating_add(self.most_reserved()),
            Collection::Seats => self.decls.seats.len() as u64,
        }
    }

    /// The most steps of an `attacked` test: each enemy piece tried with each action.
    pub(super) fn attack_cost(&self) -> u64 {
        self.cells().saturating_mul((self.decls.actions.len() as u64).saturating_add(1))
    }

    /// Reports (once, at `span`) an expression whose evaluations in one generation of the legal
    /// moves may take more steps than the `evaluation-steps` limit; true when it does.
    pub(super) fn too_costly(&mut self, extent: Extent, span: Span) -> bool {
        let evaluations = self.cells().saturating_mul(self.cells()).max(1);
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
        let help = format!(
            "each count or sum over the board multiplies the steps of what it counts, and an \
             expression may be evaluated once for each pair of the board's {} cells; nest fewer \
             counts ({})",
            self.cells(),
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
