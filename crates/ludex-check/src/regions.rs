//! Regions and zones: sets of cells built at lowering. A region is resolved once (names, ranges,
//! `cells where` evaluated over every cell) into a [`Shape`], then built for each seat: when the
//! region is read from the seat's side, what is written (rows, files, cells, `cells where`) is
//! drawn in canonical coordinates and carried through the seat's view; a per-seat zone stands for
//! that seat's version.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::cell_names::file_number;
use ludex_ir::{self as ir, CellId, CellSet, PerSeat, SeatId, ZoneId};
use ludex_syntax::ast::{Expr, Ident, Region, Span, Spanned};

use super::consteval::{self, Dynamic, Env};
use super::index::Found;
use super::names::Symbol;
use super::scope::Scope;
use super::types::Ty;
use super::{Checker, Lazy};

/// Whether a region (or a value) is made for each seat, so that per-seat zones (or `seat`) may
/// appear in it, or once for every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seating {
    EachSeat,
    AllSeats,
}

impl Seating {
    /// The seating of a declaration written `of each seat` (`per_seat`) or not.
    pub(crate) fn of<T>(per_seat: &Option<T>) -> Seating {
        if per_seat.is_some() { Seating::EachSeat } else { Seating::AllSeats }
    }
}

/// A resolved region: a mask over the cells per leaf.
pub enum Shape {
    /// Cells as written (in canonical coordinates).
    Written(Vec<bool>),
    Zone(ZoneId),
    Union(Box<Shape>, Box<Shape>),
    Difference(Box<Shape>, Box<Shape>),
}

/// Whose version of a region to build.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    /// The seat whose per-seat zones are meant; `None` where the region is the same for all.
    pub seat: Option<SeatId>,
    /// Rows, files and cells are read from that seat's side of the board.
    pub relative: bool,
}

impl Side {
    pub const NEUTRAL: Side = Side { seat: None, relative: false };

    pub fn of(seat: SeatId) -> Side {
        Side { seat: Some(seat), relative: false }
    }

    pub fn facing(seat: SeatId) -> Side {
        Side { seat: Some(seat), relative: true }
    }
}

impl<'a> Checker<'a> {
    /// Resolves a region, built for each seat (so that per-seat zones may appear in it) or once
    /// for every seat.
    pub(super) fn region(&mut self, region: &'a Region, seating: Seating) -> Shape {
        if !self.enter(region.span()) {
            return self.no_cells();
        }
        let shape = match region {
            Region::Rows { from, to, span } => self.rows(from, to, *span),
            Region::Files { from, to, span } => self.files(from, to, *span),
            Region::Cells { cells, .. } => self.cell_list(cells),
            Region::Where { condition, .. } => self.cells_where(condition),
            Region::Board { .. } => Shape::Written(vec![true; self.cell_count()]),
            Region::Zone(ident) => self.zone_ref(ident, seating),
            Region::Union(a, b) => {
                Shape::Union(Box::new(self.region(a, seating)), Box::new(self.region(b, seating)))
            }
            Region::Difference(a, b) => {
                Shape::Difference(Box::new(self.region(a, seating)), Box::new(self.region(b, seating)))
            }
        };
        self.nesting.depth = self.nesting.depth.saturating_sub(1);
        shape
    }

    pub(super) fn cell_count(&self) -> usize {
        self.game.board.as_ref().map_or(0, |b| b.cell_count())
    }

    fn no_cells(&self) -> Shape {
        Shape::Written(vec![false; self.cell_count()])
    }

    /// A mask of the cells whose (file, rank) satisfies `keep`.
    fn cells_where_position(&self, keep: impl Fn(u32, u32) -> bool) -> Vec<bool> {
        self.game
            .board
            .as_ref()
            .map_or(Vec::new(), |b| b.cells.iter().map(|c| keep(c.file, c.rank)).collect())
    }

