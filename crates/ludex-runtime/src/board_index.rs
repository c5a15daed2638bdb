//! Indexes derived from the board and kept up to date by `State::set_piece`, so that questions
//! about where pieces stand need no scan of the board: which cells each owner's pieces stand on,
//! which cells each owner's pieces of each type stand on (bit sets of one bit a cell), and a hash
//! of the whole board (the exclusive or of a hash of each piece on its cell).

use ludex_ir::{CellId, SeatId, TypeId};

use super::bits::MAX_TABLED_WORDS;
use super::state::{Piece, copy_into};

/// Whether a write to the board keeps its hash up to date.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum BoardHash {
    /// Every write updates it.
    #[default]
    Kept,
    /// Writes leave it as it was: on a scratch copy that nothing asks for it, until the copy is
    /// put back (which puts back the hash too).
    Stale,
}

/// The occupancy bit sets and the board hash. The bit sets are stored one after the other, each
/// `words` words long: one per owner (neutral first, then seat by seat), then one per owner and
/// type (the same owner order, types in order within an owner).
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct BoardIndex {
    words: usize,
    owners: usize,
    types: usize,
    bits: Vec<u64>,
    hash: u64,
}

impl Clone for BoardIndex {
    fn clone(&self) -> BoardIndex {
        BoardIndex { bits: self.bits.clone(), ..*self }
    }

    /// Reuses the buffer already held (see `State::clone_from`): one of the same length (the same
    /// game's) is copied over with no check of its capacity (`copy_into`).
    fn clone_from(&mut self, source: &BoardIndex) {
        (self.words, self.owners, self.types, self.hash) =
            (source.words, source.owners, source.types, source.hash);
        copy_into(&mut self.bits, &source.bits);
    }
}

impl BoardIndex {
    /// The index of an empty board of `cells` cells, `seats` seats and `types` piece types.
    pub(crate) fn empty(cells: usize, seats: usize, types: usize) -> BoardIndex {
        let (words, owners) = (cells.div_ceil(64), seats + 1);
        BoardIndex { words, owners, types, bits: vec![0; words * owners * (types + 1)], hash: 0 }
    }

    /// Notes that `old` left `cell` and `new` arrived on it (either may be absent), the hash kept
    /// up to date or left stale.
    #[inline(always)]
    pub(crate) fn replace(
        &mut self,
        cell: CellId,
        (old, new): (Option<&Piece>, Option<&Piece>),
        hash: BoardHash,
    ) {
        if let Some(old) = old {
            self.toggle(cell, old, Presence::Left, hash);
        }
        if let Some(new) = new {
            self.toggle(cell, new, Presence::Arrived, hash);
        }
    }

    /// Notes that `piece` left `from` for `to`, on which no piece stood: [`BoardIndex::replace`]
    /// for each of the two cells, with the piece's hash and bit sets found once.
    #[inline(always)]
    pub(crate) fn moved(&mut self, (from, to): (CellId, CellId), piece: &Piece, hash: BoardHash) {
        if hash == BoardHash::Kept {
            let key = piece_key(piece);
            self.hash ^= mix(u64::from(from) ^ key) ^ mix(u64::from(to) ^ key);
        }
        let (owner, kind) = (owner_index(piece.owner), usize::from(piece.kind));
        if owner >= self.owners {
            return;
        }
        self.move_bit(owner * self.words, (from, to));
        if kind < self.types {
            self.move_bit((self.owners + owner * self.types + kind) * self.words, (from, to));
        }
    }

    /// Clears `from`'s bit and sets `to`'s in the bit set that starts at word `start`.
    #[inline(always)]
    fn move_bit(&mut self, start: usize, (from, to): (CellId, CellId)) {
        if let Some(bits) = self.bits.get_mut(start + usize::from(from / 64)) {
            *bits &= !(1u64 << (from % 64));
        }
        if let Some(bits) = self.bits.get_mut(start + usize::from(to / 64)) {
            *bits |= 1u64 << (to % 64);
        }
    }

    /// Computes the hash of `board` (this index's board) afresh, after writes that left it stale.
    pub(crate) fn rehash(&mut self, board: &[Option<Piece>]) {
        let cells = board.iter().zip(0..=CellId::MAX);
        let hashes = cells.filter_map(|(piece, cell)| Some(piece_hash(cell, piece.as_ref()?)));
        self.hash = hashes.fold(0, |hash, piece| hash ^ piece);
    }

    /// Takes the hash of `source`, whose board this index's board now equals.
    pub(crate) fn take_hash_from(&mut self, source: &BoardIndex) {
        self.hash = source.hash;
    }

    #[inline(always)]
    fn toggle(&mut self, cell: CellId, piece: &Piece, presence: Presence, hash: BoardHash) {
        if hash == BoardHash::Kept {
            self.hash ^= piece_hash(cell, piece);
        }
        let (owner, kind) = (owner_index(piece.owner), usize::from(piece.kind));
        if owner >= self.owners {
            return;
        }
        let (word, bit) = (usize::from(cell / 64), 1u64 << (cell % 64));
        let flip = |bits: &mut u64| match presence {
            Presence::Arrived => *bits |= bit,
            Presence::Left => *bits &= !bit,
        };
        if let Some(bits) = self.bits.get_mut(owner * self.words + word) {
            flip(bits);
        }
        if kind < self.types
            && let Some(bits) =
                self.bits.get_mut((self.owners + owner * self.types + kind) * self.words + word)
        {
            flip(bits);
        }
    }

    /// The hash of the board: equal boards have equal hashes, on every run and machine.
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The cells the owner's pieces (`None`: neutral pieces) stand on.
    pub(crate) fn of_owner(&self, owner: Option<SeatId>) -> &[u64] {
        self.set(self.owner_start(owner))
    }

