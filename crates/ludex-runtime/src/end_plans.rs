//! The end rules read without a context when every one of them has a light shape: a conjunction
//! of counts of pieces on the board compared with a constant (`count(pieces(SEAT, TYPES...)) OP k`,
//! `SEAT` being `mover`, `next`, a seat named in the rules or `none`) and tests of the phase
//! (`phase == NAME`, `phase != NAME`). At a decision point where none of them holds — every one
//! but the last of a game — the judge then reads the board index and the phase, and builds no
//! context; when one holds, the end rules are asked as written, for the result.

use ludex_ir::{BinaryOp, Collection, Const, ContextWord, EndRule, Expr, PhaseId, SeatId, TypeId};

use super::compiled::{Wanted, compare};
use super::state::State;

/// The end rules as conjunctions of light tests, when every one has that shape.
#[derive(Debug)]
pub(crate) struct EndPlans {
    rules: Vec<Vec<Fact>>,
}

/// One conjunct of a planned end rule.
#[derive(Debug)]
enum Fact {
    /// `count(pieces(OWNER, TYPES...)) OP bound`.
    Pieces { owner: Owner, types: Vec<TypeId>, op: BinaryOp, bound: i64 },
    /// The same, when the comparison only asks whether there is such a piece (`== 0`, `> 0`...):
    /// no bits counted.
    AnyPiece { owner: Owner, types: Vec<TypeId>, wanted: Wanted },
    /// `phase == PHASE` (`negated`: `!=`).
    Phase { phase: PhaseId, negated: bool },
}

/// Whose pieces a [`Fact::Pieces`] counts, as the end rules' context names them.
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
    /// The plans, if every end rule has a light shape.
    pub(crate) fn new(rules: &[EndRule]) -> Option<EndPlans> {
        let mut rules = rules.iter().map(|rule| facts(&rule.condition)).collect::<Option<Vec<_>>>()?;
        // The tests of the phase first: they are the cheapest, and every test is pure.
        rules.iter_mut().for_each(|facts| facts.sort_by_key(|fact| !matches!(fact, Fact::Phase { .. })));
        Some(EndPlans { rules })
    }

    /// Whether some end rule holds, `mover` having acted last and `next` to act.
    pub(crate) fn any_holds(&self, state: &State, (mover, next): (Option<SeatId>, SeatId)) -> bool {
        let owner = |owner: Owner| match owner {
            Owner::Mover => mover,
            Owner::Next => Some(next),
            Owner::Fixed(seat) => seat,
        };
        let holds = |fact: &Fact| match fact {
            Fact::Pieces { owner: of, types, op, bound } => {
                compare(*op, Some(i64::from(state.index.count(owner(*of), types))), Some(*bound))
            }
            Fact::AnyPiece { owner: of, types, wanted } => {
                state.index.any(owner(*of), types) == (*wanted == Wanted::SomePiece)
            }
            Fact::Phase { phase, negated } => (state.phase == *phase) != *negated,
        };
        self.rules.iter().any(|facts| facts.iter().all(holds))
    }
}

/// A condition as a conjunction of light tests (`None` if it has another shape).
fn facts(condition: &Expr) -> Option<Vec<Fact>> {
    use BinaryOp::{And, Eq, Ge, Gt, Le, Lt, Ne};
    match condition {
        Expr::Binary(And, left, right) => {
            let mut facts = facts(left)?;
            facts.extend(self::facts(right)?);
            Some(facts)
        }
        Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), left, right) => match (&**left, &**right) {
            (Expr::Context(ContextWord::Phase), Expr::Const(Const::Phase(phase)))
            | (Expr::Const(Const::Phase(phase)), Expr::Context(ContextWord::Phase))
                if matches!(op, Eq | Ne) =>
            {
                Some(vec![Fact::Phase { phase: *phase, negated: *op == Ne }])
            }
            (Expr::Count(Collection::Pieces { owner, types }, None), Expr::Const(Const::Int(bound))) => {
                let owner = match **owner {
                    Expr::Context(ContextWord::Mover) => Owner::Mover,
                    Expr::Context(ContextWord::Next) => Owner::Next,
                    Expr::Const(Const::Seat(seat)) => Owner::Fixed(Some(seat)),
                    Expr::Const(Const::None) => Owner::Fixed(None),
                    _ => return None,
                };
                let types = types.clone();
                Some(vec![match Wanted::of(*op, *bound) {
                    Some(wanted) => Fact::AnyPiece { owner, types, wanted },
                    None => Fact::Pieces { owner, types, op: *op, bound: *bound },
                }])
            }
            _ => None,
        },
        _ => None,
    }
}
