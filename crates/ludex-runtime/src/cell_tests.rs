//! Filter conjuncts that read the move's `from` or `to` only as the key of a map, compared with
//! an integer that is the same for every move of one generation (`level(from) == level(VARIABLE)`,
//! maybe after `VARIABLE == none or`), or compare the cell itself with a value that is
//! (`to == VARIABLE`), or ask whether it is in a zone (`from in ZONE`, perhaps under `not`): each
//! is computed once per generation as the set of cells on which it holds, so that pieces and ends
//! are kept by their bits, with no test a move. Only on boards of at most `MAX_TABLED_WORDS`
//! words.

use ludex_ir::{BinaryOp, CellId, ContextWord, Expr, PieceField, SeatId, ZoneId};

use super::Engine;
use super::bits::{MAX_TABLED_WORDS, set_bit};
use super::compiled::{CellOf, Cond, Int, Layout, MapAt, compare, gives_int};
use super::eval::Ctx;
use super::state::State;
use super::value::Value;

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

/// `UNLESS or TEST`, `UNLESS` reading no per-move word.
#[derive(Debug)]
pub(super) struct CellTest {
    pub key: Key,
    unless: Option<Unless>,
    test: Compared,
    /// The cells the test may be asked about: the board's for a test of `to`; for a test of
    /// `from`, the seat's pieces are read at each generation.
    board: [u64; MAX_TABLED_WORDS],
}

/// What a cell test compares, `VALUE` reading no per-move word.
#[derive(Debug)]
enum Compared {
    /// `MAP(KEY) OP VALUE`.
    Map {
        map: MapAt,
        /// For a map no effect changes, the cells of each of its values.
        classes: Option<Vec<Class>>,
        op: BinaryOp,
        value: Scalar,
    },
    /// `KEY == VALUE` (`negated`: `!=`), with [`Value`]'s equality: the cell equals the value
    /// only when the value is that cell.
    Cell { value: Expr, negated: bool },
    /// `KEY in ZONE` for the seat `SEAT` gives (`negated`: under `not`).
    Zone { zone: ZoneId, seat: Expr, negated: bool },
}

/// The cells of a fixed map that hold one value (`none`: no value, or past the map's end).
#[derive(Debug)]
struct Class {
    value: Option<i32>,
    cells: [u64; MAX_TABLED_WORDS],
}

/// What the map's values are compared with, read once a generation: a variable without seats or
/// a map's value at the cell such a variable holds are read from the state with no context.
#[derive(Debug)]
enum Scalar {
    /// A map's value at the cell a variable holds (`none` when it holds no cell).
    MapAtVariable(MapAt, Option<u32>),
    /// Any other expression, compiled, read with the generation's context.
    Compiled(Int),
}

