//! Effects (`set`, `rotate`, `if`, `move`, `capture`) and the values they assign, including
//! `roll dN`, which may only be the whole value of a `set` or of a `with` assignment.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, AttrId, ContextWord, VarId};
use ludex_syntax::ast::{self, Assignment, Expr, ExprKind, Ident, Place};

use super::Checker;
use super::index::Found;
use super::names::Symbol;
use super::scope::{Scope, Word};
use super::types::{Kinds, Ty};
use super::variables::{seat_missing, seat_not_expected};

/// The most sides a die may have.
const MAX_SIDES: i64 = 1000;

/// What to report about a piece that an effect may not touch.
struct Denied {
    code: Code,
    what: String,
    verb: &'static str,
}

/// What a `set` assigns to.
enum Target {
    Variable(VarId, Ty),
    SeatVariable(VarId, Ty, ir::Expr),
    Attribute(ir::Expr, AttrId),
    /// `set piece.type = T`
    Type(ir::Expr),
    /// `set piece_at(c).owner = S`
    Owner(ir::Expr),
}

impl<'a> Checker<'a> {
    pub(super) fn effects(&mut self, effects: &'a [ast::Effect], scope: &Scope<'a>) -> Vec<ir::Effect> {
        effects.iter().filter_map(|e| self.effect(e, scope)).collect()
    }

    pub(super) fn effect(&mut self, effect: &'a ast::Effect, scope: &Scope<'a>) -> Option<ir::Effect> {
        if !self.enter(effect.span()) {
            return None;
        }
        let lowered = match effect {
            ast::Effect::Set { place, value, .. } => self.set(place, value, scope),
            ast::Effect::Rotate { map, by, .. } => self.rotate(map, by, scope),
            ast::Effect::If { condition, then, otherwise, .. } => Some(ir::Effect::If {
                condition: self.condition(condition, scope),
                then: self.effects(&then.effects, scope),
                otherwise: otherwise.as_ref().map_or(Vec::new(), |b| self.effects(&b.effects, scope)),
            }),
            ast::Effect::Release { piece, owner, region, .. } => {
                Some(self.release(piece, owner, region, scope))
            }
            ast::Effect::Give { piece, owner, holder, .. } => Some(self.give(piece, owner, holder, scope)),
            ast::Effect::Retire { seat, leaving_pieces, .. } => Some(ir::Effect::Retire {
                seat: self.expect(seat, scope, Ty::Seat),
                leaving_pieces: leaving_pieces.is_some(),
            }),
            ast::Effect::ForEach { pieces, filter, body, .. } => self.for_each(pieces, filter, body, scope),
            ast::Effect::Send { piece, destination, .. } => self.send(piece, destination.node, scope),
            ast::Effect::Move { from, to, .. } => Some(self.move_effect(from, to, scope)),
            ast::Effect::Capture { cell, .. } => self.capture_effect(cell, scope),
        };
        self.nesting.depth = self.nesting.depth.saturating_sub(1);
        lowered
    }

    fn rotate(&mut self, map: &Ident, by: &'a Expr, scope: &Scope<'a>) -> Option<ir::Effect> {
        let by = self.expect(by, scope, Ty::Int);
        match self.names.value(&map.name) {
            Some(Symbol::Map(id)) => {
                self.use_at(Symbol::Map(id), map.span);
                Some(ir::Effect::RotateMap { map: id, by })
            }
            _ => {
                self.unknown(Code::UnknownMap, "map", map, |s| matches!(s, Symbol::Map(_)));
                None
            }
        }
    }

