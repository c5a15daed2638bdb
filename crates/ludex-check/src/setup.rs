//! The setup: placements (expanded per seat, each seat's region read from its side when it is
//! `for each seat`), reserves and effects, in order. A cell may receive only one piece, unless the board has stacks.

use ludex_diagnostics::{Code, Diagnostic, Limit};
use ludex_ir::{self as ir, SeatId, SetupStep};
use ludex_syntax::ast::{Ident, Owner, Region, SetupStatement, Span, Spanned};

use super::Checker;
use super::regions::{Seating, Side};
use super::scope::Scope;
use super::types::Kinds;

impl<'a> Checker<'a> {
    pub(super) fn setup(&mut self) -> Vec<SetupStep> {
        let Some(decl) = self.decls.setup else { return Vec::new() };
        let mut placed: Vec<Option<Span>> =
            vec![None; self.game.board.as_ref().map_or(0, |b| b.cell_count())];
        let mut steps = Vec::new();
        let mut reserved = 0u64;
        for statement in &decl.statements {
            match statement {
                SetupStatement::Place { piece, count, owner, region, with, span } => {
                    let copies = self.pieces_a_cell(count.as_ref());
                    let place = self.place(piece, owner, region, with, *span, &mut placed);
                    steps.extend(place.into_iter().map(|step| stacked(step, copies)));
                }
                SetupStatement::Reserve { entries, owner, span } => {
                    let reserve = self.reserve(entries, owner);
                    let before = reserved;
                    reserved = reserve.iter().fold(reserved, |total, step| match step {
                        SetupStep::Reserve { count, .. } => total.saturating_add(u64::from(*count)),
                        SetupStep::Place { .. } | SetupStep::Effect(_) => total,
                    });
                    if before <= self.nesting.limits.max_reserve as u64
                        && reserved > self.nesting.limits.max_reserve as u64
                    {
                        self.too_many_reserved(reserved, *span);
                    }
                    steps.extend(reserve);
                }
                SetupStatement::Effect(effect) => {
                    steps.extend(self.effect(effect, &Scope::setup()).map(SetupStep::Effect));
                }
            }
        }
        steps
    }

