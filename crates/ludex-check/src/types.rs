//! The static types of expressions, which piece types a piece value may have, and typed IR
//! expressions with their size (to bound what inlining may build).

use ludex_ir::{self as ir, TypeId, ValueType};
use ludex_syntax::ast;

/// The piece types a piece value may have: one bit a type (there are at most 64 types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds(u64);

impl Kinds {
    /// Any type: nothing is known statically.
    pub const ANY: Kinds = Kinds(u64::MAX);

    pub fn of(types: &[TypeId]) -> Kinds {
        Kinds(types.iter().fold(0, |bits, &t| bits | 1u64.checked_shl(t.into()).unwrap_or(0)))
    }

    pub fn is_any(self) -> bool {
        self == Kinds::ANY
    }

    pub fn union(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    pub fn contains(self, t: TypeId) -> bool {
        self.0 & 1u64.checked_shl(t.into()).unwrap_or(0) != 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Cell,
    Seat,
    Piece(Kinds),
    PieceType,
    Phase,
    /// The literal `none` alone: a value of every type.
    NoneLit,
    /// After an error: compatible with everything, so that one mistake is reported once.
    Unknown,
    /// A number that may have a fractional part; an int widens to it.
    Decimal,
}

impl Ty {
    pub const ANY_PIECE: Ty = Ty::Piece(Kinds::ANY);

    pub fn name(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Bool => "bool",
            Ty::Cell => "cell",
            Ty::Seat => "seat",
            Ty::Piece(_) => "piece",
            Ty::PieceType => "piece type",
            Ty::Phase => "phase",
            Ty::NoneLit => "none",
            Ty::Unknown => "unknown",
            Ty::Decimal => "decimal",
        }
    }

    pub fn from_type_name(name: ast::TypeName) -> Ty {
        match name {
            ast::TypeName::Int => Ty::Int,
            ast::TypeName::Bool => Ty::Bool,
            ast::TypeName::Cell => Ty::Cell,
            ast::TypeName::Seat => Ty::Seat,
            ast::TypeName::Piece => Ty::ANY_PIECE,
        }
    }

    /// The IR type of a variable of this type; `None` when the type is not known.
    pub fn value_type(self) -> Option<ValueType> {
        Some(match self {
            Ty::Int => ValueType::Int,
            Ty::Bool => ValueType::Bool,
            Ty::Cell => ValueType::Cell,
            Ty::Seat => ValueType::Seat,
            Ty::Piece(_) => ValueType::Piece,
            Ty::PieceType => ValueType::PieceType,
            Ty::Phase => ValueType::Phase,
            Ty::Decimal => ValueType::Decimal,
            Ty::NoneLit | Ty::Unknown => return None,
        })
    }

    /// The type both may have (the branches of an `if`, the sides of `==`), if any.
    pub fn join(self, other: Ty) -> Option<Ty> {
        match (self, other) {
            (Ty::Unknown, _) | (_, Ty::Unknown) => Some(Ty::Unknown),
            (Ty::NoneLit, t) | (t, Ty::NoneLit) => Some(t),
            (Ty::Piece(a), Ty::Piece(b)) => Some(Ty::Piece(a.union(b))),
            (Ty::Int, Ty::Decimal) | (Ty::Decimal, Ty::Int) => Some(Ty::Decimal),
            (a, b) if a == b => Some(a),
            _ => None,
        }
    }

    /// Whether a value of type `found` may stand where `self` is expected: an int where a decimal
    /// is, never a decimal where an int is.
    pub fn accepts(self, found: Ty) -> bool {
        !(self == Ty::Int && found == Ty::Decimal) && self.join(found).is_some()
    }
}

/// How deep and how big an IR expression is, and how many steps evaluating it once may take at
/// most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    pub depth: u32,
    pub size: u32,
    /// The most evaluation steps: a node is one step, its children's steps added; a count or sum
    /// multiplies the steps of its predicate or term by the most elements it may go over.
    pub cost: u64,
}

impl Extent {
    pub const LEAF: Extent = Extent { depth: 1, size: 1, cost: 1 };

    /// The extent of a node over these children.
    pub fn over(children: &[Extent]) -> Extent {
        children.iter().fold(Extent::LEAF, |acc, c| Extent {
            depth: acc.depth.max(c.depth.saturating_add(1)),
            size: acc.size.saturating_add(c.size),
            cost: acc.cost.saturating_add(c.cost),
        })
    }

    /// The extent of a node that evaluates `each` once for each of at most `times` elements.
    pub fn repeating(collection: Extent, each: Option<Extent>, times: u64) -> Extent {
        let each_cost = each.map_or(0, |e| e.cost);
        let children: Vec<Extent> = [Some(collection), each].into_iter().flatten().collect();
        let cost = collection
            .cost
            .saturating_add(times.saturating_mul(each_cost.saturating_add(1)))
            .saturating_add(1);
        Extent { cost, ..Extent::over(&children) }
    }
}

/// A resolved expression, its type and its extent.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub expr: ir::Expr,
    pub ty: Ty,
    pub extent: Extent,
}

impl Typed {
    pub fn leaf(expr: ir::Expr, ty: Ty) -> Typed {
        Typed { expr, ty, extent: Extent::LEAF }
    }

    pub fn constant(value: ir::Const, ty: Ty) -> Typed {
        Typed::leaf(ir::Expr::Const(value), ty)
    }

    /// What an expression with an error becomes.
    pub fn unknown() -> Typed {
        Typed::constant(ir::Const::None, Ty::Unknown)
    }

    pub fn node(expr: ir::Expr, ty: Ty, children: &[Extent]) -> Typed {
        Typed { expr, ty, extent: Extent::over(children) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_and_unknown_join_with_anything() {
        assert_eq!(Ty::NoneLit.join(Ty::Cell), Some(Ty::Cell));
        assert_eq!(Ty::Int.join(Ty::Unknown), Some(Ty::Unknown));
        assert_eq!(Ty::Int.join(Ty::Seat), None);
        assert!(Ty::ANY_PIECE.accepts(Ty::Piece(Kinds::of(&[3]))));
    }

    #[test]
    fn kinds_hold_types_up_to_63() {
        let kinds = Kinds::of(&[0, 63]);
        assert!(kinds.contains(0) && kinds.contains(63) && !kinds.contains(1));
        assert!(!kinds.is_any());
        assert_eq!(kinds.union(Kinds::of(&[1])), Kinds::of(&[0, 1, 63]));
    }

    #[test]
    fn extent_counts_depth_size_and_cost() {
        let e = Extent::over(&[Extent::LEAF, Extent::over(&[Extent::LEAF])]);
        assert_eq!(e, Extent { depth: 3, size: 4, cost: 4 });
        // A count of 64 elements over a predicate of 3 steps: 1 + 1 (the collection) + 64 * (3 + 1).
        let counted = Extent::repeating(Extent::LEAF, Some(Extent { depth: 2, size: 3, cost: 3 }), 64);
        assert_eq!(counted, Extent { depth: 3, size: 5, cost: 258 });
    }
}
