//! A compound move's second part packed into a [`Part`]: every field read back as written, parts
//! ordered as their fields are, and a move of two parts no larger than a move of one.

use super::*;
use crate::compound::Part;

/// Second parts at the edges of what each layout holds: `(to, piece, choice)`.
fn parts() -> Vec<(Option<CellId>, Option<TypeId>, i32)> {
    let last_cell = (MAX_CELLS - 1) as CellId;
    let last_type = (MAX_PIECE_TYPES - 1) as TypeId;
    let chosen = [i32::MIN, -1_999_999_999, -1, 0, 1, 1 << 24, i32::MAX].map(|c| (None, None, c));
    let cells = [Some(0), Some(1), Some(last_cell), None];
    let types = [None, Some(0), Some(last_type)];
    let amounts = [0, 1, 2, MAX_CELLS as i32];
    let placed = cells.into_iter().flat_map(|to| {
        types.into_iter().flat_map(move |piece| {
            amounts.into_iter().filter(move |_| to.is_some() || piece.is_some()).map(move |c| (to, piece, c))
        })
    });
    chosen.into_iter().chain(placed).collect()
}

#[test]
fn a_part_gives_back_what_it_was_made_of() {
    for fields in parts() {
        let part = Part::new(fields.0, fields.1, fields.2).expect("it fits");
        assert!(part.is_some());
        assert_eq!(part.fields(), Some(fields), "{part:?}");
    }
    assert_eq!(Part::NONE.fields(), None);
    assert!(!Part::NONE.is_some());
}

#[test]
fn parts_are_ordered_as_their_fields() {
    let parts = parts();
    for a in &parts {
        for b in &parts {
            let packed =
                |(to, piece, choice): (Option<CellId>, Option<TypeId>, i32)| Part::new(to, piece, choice);
            assert_eq!(packed(*a).cmp(&packed(*b)), a.cmp(b), "{a:?} against {b:?}");
        }
    }
}

#[test]
fn a_part_that_does_not_fit_is_refused() {
    assert_eq!(Part::new(Some(CellId::MAX), None, 0), None, "a cell past the largest board");
    assert_eq!(Part::new(Some(3), None, -1), None, "a negative amount with a cell");
    assert_eq!(Part::new(Some(3), None, 1 << 24), None, "an amount past the longest track");
    assert_eq!(Part::new(None, Some(127), 0), None, "a type past the last");
}

#[test]
fn a_move_of_two_parts_is_as_large_as_a_move_of_one() {
    assert_eq!(std::mem::size_of::<Move>(), 32);
    let first = Move { to: Some(7), ..Move::bare(MoveKind::Action(0)) };
    let second = Move { to: Some(9), piece: Some(2), ..Move::bare(MoveKind::Action(1)) };
    let both = first.followed_by(second).expect("it fits");
    assert_eq!(both.first_part(), first);
    assert!(both.tail.is_some() && !first.tail.is_some());
}
