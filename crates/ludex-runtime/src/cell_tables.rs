//! Conditions and integers that read one cell and nothing else that can change: `from`, `to` or
//! `it` (a member of a collection of cells), with constants, fixed maps, zones of all or of a named
//! seat, distances and shifts whose path is every seat's (`rank(to) <= 5`, `from in home(red)`,
//! `10 - distance(to, k10)`). Each is tabled by cell: the first time it is asked, it is evaluated
//! as written ([`Engine::eval`]) for every cell of the board and for no cell, then read from the
//! table — one lookup where the compiled tree walked its nodes. The state is not read by such an
//! expression, so any state fills the same table.
//!
//! A conjunction or disjunction whose operands read one cell is also regrouped (see
//! [`regrouped`]): the operands that read the same cell word are tabled together and tested first,
//! the others after them in the order written. Evaluation has no side effects and `and` and `or`
//! give truth values, so the order of the operands does not change what the whole gives.

use std::sync::OnceLock;

use ludex_ir::{BinaryOp, CellId, ContextWord, Expr};

use super::Engine;
use super::compiled::{Cond, Layout, nested_to_the_right};
use super::eval::Ctx;
use super::state::State;
use super::value::Value;

/// The largest board whose cells are tabled (a table is filled by evaluating every cell once).
const MOST_CELLS: usize = 4096;

/// The cell word a tabled expression reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellWord {
    From,
    To,
    /// `it`, tabled for the cells (and `none`) it may name; any other value of `it` is evaluated.
    It,
}

/// What an expression reads, for tabling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reads {
    /// Nothing that changes: constants and fixed tables only.
    Fixed,
    /// One cell word, and otherwise only what `Fixed` reads.
    One(CellWord),
    /// The state, another context word, or two cell words.
    More,
}

impl Reads {
    fn and(self, other: Reads) -> Reads {
        match (self, other) {
            (Reads::Fixed, reads) | (reads, Reads::Fixed) => reads,
            (Reads::One(a), Reads::One(b)) if a == b => Reads::One(a),
            _ => Reads::More,
        }
    }

    /// What the expression reads, as far as tabling goes.
    fn of(expr: &Expr, layout: &Layout) -> Reads {
        let all =
            |exprs: &[&Expr]| exprs.iter().fold(Reads::Fixed, |reads, e| reads.and(Reads::of(e, layout)));
        match expr {
            Expr::Const(_) => Reads::Fixed,
            Expr::Context(ContextWord::From) => Reads::One(CellWord::From),
            Expr::Context(ContextWord::To) => Reads::One(CellWord::To),
            Expr::Context(ContextWord::It) => Reads::One(CellWord::It),
            Expr::Binary(_, a, b) | Expr::Distance(a, b) => all(&[a, b]),
            Expr::Not(inner) | Expr::Neg(inner) => Reads::of(inner, layout),
            Expr::If(condition, then, otherwise) => all(&[condition, then, otherwise]),
            Expr::Map(map, cell) if layout.map_is_fixed(*map) => Reads::of(cell, layout),
            Expr::InZone { cell, seat, .. } => all(&[cell, seat]),
            Expr::Shift { cell, paths } if every_seats_path(paths, layout) => Reads::of(cell, layout),
            _ => Reads::More,
        }
    }
}

/// Whether a shift's path is the same for every seat (and so does not read the mover).
fn every_seats_path(paths: &[Vec<ludex_ir::DirId>], layout: &Layout) -> bool {
    paths.len() == layout.game.seats.len() && paths.windows(2).all(|pair| pair[0] == pair[1])
}

/// The cell word an expression worth tabling reads: one cell word and nothing that changes, on a
/// board small enough, and more than one lookup already (see [`one_lookup`]).
fn tabled_word(expr: &Expr, layout: &Layout) -> Option<CellWord> {
    let small = layout.game.board.cell_count() <= MOST_CELLS;
    match Reads::of(expr, layout) {
        Reads::One(word) if small && !one_lookup(expr) => Some(word),
        Reads::One(_) | Reads::Fixed | Reads::More => None,
    }
}

/// Whether an expression is read in one step already, as its compiled form (which other layers
/// read by its shape: a walk's length as a map at `from`, a move dropped as `from == none`): the
/// word or a constant, a map read at the word, the word compared with a constant.
fn one_lookup(expr: &Expr) -> bool {
    let word_and_constant = |a: &Expr, b: &Expr| {
        matches!((a, b), (Expr::Context(_), Expr::Const(_)) | (Expr::Const(_), Expr::Context(_)))
    };
    match expr {
        Expr::Const(_) | Expr::Context(_) => true,
        Expr::Map(_, cell) => matches!(**cell, Expr::Context(_)),
        Expr::Binary(BinaryOp::Eq | BinaryOp::Ne, a, b) => word_and_constant(a, b),
        _ => false,
    }
}