    fn rows(&mut self, from: &Spanned<i64>, to: &Spanned<i64>, span: Span) -> Shape {
        let Some(board) = &self.game.board else { return self.no_cells() };
        let ranks = board.cells.iter().map(|c| c.rank).max().unwrap_or(0);
        let in_board = |r: &Spanned<i64>| (1..=i64::from(ranks)).contains(&r.node);
        if let Some(off) = [from, to].into_iter().find(|r| !in_board(r)) {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("row {} is off the board", off.node),
                off.span,
                format!("the board has rows 1 to {ranks}"),
            ));
            return self.no_cells();
        }
        if from.node > to.node {
            return self.empty_range(span, "rows", &from.node.to_string(), &to.node.to_string());
        }
        let (lo, hi) = (from.node as u32, to.node as u32);
        Shape::Written(self.cells_where_position(|_, rank| (lo..=hi).contains(&rank)))
    }

    fn files(&mut self, from: &Ident, to: &Ident, span: Span) -> Shape {
        let (Some(lo), Some(hi)) = (self.file_number(from), self.file_number(to)) else {
            return self.no_cells();
        };
        if lo > hi {
            return self.empty_range(span, "files", &from.name, &to.name);
        }
        Shape::Written(self.cells_where_position(|file, _| (lo..=hi).contains(&file)))
    }

    fn empty_range(&mut self, span: Span, what: &str, from: &str, to: &str) -> Shape {
        self.report(
            Diagnostic::error(
                Code::EmptyRange,
                format!("{what} {from} to {to} is empty"),
                span,
                "the first bound is past the second",
            )
            .with_help(format!("write `{what} {to} to {from}`")),
        );
        self.no_cells()
    }

    /// The 1-based number of the file with those letters.
    fn file_number(&mut self, ident: &Ident) -> Option<u32> {
        let board = self.game.board.as_ref()?;
        let letters = |name: &str| name.trim_end_matches(|c: char| c.is_ascii_digit()).to_string();
        if let Some(cell) = board.cells.iter().find(|c| letters(&c.name) == ident.name) {
            return Some(cell.file);
        }
        let first = board.cells.first().map(|c| letters(&c.name)).unwrap_or_default();
        let last = board.cells.last().map(|c| letters(&c.name)).unwrap_or_default();
        let file_letters =
            file_number(&ident.name).is_some_and(|n| n as usize <= self.nesting.limits.max_cells);
        let (code, message) = if file_letters {
            (Code::OutOfRange, format!("file {} is off the board", ident.name))
        } else {
            (Code::UnknownCell, format!("`{}` is not a file", ident.name))
        };
        self.report(Diagnostic::error(
            code,
            message,
            ident.span,
            format!("files run from {first} to {last}"),
        ));
        None
    }

    fn cell_list(&mut self, cells: &[Ident]) -> Shape {
        let mut mask = vec![false; self.cell_count()];
        for ident in cells {
            if let Some(slot) = self.cell_named(ident).and_then(|cell| mask.get_mut(cell as usize)) {
                *slot = true;
            }
        }
        Shape::Written(mask)
    }

    /// The cell of that name, or a diagnostic.
    fn cell_named(&mut self, ident: &Ident) -> Option<CellId> {
        let board = self.game.board.as_ref()?;
        if let Some(cell) = board.cell_named(&ident.name) {
            self.findings.index.used(ident.span, Found::Cell);
            return Some(cell);
        }
        self.no_such_cell(ident);
        None
    }

    /// The board has no cell of that name (or has left it out).
    pub(super) fn no_such_cell(&mut self, ident: &Ident) {
        let Some(board) = self.game.board.as_ref() else { return };
        let first = board.cells.first().map_or("", |c| c.name.as_str());
        let last = board.cells.last().map_or("", |c| c.name.as_str());
        let (label, help) = if self.game.left_out.contains(&ident.name) {
            ("left out of the board by its `without`", "only the cells that remain can be named".to_string())
        } else {
            ("not a cell of this board", format!("cells are named from {first} to {last}"))
        };
        self.report(
            Diagnostic::error(
                Code::UnknownCell,
                format!("the board has no cell `{}`", ident.name),
                ident.span,
                label,
            )
            .with_help(help),
        );
    }

    /// `cells where EXPR`: the condition evaluated on every cell, now.
    fn cells_where(&mut self, condition: &'a Expr) -> Shape {
        let typed = self.expr(condition, &Scope::cells_where());
        if !self.check_type(&typed, condition.span, Ty::Bool) || typed.ty == Ty::Unknown {
            return self.no_cells();
        }
        let mut mask = vec![false; self.cell_count()];
        for (cell, slot) in mask.iter_mut().enumerate() {
            let env = self.const_env(Some(cell as CellId));
            match consteval::eval(&typed.expr, &env) {
                Ok(value) => *slot = value == ir::Const::Bool(true),
                Err(_) if self.resolving.shaping_board => {
                    self.not_geometry(condition.span, "this reads a zone, a map or the state of the game");
                    return self.no_cells();
                }
                Err(why) => {
                    self.not_constant(condition.span, why);
                    return self.no_cells();
                }
            }
        }
        Shape::Written(mask)
    }

    /// What a constant expression may read, with `cell` standing for the given cell.
    pub(super) fn const_env(&self, cell: Option<CellId>) -> Env<'_> {
        Env { board: self.game.board.as_ref(), maps: &self.game.maps, zones: &self.on_first_use.zones, cell }
    }

    fn not_constant(&mut self, span: Span, why: Dynamic) {
        let label = match why {
            Dynamic::RotatedMap(map) => {
                let name = self.game.maps.get(map as usize).map_or("", |m| m.name.as_str());
                format!("map `{name}` changes during the game: it is rotated")
            }
            Dynamic::State => "this depends on the state of the game".to_string(),
        };
        self.report(
            Diagnostic::error(
                Code::NotConstant,
                "a zone's cells must be known before the game starts",
                span,
                label,
            )
            .with_help("use `cell`, options, constants and maps that are never rotated"),
        );
    }

    fn zone_ref(&mut self, ident: &Ident, seating: Seating) -> Shape {
        if self.resolving.shaping_board {
            self.not_geometry(ident.span, "zones are drawn over the board that results");
            return self.no_cells();
        }
        let Some(Symbol::Zone(zone)) = self.names.value(&ident.name) else {
            self.unknown(Code::UnknownZone, "zone", ident, |s| matches!(s, Symbol::Zone(_)));
            return self.no_cells();
        };
        self.use_at(Symbol::Zone(zone), ident.span);
        self.zone(zone, ident.span);
        if seating == Seating::AllSeats
            && self.decls.zones.get(zone as usize).is_some_and(|z| z.per_seat.is_some())
        {
            self.report(
                Diagnostic::error(
                    Code::ContextUnavailable,
                    format!(
                        "zone `{}` differs per seat, and this region is the same for every seat",
                        ident.name
                    ),
                    ident.span,
                    "whose zone?",
                )
                .with_help("use it in a zone `of each seat`, or in a setup statement for a seat"),
            );
            return self.no_cells();
        }
        Shape::Zone(zone)
    }

    /// Builds a zone on first use.
    pub(super) fn zone(&mut self, zone: ZoneId, used_at: Span) {
        let Some(slot) = self.on_first_use.zones.get_mut(zone as usize) else { return };
        let visit = slot.visit(|_| ());
        let Some(&decl) = self.decls.zones.get(zone as usize) else { return };
        let cycle = || format!("zone `{}` is defined in terms of itself", decl.name.name);
        if self.answer_now(visit, (), &decl.name, used_at, cycle).is_some() {
            return;
        }
        let seating = Seating::of(&decl.per_seat);
        let shape = self.isolated(|this| this.region(&decl.region, seating));
        let cells = match seating {
            Seating::EachSeat => self.per_seat_cells(&shape, Side::facing),
            Seating::AllSeats => {
                let cells = self.cell_set(&shape, Side::NEUTRAL);
                vec![cells; self.game.seats.len()]
            }
        };
        let per_seat = seating == Seating::EachSeat;
        if let Some(slot) = self.on_first_use.zones.get_mut(zone as usize) {
            *slot = Lazy::Done(ir::Zone { name: decl.name.name.clone(), per_seat, cells });
        }
    }

    /// Builds every zone, used or not.
    pub(super) fn all_zones(&mut self) {
        let spans: Vec<Span> = self.decls.zones.iter().map(|z| z.name.span).collect();
        for (zone, span) in spans.into_iter().enumerate() {
            self.zone(zone as ZoneId, span);
        }
    }

    /// The region built for every seat.
    pub(super) fn per_seat_cells(&self, shape: &Shape, side: impl Fn(SeatId) -> Side) -> PerSeat<CellSet> {
        (0..self.game.seats.len()).map(|seat| self.cell_set(shape, side(seat as SeatId))).collect()
    }

    pub(super) fn cell_set(&self, shape: &Shape, side: Side) -> CellSet {
        let mask = self.mask(shape, side);
        let cells = mask.iter().enumerate().filter(|(_, in_region)| **in_region).map(|(c, _)| c as CellId);
        CellSet::from_cells(cells.collect(), mask.len())
    }

    fn mask(&self, shape: &Shape, side: Side) -> Vec<bool> {
        match shape {
            Shape::Written(mask) if side.relative => self.seen_from(mask, side.seat),
            Shape::Written(mask) => mask.clone(),
            Shape::Zone(zone) => {
                let mut mask = vec![false; self.cell_count()];
                let cells = self.on_first_use.zones.get(*zone as usize).and_then(Lazy::done);
                let set = cells.and_then(|z| z.cells.get(side.seat.unwrap_or(0) as usize));
                for &cell in set.map_or(&[][..], |s| s.cells.as_slice()) {
                    if let Some(slot) = mask.get_mut(cell as usize) {
                        *slot = true;
                    }
                }
                mask
            }
            Shape::Union(a, b) => zip(self.mask(a, side), self.mask(b, side), |x, y| x || y),
            Shape::Difference(a, b) => zip(self.mask(a, side), self.mask(b, side), |x, y| x && !y),
        }
    }

    /// A mask drawn in canonical coordinates, as a seat sees it: mapped through its view.
    fn seen_from(&self, mask: &[bool], seat: Option<SeatId>) -> Vec<bool> {
        let view = seat.and_then(|s| self.game.seats.get(s as usize)).map_or(0, |s| s.view);
        let symmetry = self.game.board.as_ref().and_then(|b| b.symmetries.get(view));
        let Some(symmetry) = symmetry else { return mask.to_vec() };
        let mut seen = vec![false; mask.len()];
        for (cell, _) in mask.iter().enumerate().filter(|(_, in_region)| **in_region) {
            if let Some(slot) = symmetry.cells.get(cell).and_then(|&image| seen.get_mut(image as usize)) {
                *slot = true;
            }
        }
        seen
    }
}

fn zip(a: Vec<bool>, b: Vec<bool>, f: impl Fn(bool, bool) -> bool) -> Vec<bool> {
    a.into_iter().zip(b).map(|(x, y)| f(x, y)).collect()
}
