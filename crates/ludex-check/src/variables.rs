//! Variables: their types (written or inferred from the initial value) and initial values,
//! resolved on first use so that an initial value may read another variable.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, ValueType, VarId};
use ludex_syntax::ast::{self, Ident, Span};

use super::regions::Seating;
use super::scope::Scope;
use super::types::Ty;
use super::{Checker, Lazy};

impl<'a> Checker<'a> {
    pub(super) fn is_per_seat_variable(&self, variable: VarId) -> bool {
        self.decls.variables.get(variable as usize).is_some_and(|d| d.per_seat.is_some())
    }

    /// The type of a variable, resolving its declaration on first use.
    pub(super) fn variable_type(&mut self, variable: VarId, used_at: Span) -> Ty {
        let Some(slot) = self.on_first_use.variables.get_mut(variable as usize) else { return Ty::Unknown };
        let visit = slot.visit(|&(ty, _)| ty);
        let Some(&decl) = self.decls.variables.get(variable as usize) else { return Ty::Unknown };
        let cycle = || format!("the initial value of variable `{}` depends on itself", decl.name.name);
        if let Some(ty) = self.answer_now(visit, Ty::Unknown, &decl.name, used_at, cycle) {
            return ty;
        }
        let (ty, lowered) = self.isolated(|this| this.variable(decl));
        if let Some(slot) = self.on_first_use.variables.get_mut(variable as usize) {
            *slot = Lazy::Done((ty, lowered));
        }
        ty
    }

    fn variable(&mut self, decl: &'a ast::VariableDecl) -> (Ty, ir::Variable) {
        let seating = Seating::of(&decl.per_seat);
        let init = self.expr(&decl.init, &Scope::variable(seating));
        let ty = match &decl.ty {
            Some(written) => {
                let ty = Ty::from_type_name(written.node);
                self.check_type(&init, decl.init.span, ty);
                ty
            }
            None => init.ty,
        };
        if ty == Ty::NoneLit {
            self.report(
                Diagnostic::error(
                    Code::AmbiguousType,
                    format!("the type of variable `{}` cannot be told from `none`", decl.name.name),
                    decl.init.span,
                    "`none` is a value of every type",
                )
                .with_help(format!("write its type: `variable {}: cell = none`", decl.name.name)),
            );
        }
        let variable = ir::Variable {
            name: decl.name.name.clone(),
            ty: ty.value_type().unwrap_or(ValueType::Int),
            per_seat: seating == Seating::EachSeat,
            init: init.expr,
            tracking: if decl.untracked.is_some() { ir::Tracking::Untracked } else { ir::Tracking::Tracked },
        };
        (ty, variable)
    }

    /// Resolves every variable, used or not.
    pub(super) fn all_variables(&mut self) {
        let spans: Vec<Span> = self.decls.variables.iter().map(|v| v.name.span).collect();
        for (variable, span) in spans.into_iter().enumerate() {
            self.variable_type(variable as VarId, span);
        }
    }
}

/// A per-seat variable used without its seat; `example` shows the right way.
pub(super) fn seat_missing(ident: &Ident, example: String) -> Diagnostic {
    Diagnostic::error(
        Code::WrongArgumentCount,
        format!("variable `{}` has a value per seat: name the seat", ident.name),
        ident.span,
        "which seat's?",
    )
    .with_help(format!("write `{example}`"))
}

/// A seat given to something that is the same for every seat (`kind` and `name` say what).
pub(super) fn seat_not_expected(kind: &str, name: &str, seat: Span, example: String) -> Diagnostic {
    Diagnostic::error(
        Code::WrongArgumentCount,
        format!("{kind} `{name}` is the same for every seat: it takes no seat"),
        seat,
        "no seat expected",
    )
    .with_help(format!("write `{example}`"))
}