    /// How many pieces `place TYPE N` puts on each cell: 1 unless written; more need stacks.
    fn pieces_a_cell(&mut self, count: Option<&Spanned<i64>>) -> usize {
        let Some(count) = count else { return 1 };
        if count.node < 1 || count.node > self.nesting.limits.max_reserve as i64 {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("{} pieces a cell is out of range", count.node),
                count.span,
                format!("from 1 to {}", self.nesting.limits.max_reserve),
            ));
            return 1;
        }
        if count.node > 1 {
            self.require_stacks(count.span, "placing several pieces on a cell");
        }
        count.node as usize
    }

    /// The seats a statement is for, each with the side its region is read from; `None` for
    /// neutral pieces.
    fn owners(&mut self, owner: &Owner) -> Vec<(Option<SeatId>, Side)> {
        match owner {
            Owner::EachSeat(_) => {
                (0..self.game.seats.len() as SeatId).map(|s| (Some(s), Side::facing(s))).collect()
            }
            Owner::Seat(ident) => {
                self.seat_named(ident).map(|s| (Some(s), Side::of(s))).into_iter().collect()
            }
            Owner::Neutral(_) => vec![(None, Side::NEUTRAL)],
        }
    }

    fn place(
        &mut self,
        piece: &Ident,
        owner: &Owner,
        region: &'a Region,
        with: &'a [ludex_syntax::ast::Assignment],
        span: Span,
        placed: &mut [Option<Span>],
    ) -> Vec<SetupStep> {
        let piece = self.piece_named(piece);
        let with = self.assignments(with, piece.map_or(Kinds::ANY, |t| Kinds::of(&[t])), &Scope::setup());
        let seating = if let Owner::Neutral(_) = owner { Seating::AllSeats } else { Seating::EachSeat };
        let shape = self.region(region, seating);
        let mut steps = Vec::new();
        let mut overlap_reported = false;
        for (seat, side) in self.owners(owner) {
            let cells = self.cell_set(&shape, side).cells;
            if let Some(&cell) = cells.iter().find(|&&c| placed.get(c as usize).is_some_and(Option::is_some))
                && self.stacking() == ir::Stacking::Single
                && !overlap_reported
                && self.game.views_known
            {
                self.overlap(cell, region.span(), placed.get(cell as usize).copied().flatten());
                overlap_reported = true;
            }
            for &cell in &cells {
                if let Some(slot) = placed.get_mut(cell as usize) {
                    slot.get_or_insert(span);
                }
            }
            if let Some(piece) = piece {
                steps.push(SetupStep::Place { piece, owner: seat, cells, with: with.clone() });
            }
        }
        let placed_none =
            steps.iter().all(|s| matches!(s, SetupStep::Place { cells, .. } if cells.is_empty()));
        // After an error (a misspelled zone, a bad range) the region may be empty because of it.
        if placed_none && self.error_count() == 0 {
            self.report(Diagnostic::warning(
                Code::EmptyRegion,
                "this places no piece",
                region.span(),
                "no cells here",
            ));
        }
        steps
    }

    fn overlap(&mut self, cell: ir::CellId, region: Span, first: Option<Span>) {
        let name =
            self.game.board.as_ref().and_then(|b| b.cells.get(cell as usize)).map_or("", |c| c.name.as_str());
        let mut diagnostic = Diagnostic::error(
            Code::OverlappingSetup,
            format!("cell {name} receives two pieces in the setup"),
            region,
            format!("{name} is placed on again here"),
        );
        if let Some(first) = first {
            diagnostic = diagnostic.with_label(first, "first placed on here");
        }
        self.report(diagnostic);
    }

    fn reserve(&mut self, entries: &[(Ident, Spanned<i64>)], owner: &Owner) -> Vec<SetupStep> {
        if let Owner::Neutral(span) = owner {
            self.report(
                Diagnostic::error(
                    Code::NeutralReserve,
                    "neutral pieces have no reserve",
                    *span,
                    "not a seat",
                )
                .with_help("give the pieces to a seat: `for SEAT` or `for each seat`"),
            );
        }
        let counts: Vec<(ir::TypeId, u32)> = entries
            .iter()
            .filter_map(|(piece, count)| {
                let piece = self.piece_named(piece);
                let count = self.reserve_count(count);
                piece.zip(count)
            })
            .collect();
        let seats: Vec<SeatId> = self.owners(owner).into_iter().filter_map(|(seat, _)| seat).collect();
        seats
            .into_iter()
            .flat_map(|owner| {
                counts.iter().map(move |&(piece, count)| SetupStep::Reserve { piece, owner, count })
            })
            .collect()
    }

    fn reserve_count(&mut self, count: &Spanned<i64>) -> Option<u32> {
        let most = self.nesting.limits.max_reserve as i64;
        if (0..=most).contains(&count.node) {
            return u32::try_from(count.node).ok();
        }
        self.report(Diagnostic::error(
            Code::OutOfRange,
            format!("cannot reserve {} pieces", count.node),
            count.span,
            format!("from 0 to {most}"),
        ));
        None
    }

    /// The reserves of the setup, up to this statement, hold more than the `reserve` limit.
    fn too_many_reserved(&mut self, reserved: u64, span: Span) {
        self.report(
            Diagnostic::error(
                Code::LimitExceeded,
                format!(
                    "the setup reserves {reserved} pieces, more than the limit `{}` of {}",
                    Limit::Reserve,
                    self.nesting.limits.max_reserve
                ),
                span,
                "the reserves pass the limit here",
            )
            .with_help(Limit::Reserve.how_to_raise()),
        );
    }
}

/// A placing step with each cell repeated `copies` times: so many pieces stacked on it.
fn stacked(step: SetupStep, copies: usize) -> SetupStep {
    match step {
        SetupStep::Place { piece, owner, cells, with } if copies > 1 => {
            let cells = cells.iter().flat_map(|&cell| std::iter::repeat_n(cell, copies)).collect();
            SetupStep::Place { piece, owner, cells, with }
        }
        other => other,
    }
}
