//! Tracks and stacks: `track NAME [of each seat] = CELL to CELL, CELL, ...` (the cells pieces move
//! along, per seat), a cell's position on one (`NAME(CELL)`, `NAME(CELL, SEAT)`), the patterns
//! `along` and `enter` that move by amounts along the mover's track, and the checks that pieces
//! share a cell only on a board with `stacks`.

use std::sync::LazyLock;

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, CellId, SeatId};
use ludex_syntax::ast::{self, Expr, Ident, Span};

use super::Checker;
use super::calls::Call;
use super::regions::Seating;
use super::scope::{Scope, Word};
use super::types::{Ty, Typed};

/// The name an `along` or `enter` move binds to the amount it moves.
pub(super) static PIPS: LazyLock<Ident> =
    LazyLock::new(|| Ident { name: "pips".to_string(), span: Span::default() });

impl<'a> Checker<'a> {
    /// Whether the board lets pieces share a cell.
    pub(super) fn stacking(&self) -> ir::Stacking {
        match self.decls.board.and_then(|b| b.stacks) {
            Some(_) => ir::Stacking::Stacks,
            None => ir::Stacking::Single,
        }
    }

    /// Reports, at `span`, something that puts pieces on one cell when the board has no stacks.
    pub(super) fn require_stacks(&mut self, span: Span, what: &str) {
        if self.stacking() == ir::Stacking::Stacks {
            return;
        }
        self.report(
            Diagnostic::error(
                Code::NeedsStacks,
                format!("{what} needs a board with stacks"),
                span,
                "pieces would share a cell",
            )
            .with_help("declare the board with `stacks`: `board square 12 by 2 stacks`"),
        );
    }

    /// The tracks, by id, each with a version per seat.
    pub(super) fn tracks(&mut self) -> Vec<ir::Track> {
        let decls = self.decls.tracks.clone();
        decls.into_iter().map(|decl| self.track(decl)).collect()
    }

    fn track(&mut self, decl: &'a ast::TrackDecl) -> ir::Track {
        let mut cells: Vec<CellId> = Vec::new();
        for part in &decl.parts {
            let Some(stretch) = self.track_part(part) else { continue };
            if let Some(&twice) = stretch.iter().find(|c| cells.contains(c)) {
                let name = self.cell_name(twice);
                self.report(
                    Diagnostic::error(
                        Code::BadTrack,
                        format!("track `{}` passes {name} twice", decl.name.name),
                        part.span,
                        format!("{name} again"),
                    )
                    .with_help("a cell has one position on a track: list it once"),
                );
            }
            cells.extend(stretch);
        }
        let seats = self.game.seats.len();
        let per_seat = match Seating::of(&decl.per_seat) {
            Seating::EachSeat => (0..seats).map(|seat| self.cells_seen_by(&cells, seat as SeatId)).collect(),
            Seating::AllSeats => vec![cells; seats],
        };
        ir::Track { name: decl.name.name.clone(), cells: per_seat }
    }

    /// The cells of `A` or of `A to B` (the straight line from A to B), in order.
    fn track_part(&mut self, part: &ast::TrackPart) -> Option<Vec<CellId>> {
        let first = self.track_cell(&part.first)?;
        let Some(last) = &part.last else { return Some(vec![first]) };
        let last = self.track_cell(last)?;
        let line = self.line_between(first, last);
        if line.is_none() {
            self.report(
                Diagnostic::error(
                    Code::BadTrack,
                    format!(
                        "{} and {} are not on one line of the board",
                        part.first.name,
                        self.cell_name(last)
                    ),
                    part.span,
                    "no straight line joins them",
                )
                .with_help("write the track as stretches along files, ranks or diagonals"),
            );
        }
        line
    }

    fn track_cell(&mut self, ident: &Ident) -> Option<CellId> {
        let cell = self.game.board.as_ref()?.cell_named(&ident.name);
        if cell.is_none() {
            self.no_such_cell(ident);
        }
        cell
    }

