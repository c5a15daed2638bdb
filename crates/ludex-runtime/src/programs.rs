//! Conditions as branching programs: a compiled condition's `and`, `or`, `not` and `if` turned into
//! jumps between its leaves, so that testing it is one loop over leaves — each leaf tested in
//! place, then the next leaf (or the answer) taken from the leaf's `yes` or `no` — where
//! [`Engine::test`] walks the tree, calling itself for each nested operator. `a and b` tests `b`
//! only when `a` holds, `a or b` only when `a` does not, `not a` swaps `a`'s jumps and `if c then
//! a else b` tests `c` and then one branch: the leaves tested, and their order, are the tree's.
//! A program's leaves may be translated into another form (the end rules' tests that read no
//! context, `end_plans`), its jumps kept.

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

/// A condition as leaves joined by jumps; a leaf is a compiled [`Cond`] unless translated.
#[derive(Debug)]
pub(super) struct Program<T = Cond> {
    leaves: Box<[Leaf<T>]>,
    entry: Jump,
}

/// A condition that is no `and`, `or`, `not` or `if`, and where its answer leads.
#[derive(Debug)]
struct Leaf<T> {
    test: T,
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

impl<T> Program<T> {
    /// Whether the program holds, `test` telling whether each leaf reached holds.
    #[inline(always)]
    pub(super) fn holds(&self, mut test: impl FnMut(&T) -> bool) -> bool {
        let mut at = self.entry;
        while let Some(leaf) = self.leaves.get(at as usize) {
            at = if test(&leaf.test) { leaf.yes } else { leaf.no };
        }
        at == HOLDS
    }

    /// The programs joined by `or`: one program that holds when one of them holds, each tested
    /// (in order) only when those before it fail.
    pub(super) fn any_of(programs: impl DoubleEndedIterator<Item = Program<T>>) -> Program<T> {
        let (mut leaves, mut entry) = (Vec::new(), FAILS);
        for program in programs.rev() {
            // The program's leaves go after those already joined; where it fails, the next begins.
            let offset = Jump::try_from(leaves.len()).unwrap_or(FAILS);
            let moved = |jump: Jump| match jump {
                HOLDS => HOLDS,
                FAILS => entry,
                leaf => leaf.saturating_add(offset),
            };
            let program_entry = moved(program.entry);
            leaves.extend(program.leaves.into_iter().map(|leaf| Leaf {
                yes: moved(leaf.yes),
                no: moved(leaf.no),
                ..leaf
            }));
            entry = program_entry;
        }
        Program { leaves: leaves.into_boxed_slice(), entry }
    }

    /// The same program with each leaf translated, if every leaf has a translation.
    pub(super) fn translated<U>(&self, mut translate: impl FnMut(&T) -> Option<U>) -> Option<Program<U>> {
        let leaf = |leaf: &Leaf<T>| Some(Leaf { test: translate(&leaf.test)?, yes: leaf.yes, no: leaf.no });
        let leaves = self.leaves.iter().map(leaf).collect::<Option<Box<[_]>>>()?;
        Some(Program { leaves, entry: self.entry })
    }
}

/// Appends the condition's leaves, its answer leading to `yes` or `no`; gives its first leaf.
fn emit(cond: Cond, (yes, no): (Jump, Jump), leaves: &mut Vec<Leaf<Cond>>) -> Jump {
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
        program.holds(|leaf| match leaf {
            Cond::Piece(test) => self.piece_test(state, ctx, test),
            Cond::SameCell(test) => self.same_cell(state, ctx, test),
            other => self.tested_leaf(state, ctx, other),
        })
    }

    /// A leaf of a program, out of line: inlined into the program's loop, the many leaves' reads
    /// of the context would be loaded before the loop at every run.
    #[inline(never)]
    fn tested_leaf(&self, state: &State, ctx: &Ctx, test: &Cond) -> bool {
        self.leaf(state, ctx, test)
    }
}
