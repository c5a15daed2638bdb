//! The end rules read without a context when every one of them, compiled ([`Cond::new`]), is a
//! program whose leaves are light tests: counts of pieces on the board compared with a constant
//! (`count(pieces(SEAT, TYPES...)) OP k`, `SEAT` being `mover`, `next`, a seat named in the rules
//! or `none`; compiled so only where the board's bit sets hold every piece) and tests of the
//! phase (`phase == NAME`, `phase != NAME`). At a decision point where none of them holds — every
//! one but the last of a game — the judge then reads the board index and the phase, and builds no
//! context; when one holds, the end rules are asked as written, for the result.

use ludex_ir::{BinaryOp, Const, ContextWord, Expr, PhaseId, SeatId, TypeId};

use super::compiled::{self, Cond, Int, Operand, Wanted, compare};
use super::programs::Program;
use super::state::State;
use super::value::Value;

/// The end rules' programs with their leaves as light tests, when every leaf has that shape,
/// joined by `or`.
#[derive(Debug)]
pub(crate) struct EndPlans {
    any_rule: Program<Fact>,
}

/// A light leaf of an end rule's program.
#[derive(Debug)]
enum Fact {
    /// `count(pieces(OWNER, TYPES...)) OP bound` ([`Cond::Compare`] of a count of pieces).
    Pieces { owner: Owner, types: Vec<TypeId>, op: BinaryOp, bound: i64 },
    /// The same, when the comparison only asks whether there is such a piece ([`Cond::Pieces`]).
    AnyPiece { owner: Owner, types: Vec<TypeId>, wanted: Wanted },
    /// [`Fact::AnyPiece`] of one type, read from that type's bit set alone.
    AnyOfType { owner: Owner, kind: TypeId, wanted: Wanted },
    /// `phase == PHASE` (`negated`: `!=`).
    Phase { phase: PhaseId, negated: bool },
}

/// Whose pieces a [`Fact`] counts, as the end rules' context names them.
#[derive(Clone, Copy, Debug)]
enum Owner {
    /// The seat that acted last (the neutral pieces before any move, as `eval` reads `none`).
    Mover,
    /// The seat to act.
    Next,
    /// A seat named in the rules, or `none` for the neutral pieces.
    Fixed(Option<SeatId>),
}

impl EndPlans {
    /// The plans, if every leaf of every end rule's program is a light test.
    pub(crate) fn new(conditions: &[Program]) -> Option<EndPlans> {
        let rules = conditions.iter().map(|program| program.translated(Fact::of));
        let rules = rules.collect::<Option<Vec<_>>>()?;
        Some(EndPlans { any_rule: Program::any_of(rules.into_iter()) })
    }

    /// Whether some end rule holds, `mover` having acted last and `next` to act. Inlined into the
    /// judge, which asks it at every decision point.
    #[inline(always)]
    pub(crate) fn any_holds(&self, state: &State, seats: (Option<SeatId>, SeatId)) -> bool {
        self.any_rule.holds(|fact| fact.holds(state, seats))
    }
}

impl Fact {
    /// Whether the test holds, `mover` having acted last and `next` to act.
    #[inline(always)]
    fn holds(&self, state: &State, seats: (Option<SeatId>, SeatId)) -> bool {
        match self {
            Fact::Pieces { owner, types, op, bound } => {
                let count = state.index.count(owner.seat(seats), types);
                compare(*op, Some(i64::from(count)), Some(*bound))
            }
            Fact::AnyPiece { owner, types, wanted } => {
                state.index.any(owner.seat(seats), types) == (*wanted == Wanted::SomePiece)
            }
            Fact::AnyOfType { owner, kind, wanted } => {
                state.index.any_of_type(owner.seat(seats), *kind) == (*wanted == Wanted::SomePiece)
            }
            Fact::Phase { phase, negated } => (state.phase == *phase) != *negated,
        }
    }

    /// A compiled leaf as a light test (`None` if it reads the context otherwise).
    fn of(leaf: &Cond) -> Option<Fact> {
        match leaf {
            Cond::Pieces { owner, types, wanted } => {
                let (owner, wanted) = (Owner::of(owner)?, *wanted);
                Some(match types[..] {
                    [kind] => Fact::AnyOfType { owner, kind, wanted },
                    _ => Fact::AnyPiece { owner, types: types.clone(), wanted },
                })
            }
            Cond::Compare(op, Int::PieceCount { owner, types }, Int::Const(Some(bound))) => {
                Some(Fact::Pieces { owner: Owner::of(owner)?, types: types.clone(), op: *op, bound: *bound })
            }
            Cond::IsConst {
                operand: Operand::Context(ContextWord::Phase),
                constant: Value::Phase(phase),
                negated,
            } => Some(Fact::Phase { phase: *phase, negated: *negated }),
            _ => None,
        }
    }
}

impl Owner {
    /// The seat it names, `mover` having acted last and `next` to act.
    #[inline(always)]
    fn seat(self, (mover, next): (Option<SeatId>, SeatId)) -> Option<SeatId> {
        match self {
            Owner::Mover => mover,
            Owner::Next => Some(next),
            Owner::Fixed(seat) => seat,
        }
    }

    /// A compiled owner the end rules' seats name (`None` for any other).
    fn of(owner: &compiled::Owner) -> Option<Owner> {
        match owner {
            compiled::Owner::Mover => Some(Owner::Mover),
            compiled::Owner::Next => Some(Owner::Next),
            compiled::Owner::Expr(Expr::Const(Const::Seat(seat))) => Some(Owner::Fixed(Some(*seat))),
            compiled::Owner::Expr(Expr::Const(Const::None)) => Some(Owner::Fixed(None)),
            compiled::Owner::Expr(_) | compiled::Owner::It => None,
        }
    }
}
