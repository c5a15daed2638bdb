//! The board, the seats and their views of it, teams, and maps (a grid of integers over the cells).

use std::collections::HashSet;

use ludex_diagnostics::{Code, Diagnostic, Limit};
use ludex_ir::{self as ir, Board, BoardKind, Reflection, SeatId};
use ludex_syntax::ast::{self, BoardShape, Ident, Spanned};

use super::Checker;
use super::consteval;
use super::index::Found;
use super::names::{Decls, Symbol, reserved_name};
use super::scope::Scope;
use super::types::Ty;

/// Hexagonal boards have at most this many cells a side.
const MAX_HEX_SIDE: i64 = 12;

impl<'a> Checker<'a> {
    pub(super) fn board(&mut self) -> Option<Board> {
        let Some(decl) = self.decls.board else {
            self.report(
                Diagnostic::error(
                    Code::MissingBoard,
                    "the rules declare no board",
                    self.file_span(),
                    "no `board`",
                )
                .with_help("declare one, e.g. `board square 8 by 8` or `board hex 6`"),
            );
            return None;
        };
        let board = match &decl.shape {
            BoardShape::Square { width, height } => {
                square(width.node, height.node, self.nesting.limits.max_cells)
            }
            BoardShape::Hex { side } => {
                hex(side.node).filter(|b| b.cell_count() <= self.nesting.limits.max_cells)
            }
            BoardShape::Rhombus { width, height } => {
                rhombus(width.node, height.node, self.nesting.limits.max_cells)
            }
        };
        if board.is_none() {
            let limits = match decl.shape {
                BoardShape::Square { .. } => format!(
                    "a square board is at least 1 by 1, with at most {} cells (the limit `{}`)",
                    self.nesting.limits.max_cells,
                    Limit::Cells
                ),
                BoardShape::Hex { .. } => format!("a hexagonal board has 1 to {MAX_HEX_SIDE} cells a side"),
                BoardShape::Rhombus { .. } => format!(
                    "a rhombus of hexagons is at least 1 by 1, with at most {} cells (the limit `{}`)",
                    self.nesting.limits.max_cells,
                    Limit::Cells
                ),
            };
            self.report(
                Diagnostic::error(
                    Code::BadBoardSize,
                    "the board's size is not supported",
                    decl.span,
                    "this size",
                )
                .with_help(limits),
            );
        }
        board
    }

    pub(super) fn seats(&mut self) -> Vec<ir::Seat> {
        if self.decls.seats.is_empty() {
            self.report(
                Diagnostic::error(
                    Code::MissingSeats,
                    "the rules declare no seat",
                    self.file_span(),
                    "no `seat`",
                )
                .with_help("declare the players in turn order: `seat white`, `seat black turned 180`"),
            );
        }
        let decls = self.decls.seats.clone();
        let mut seats = Vec::new();
        for decl in decls {
            let view = self.view(decl);
            let id = if self.takes_part(decl) {
                seats.push(ir::Seat { name: decl.name.name.clone(), team: None, view });
                SeatId::try_from(seats.len().saturating_sub(1)).ok()
            } else {
                None
            };
            self.game.seat_ids.push(id);
        }
        if seats.is_empty() && !self.decls.seats.is_empty() {
            self.report(
                Diagnostic::error(
                    Code::MissingSeats,
                    "no seat takes part with these option values",
                    self.decls.seats.first().map_or(self.file_span(), |s| s.span),
                    "every seat's condition is false",
                )
                .with_help("let at least one seat take part whatever the options"),
            );
        }
        seats
    }

    /// Whether a seat takes part for the options chosen: its condition, if it has one, holds.
    fn takes_part(&mut self, decl: &'a ast::SeatDecl) -> bool {
        self.known_condition(decl.condition.as_ref(), &format!("seat `{}` takes part", decl.name.name))
    }

    /// Whether a condition known before the game (options and constants) holds; `true` when there
    /// is none. `subject` says what it decides, for the diagnostic.
    fn known_condition(&mut self, condition: Option<&'a ast::Expr>, subject: &str) -> bool {
        let Some(condition) = condition else { return true };
        let typed = self.expr(condition, &Scope::seat_condition());
        if !self.check_type(&typed, condition.span, Ty::Bool) || typed.ty == Ty::Unknown {
            return true;
        }
        match consteval::eval(&typed.expr, &self.const_env(None)) {
            Ok(value) => value == ir::Const::Bool(true),
            Err(_) => {
                self.report(
                    Diagnostic::error(
                        Code::NotConstant,
                        format!("whether {subject} must be known before the game"),
                        condition.span,
                        "this depends on the state of the game",
                    )
                    .with_help("use options and constants: `if players >= 3`"),
                );
                true
            }
        }
    }

