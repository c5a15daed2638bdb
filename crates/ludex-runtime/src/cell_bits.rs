//! The engine's temporary sets of cells (a region or a group built as a set, a walk's visited
//! cells, sowing's skipped pits, the cells an effect's `for each` chooses): bit sets of exactly the
//! board's words, so that what they cost follows the board, not the largest board there may be.
//! A board of up to [`INLINE_WORDS`] words (512 cells) keeps its set on the stack; a larger one
//! borrows a buffer from a pool kept per thread and gives it back when the set is dropped, so that
//! once warm no set allocates.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

/// Words of the sets kept on the stack: boards of up to 512 cells (19 by 19 Go's 361 among them).
pub(crate) const INLINE_WORDS: usize = 8;

thread_local! {
    /// The buffers of the thread's large-board sets not in use, reused by the next ones.
    static POOL: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
}

/// A set of a board's cells, one bit a cell, empty when made. It reads as the slice of the board's
/// words (`bits::set_bit`, `bits::cells_in`... take it as such).
pub(crate) struct CellBits {
    words: usize,
    store: Store,
}

/// Where a [`CellBits`]' words are.
enum Store {
    /// On the stack (the first `words` of them).
    Inline([u64; INLINE_WORDS]),
    /// In a buffer of the thread's pool, exactly `words` long.
    Pooled(Vec<u64>),
}

impl CellBits {
    /// The empty set over a board of `cells` cells.
    #[inline]
    pub(crate) fn empty(cells: usize) -> CellBits {
        let words = cells.div_ceil(64);
        if words <= INLINE_WORDS {
            return CellBits { words, store: Store::Inline([0; INLINE_WORDS]) };
        }
        let mut buffer = POOL.try_with(|pool| pool.borrow_mut().pop()).ok().flatten().unwrap_or_default();
        buffer.clear();
        buffer.resize(words, 0);
        CellBits { words, store: Store::Pooled(buffer) }
    }
}

impl Deref for CellBits {
    type Target = [u64];

    #[inline]
    fn deref(&self) -> &[u64] {
        match &self.store {
            Store::Inline(words) => words.get(..self.words).unwrap_or(words),
            Store::Pooled(buffer) => buffer,
        }
    }
}

impl DerefMut for CellBits {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u64] {
        match &mut self.store {
            Store::Inline(words) => {
                let words_used = self.words.min(INLINE_WORDS);
                &mut words[..words_used]
            }
            Store::Pooled(buffer) => buffer,
        }
    }
}

impl Drop for CellBits {
    fn drop(&mut self) {
        if let Store::Pooled(buffer) = &mut self.store {
            let buffer = std::mem::take(buffer);
            // A thread being torn down frees the buffer instead.
            let _ = POOL.try_with(|pool| pool.borrow_mut().push(buffer));
        }
    }
}
