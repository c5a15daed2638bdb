//! Cell names: the letters of a file and the number of a rank, `a1`, `h8`, `ad30`. The files of a
//! square board or a rhombus are lettered as spreadsheet columns are, `a` to `z`, then `aa` to
//! `az`, `ba` to `zz`, then `aaa`...: a bijective numbering in base 26, so every string of letters
//! names exactly one file, the first 26 files keep their single letters, and a name stays letters
//! then digits (`aa10-ab11` reads one way only). Hexagonal boards letter their files from their own
//! alphabet, without `j` (see `geometry`).

/// The letters of a 1-based file: 1 is `a`, 26 `z`, 27 `aa`, 702 `zz`, 703 `aaa` (0 has none).
pub fn file_letters(file: u32) -> String {
    let mut letters = Vec::new();
    let mut rest = file;
    while rest > 0 {
        rest -= 1;
        letters.push(char::from(b'a' + (rest % 26) as u8));
        rest /= 26;
    }
    letters.iter().rev().collect()
}

/// The 1-based file that letters name (`ad` is 30); `None` for no letters, a character that is not
/// a lowercase ASCII letter, or a number past `u32`.
pub fn file_number(letters: &str) -> Option<u32> {
    if letters.is_empty() {
        return None;
    }
    letters.bytes().try_fold(0u32, |number, byte| {
        let digit = byte.is_ascii_lowercase().then(|| u32::from(byte - b'a') + 1)?;
        number.checked_mul(26)?.checked_add(digit)
    })
}

/// A cell name's letters and rank: `("ad", 30)` for `ad30`; `None` unless the name is lowercase
/// ASCII letters then a rank number written without a leading zero.
pub fn split_cell_name(name: &str) -> Option<(&str, u32)> {
    let (letters, rank) = name.split_at(name.find(|c: char| !c.is_ascii_lowercase())?);
    let well_formed =
        !letters.is_empty() && !rank.starts_with('0') && rank.bytes().all(|b| b.is_ascii_digit());
    if !well_formed {
        return None;
    }
    Some((letters, rank.parse().ok()?))
}