    /// The index of the board symmetry a seat sees the board through.
    fn view(&mut self, decl: &ast::SeatDecl) -> usize {
        let degrees = decl.turned.as_ref().map_or(0, |t| t.node);
        let Some(board) = &self.game.board else { return 0 };
        let reflection = if decl.mirrored.is_some() { Reflection::Mirrored } else { Reflection::Unmirrored };
        if let Some(view) = board.symmetry_index(degrees, reflection) {
            return view;
        }
        let step = board.rotation_step;
        self.game.views_known = false;
        let span = decl.turned.as_ref().map_or(decl.span, |t| t.span);
        self.report(
            Diagnostic::error(
                Code::BadView,
                format!("seat `{}` cannot be turned {degrees} degrees on this board", decl.name.name),
                span,
                format!("this board turns only by multiples of {step} degrees"),
            )
            .with_help(format!("turn the seat by a multiple of {step}")),
        );
        0
    }

    pub(super) fn teams(&mut self) -> Vec<ir::Team> {
        let mut team_spans = vec![None; self.game.seats.len()];
        let decls = self.decls.teams.clone();
        let mut teams = Vec::new();
        for decl in decls {
            if !self.known_condition(decl.condition.as_ref(), &format!("team `{}` is formed", decl.name.name))
            {
                continue;
            }
            let id = teams.len();
            let mut seats = Vec::new();
            for ident in &decl.seats {
                let Some(seat) = self.seat_named(ident) else { continue };
                if let Some(Some(first)) = team_spans.get(seat as usize) {
                    self.report(
                        Diagnostic::error(
                            Code::SeatInTwoTeams,
                            format!("seat `{}` is in two teams", ident.name),
                            ident.span,
                            "listed again here",
                        )
                        .with_label(*first, "first listed here"),
                    );
                    continue;
                }
                if let Some(span) = team_spans.get_mut(seat as usize) {
                    *span = Some(ident.span);
                }
                if let Some(seat) = self.game.seats.get_mut(seat as usize) {
                    seat.team = Some(id as ir::TeamId);
                }
                seats.push(seat);
            }
            teams.push(ir::Team { name: decl.name.name.clone(), seats });
        }
        teams
    }

    /// The seat of that name, or a diagnostic; `None` also for a seat that does not take part.
    pub(super) fn seat_named(&mut self, ident: &Ident) -> Option<SeatId> {
        match self.names.value(&ident.name) {
            Some(Symbol::Seat(seat)) => {
                self.findings.index.used(ident.span, Found::Symbol(Symbol::Seat(seat)));
                self.seat_id(seat)
            }
            _ => {
                self.unknown(Code::UnknownSeat, "seat", ident, |s| matches!(s, Symbol::Seat(_)));
                None
            }
        }
    }

    /// The IR seat of a declared seat, `None` when it does not take part.
    pub(super) fn seat_id(&self, declared: SeatId) -> Option<SeatId> {
        self.game.seat_ids.get(declared as usize).copied().flatten()
    }

    pub(super) fn maps(&mut self) -> Vec<ir::Map> {
        let rotated = rotated_maps(&self.decls);
        let decls = self.decls.maps.clone();
        decls
            .into_iter()
            .map(|decl| ir::Map {
                name: decl.name.name.clone(),
                values: self.grid(decl),
                mutable: rotated.contains(decl.name.name.as_str()),
            })
            .collect()
    }

    /// A map's values, one a cell (the grid's top row is the board's top rank).
    fn grid(&mut self, decl: &ast::MapDecl) -> Vec<Option<i32>> {
        let Some(board) = &self.game.board else { return Vec::new() };
        let mut values = vec![None; board.cell_count()];
        let BoardKind::Square { width, height } = board.kind else {
            self.report(Diagnostic::error(
                Code::UnsupportedMap,
                format!("map `{}` is on a hexagonal board: not supported yet", decl.name.name),
                decl.grid.span,
                "grids are drawn for square boards only",
            ));
            return values;
        };
        // The cell at each (rank, file), which a board that leaves out cells does not have.
        let (width, height) = (width as usize, height as usize);
        let place = |rank: usize, file: usize| rank.checked_mul(width)?.checked_add(file);
        let mut at = vec![None; width.saturating_mul(height)];
        for (id, cell) in board.cells.iter().enumerate() {
            let (rank, file) =
                ((cell.rank as usize).saturating_sub(1), (cell.file as usize).saturating_sub(1));
            if let Some(slot) = place(rank, file).and_then(|i| at.get_mut(i)) {
                *slot = Some(id);
            }
        }
        let rows = &decl.grid.rows;
        if rows.len() != height {
            self.report(Diagnostic::error(
                Code::GridRowCount,
                format!("map `{}` has {} rows, the board {height}", decl.name.name, rows.len()),
                decl.grid.span,
                format!("expected {height} rows, one a rank, the top rank first"),
            ));
        }
        for (i, row) in rows.iter().enumerate().take(height) {
            self.grid_row(decl, i, row, width);
            let rank_index = height.saturating_sub(1).saturating_sub(i);
            for (file, value) in row.node.iter().enumerate().take(width) {
                let value = self.grid_value(value);
                let cell = place(rank_index, file).and_then(|i| at.get(i).copied().flatten());
                if let Some(slot) = cell.and_then(|c| values.get_mut(c)) {
                    *slot = value;
                }
            }
        }
        values
    }