    fn set(&mut self, place: &'a Place, value: &'a Expr, scope: &Scope<'a>) -> Option<ir::Effect> {
        let target = match place {
            Place::Variable(ident) => self.variable_target(ident, None, scope),
            Place::SeatVariable(ident, seat) => self.variable_target(ident, Some(seat), scope),
            Place::Attribute(base, attribute) => self.attribute_target(base, attribute, scope),
            Place::CellPiece { function, cell, field } => {
                self.cell_piece_target(function, cell, field, scope)
            }
        };
        let (want, bounds) = match &target {
            Some(Target::Variable(_, ty) | Target::SeatVariable(_, ty, _)) => (*ty, None),
            Some(Target::Attribute(_, slot)) => (Ty::Int, self.attribute_bounds(*slot)),
            Some(Target::Type(_)) => (Ty::PieceType, None),
            Some(Target::Owner(_)) => (Ty::Seat, None),
            None => (Ty::Unknown, None),
        };
        let value = self.assigned_value(value, want, bounds, scope);
        Some(match target? {
            Target::Variable(variable, _) => ir::Effect::SetVariable { variable, seat: None, value },
            Target::SeatVariable(variable, _, seat) => {
                ir::Effect::SetVariable { variable, seat: Some(seat), value }
            }
            Target::Attribute(cell, attribute) => ir::Effect::SetAttribute { cell, attribute, value },
            Target::Type(cell) => ir::Effect::SetType { cell, piece_type: value },
            Target::Owner(cell) => ir::Effect::SetOwner { cell, owner: value },
        })
    }

    /// `set piece_at(CELL).FIELD = ...`: the owner, the type or an attribute of the piece there.
    fn cell_piece_target(
        &mut self,
        function: &Ident,
        cell: &'a Expr,
        field: &Ident,
        scope: &Scope<'a>,
    ) -> Option<Target> {
        let cell = self.expect(cell, scope, Ty::Cell);
        if function.name != "piece_at" {
            let help = "write `set piece_at(CELL).FIELD = ...`".to_string();
            self.not_assignable(function, format!("`{}(...).{}`", function.name, field.name), help);
            return None;
        }
        self.findings.index.used(function.span, Found::Builtin);
        match field.name.as_str() {
            "owner" => Some(Target::Owner(cell)),
            "type" => Some(Target::Type(cell)),
            "value" | "cell" => {
                let help = "a piece's owner, type and attributes can be set".to_string();
                self.not_assignable(field, format!("`piece_at(...).{}`", field.name), help);
                None
            }
            _ => self.attribute(field, Kinds::ANY).map(|slot| Target::Attribute(cell, slot)),
        }
    }

    /// `set VAR = ...` or `set VAR(SEAT) = ...`.
    fn variable_target(
        &mut self,
        ident: &Ident,
        seat: Option<&'a Expr>,
        scope: &Scope<'a>,
    ) -> Option<Target> {
        let symbol = self.names.value(&ident.name);
        let seat_type = match symbol {
            Some(Symbol::Variable(v)) if self.is_per_seat_variable(v) => Ty::Seat,
            _ => Ty::Unknown,
        };
        let seat = seat.map(|s| (self.expect(s, scope, seat_type), s.span));
        let variable = match symbol {
            Some(Symbol::Variable(v)) => {
                // Setting a variable does not use it: only reading it does.
                self.findings.index.used(ident.span, Found::Symbol(Symbol::Variable(v)));
                v
            }
            Some(other) => {
                let help = match other {
                    Symbol::Map(_) => format!("a map changes only by `rotate {} by N`", ident.name),
                    _ => "only variables and piece attributes can be set".to_string(),
                };
                self.not_assignable(ident, format!("{} `{}`", other.kind_name(), ident.name), help);
                return None;
            }
            None if Word::named(&ident.name).is_some() => {
                let help = "only variables and piece attributes can be set".to_string();
                self.not_assignable(ident, format!("context word `{}`", ident.name), help);
                return None;
            }
            None => {
                self.unknown(Code::UnknownVariable, "variable", ident, |s| matches!(s, Symbol::Variable(_)));
                return None;
            }
        };
        let ty = self.variable_type(variable, ident.span);
        match (self.is_per_seat_variable(variable), seat) {
            (true, Some((seat, _))) => Some(Target::SeatVariable(variable, ty, seat)),
            (false, None) => Some(Target::Variable(variable, ty)),
            (true, None) => {
                self.report(seat_missing(ident, format!("set {}(mover) = ...", ident.name)));
                None
            }
            (false, Some((_, span))) => {
                let example = format!("set {} = ...", ident.name);
                self.report(seat_not_expected("variable", &ident.name, span, example));
                None
            }
        }
    }