    /// The cells from `first` to `last` along one direction of the board, both included.
    fn line_between(&self, first: CellId, last: CellId) -> Option<Vec<CellId>> {
        let board = self.game.board.as_ref()?;
        if first == last {
            return Some(vec![first]);
        }
        (0..board.directions.len()).find_map(|direction| {
            let mut line = vec![first];
            let mut cell = first;
            while let Some(next) = board.neighbour(cell, direction as ir::DirId) {
                line.push(next);
                if next == last {
                    return Some(line);
                }
                cell = next;
            }
            None
        })
    }

    /// Cells written for a seat at the bottom, as `seat` sees them: through its view.
    fn cells_seen_by(&self, cells: &[CellId], seat: SeatId) -> Vec<CellId> {
        let view = self.game.seats.get(seat as usize).map_or(0, |s| s.view);
        let symmetry = self.game.board.as_ref().and_then(|b| b.symmetries.get(view));
        cells.iter().map(|&c| symmetry.and_then(|s| s.cells.get(c as usize).copied()).unwrap_or(c)).collect()
    }

    fn cell_name(&self, cell: CellId) -> String {
        let board = self.game.board.as_ref();
        board.and_then(|b| b.cells.get(cell as usize)).map_or_else(String::new, |c| c.name.clone())
    }

    /// `TRACK(CELL)`: the cell's position on the mover's version; `TRACK(CELL, SEAT)` on the seat's.
    pub(super) fn track_position(&mut self, track: ir::TrackId, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        if !self.arity(call, 1..=2, scope) {
            return Typed::unknown();
        }
        let [cell, seat @ ..] = call.args else { return Typed::unknown() };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let seat = match seat.first() {
            Some(seat) => self.expect_typed(seat, scope, Ty::Seat),
            None if scope.word_type(Word::Mover).is_some() => {
                Typed::leaf(ir::Expr::Context(ir::ContextWord::Mover), Ty::Seat)
            }
            None => {
                self.report(
                    Diagnostic::error(
                        Code::ContextUnavailable,
                        format!(
                            "a track is read from the mover's side, and there is no mover in {}",
                            scope.place
                        ),
                        call.span,
                        "read for the mover",
                    )
                    .with_help(format!("name the seat: `{}(CELL, SEAT)`", call.function.name)),
                );
                return Typed::unknown();
            }
        };
        let extents = [cell.extent, seat.extent];
        let expr = ir::Expr::TrackPosition { track, cell: Box::new(cell.expr), seat: Box::new(seat.expr) };
        Typed::node(expr, Ty::Int, &extents)
    }

    /// `along TRACK by AMOUNTS` or `enter TRACK by AMOUNTS`, leaving the board by `exit` (along).
    pub(super) fn along(
        &mut self,
        (track, amounts): (&Ident, &'a [Expr]),
        source: ast::TrackSource,
        exit: Option<ir::CaptureDestination>,
        scope: &Scope<'a>,
    ) -> ir::ActionKind {
        let track = self.track_named(track);
        let amounts = amounts.iter().map(|e| self.expect(e, scope, Ty::Int)).collect();
        let source = match source {
            ast::TrackSource::Board => ir::TrackSource::Board,
            ast::TrackSource::Reserve => ir::TrackSource::Reserve,
        };
        ir::ActionKind::Along { track, amounts, source, exit }
    }

    /// The track a pattern names (`along TRACK`, `sow ... along TRACK`); an unknown name is
    /// reported.
    pub(super) fn track_named(&mut self, track: &Ident) -> ir::TrackId {
        match self.names.value(&track.name) {
            Some(symbol @ super::names::Symbol::Track(id)) => {
                self.use_at(symbol, track.span);
                id
            }
            _ => {
                self.report(super::names::not_among(
                    Code::UnknownName,
                    format!("unknown track `{}`", track.name),
                    track,
                    "not a track",
                    self.names.values_where(|s| matches!(s, super::names::Symbol::Track(_))),
                ));
                0
            }
        }
    }
}
