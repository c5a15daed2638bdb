//! Effects on captured pieces: `release TYPE of SEAT on REGION` puts one back on the board and
//! `give TYPE of SEAT to SEAT` moves one to another prize pile.

use ludex_ir as ir;
use ludex_syntax::ast::{Expr, Region};

use super::Checker;
use super::regions::{Seating, Side};
use super::scope::Scope;
use super::types::Ty;

impl<'a> Checker<'a> {
    /// `release TYPE of OWNER on REGION`: a per-seat zone in the region is the owner's version.
    pub(super) fn release(
        &mut self,
        piece: &'a Expr,
        owner: &'a Expr,
        region: &'a Region,
        scope: &Scope<'a>,
    ) -> ir::Effect {
        let (piece_type, owner) = self.captured_piece(piece, owner, scope);
        let shape = self.region(region, Seating::EachSeat);
        let cells = self.per_seat_cells(&shape, Side::of);
        ir::Effect::Release { piece_type, owner, cells }
    }

    /// `give TYPE of OWNER to HOLDER`.
    pub(super) fn give(
        &mut self,
        piece: &'a Expr,
        owner: &'a Expr,
        holder: &'a Expr,
        scope: &Scope<'a>,
    ) -> ir::Effect {
        let (piece_type, owner) = self.captured_piece(piece, owner, scope);
        let holder = self.expect(holder, scope, Ty::Seat);
        ir::Effect::Give { piece_type, owner, holder }
    }

    /// `TYPE of OWNER`: which captured piece an effect is about.
    fn captured_piece(
        &mut self,
        piece: &'a Expr,
        owner: &'a Expr,
        scope: &Scope<'a>,
    ) -> (ir::Expr, ir::Expr) {
        (self.expect(piece, scope, Ty::PieceType), self.expect(owner, scope, Ty::Seat))
    }
}