/// The condition under which a test keeps every cell: a variable without seats compared with a
/// constant is read from the state with no context.
#[derive(Debug)]
enum Unless {
    VariableIs { slot: Option<u32>, constant: Value, negated: bool },
    Compiled(Cond),
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
        let cells = layout.game.board.cell_count();
        if cells.div_ceil(64) > MAX_TABLED_WORDS {
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
                Some(CellTest { unless: Some(Unless::new(unless, layout)), ..test })
            }
            Expr::Not(inner) if matches!(**inner, Expr::InZone { .. }) => {
                let test = CellTest::new(inner, layout)?;
                let Compared::Zone { zone, seat, negated } = test.test else { return None };
                Some(CellTest { test: Compared::Zone { zone, seat, negated: !negated }, ..test })
            }
            Expr::InZone { cell, zone, seat } if is_invariant(seat) => key(cell).map(|key| CellTest {
                key,
                unless: None,
                test: Compared::Zone { zone: *zone, seat: (**seat).clone(), negated: false },
                board: board_cells(cells),
            }),
            Expr::Binary(op @ (Eq | Ne), left, right)
                if let Some((key, value)) = cell_compared(left, right) =>
            {
                is_invariant(value).then(|| CellTest {
                    key,
                    unless: None,
                    test: Compared::Cell { value: value.clone(), negated: *op == Ne },
                    board: board_cells(cells),
                })
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
                    test: Compared::Map {
                        map: layout.map(*map),
                        classes: classes(&layout.map(*map), cells),
                        op,
                        value: Scalar::new(value, layout),
                    },
                    board: board_cells(cells),
                })
            }
            _ => None,
        }
    }

    /// Takes out of `mask` the cells on which the test fails in this generation, where `seat` acts
    /// and `next` follows (the seat's pieces are the cells a test of `from` is asked about).
    pub(super) fn restrict(
        &self,
        engine: &Engine,
        state: &State,
        (seat, next): (SeatId, Option<SeatId>),
        mask: &mut CellMask,
    ) {
        let generation = || Ctx::new(Some(seat), next);
        if self.unless.as_ref().is_some_and(|unless| unless.holds(engine, state, generation)) {
            return;
        }
        let domain = match self.key {
            Key::From => state.index.of_owner(Some(seat)),
            Key::To => &self.board,
        };
        let (kept, off_board) = match &self.test {
            Compared::Map { map, classes, op, value } => {
                let value = value.read(engine, state, generation);
                let kept = match classes {
                    Some(classes) => {
                        cells_of_classes(classes, domain, |key| compare(*op, key.map(i64::from), value))
                    }
                    None => cells_where_map(state, (map, *op), domain, value),
                };
                (kept, compare(*op, None, value))
            }
            Compared::Cell { value, negated } => {
                let value = engine.eval(state, &generation(), value);
                let mut kept = [0; MAX_TABLED_WORDS];
                if let Value::Cell(cell) = value {
                    set_bit(&mut kept, cell);
                }
                (within(kept, *negated, domain), (value == Value::None) != *negated)
            }
            Compared::Zone { zone, seat, negated } => {
                let seat = engine.eval(state, &generation(), seat).as_seat();
                let mut kept = [0; MAX_TABLED_WORDS];
                if let Some(cells) = engine.zone_cells(*zone, seat) {
                    kept.iter_mut().zip(&cells.bits).for_each(|(kept, &cells)| *kept = cells);
                }
                // No cell is in no zone: `from in ZONE` is false for a move from no cell.
                (within(kept, *negated, domain), *negated)
            }
        };
        mask.bits.iter_mut().zip(kept).for_each(|(bits, kept)| *bits &= kept);
        mask.off_board &= off_board;
    }
}

/// The cells of `domain` in `cells` (not in them when `negated`).
fn within(mut cells: [u64; MAX_TABLED_WORDS], negated: bool, domain: &[u64]) -> [u64; MAX_TABLED_WORDS] {
    if negated {
        cells.iter_mut().for_each(|cells| *cells = !*cells);
    }
    let domain = domain.iter().chain(std::iter::repeat(&0));
    cells.iter_mut().zip(domain).for_each(|(cells, domain)| *cells &= domain);
    cells
}

/// The cells of `domain` on which `MAP(KEY) OP VALUE` holds, the map's values read one by one.
/// One loop for each usual comparison, so that it is not chosen again at every cell; an equality
/// compares the map's values as they are stored.
fn cells_where_map(
    state: &State,
    (map, op): (&MapAt, BinaryOp),
    domain: &[u64],
    value: Option<i64>,
) -> [u64; MAX_TABLED_WORDS] {
    let values = map.values(state);
    match (op, stored(value)) {
        (BinaryOp::Eq, Some(value)) => cells_where(values, domain, |key| key == value),
        (BinaryOp::Ne, Some(value)) => cells_where(values, domain, |key| key != value),
        (op, _) => cells_where(values, domain, |key| compare(op, key.map(i64::from), value)),
    }
}

impl Scalar {
    fn new(value: &Expr, layout: &Layout) -> Scalar {
        match (value, Int::new(value, layout)) {
            (Expr::Map(..), Int::Map(map, CellOf::Variable(slot))) => Scalar::MapAtVariable(map, slot),
            (_, compiled) => Scalar::Compiled(compiled),
        }
    }