    /// `set piece.ATTR = ...` or `set piece.type = ...`: the moved piece, now on `to` (or `it` in
    /// `for each`, `pushed` in a push).
    fn attribute_target(&mut self, base: &Ident, attribute: &Ident, scope: &Scope<'a>) -> Option<Target> {
        let what = format!("`{}.{}`", base.name, attribute.name);
        let (cell, kinds) =
            self.piece_cell(base, scope, Denied { code: Code::SetNotAssignable, what, verb: "set" })?;
        if attribute.name == "type" {
            return Some(Target::Type(cell));
        }
        if attribute.name == "owner" {
            return Some(Target::Owner(cell));
        }
        if ["value", "cell"].contains(&attribute.name.as_str()) {
            let help =
                "only attributes declared with `attribute`, the type and the owner can be set".to_string();
            self.not_assignable(attribute, format!("`{}.{}`", base.name, attribute.name), help);
            return None;
        }
        self.attribute(attribute, kinds).map(|slot| Target::Attribute(cell, slot))
    }

    /// The cell of a piece that effects may change or send away, and its types: `piece` (the moved
    /// piece, on `to`), `it` in `for each`, `pushed` in a push.
    fn piece_cell(&mut self, base: &Ident, scope: &Scope<'a>, denied: Denied) -> Option<(ir::Expr, Kinds)> {
        let (word, cell) = match base.name.as_str() {
            "piece" => (Word::Piece, ContextWord::To),
            "pushed" => (Word::Pushed, ContextWord::PushedTo),
            "it" if scope.it_placed => (Word::It, ContextWord::ItCell),
            _ => {
                let Denied { code, what, verb } = denied;
                self.report(
                    Diagnostic::error(
                        code,
                        format!("{what} cannot be {verb}"),
                        base.span,
                        "not a piece on the board",
                    )
                    .with_help(format!(
                        "only the piece that moved (`piece`), the piece of a `for each` (`it`) and a \
                             pushed piece (`pushed`) can be {verb}"
                    )),
                );
                return None;
            }
        };
        self.findings.index.used(base.span, Found::ContextWord);
        let Some(Ty::Piece(kinds)) = scope.word_type(word) else {
            self.word(word, base.span, scope);
            return None;
        };
        Some((ir::Expr::Context(cell), kinds))
    }

    /// `capture CELL`, or `capture SET` (a set of cells): each piece there is captured as a
    /// move's capture would be, lowered as `for each SET { capture it }`; `capture stack(CELL)`:
    /// every piece of the cell.
    fn capture_effect(&mut self, cell: &'a Expr, scope: &Scope<'a>) -> Option<ir::Effect> {
        if let Some(cell) = self.whole_stack(cell, scope) {
            return Some(ir::Effect::CaptureStack { cell });
        }
        if let ExprKind::Call { function, .. } = &cell.node
            && self.is_cell_collection(&function.name)
        {
            let set = self.pieces_arg(cell, scope)?.collection;
            let body = vec![ir::Effect::Capture { cell: ir::Expr::Context(ir::ContextWord::It) }];
            return Some(ir::Effect::ForEach { pieces: set, filter: None, body });
        }
        Some(ir::Effect::Capture { cell: self.expect(cell, scope, Ty::Cell) })
    }

    /// `send PIECE to DESTINATION`.
    fn send(
        &mut self,
        piece: &Ident,
        destination: ast::CaptureDestination,
        scope: &Scope<'a>,
    ) -> Option<ir::Effect> {
        let what = format!("`{}`", piece.name);
        let (cell, _) =
            self.piece_cell(piece, scope, Denied { code: Code::CannotSend, what, verb: "sent" })?;
        Some(ir::Effect::Send { cell, destination: super::actions::capture_destination(destination) })
    }

