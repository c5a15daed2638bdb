//! Bit sets of cells, one bit a cell and 64 a word, as slices of words: the board index's sets,
//! the engine's temporary sets of the board's words (`cell_bits`), and the sets over the first
//! [`MAX_TABLED_WORDS`] words of the layers only boards that small have (walk tables, cell tests,
//! masks of ends).

use std::ops::ControlFlow;

use ludex_ir::CellId;

/// Words of the largest board the bit-set layers cover (256 cells).
pub(crate) const MAX_TABLED_WORDS: usize = 4;

#[inline]
pub(crate) fn set_bit(bits: &mut [u64], cell: CellId) {
    if let Some(word) = bits.get_mut(cell as usize / 64) {
        *word |= 1 << (cell % 64);
    }
}

#[inline]
pub(crate) fn clear_bit(bits: &mut [u64], cell: CellId) {
    if let Some(word) = bits.get_mut(cell as usize / 64) {
        *word &= !(1 << (cell % 64));
    }
}

#[inline]
pub(crate) fn has_bit(bits: &[u64], cell: CellId) -> bool {
    bits.get(cell as usize / 64).is_some_and(|word| word & (1 << (cell % 64)) != 0)
}

/// Adds every cell of `other` to `bits`, a set over the same board.
#[inline]
pub(crate) fn add_all(bits: &mut [u64], other: &[u64]) {
    bits.iter_mut().zip(other).for_each(|(word, other)| *word |= other);
}

/// The cells of a bit set, in order.
pub(crate) fn cells_in(bits: &[u64]) -> impl Iterator<Item = CellId> + '_ {
    bits.iter().enumerate().flat_map(|(index, &word)| {
        let base = index as u32 * 64;
        std::iter::successors((word != 0).then_some(word), |&w| {
            let rest = w & (w - 1);
            (rest != 0).then_some(rest)
        })
        .map(move |w| (base + w.trailing_zeros()) as CellId)
    })
}

/// Visits the cells of a bit set in order, until `visit` breaks: a loop over each word's set bits,
/// for the hot loops where the iterator of [`cells_in`] costs more.
#[inline(always)]
pub(crate) fn try_cells_in(
    bits: &[u64],
    mut visit: impl FnMut(CellId) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (index, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            visit((index as u32 * 64 + word.trailing_zeros()) as CellId)?;
            word &= word - 1;
        }
    }
    ControlFlow::Continue(())
}

/// The first `WORDS` words of a set of cells.
#[inline(always)]
pub(crate) fn first_words<const WORDS: usize>(cells: &[u64]) -> [u64; WORDS] {
    let mut words = [0; WORDS];
    words.iter_mut().zip(cells).for_each(|(word, cells)| *word = *cells);
    words
}
