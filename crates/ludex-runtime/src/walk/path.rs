//! A walk's path, for the walks whose path matters (they pay, push or may leave the board): the
//! directions of its steps in order, packed in a word. Paths are written `c1-c2-d2`, a step off the
//! board as `-off`.

use ludex_ir::DirId;

/// The most steps a path holds.
pub const MAX_PATH_STEPS: usize = 16;
/// Bits a step takes in a [`Path`].
const STEP_BITS: u32 = 4;

/// The directions of a walk's steps in order: four bits a step (the direction plus one), the first
/// step in the lowest bits. It holds at most [`MAX_PATH_STEPS`] steps, in directions below 15.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(u64);

impl Path {
    /// No path: the move is not a walk that keeps one.
    pub const NONE: Path = Path(0);

    /// Whether it has no step.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many steps it has.
    pub fn len(self) -> usize {
        (u64::BITS - self.0.leading_zeros()).div_ceil(STEP_BITS) as usize
    }

    /// The path with one more step, if it has room for it.
    pub fn then(self, direction: DirId) -> Option<Path> {
        let len = self.len();
        let code = u64::from(direction) + 1;
        (len < MAX_PATH_STEPS && code < 1 << STEP_BITS)
            .then(|| Path(self.0 | code << (len as u32 * STEP_BITS)))
    }

    /// The directions of the steps, first to last.
    pub fn steps(self) -> impl Iterator<Item = DirId> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            let code = rest & ((1 << STEP_BITS) - 1);
            rest >>= STEP_BITS;
            (code != 0).then(|| (code - 1) as DirId)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_hold_sixteen_steps_in_order() {
        let mut path = Path::NONE;
        assert!(path.is_empty());
        for step in 0..MAX_PATH_STEPS {
            path = path.then((step % 15) as DirId).expect("room");
        }
        assert_eq!(path.len(), MAX_PATH_STEPS);
        assert_eq!(path.then(0), None);
        let steps: Vec<DirId> = path.steps().collect();
        assert_eq!(steps, (0..MAX_PATH_STEPS).map(|s| (s % 15) as DirId).collect::<Vec<_>>());
        assert_eq!(Path::NONE.then(15), None);
        assert_eq!(Path::NONE.then(14).map(Path::len), Some(1));
    }
}
