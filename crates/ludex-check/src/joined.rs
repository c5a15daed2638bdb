//! Cells joined across the cells a board leaves out (`board ... without REGION joining a1-d1-g1`):
//! each cell of a path becomes the neighbour of the next along the line from one to the other,
//! so that steps, slides, rays and lines go from one to the other (the points and lines of Nine
//! Men's Morris on a 7x7 grid).

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{Board, CellId, JoinError};
use ludex_syntax::ast::Ident;

use super::Checker;

impl<'a> Checker<'a> {
    /// The board with the cells of its `joining` paths joined.
    pub(super) fn join_cells(&mut self, mut board: Board) -> Board {
        let Some(decl) = self.decls.board else { return board };
        for path in &decl.joining {
            let cells: Vec<Option<CellId>> = path.iter().map(|cell| self.joined_cell(&board, cell)).collect();
            for (pair, names) in cells.windows(2).zip(path.windows(2)) {
                let ([Some(a), Some(b)], [first, second]) = (pair, names) else { continue };
                if let Err(error) = board.join(*a, *b) {
                    self.report(join_error(&board, error, first, second));
                }
            }
        }
        board
    }

    /// A cell of a path, reported when the board has no such cell.
    fn joined_cell(&mut self, board: &Board, cell: &Ident) -> Option<CellId> {
        let found = board.cell_named(&cell.name);
        if found.is_none() {
            self.report(
                Diagnostic::error(
                    Code::UnknownCell,
                    format!("`{}` is not a cell of the board", cell.name),
                    cell.span,
                    "no such cell",
                )
                .with_help("a path joins cells the board keeps: `joining a1-d1-g1`"),
            );
        }
        found
    }
}

/// Why two cells of a path cannot be joined, as a diagnostic.
fn join_error(board: &Board, error: JoinError, first: &Ident, second: &Ident) -> Diagnostic {
    let span = first.span.to(second.span);
    let message = format!("`{}` and `{}` cannot be joined", first.name, second.name);
    match error {
        JoinError::NotOnALine => Diagnostic::error(Code::BadJoin, message, span, "not on one line")
            .with_help("joined cells lie on one line of a direction of the board"),
        JoinError::CellBetween(cell) => {
            let name = board.cells.get(cell as usize).map_or("a cell", |c| c.name.as_str());
            Diagnostic::error(Code::BadJoin, message, span, format!("`{name}` is between them"))
                .with_help("only cells left out with `without` may lie between joined cells")
        }
    }
}