    fn read<'c>(&self, engine: &Engine, state: &State, generation: impl Fn() -> Ctx<'c>) -> Option<i64> {
        match self {
            Scalar::MapAtVariable(map, slot) => {
                let Value::Cell(cell) = slot_value(state, *slot) else { return None };
                map.values(state).get(usize::from(*cell)).copied().flatten().map(i64::from)
            }
            Scalar::Compiled(int) => engine.int(state, &generation(), int),
        }
    }
}

impl Unless {
    fn new(unless: &Expr, layout: &Layout) -> Unless {
        let slot = |variable| super::variable_slot(layout.game, &layout.state.variable_slots, variable, None);
        match unless {
            Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::Ne), left, right) => match (&**left, &**right) {
                (Expr::Variable(variable), Expr::Const(constant))
                | (Expr::Const(constant), Expr::Variable(variable)) => Unless::VariableIs {
                    slot: slot(*variable),
                    constant: Value::from_const(*constant),
                    negated: *op == BinaryOp::Ne,
                },
                _ => Unless::Compiled(Cond::new(unless, layout)),
            },
            _ => Unless::Compiled(Cond::new(unless, layout)),
        }
    }

    fn holds<'c>(&self, engine: &Engine, state: &State, generation: impl Fn() -> Ctx<'c>) -> bool {
        match self {
            Unless::VariableIs { slot, constant, negated } => {
                let value = slot_value(state, *slot);
                // `none` is told by its tag alone, without the equality of values.
                let equal = match constant {
                    Value::None => matches!(value, Value::None),
                    constant => value == constant,
                };
                equal != *negated
            }
            Unless::Compiled(cond) => engine.test(state, &generation(), cond),
        }
    }
}

/// A variable's value, read in place (as `read_slot` gives it, without the copy).
fn slot_value(state: &State, slot: Option<u32>) -> &Value {
    slot.and_then(|slot| state.variables.get(slot as usize)).unwrap_or(&Value::None)
}

/// For a map no effect changes, the cells of each of its values (those past its end have none).
fn classes(map: &MapAt, cells: usize) -> Option<Vec<Class>> {
    let MapAt::Fixed(values) = map else { return None };
    let mut classes: Vec<Class> = Vec::new();
    for cell in 0..cells {
        let value = values.get(cell).copied().flatten();
        let index = match classes.iter().position(|class| class.value == value) {
            Some(index) => index,
            None => {
                classes.push(Class { value, cells: [0; MAX_TABLED_WORDS] });
                classes.len() - 1
            }
        };
        if let Some(word) = classes.get_mut(index).and_then(|class| class.cells.get_mut(cell / 64)) {
            *word |= 1 << (cell % 64);
        }
    }
    Some(classes)
}

/// The cells of `domain` in the classes whose value satisfies `holds`.
fn cells_of_classes(
    classes: &[Class],
    domain: &[u64],
    holds: impl Fn(Option<i32>) -> bool,
) -> [u64; MAX_TABLED_WORDS] {
    let mut kept = [0u64; MAX_TABLED_WORDS];
    for class in classes.iter().filter(|class| holds(class.value)) {
        kept.iter_mut().zip(class.cells).for_each(|(kept, cells)| *kept |= cells);
    }
    kept.iter_mut()
        .zip(domain.iter().chain(std::iter::repeat(&0)))
        .for_each(|(kept, domain)| *kept &= domain);
    kept
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

/// The cell and the value of `KEY == VALUE` (either way round), if it compares `from` or `to`.
fn cell_compared<'e>(left: &'e Expr, right: &'e Expr) -> Option<(Key, &'e Expr)> {
    match (key(left), key(right)) {
        (Some(key), _) => Some((key, right)),
        (None, Some(key)) => Some((key, left)),
        (None, None) => None,
    }
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
