//! Filter conjuncts that read the move's `from` or `to` only as the key of a map, compared with
//! an integer that is the same for every move of one generation (`level(from) == level(VARIABLE)`,
//! maybe after `VARIABLE == none or`): each is computed once per generation as the set of cells
//! on which it holds, so that pieces and ends are kept by their bits, with no test a move. Only on
//! boards of at most `MAX_TABLED_WORDS` words.

use ludex_ir::{BinaryOp, CellId, ContextWord, Expr, PieceField};

use super::Engine;
use super::bits::MAX_TABLED_WORDS;
use super::compiled::{Cond, Int, Layout, MapAt, compare, gives_int};
use super::eval::Ctx;
use super::state::State;

/// The context words bound per moving piece or per move.
const PER_MOVE_WORDS: [ContextWord; 6] = [
    ContextWord::Piece,
    ContextWord::From,
    ContextWord::To,
    ContextWord::Target,
    ContextWord::Promotion,
    ContextWord::Choice,
];

/// The cell a test reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Key {
    From,
    To,
}

/// `UNLESS or MAP(KEY) OP VALUE`, `UNLESS` and `VALUE` reading no per-move word.
#[derive(Debug)]
pub(super) struct CellTest {
    pub key: Key,
    unless: Option<Cond>,
    map: MapAt,
    op: BinaryOp,
    value: Int,
}

/// The cells on which some tests hold, and whether they hold without a cell (`from` of a drop,
/// `to` of a walk that leaves the board). Only boards of at most `MAX_TABLED_WORDS` words have cell
/// tests, so a cell past those words is never tested: it is kept.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellMask {
    pub bits: [u64; MAX_TABLED_WORDS],
    pub off_board: bool,
}

impl CellMask {
    /// Every cell: no test.
    pub(super) const ALL: CellMask = CellMask { bits: [u64::MAX; MAX_TABLED_WORDS], off_board: true };

    pub(super) fn holds(&self, cell: Option<CellId>) -> bool {
        match cell {
            Some(cell) => self.bits.get(cell as usize / 64).is_none_or(|word| word & (1 << (cell % 64)) != 0),
            None => self.off_board,
        }
    }
}

impl CellTest {
    /// The conjunct as a cell test, if it has that shape.
    pub(super) fn new(expr: &Expr, layout: &Layout) -> Option<CellTest> {
        if layout.game.board.cell_count().div_ceil(64) > MAX_TABLED_WORDS {
            return None;
        }
        use BinaryOp::{Eq, Ge, Gt, Le, Lt, Ne, Or};
        match expr {
            Expr::Binary(Or, left, right) => {
                let (unless, test) = match (is_invariant(left), is_invariant(right)) {
                    (true, _) => (left, right),
                    (_, true) => (right, left),
                    _ => return None,
                };
                let test = CellTest::new(test, layout).filter(|test| test.unless.is_none())?;
                Some(CellTest { unless: Some(Cond::new(unless, layout)), ..test })
            }
            Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), left, right) => {
                let (key, map, value, op) = match (&**left, &**right) {
                    (Expr::Map(map, cell), value) if key(cell).is_some() => (key(cell)?, map, value, *op),
                    (value, Expr::Map(map, cell)) => (key(cell)?, map, value, flipped(*op)),
                    _ => return None,
                };
                (is_invariant(value) && gives_int(value, layout.game)).then(|| CellTest {
                    key,
                    unless: None,
                    map: layout.map(*map),
                    op,
                    value: Int::new(value, layout),
                })
            }
            _ => None,
        }
    }

    /// Takes out of `mask` the cells on which the test fails in this generation (`ctx` binds its
    /// `mover` and `next`), and the cells out of `domain`, the cells it may be asked about.
    pub(super) fn restrict(
        &self,
        engine: &Engine,
        state: &State,
        ctx: &Ctx,
        domain: &[u64],
        mask: &mut CellMask,
    ) {
        if self.unless.as_ref().is_some_and(|unless| engine.test(state, ctx, unless)) {
            return;
        }
        let value = engine.int(state, ctx, &self.value);
        let values = self.map.values(state);
        // One loop for each usual comparison, so that it is not chosen again at every cell; an
        // equality compares the map's values as they are stored.
        let kept = match (self.op, stored(value)) {
            (BinaryOp::Eq, Some(value)) => cells_where(values, domain, |key| key == value),
            (BinaryOp::Ne, Some(value)) => cells_where(values, domain, |key| key != value),
            (op, _) => cells_where(values, domain, |key| compare(op, key.map(i64::from), value)),
        };
        mask.bits.iter_mut().zip(kept).for_each(|(bits, kept)| *bits &= kept);
        mask.off_board &= compare(self.op, None, value);
    }
}

/// An integer (or `none`) as a map stores it, if it fits: a map's value equals it exactly when
/// they are equal as stored.
fn stored(value: Option<i64>) -> Option<Option<i32>> {
    match value {
        None => Some(None),
        Some(value) => i32::try_from(value).ok().map(Some),
    }
}

/// The cells of `domain` whose value in the map (`none` past its end) satisfies `holds`.
fn cells_where(
    values: &[Option<i32>],
    domain: &[u64],
    holds: impl Fn(Option<i32>) -> bool,
) -> [u64; MAX_TABLED_WORDS] {
    let mut kept = [0u64; MAX_TABLED_WORDS];
    for ((index, kept), &domain) in kept.iter_mut().enumerate().zip(domain) {
        let mut rest = domain;
        while rest != 0 {
            let bit = rest.trailing_zeros();
            let key = values.get(index * 64 + bit as usize).copied().flatten();
            *kept |= u64::from(holds(key)) << bit;
            rest &= rest - 1;
        }
    }
    kept
}

/// Every cell of a board of `cells` cells, as a bit set.
pub(super) fn board_cells(cells: usize) -> [u64; MAX_TABLED_WORDS] {
    let mut bits = [0u64; MAX_TABLED_WORDS];
    for (index, word) in bits.iter_mut().enumerate() {
        let count = cells.saturating_sub(index * 64).min(64);
        *word = if count == 64 { u64::MAX } else { (1 << count) - 1 };
    }
    bits
}

/// The per-move cell a map is read at, if it is one.
fn key(cell: &Expr) -> Option<Key> {
    match cell {
        Expr::Context(ContextWord::From) => Some(Key::From),
        Expr::Context(ContextWord::To) => Some(Key::To),
        _ => None,
    }
}

/// The comparison with its sides swapped.
fn flipped(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::Le => BinaryOp::Ge,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::Ge => BinaryOp::Le,
        other => other,
    }
}

/// Whether an expression reads no per-move word. A piece's value may read any word, and so may
/// the conditions of `attacked`: expressions with either are taken to read them.
fn is_invariant(expr: &Expr) -> bool {
    !expr.any(&mut |e| match e {
        Expr::Context(word) => PER_MOVE_WORDS.contains(word),
        Expr::Field(_, PieceField::Value) | Expr::Attacked { .. } => true,
        _ => false,
    })
}
