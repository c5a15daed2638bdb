//! The order of a board's rays in the cell index, found once per game, and the first occupied
//! cell along a ray found by a bit scan. On a board whose cells are numbered row by row (every
//! square and hexagonal board), the ray leaving any cell in a given direction runs through cells
//! of ever larger index, or ever smaller: the first piece on it is then the lowest (or the
//! highest) set bit of the occupied cells of the ray, with no walk along it; and the cells a
//! slide reaches along it are those of the ray up to that piece, with no walk either.

use ludex_ir::{Board, CellId, DirId};

use super::bits::MAX_TABLED_WORDS;
use super::reach::ReachTables;
use super::state::State;

/// How the cells of every ray in one direction run in the cell index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RayOrder {
    /// Each cell's index is larger than the one before.
    Increasing,
    /// Each cell's index is smaller than the one before.
    Decreasing,
    /// Neither, from some cell: the ray must be walked.
    Unordered,
}

impl RayOrder {
    /// The order of the rays leaving every cell of the board in the direction.
    pub(super) fn of(board: &Board, direction: DirId) -> RayOrder {
        let steps = (0..board.cell_count() as CellId)
            .filter_map(|cell| board.neighbour(cell, direction).map(|next| (cell, next)));
        let (mut up, mut down) = (true, true);
        for (cell, next) in steps {
            up &= next > cell;
            down &= next < cell;
        }
        match (up, down) {
            (true, _) => RayOrder::Increasing,
            (false, true) => RayOrder::Decreasing,
            (false, false) => RayOrder::Unordered,
        }
    }
}

/// The first words of a set of cells, on a board of at most `MAX_TABLED_WORDS` words.
pub(super) type Occupied = [u64; MAX_TABLED_WORDS];

/// The first words of the occupied cells, on a board of at most `MAX_TABLED_WORDS` words.
pub(super) fn occupied_cells(state: &State) -> Option<Occupied> {
    let mut cells = [0; MAX_TABLED_WORDS];
    (state.index.words() <= MAX_TABLED_WORDS).then(|| {
        state.index.occupied(&mut cells);
        cells
    })
}

/// The cells a slide with no most steps reaches from `from` in the directions, each ray's first
/// occupied cell included (whether the move may end there is the destination rule's question):
/// the cells of each ray up to its first occupied cell, found word by word in the ray's order.
/// None when a direction's rays are unordered, or the board larger than `occupied`'s words.
pub(super) fn slide_ends(
    reach: &ReachTables,
    occupied: &Occupied,
    from: CellId,
    directions: &[DirId],
) -> Option<Occupied> {
    let mut ends = [0; MAX_TABLED_WORDS];
    for &direction in directions {
        let ray = reach.ray(from, direction);
        let order = reach.order(direction);
        if let &[ray] = ray {
            ends[0] |= up_to_first(ray, occupied[0], order)?;
            continue;
        }
        if ray.len() > MAX_TABLED_WORDS {
            return None;
        }
        let words = ends.iter_mut().zip(ray.iter().zip(occupied));
        match order {
            RayOrder::Increasing => add_up_to_first(words, RayOrder::Increasing),
            RayOrder::Decreasing => add_up_to_first(words.rev(), RayOrder::Decreasing),
            RayOrder::Unordered => return None,
        }
    }
    Some(ends)
}

/// The cells of a ray of one word (running in `order`) up to its first occupied cell, that cell
/// included, with no loop over words; `None` when the ray is unordered.
#[inline(always)]
fn up_to_first(ray: u64, occupied: u64, order: RayOrder) -> Option<u64> {
    let hits = ray & occupied;
    let kept = match order {
        // The bits up to the lowest hit, or all of them when there is none.
        RayOrder::Increasing => hits ^ hits.wrapping_sub(1),
        RayOrder::Decreasing if hits == 0 => u64::MAX,
        RayOrder::Decreasing => u64::MAX << (63 - hits.leading_zeros()),
        RayOrder::Unordered => return None,
    };
    Some(ray & kept)
}

/// Adds to each word of the ends the cells of the ray's word, word after word in the ray's
/// `order` (the words come reversed for a decreasing ray), up to its first occupied cell: the
/// lowest set bit of a word of an increasing ray, the highest of a decreasing one.
#[inline(always)]
fn add_up_to_first<'a>(words: impl Iterator<Item = (&'a mut u64, (&'a u64, &'a u64))>, order: RayOrder) {
    for (ends, (&ray, &occupied)) in words {
        let hits = ray & occupied;
        if hits != 0 {
            *ends |= ray
                & match order {
                    RayOrder::Increasing => hits ^ (hits - 1),
                    RayOrder::Decreasing => u64::MAX << (63 - hits.leading_zeros()),
                    RayOrder::Unordered => 0,
                };
            return;
        }
        *ends |= ray;
    }
}

/// The first cell of `ray` (running in `order`) that is in `occupied`; `None` when no cell of
/// the ray is occupied or the ray is unordered.
#[inline]
pub(super) fn first_occupied(ray: &[u64], occupied: &[u64], order: RayOrder) -> Option<CellId> {
    let mut words = ray.iter().zip(occupied).map(|(ray, occupied)| ray & occupied).enumerate();
    match order {
        RayOrder::Increasing => {
            words.find(|&(_, hits)| hits != 0).map(|(index, hits)| cell(index, hits.trailing_zeros()))
        }
        RayOrder::Decreasing => {
            words.rfind(|&(_, hits)| hits != 0).map(|(index, hits)| cell(index, 63 - hits.leading_zeros()))
        }
        RayOrder::Unordered => None,
    }
}