/// The words of a move's text that may name cells, in order: each run of letters then digits
/// (`aa10ab11` gives `aa10` and `ab11`), where an `x` right after a digit is the capture sign and
/// not the start of a file (`a1xa2` gives `a1` and `a2`; the notation never writes a cell straight
/// after another, so a move to a file starting with `x` reads `a1-xa2`).
pub fn cell_names_in(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let run_end = |from: usize, class: fn(&u8) -> bool| {
        from + bytes.get(from..).map_or(0, |rest| rest.iter().take_while(|b| class(b)).count())
    };
    let mut names = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let letters_end = run_end(at, u8::is_ascii_lowercase);
        if letters_end == at {
            at += 1;
            continue;
        }
        let after_digit =
            at.checked_sub(1).and_then(|before| bytes.get(before)).is_some_and(u8::is_ascii_digit);
        let capture_sign = after_digit && bytes.get(at) == Some(&b'x') && letters_end > at + 1;
        let end = run_end(letters_end, u8::is_ascii_digit);
        if end > letters_end
            && let Some(name) = text.get(at + usize::from(capture_sign)..end)
        {
            names.push(name);
        }
        at = end;
    }
    names
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{Board, CellId, MAX_CELLS};

    #[test]
    fn files_are_lettered_as_spreadsheet_columns() {
        let named: Vec<(u32, &str)> =
            vec![(1, "a"), (2, "b"), (26, "z"), (27, "aa"), (30, "ad"), (52, "az"), (53, "ba"), (702, "zz")];
        for (file, letters) in named.iter().copied().chain([(703, "aaa"), (4096, "fan")]) {
            assert_eq!(file_letters(file), letters);
            assert_eq!(file_number(letters), Some(file));
        }
        assert_eq!(file_letters(0), "");
        for bad in ["", "A", "a1", "é", "-"] {
            assert_eq!(file_number(bad), None, "{bad}");
        }
        assert_eq!(file_number(&"z".repeat(8)), None, "past u32");
    }

    /// Every file and every rank a board within the cell limit can have reads back: so does every
    /// cell name of every board size up to the limit, a name being its file's letters and its rank.
    #[test]
    fn every_file_and_rank_up_to_the_cell_limit_reads_back() {
        let mut previous = String::new();
        for number in 1..=MAX_CELLS as u32 {
            let letters = file_letters(number);
            assert_eq!(file_number(&letters), Some(number));
            // Later files sort after earlier ones: by length, then alphabetically.
            assert!((previous.len(), previous.as_str()) < (letters.len(), letters.as_str()), "{letters}");
            let name = format!("{letters}{number}");
            assert_eq!(split_cell_name(&name), Some((letters.as_str(), number)));
            previous = letters;
        }
    }

    #[test]
    fn a_cell_name_is_letters_then_a_rank() {
        assert_eq!(split_cell_name("ad30"), Some(("ad", 30)));
        assert_eq!(split_cell_name("a1"), Some(("a", 1)));
        for bad in ["", "a", "30", "a0", "a01", "a1b", "a-1", "a1 ", "a99999999999"] {
            assert_eq!(split_cell_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_cells_of_a_move_are_read_apart_from_its_signs() {
        let read = |text| cell_names_in(text);
        assert_eq!(read("aa10-ab11"), ["aa10", "ab11"]);
        assert_eq!(read("aa10ab11"), ["aa10", "ab11"]);
        assert_eq!(read("a1xa2"), ["a1", "a2"]);
        assert_eq!(read("ad29xac30=q"), ["ad29", "ac30"]);
        assert_eq!(read("a1-xa2"), ["a1", "xa2"]);
        assert_eq!(read("xa2"), ["xa2"], "a removal, or a placing on xa2: the board tells");
        assert_eq!(read("w1x2"), ["w1", "x2"], "a file `x` alone after a cell is a cell");
        assert_eq!(read("q@ad30"), ["ad30"]);
        assert_eq!(read("c3xe5xg7/ab2"), ["c3", "e5", "g7", "ab2"]);
        assert_eq!(read("j1-off(6)"), ["j1"]);
        assert_eq!(read("orient 2"), Vec::<&str>::new());
        assert_eq!(read("é1a1"), ["a1"]);
    }

    /// Every cell's name finds that cell and gives its file and rank; no name past the board finds
    /// one.
    fn assert_cell_names_correspond(board: &Board, (width, height): (u32, u32)) {
        for (id, cell) in board.cells.iter().enumerate() {
            assert_eq!(board.cell_named(&cell.name), Some(id as CellId));
            let (letters, rank) = split_cell_name(&cell.name).expect("a cell name");
            assert_eq!((file_number(letters), rank), (Some(cell.file), cell.rank));
        }
        assert_eq!(board.cell_named(&format!("{}1", file_letters(width + 1))), None);
        assert_eq!(board.cell_named(&format!("a{}", height + 1)), None);
    }

    /// Boards of as many cells as a board may have, as squares and rhombi: the widest, the highest
    /// and the squarest (255 by 257).
    #[test]
    fn the_largest_boards_name_their_cells_back() {
        let most = MAX_CELLS as u32;
        for (width, height) in [(most, 1), (1, most), (255, 257)] {
            for board in [Board::square(width, height), Board::rhombus(width, height)] {
                let board = board.expect("a board within the limit");
                assert_eq!(board.cell_count(), MAX_CELLS);
                assert_cell_names_correspond(&board, (width, height));
            }
        }
        assert!(Board::square(256, 256).is_none(), "one cell past the limit");
    }

    /// Boards of random cases of at most this many cells (the largest ones are tested above).
    const SAMPLED_CELLS: u32 = 8192;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// On square boards and rhombi of any size up to `SAMPLED_CELLS`, with any cells left out,
        /// every cell's name finds that cell and gives its file and rank; no other name finds one.
        #[test]
        fn cell_names_and_cells_correspond(
            width in 1u32..=SAMPLED_CELLS,
            height_share in 0.0f64..1.0,
            rhombus: bool,
            holes in proptest::collection::vec(any::<bool>(), 0..64),
        ) {
            let most = SAMPLED_CELLS / width;
            let height = 1 + (height_share * f64::from(most)) as u32 % most;
            let full = if rhombus { Board::rhombus(width, height) } else { Board::square(width, height) };
            let full = full.expect("a board within the limit");
            prop_assert_eq!(full.cell_count(), (width * height) as usize);
            let removed: Vec<bool> = (0..full.cell_count()).map(|i| holes.get(i % 64) == Some(&true) && i % 7 == 0).collect();
            let board = full.clone().without(&removed).unwrap_or(full);
            assert_cell_names_correspond(&board, (width, height));
        }
    }

    #[test]
    fn hexagonal_boards_skip_j_and_name_their_cells_back() {
        for side in 1..=12 {
            let board = Board::hex(side).expect("a hexagonal board");
            for (id, cell) in board.cells.iter().enumerate() {
                assert_eq!(board.cell_named(&cell.name), Some(id as CellId), "{}", cell.name);
            }
            assert_eq!(board.cell_named("j1"), None);
        }
    }
}