    /// `for each PIECES [where COND] { EFFECTS }`: over pieces on the board, or over the seats.
    fn for_each(
        &mut self,
        pieces: &'a Expr,
        filter: &'a Option<Expr>,
        body: &'a ast::EffectBlock,
        scope: &Scope<'a>,
    ) -> Option<ir::Effect> {
        let found = self.pieces_arg(pieces, scope)?;
        let inner = match found.collection {
            ir::Collection::Pieces { .. } => scope.with_placed_it(found.element),
            ir::Collection::Seats | ir::Collection::Cells(_) => scope.with_it(found.element),
            _ => {
                self.report(
                    Diagnostic::error(
                        Code::TypeMismatch,
                        "`for each` goes over pieces on the board, seats or cells",
                        pieces.span,
                        "not on the board",
                    )
                    .with_help("write `for each pieces(SEAT, TYPE, ...)` or `for each seats`"),
                );
                return None;
            }
        };
        let filter = filter.as_ref().map(|f| self.condition(f, &inner));
        let body = self.effects(&body.effects, &inner);
        Some(ir::Effect::ForEach { pieces: found.collection, filter, body })
    }

    fn not_assignable(&mut self, ident: &Ident, what: String, help: String) {
        self.report(
            Diagnostic::error(
                Code::SetNotAssignable,
                format!("{what} cannot be set"),
                ident.span,
                "not assignable",
            )
            .with_help(help),
        );
    }

    /// The value of a `set` or a `with`: an expression of type `want`, or a roll. An attribute's
    /// value is checked against its range where it is known.
    pub(super) fn assigned_value(
        &mut self,
        value: &'a Expr,
        want: Ty,
        bounds: Option<(i64, i64)>,
        scope: &Scope<'a>,
    ) -> ir::Expr {
        if let ExprKind::Roll { sides } = &value.node {
            return self.roll(value, sides, want, bounds);
        }
        let typed = self.expr(value, scope);
        self.check_type(&typed, value.span, want);
        if let (ir::Expr::Const(ir::Const::Int(n)), Some((min, max))) = (&typed.expr, bounds)
            && !(min..=max).contains(n)
        {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("{n} is outside the attribute's range, {min} to {max}"),
                value.span,
                format!("not within {min} to {max}"),
            ));
        }
        typed.expr
    }

    fn roll(
        &mut self,
        value: &Expr,
        sides: &ast::Spanned<i64>,
        want: Ty,
        bounds: Option<(i64, i64)>,
    ) -> ir::Expr {
        if !(1..=MAX_SIDES).contains(&sides.node) {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("a die cannot have {} sides", sides.node),
                sides.span,
                format!("a die has 1 to {MAX_SIDES} sides"),
            ));
            return ir::Expr::Const(ir::Const::None);
        }
        let n = sides.node;
        if !want.accepts(Ty::Int) {
            self.report(Diagnostic::error(
                Code::TypeMismatch,
                format!("expected {}, found a roll", super::expr::a(want)),
                value.span,
                "a roll is an int",
            ));
        }
        if let Some((min, max)) = bounds.filter(|&(min, max)| min > 1 || max < n) {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("a d{n} rolls 1 to {n}, outside the attribute's range, {min} to {max}"),
                value.span,
                format!("may roll outside {min} to {max}"),
            ));
        }
        ir::Expr::Roll(n as u32)
    }

    /// `with a = e, ...`: attribute values for placed or dropped pieces of the kinds.
    pub(super) fn assignments(
        &mut self,
        with: &'a [Assignment],
        kinds: Kinds,
        scope: &Scope<'a>,
    ) -> Vec<(AttrId, ir::Expr)> {
        let mut lowered = Vec::new();
        for (i, assignment) in with.iter().enumerate() {
            if self.attribute_repeated(&assignment.name, with.iter().take(i).map(|a| &a.name), "assigned") {
                continue;
            }
            let slot = self.attribute(&assignment.name, kinds);
            let bounds = slot.and_then(|s| self.attribute_bounds(s));
            let want = if slot.is_some() { Ty::Int } else { Ty::Unknown };
            let value = self.assigned_value(&assignment.value, want, bounds, scope);
            lowered.extend(slot.map(|s| (s, value)));
        }
        lowered
    }
}
