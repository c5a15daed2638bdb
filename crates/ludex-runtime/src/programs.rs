//! Conditions as branching programs: a compiled condition's `and`, `or`, `not` and `if` turned into
//! jumps between its leaves, so that testing it is one loop over leaves — each leaf tested in
//! place, then the next leaf (or the answer) taken from the leaf's `yes` or `no` — where
//! [`Engine::test`] walks the tree, calling itself for each nested operator. `a and b` tests `b`
//! only when `a` holds, `a or b` only when `a` does not, `not a` swaps `a`'s jumps and `if c then
//! a else b` tests `c` and then one branch: the leaves tested, and their order, are the tree's.

use super::Engine;
use super::compiled::Cond;
use super::eval::Ctx;
use super::state::State;

/// Where a leaf's answer leads: the index of the next leaf, or one of the two answers.
type Jump = u32;

/// The program holds (past the last leaf's index).
const HOLDS: Jump = Jump::MAX;
/// The program fails.
const FAILS: Jump = Jump::MAX - 1;

/// A condition as leaves joined by jumps.
#[derive(Debug)]
pub(super) struct Program {
    leaves: Box<[Leaf]>,
    entry: Jump,
}

/// A condition that is no `and`, `or`, `not` or `if`, and where its answer leads.
#[derive(Debug)]
struct Leaf {
    test: Cond,
    yes: Jump,
    no: Jump,
}

impl Program {
    pub(super) fn new(cond: Cond) -> Program {
        let mut leaves = Vec::new();
        let entry = emit(cond, (HOLDS, FAILS), &mut leaves);
        Program { leaves: leaves.into_boxed_slice(), entry }
    }
}

/// Appends the condition's leaves, its answer leading to `yes` or `no`; gives its first leaf.
fn emit(cond: Cond, (yes, no): (Jump, Jump), leaves: &mut Vec<Leaf>) -> Jump {
    match cond {
        Cond::And(left, right) => {
            let right = emit(*right, (yes, no), leaves);
            emit(*left, (right, no), leaves)
        }
        Cond::Or(left, right) => {
            let right = emit(*right, (yes, no), leaves);
            emit(*left, (yes, right), leaves)
        }
        Cond::Not(inner) => emit(*inner, (no, yes), leaves),
        Cond::If { condition, then, otherwise } => {
            let then = emit(*then, (yes, no), leaves);
            let otherwise = emit(*otherwise, (yes, no), leaves);
            emit(*condition, (then, otherwise), leaves)
        }
        test => {
            leaves.push(Leaf { test, yes, no });
            // A program has far fewer leaves than the jumps' sentinels.
            Jump::try_from(leaves.len() - 1).unwrap_or(FAILS)
        }
    }
}

impl Engine {
    /// Whether the program's condition holds: its leaves tested from the entry, each leading to
    /// the next or to the answer. The loop stays small: the tests of pieces and cells are called
    /// from it directly, any other leaf through [`Engine::tested_leaf`].
    pub(super) fn run_program(&self, state: &State, ctx: &Ctx, program: &Program) -> bool {
        let mut at = program.entry;
        while let Some(leaf) = program.leaves.get(at as usize) {
            let holds = match &leaf.test {
                Cond::Piece(test) => self.piece_test(state, ctx, test),
                Cond::SameCell(test) => self.same_cell(state, ctx, test),
                other => self.tested_leaf(state, ctx, other),
            };
            at = if holds { leaf.yes } else { leaf.no };
        }
        at == HOLDS
    }

    /// A leaf of a program, out of line: inlined into the program's loop, the many leaves' reads
    /// of the context would be loaded before the loop at every run.
    #[inline(never)]
    fn tested_leaf(&self, state: &State, ctx: &Ctx, test: &Cond) -> bool {
        self.leaf(state, ctx, test)
    }
}
