//! Hygienic definitions: an argument means what it means where the definition is used. A
//! definition is inlined with its arguments substituted, which is faithful unless a binder inside
//! the body (`count`, `sum`, `first`: they rebind `it`) encloses a parameter whose argument reads
//! `it`: substituted there, the argument would read the binder's element instead of the caller's.
//! Such an argument is evaluated first, where the definition is used, and read back through a
//! local: `Let { slot, value: ARGUMENT, body: DEFINITION }` with `Local(slot)` at the parameter.
//! Every other argument stays substituted, so the IR of rules that never needed a local is as it
//! was. A parameter named after a word a binder rebinds (`it`) is shadowed inside that binder.

use ludex_ir::{self as ir, ContextWord, LocalSlot};

use super::Checker;
use super::calls::Pieces;
use super::scope::{Scope, Word};
use super::types::{Extent, Typed};

/// The words an expression binder (`count`, `sum`, `first`) rebinds for its element.
const REBOUND: [Word; 2] = [Word::It, Word::Cell];

/// A parameter bound through a local, in the definition being inlined.
#[derive(Clone, Copy, Debug)]
pub(super) struct BoundParameter {
    pub position: usize,
    pub slot: LocalSlot,
}

/// A lowered definition body that `Let`s can wrap: an expression, or a collection whose source
/// expression (owner, or the cell a set of cells starts from) is evaluated where the definition is
/// used.
pub(super) trait Bindable {
    fn bind(self, slot: LocalSlot, value: &Typed) -> Self;
}

impl Bindable for Typed {
    fn bind(self, slot: LocalSlot, value: &Typed) -> Typed {
        let extents = [value.extent, self.extent];
        let expr = ir::Expr::Let { slot, value: Box::new(value.expr.clone()), body: Box::new(self.expr) };
        Typed::node(expr, self.ty, &extents)
    }
}

impl Bindable for Pieces {
    fn bind(mut self, slot: LocalSlot, value: &Typed) -> Pieces {
        if let ir::Collection::Cells(set) = &mut self.collection {
            // A set of cells may read the parameter anywhere (a group's condition, `between`'s
            // second cell): it is wrapped whole.
            let value = Box::new(value.expr.clone());
            let inner = std::mem::replace(set, ir::CellCollection::Region { cells: Vec::new() });
            *set = ir::CellCollection::Let { slot, value, set: Box::new(inner) };
            return self;
        }
        // Without a source expression, there is no parameter to bind.
        let Some(source) = self.collection.source_mut() else { return self };
        bind_operand(source, slot, value);
        self
    }
}

/// Wraps an operand of a collection in a `Let` of the slot.
fn bind_operand(operand: &mut Box<ir::Expr>, slot: LocalSlot, value: &Typed) {
    let body = std::mem::replace(operand.as_mut(), ir::Expr::Const(ir::Const::None));
    **operand = ir::Expr::Let { slot, value: Box::new(value.expr.clone()), body: Box::new(body) };
}

impl<'a> Checker<'a> {
    /// Whether `name`, read here, is a parameter of the definition being inlined: not when it is
    /// the word of a binder inside the body, which shadows it.
    pub(super) fn is_parameter_here(&self, name: &str, scope: &Scope<'a>) -> bool {
        let Some(frame) = self.nesting.frames.last() else { return false };
        let shadowed = scope.binders > frame.binders && REBOUND.iter().any(|w| w.name() == name);
        !shadowed && frame.params.iter().any(|(p, _)| *p == name)
    }

    /// What the parameter at `position`, bound to `arg`, reads here: the argument itself, or a
    /// local when a binder inside the body rebinds a word the argument reads.
    pub(super) fn parameter_value(&mut self, position: usize, arg: Typed, scope: &Scope<'a>) -> Typed {
        let Some(frame) = self.nesting.frames.last() else { return arg };
        if scope.binders <= frame.binders || !reads_rebound_word(&arg.expr) {
            return arg;
        }
        let slot = match frame.bound.iter().find(|b| b.position == position) {
            Some(bound) => bound.slot,
            None => {
                let slot = self.nesting.next_slot;
                self.nesting.next_slot = slot.saturating_add(1);
                if let Some(frame) = self.nesting.frames.last_mut() {
                    frame.bound.push(BoundParameter { position, slot });
                }
                slot
            }
        };
        Typed { expr: ir::Expr::Local(slot), ty: arg.ty, extent: Extent::LEAF }
    }
}

/// Whether an expression reads a word an expression binder rebinds.
fn reads_rebound_word(expr: &ir::Expr) -> bool {
    expr.any(&mut |e| matches!(e, ir::Expr::Context(ContextWord::It | ContextWord::ItCell)))
}

/// The body wrapped in a `Let` for each parameter bound through a local, the first outermost.
pub(super) fn bind_parameters<T: Bindable>(body: T, bound: &[BoundParameter], params: &[(&str, Typed)]) -> T {
    bound.iter().rev().fold(body, |body, b| match params.get(b.position) {
        Some((_, arg)) => body.bind(b.slot, arg),
        None => body,
    })
}
