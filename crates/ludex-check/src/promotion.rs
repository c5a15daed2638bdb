//! Promotion: `promote on REGION to TYPES` or `promote if EXPR to TYPES` in a piece action. The
//! region is built for each seat like a drop's (a per-seat zone is the mover's version); the
//! condition is read on the move (`from`, `to`, `target`), with the whole board as its region; the
//! types are the ones a move ending there may turn the piece into, each offered as a move of its
//! own.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir as ir;
use ludex_syntax::ast::{ActionClause, PromotionPlace};

use super::Checker;
use super::actions::clause_span;
use super::regions::{Seating, Side};
use super::scope::{Binding, Scope, Word};

impl<'a> Checker<'a> {
    /// The promotion of a piece action, after reporting a second `promote` or one in an action
    /// that moves no piece on the board.
    pub(super) fn promotion(
        &mut self,
        pattern: Option<&ActionClause>,
        written: &[&'a ActionClause],
        binding: &Binding<'a>,
    ) -> Option<ir::Promotion> {
        self.written_once("promote", &written.iter().map(|c| clause_span(c)).collect::<Vec<_>>());
        let &first = written.first()?;
        let ActionClause::Promote { place, pieces, span } = first else { return None };
        let types = self.piece_types_named(pieces);
        let (cells, condition) = match place {
            PromotionPlace::On(region) => {
                let shape = self.region(region, Seating::EachSeat);
                (self.per_seat_cells(&shape, Side::of), None)
            }
            PromotionPlace::If(condition) => {
                let cells = self.game.board.as_ref().map_or(0, |b| b.cell_count());
                let board = ir::CellSet::from_cells((0..cells as ir::CellId).collect(), cells);
                let scope = Scope::finished_move("a promotion's `if`", binding);
                let condition = self
                    .condition(condition, &Scope { words: scope.words.without(Word::Promotion), ..scope });
                (vec![board; self.game.seats.len()], Some(condition))
            }
        };
        if matches!(
            pattern,
            Some(ActionClause::Drop { .. } | ActionClause::Choose { .. } | ActionClause::Declare { .. })
        ) {
            self.report(
                Diagnostic::error(
                    Code::ConflictingClauses,
                    "`promote` is for piece moves",
                    *span,
                    "a drop, a choice or a declaration moves no piece on the board",
                )
                .with_help("promote in the action that moves the piece"),
            );
            return None;
        }
        Some(ir::Promotion { cells, types, condition })
    }
}