/// How many cells of `ray` (running in `order`) lead to `to`, `to` included: its distance along
/// the ray (0 when the ray is unordered).
pub(super) fn distance_along(ray: &[u64], to: CellId, order: RayOrder) -> usize {
    let (index, bit) = (usize::from(to) / 64, u32::from(to) % 64);
    let ones = |words: &[u64]| words.iter().map(|word| word.count_ones() as usize).sum::<usize>();
    let word = ray.get(index).copied().unwrap_or(0);
    match order {
        RayOrder::Increasing => {
            ones(ray.get(..index).unwrap_or(&[])) + (word & (u64::MAX >> (63 - bit))).count_ones() as usize
        }
        RayOrder::Decreasing => {
            ones(ray.get(index + 1..).unwrap_or(&[])) + (word & (u64::MAX << bit)).count_ones() as usize
        }
        RayOrder::Unordered => 0,
    }
}

/// The cell of bit `bit` of word `index`.
fn cell(index: usize, bit: u32) -> CellId {
    (index * 64 + bit as usize) as CellId
}

#[cfg(test)]
mod tests {
    use ludex_ir::{CellId, DirId, Game};

    use super::{Occupied, RayOrder, first_occupied, slide_ends};
    use crate::bits::{has_bit, set_bit};
    use crate::reach::ReachTables;

    fn game(board: &str) -> Game {
        let text = format!(
            "game \"rays\"\nseat white\nseat black\nboard {board}\npiece man {{\n  letter M\n}}\n\
             setup {{\n  place man for white on cells a1\n}}\n\
             action run for man {{\n  slide all\n}}\nphase play {{\n  turn {{\n    play run\n  }}\n}}\n"
        );
        let compiled = ludex_check::compile(&text, &ludex_check::OptionValues::default());
        compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics))
    }

    /// The first occupied cell from `cell` in `direction` and its distance, by walking.
    fn walked(game: &Game, occupied: &[u64], cell: CellId, direction: DirId) -> Option<(CellId, usize)> {
        let mut at = cell;
        for distance in 1..=game.board.cell_count() {
            at = game.board.neighbour(at, direction)?;
            if has_bit(occupied, at) {
                return Some((at, distance));
            }
        }
        None
    }

    /// Boards of one to four words, square and hexagonal.
    const BOARDS: [&str; 4] = ["square 8 by 8", "square 15 by 15", "hex 6", "square 12 by 2"];

    /// Occupancies of the board's cells of a fifth, a third and a half, at random.
    fn occupancies(cells: usize, mut seed: u64) -> impl Iterator<Item = Occupied> {
        [5, 3, 2].into_iter().map(move |density| {
            let mut occupied = Occupied::default();
            for cell in 0..cells as CellId {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                if (seed >> 33).is_multiple_of(density) {
                    set_bit(&mut occupied, cell);
                }
            }
            occupied
        })
    }

    /// On each of the boards every ray of every cell is ordered and its bit scan finds the cell a
    /// walk finds, over the occupancies.
    #[test]
    fn the_bit_scan_finds_the_first_piece_a_walk_finds() {
        for board in BOARDS {
            let game = game(board);
            let tables = ReachTables::new(&game).expect("small boards have tables");
            let cells = game.board.cell_count();
            for occupied in occupancies(cells, 0x2545_f491_4f6c_dd1d) {
                for direction in 0..game.board.directions.len() as DirId {
                    let order = RayOrder::of(&game.board, direction);
                    assert_ne!(order, RayOrder::Unordered, "{board}");
                    for cell in 0..cells as CellId {
                        let scanned = first_occupied(tables.ray(cell, direction), &occupied, order);
                        let distance = scanned.map(|to| tables.distance((cell, direction), order, to));
                        let found = scanned.zip(distance);
                        assert_eq!(
                            found,
                            walked(&game, &occupied, cell, direction),
                            "{board} {cell} {direction}"
                        );
                    }
                }
            }
        }
    }

    /// The cells a slide reaches, by walking each direction up to the first occupied cell.
    fn slid(game: &Game, occupied: &[u64], cell: CellId, directions: &[DirId]) -> Occupied {
        let mut ends = Occupied::default();
        for &direction in directions {
            let mut at = cell;
            while let Some(next) = game.board.neighbour(at, direction) {
                set_bit(&mut ends, next);
                if has_bit(occupied, next) {
                    break;
                }
                at = next;
            }
        }
        ends
    }

    /// A slide's ends from the bit sets of its rays are the cells a walk reaches, each direction
    /// alone and all together, on the same boards as above and other occupancies.
    #[test]
    fn the_ends_of_a_slide_from_its_rays_are_those_a_walk_reaches() {
        for board in BOARDS {
            let game = game(board);
            let tables = ReachTables::new(&game).expect("small boards have tables");
            let cells = game.board.cell_count();
            let all: Vec<DirId> = (0..game.board.directions.len() as DirId).collect();
            for occupied in occupancies(cells, 0x9e37_79b9_7f4a_7c15) {
                for cell in 0..cells as CellId {
                    let singles = all.iter().map(std::slice::from_ref);
                    for directions in singles.chain([&all[..]]) {
                        assert_eq!(
                            slide_ends(&tables, &occupied, cell, directions),
                            Some(slid(&game, &occupied, cell, directions)),
                            "{board} {cell} {directions:?}"
                        );
                    }
                }
            }
        }
    }
}
