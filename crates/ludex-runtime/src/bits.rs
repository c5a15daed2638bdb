//! Bit sets of cells, one bit a cell and 64 a word, as the speed layers keep them: on the stack
//! over the largest board ([`CELL_WORDS`]), or over the first [`MAX_TABLED_WORDS`] words for the
//! layers only boards that small have (walk tables, cell tests, masks of ends).

use ludex_ir::CellId;

/// Words of a bit set over the largest board.
pub(crate) const CELL_WORDS: usize = ludex_ir::MAX_CELLS.div_ceil(64);
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