/// An expression's values by cell, filled the first time it is asked.
#[derive(Debug)]
pub(super) struct CellTable<T> {
    word: CellWord,
    expr: Expr,
    values: OnceLock<Filled<T>>,
}

/// A filled table: the value at each cell, and with no cell.
#[derive(Debug)]
struct Filled<T> {
    cells: Box<[T]>,
    nowhere: T,
}

impl<T: Copy> CellTable<T> {
    /// The table of an expression worth tabling (`None` for any other).
    pub(super) fn new(expr: &Expr, layout: &Layout) -> Option<CellTable<T>> {
        let word = tabled_word(expr, layout)?;
        Some(CellTable { word, expr: expr.clone(), values: OnceLock::new() })
    }

    /// The value in the context: from the table, or evaluated when `it` is no cell and not `none`.
    #[inline(always)]
    fn read(&self, engine: &Engine, state: &State, ctx: &Ctx, eval: fn(Value) -> T) -> T {
        let cell = match self.word {
            CellWord::From => ctx.from,
            CellWord::To => ctx.to,
            CellWord::It => match ctx.each.it {
                Value::Cell(cell) => Some(cell),
                Value::None => None,
                _ => return eval(engine.eval(state, ctx, &self.expr)),
            },
        };
        let filled = match self.values.get() {
            Some(filled) => filled,
            None => self.fill(engine, state, eval),
        };
        match cell {
            Some(cell) => match filled.cells.get(usize::from(cell)) {
                Some(value) => *value,
                None => eval(engine.eval(state, ctx, &self.expr)),
            },
            None => filled.nowhere,
        }
    }

    /// Evaluates the expression at every cell and at none, once.
    #[cold]
    #[inline(never)]
    fn fill(&self, engine: &Engine, state: &State, eval: fn(Value) -> T) -> &Filled<T> {
        self.values.get_or_init(|| {
            let at = |cell: Option<CellId>| {
                let base = Ctx::new(None, None);
                let ctx = match self.word {
                    CellWord::From => Ctx { from: cell, ..base },
                    CellWord::To => Ctx { to: cell, ..base },
                    CellWord::It => base.with_it(Value::from_option(cell, Value::Cell)),
                };
                eval(engine.eval(state, &ctx, &self.expr))
            };
            let count = engine.game.board.cell_count();
            let cells =
                (0..count).filter_map(|cell| CellId::try_from(cell).ok()).map(|c| at(Some(c))).collect();
            Filled { cells, nowhere: at(None) }
        })
    }
}

impl CellTable<bool> {
    /// Whether the condition holds in the context.
    #[inline(always)]
    pub(super) fn holds(&self, engine: &Engine, state: &State, ctx: &Ctx) -> bool {
        self.read(engine, state, ctx, |value| value.truthy())
    }
}

impl CellTable<Option<i64>> {
    /// The integer the expression gives in the context (`None` for any other value).
    #[inline(always)]
    pub(super) fn int(&self, engine: &Engine, state: &State, ctx: &Ctx) -> Option<i64> {
        self.read(engine, state, ctx, |value| value.as_int())
    }
}

/// A chain of `and` (or of `or`) whose operands reading the same cell word are regrouped into one
/// tabled operand each, tested before the others (`None` when no two operands read the same word).
pub(super) fn regrouped(op: BinaryOp, expr: &Expr, layout: &Layout) -> Option<Cond> {
    let mut operands = Vec::new();
    chain(op, expr, &mut operands);
    let mut groups: Vec<(CellWord, Vec<&Expr>)> = Vec::new();
    let mut others = Vec::new();
    for operand in operands {
        match Reads::of(operand, layout) {
            Reads::One(word) => match groups.iter_mut().find(|(w, _)| *w == word) {
                Some((_, group)) => group.push(operand),
                None => groups.push((word, vec![operand])),
            },
            Reads::Fixed | Reads::More => others.push(operand),
        }
    }
    if groups.iter().all(|(_, group)| group.len() < 2) {
        return None;
    }
    let joined = |exprs: &[&Expr]| {
        let (first, rest) = exprs.split_first()?;
        let join = |left: Expr, right: &&Expr| Expr::Binary(op, Box::new(left), Box::new((*right).clone()));
        Some(rest.iter().fold((*first).clone(), join))
    };
    let tabled = groups.iter().filter_map(|(_, group)| joined(group)).map(|e| Cond::new(&e, layout));
    let parts = tabled.chain(others.iter().map(|e| Cond::new(e, layout))).collect();
    Some(nested_to_the_right(op, parts))
}

/// The operands of a chain of the operator, in the order written.
pub(super) fn chain<'e>(op: BinaryOp, expr: &'e Expr, operands: &mut Vec<&'e Expr>) {
    match expr {
        Expr::Binary(inner, left, right) if *inner == op => {
            chain(op, left, operands);
            chain(op, right, operands);
        }
        _ => operands.push(expr),
    }
}
