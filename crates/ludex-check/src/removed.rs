//! Cells left out of the board (`board hex 10 without REGION`): the region is resolved on the
//! whole board, then the board is rebuilt without those cells. Only what is known from the
//! geometry may choose them (rows, files, cells, `cells where` over `cell` and `distance`): zones
//! and maps are drawn over the board that results.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::Board;
use ludex_syntax::ast::Span;

use super::Checker;
use super::regions::{Seating, Side};

impl<'a> Checker<'a> {
    /// The board with the cells of its `without` region left out.
    pub(super) fn leave_out_cells(&mut self, board: Board) -> Option<Board> {
        let Some(region) = self.decls.board.and_then(|b| b.without.as_ref()) else { return Some(board) };
        self.game.board = Some(board);
        self.resolving.shaping_board = true;
        let errors = self.error_count();
        let shape = self.region(region, Seating::AllSeats);
        self.resolving.shaping_board = false;
        let board = self.game.board.take()?;
        if self.error_count() > errors {
            return Some(board);
        }
        let removed = self.cell_set(&shape, Side::NEUTRAL);
        let mut mask = vec![false; board.cell_count()];
        for &cell in &removed.cells {
            if let Some(slot) = mask.get_mut(cell as usize) {
                *slot = true;
            }
        }
        if removed.cells.len() == board.cell_count() {
            self.report(Diagnostic::error(
                Code::EmptyRegion,
                "the board leaves out every cell",
                region.span(),
                "this is the whole board",
            ));
            // The whole board stays, so that what follows is checked against it.
            return Some(board);
        }
        self.game.left_out = removed
            .cells
            .iter()
            .filter_map(|&c| board.cells.get(c as usize))
            .map(|c| c.name.clone())
            .collect();
        board.without(&mask)
    }

    /// Something in the `without` region that is not known from the geometry alone.
    pub(super) fn not_geometry(&mut self, span: Span, label: &str) {
        self.report(
            Diagnostic::error(
                Code::NotConstant,
                "the cells a board leaves out must be known from its geometry",
                span,
                label.to_string(),
            )
            .with_help("choose them by rows, files, cells, or `cells where` over `cell` and `distance`"),
        );
    }
}