    /// Writes into `cells` the first words of the set of cells any piece stands on.
    pub(crate) fn occupied(&self, cells: &mut [u64]) {
        cells.iter_mut().for_each(|word| *word = 0);
        for owner in self.bits.chunks(self.words.max(1)).take(self.owners) {
            cells.iter_mut().zip(owner).for_each(|(word, bits)| *word |= bits);
        }
    }

    /// Word number `word` of the set of cells any piece stands on.
    pub(crate) fn occupied_word(&self, word: usize) -> u64 {
        let of_owner = |owner: usize| self.bits.get(owner * self.words + word).copied().unwrap_or(0);
        (0..self.owners).map(of_owner).fold(0, |cells, owner| cells | owner)
    }

    /// The cells the owner's pieces of a type stand on.
    pub(crate) fn of_type(&self, owner: Option<SeatId>, kind: TypeId) -> &[u64] {
        self.set(self.type_start(owner, kind))
    }

    /// How many of the owner's pieces of the types (of any type when there are none) stand on the
    /// board.
    pub(crate) fn count(&self, owner: Option<SeatId>, types: &[TypeId]) -> u32 {
        match types {
            [] => self.of_owner(owner).iter().map(|w| w.count_ones()).sum(),
            [kind] => self.of_type(owner, *kind).iter().map(|w| w.count_ones()).sum(),
            _ => (0..self.words)
                .map(|word| {
                    let bits = |&kind: &TypeId| self.of_type(owner, kind).get(word).copied().unwrap_or(0);
                    types.iter().map(bits).fold(0, |union, bits| union | bits).count_ones()
                })
                .sum(),
        }
    }

    /// Whether any of the owner's pieces of the types (of any type when there are none) stands on
    /// the board: [`BoardIndex::count`] is not 0.
    pub(crate) fn any(&self, owner: Option<SeatId>, types: &[TypeId]) -> bool {
        match types {
            [] => self.of_owner(owner).iter().any(|&word| word != 0),
            types => types.iter().any(|&kind| self.of_type(owner, kind).iter().any(|&word| word != 0)),
        }
    }

    /// Whether any of the owner's pieces of the type stands on the board.
    #[inline(always)]
    pub(crate) fn any_of_type(&self, owner: Option<SeatId>, kind: TypeId) -> bool {
        self.of_type(owner, kind).iter().any(|&word| word != 0)
    }

    /// The cells the owner's pieces of the types (of any type when there are none) stand on, on a
    /// board of at most `MAX_TABLED_WORDS` words (none on a larger one); the words past the board
    /// are empty. Always inlined: the generation reads it once a piece.
    #[inline(always)]
    pub(crate) fn cells_of_types(
        &self,
        owner: Option<SeatId>,
        types: &[TypeId],
    ) -> Option<[u64; MAX_TABLED_WORDS]> {
        if self.words > MAX_TABLED_WORDS {
            return None;
        }
        let mut cells = [0u64; MAX_TABLED_WORDS];
        let mut add = |bits: &[u64]| cells.iter_mut().zip(bits).for_each(|(cells, bits)| *cells |= bits);
        match types {
            [] => add(self.of_owner(owner)),
            types => types.iter().for_each(|&kind| add(self.of_type(owner, kind))),
        }
        Some(cells)
    }

    /// Words of all the bit sets together.
    pub(crate) fn total_words(&self) -> usize {
        self.bits.len()
    }

    /// Words of a bit set.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    fn set(&self, start: Option<usize>) -> &[u64] {
        start.and_then(|start| self.bits.get(start..start + self.words)).unwrap_or(&[])
    }

    fn owner_start(&self, owner: Option<SeatId>) -> Option<usize> {
        let owner = owner_index(owner);
        (owner < self.owners).then_some(owner * self.words)
    }

    fn type_start(&self, owner: Option<SeatId>, kind: TypeId) -> Option<usize> {
        let (owner, kind) = (owner_index(owner), usize::from(kind));
        (owner < self.owners && kind < self.types)
            .then_some((self.owners + owner * self.types + kind) * self.words)
    }
}

/// Whether a piece arrived on a cell or left it.
#[derive(Clone, Copy)]
enum Presence {
    Arrived,
    Left,
}

/// The position of an owner's bit sets in the index.
fn owner_index(owner: Option<SeatId>) -> usize {
    owner.map_or(0, |seat| usize::from(seat) + 1)
}

/// A hash of a piece standing on a cell: its fields packed into words, each multiplied by its own
/// odd constant, then mixed (SplitMix64's finaliser). No branches: it runs on every board write.
fn piece_hash(cell: CellId, piece: &Piece) -> u64 {
    mix(u64::from(cell) ^ piece_key(piece))
}

/// What [`piece_hash`] mixes beside the cell: the owner and type above the cell's 16 bits (so
/// that or-ing them with the cell is exclusive or-ing), and the attributes multiplied.
#[inline(always)]
fn piece_key(piece: &Piece) -> u64 {
    const FACTORS: [u64; 4] =
        [0xff51_afd7_ed55_8ccd, 0xc4ce_b9fe_1a85_ec53, 0x9e37_79b9_7f4a_7c15, 0xd6e8_feb8_6659_fd93];
    let owner = piece.owner.map_or(0, |s| u64::from(s) + 1);
    let mut key = owner << 16 | u64::from(piece.kind) << 24;
    for (pair, factor) in piece.attributes.chunks(2).zip(FACTORS) {
        let high = pair.get(1).map_or(0, |&a| u64::from(a as u32));
        let word = u64::from(pair[0] as u32) | high << 32;
        key ^= word.wrapping_mul(factor).rotate_left(29);
    }
    key
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