    fn grid_row(
        &mut self,
        decl: &ast::MapDecl,
        index: usize,
        row: &Spanned<Vec<Spanned<Option<i64>>>>,
        width: usize,
    ) {
        if row.node.len() != width {
            self.report(Diagnostic::error(
                Code::GridRowLength,
                format!(
                    "row {} of map `{}` has {} values, the board {width} files",
                    index.saturating_add(1),
                    decl.name.name,
                    row.node.len()
                ),
                row.span,
                format!("expected {width} values"),
            ));
        }
    }

    fn grid_value(&mut self, value: &Spanned<Option<i64>>) -> Option<i32> {
        let n = value.node?;
        let fitted = i32::try_from(n).ok();
        if fitted.is_none() {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("map value {n} is too large"),
                value.span,
                "a map holds 32-bit integers",
            ));
        }
        fitted
    }

    /// Declared names may not be cell or direction names of the board.
    pub(super) fn reserved_geometry_names(&mut self) {
        let Some(board) = &self.game.board else { return };
        let relative = board.relative_directions();
        let clashes: Vec<(Ident, &str)> = self
            .names
            .declared_values()
            .filter_map(|(name, span)| {
                let why = if board.cell_named(name).is_some() {
                    "a cell of the board"
                } else if board.direction_named(name).is_some()
                    || board.group_named(name).is_some()
                    || relative.iter().any(|(r, _)| *r == name)
                {
                    "a direction of the board"
                } else {
                    return None;
                };
                Some((Ident { name: name.to_string(), span }, why))
            })
            .collect();
        for (ident, why) in clashes {
            self.report(reserved_name(&ident, why));
        }
    }
}

/// A square board, if its size is supported.
fn square(width: i64, height: i64, max_cells: usize) -> Option<Board> {
    let (width, height) = lettered_size(width, height, max_cells)?;
    Board::square(width, height)
}

fn rhombus(width: i64, height: i64, max_cells: usize) -> Option<Board> {
    let (width, height) = lettered_size(width, height, max_cells)?;
    Board::rhombus(width, height)
}

/// The sides of a board of lettered files (`a`, ... `z`, `aa`, ...), when both are at least 1 and
/// the board has at most `max_cells` cells.
fn lettered_size(width: i64, height: i64, max_cells: usize) -> Option<(u32, u32)> {
    let fits = width >= 1
        && height >= 1
        && width.saturating_mul(height) <= i64::try_from(max_cells).unwrap_or(i64::MAX);
    if fits { Some((u32::try_from(width).ok()?, u32::try_from(height).ok()?)) } else { None }
}

fn hex(side: i64) -> Option<Board> {
    if (1..=MAX_HEX_SIDE).contains(&side) { Board::hex(side as u32) } else { None }
}

/// The names of the maps some `rotate` turns: those live in the state.
fn rotated_maps<'a>(decls: &Decls<'a>) -> HashSet<&'a str> {
    let mut names = HashSet::new();
    let setup = decls.setup.iter().flat_map(|s| &s.statements).filter_map(|s| match s {
        ast::SetupStatement::Effect(e) => Some(e),
        _ => None,
    });
    let actions = decls.actions.iter().flat_map(|a| &a.clauses).flat_map(|c| match c {
        ast::ActionClause::Then(block) => std::slice::from_ref(block),
        ast::ActionClause::Push { then, .. } => then.as_slice(),
        _ => &[],
    });
    let actions = actions.flat_map(|b| &b.effects);
    let capture = decls.capture.iter().flat_map(|c| &c.then).flat_map(|b| &b.effects);
    let turns = decls.phases.iter().filter_map(|p| p.turn.as_ref());
    let turn_effects = turns.flat_map(|t| t.start.iter().chain(&t.after)).flat_map(|b| &b.effects);
    for effect in setup.chain(actions).chain(capture).chain(turn_effects) {
        collect_rotations(effect, &mut names);
    }
    names
}

fn collect_rotations<'a>(effect: &'a ast::Effect, names: &mut HashSet<&'a str>) {
    match effect {
        ast::Effect::Rotate { map, .. } => {
            names.insert(&map.name);
        }
        ast::Effect::If { then, otherwise, .. } => {
            for e in then.effects.iter().chain(otherwise.iter().flat_map(|b| &b.effects)) {
                collect_rotations(e, names);
            }
        }
        ast::Effect::ForEach { body, .. } => {
            body.effects.iter().for_each(|e| collect_rotations(e, names));
        }
        ast::Effect::Set { .. }
        | ast::Effect::Send { .. }
        | ast::Effect::Release { .. }
        | ast::Effect::Give { .. }
        | ast::Effect::Retire { .. }
        | ast::Effect::Move { .. }
        | ast::Effect::Capture { .. } => {}
    }
}
