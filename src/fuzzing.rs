//! The bodies of the fuzz targets (`fuzz/`), here so that `cargo test` replays the committed corpus
//! and every input that once crashed (`tests/fuzz_corpus.rs`) without a nightly toolchain. Each
//! takes arbitrary bytes and drives one kind of untrusted input through the library, asserting
//! what must hold whatever the input; a panic is a finding.
//!
//! - [`rules_bytes`]: the parser and checker on any text, and the rendering of what they report.
//! - [`mutated_rules`]: the checker on a shipped rules file with items dropped, duplicated or
//!   swapped, numbers made extreme, words replaced and nesting made deep.
//! - [`played_rules`]: the same mutations; a file that checks clean is played at random for a
//!   bounded number of steps, every position written and read back.
//! - [`position`]: a position text loaded for a shipped game, then written, read back and played.
//! - [`record`]: record lines read and replayed against a shipped game.
//!
//! A failed assertion here is a finding, so this module may panic.
#![allow(clippy::panic)]

use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::agents::play::{Playthrough, Step};
use crate::agents::{Agent, RandomAgent};
use crate::diagnostics::{self, Colors, Limits};
use crate::record;
use crate::runtime::{Engine, State, Status};
use crate::syntax::ITEM_KEYWORDS;

// `RULES`: the rules files mutated and played, written by the build script from `fuzz/rules.list`.
include!(concat!(env!("OUT_DIR"), "/fuzz_rules.rs"));

/// The most steps (moves and rolls) a mutated game is played for.
const PLAYED_STEPS: usize = 300;
/// The most steps played on from a loaded position.
const POSITION_STEPS: usize = 40;
/// The most cells of a board a mutated game is played on (`played_rules`): a move generation's
/// work grows with the board (Go tries every point), and boards up to the 4,096 cells of before keep
/// each input to a fraction of a second. Checking alone goes up to the `cells` limit.
const PLAYED_CELLS: usize = 4096;
/// The most records replayed from one input.
const REPLAYED_RECORDS: usize = 4;

/// Parses and checks any text, renders its diagnostics, and checks that a game comes out exactly
/// when no error does.
pub fn rules_bytes(data: &[u8]) {
    compile_and_render(&String::from_utf8_lossy(data));
}

/// Checks a shipped rules file mutated as the bytes say.
pub fn mutated_rules(data: &[u8]) {
    compile_and_render(&mutated_text(data));
}

/// The shipped rules file the bytes pick, mutated as they say (see [`mutated_rules`]).
pub fn mutated_text(data: &[u8]) -> String {
    mutate(&mut Bytes(data))
}

/// Checks a mutated rules file and, when it checks clean, plays it at random (seeded by the bytes)
/// for a bounded number of steps, writing and reading back the position at the end.
pub fn played_rules(data: &[u8]) {
    let mut bytes = Bytes(data);
    let text = mutate(&mut bytes);
    let limits = Limits { max_plies: 200, max_cells: PLAYED_CELLS, ..Limits::default() };
    let compiled = crate::compile_with_limits(&text, &Default::default(), &limits);
    let Some(game) = compiled.game else { return };
    let engine = Engine::new(game);
    let seed = u64::from_le_bytes(std::array::from_fn(|_| bytes.next()));
    play_and_round_trip(&engine, engine.initial_state(), seed, PLAYED_STEPS);
}

/// Loads a position (the bytes after the first, which picks the game) and, when it loads, writes
/// it, reads it back to the same state, and plays on from it.
pub fn position(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else { return };
    let engine = shipped_engine(pick);
    let Ok(state) = engine.load_position(&String::from_utf8_lossy(text)) else { return };
    let written = engine.write_position(&state);
    match engine.load_position(&written) {
        Ok(again) => assert_eq!(again, state, "a written position reads back the same:\n{written}"),
        Err(error) => panic!("a written position does not load: {error}\n{written}"),
    }
    let _ = engine.describe(&state);
    play_and_round_trip(engine, state, u64::from(pick), POSITION_STEPS);
}

/// Reads record lines (the bytes after the first, which picks the game) and replays each against
/// the game, whatever rules file it names.
pub fn record(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else { return };
    let engine = shipped_engine(pick);
    let limits = Limits { max_record_bytes: 1 << 16, ..Limits::default() };
    for (_, record) in record::read_with_limits(text, &limits).take(REPLAYED_RECORDS).flatten() {
        let _ = record::verify(engine, &record).map_err(|mismatch| mismatch.to_string());
    }
}

/// Compiles, renders and serializes the diagnostics; a game exactly when there is no error. (The
/// engine is built and played by [`played_rules`]: building its tables would slow this tenfold.)
fn compile_and_render(text: &str) {
    let compiled = crate::compile(text, &Default::default());
    assert_eq!(compiled.game.is_some(), !compiled.has_errors(), "{:?}", compiled.diagnostics);
    let limits = Limits { max_diagnostics: 20, ..Limits::default() };
    let _ =
        diagnostics::render_with_limits(&compiled.diagnostics, "fuzz.rules", text, Colors::Plain, &limits);
    let _ = diagnostics::to_json(&compiled.diagnostics, "fuzz.rules", text);
}

/// Plays random moves and rolls for at most `steps` steps; every position reached at a decision is
/// written and must read back to the same state.
fn play_and_round_trip(engine: &Engine, state: State, seed: u64, steps: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut agents: Vec<Box<dyn Agent>> =
        engine.game.seats.iter().map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
    let mut game = Playthrough::new(engine, state);
    for _ in 0..steps {
        if let Status::Decision { .. } = engine.status(game.state()) {
            let written = engine.write_position(game.state());
            match engine.load_position(&written) {
                Ok(again) => assert_eq!(&again, game.state(), "a written position reads back:\n{written}"),
                Err(error) => panic!("a written position does not load: {error}\n{written}"),
            }
        }
        if let Step::End(_) = game.step(&mut agents, &mut rng) {
            break;
        }
    }
}

/// The engine of a shipped game, compiled once.
fn shipped_engine(pick: u8) -> &'static Engine {
    static ENGINES: OnceLock<Vec<Engine>> = OnceLock::new();
    let engines = ENGINES.get_or_init(|| {
        RULES
            .iter()
            .filter_map(|(_, text)| crate::compile(text, &Default::default()).game.map(Engine::new))
            .collect()
    });
    &engines[usize::from(pick) % engines.len()]
}

/// The input bytes, read from the front; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&first, rest)) => {
                self.0 = rest;
                first
            }
            None => 0,
        }
    }

    /// A number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        let wide = usize::from(self.next()) << 8 | usize::from(self.next());
        wide.checked_rem(n).unwrap_or(0)
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Numbers that sit at or past the edges of what the rules may ask for.
const EXTREME_NUMBERS: [&str; 12] = [
    "0",
    "-1",
    "1",
    "26",
    "27",
    "4096",
    "65536",
    "2147483648",
    "-9223372036854775808",
    "9223372036854775807",
    "99999999999999999999999",
    "1000000",
];

/// How the bytes change a rules file.
enum Mutation {
    DropItem,
    DuplicateItem,
    SwapItems,
    ExtremeNumber,
    DeepParentheses,
    NestedCounts,
    ReplaceWord,
}

const MUTATIONS: [Mutation; 7] = [
    Mutation::DropItem,
    Mutation::DuplicateItem,
    Mutation::SwapItems,
    Mutation::ExtremeNumber,
    Mutation::DeepParentheses,
    Mutation::NestedCounts,
    Mutation::ReplaceWord,
];

/// A shipped rules file (picked by the first byte) changed by up to eight mutations.
fn mutate(bytes: &mut Bytes) -> String {
    let (_, text) = RULES[usize::from(bytes.next()) % RULES.len()];
    let mut items = items(text);
    let count = usize::from(bytes.next() % 8) + 1;
    for _ in 0..count {
        if bytes.is_empty() {
            break;
        }
        let mutation = &MUTATIONS[usize::from(bytes.next()) % MUTATIONS.len()];
        apply(mutation, &mut items, bytes);
    }
    items.concat()
}

fn apply(mutation: &Mutation, items: &mut Vec<String>, bytes: &mut Bytes) {
    let item = bytes.below(items.len());
    match mutation {
        Mutation::DropItem if !items.is_empty() => {
            items.remove(item);
        }
        Mutation::DuplicateItem if !items.is_empty() => {
            let copy = items[item].clone();
            items.insert(item, copy);
        }
        Mutation::SwapItems if !items.is_empty() => {
            let other = bytes.below(items.len());
            items.swap(item, other);
        }
        Mutation::ExtremeNumber => {
            let number = EXTREME_NUMBERS[usize::from(bytes.next()) % EXTREME_NUMBERS.len()];
            replace_number(items, item, bytes, |_| number.to_string());
        }
        Mutation::DeepParentheses => {
            let depth = bytes.below(400);
            replace_number(items, item, bytes, |n| format!("{}{n}{}", "(".repeat(depth), ")".repeat(depth)));
        }
        Mutation::NestedCounts => {
            let depth = bytes.below(6) + 1;
            let mut defines = String::from("\ndefine nest0 = count(pieces(mover))\n");
            for k in 1..=depth {
                defines.push_str(&format!("define nest{k} = count(pieces(mover), nest{} > 0)\n", k - 1));
            }
            items.push(defines);
            replace_number(items, item, bytes, |_| format!("nest{depth}"));
        }
        Mutation::ReplaceWord => {
            let words: Vec<String> = items.iter().flat_map(|i| words(i)).map(str::to_string).collect();
            let word = words.get(bytes.below(words.len())).cloned().unwrap_or_default();
            replace_word(items, item, bytes, &word);
        }
        Mutation::DropItem | Mutation::DuplicateItem | Mutation::SwapItems => {}
    }
}

/// The file cut before each line that starts with an item keyword.
fn items(text: &str) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        let starts_item =
            ITEM_KEYWORDS.iter().any(|k| line.strip_prefix(k).is_some_and(|r| r.starts_with(' ')));
        match items.last_mut() {
            Some(last) if !starts_item => last.push_str(line),
            _ => items.push(line.to_string()),
        }
    }
    items
}

/// Replaces one number of the item with `by(number)`.
fn replace_number(items: &mut [String], item: usize, bytes: &mut Bytes, by: impl Fn(&str) -> String) {
    let Some(text) = items.get_mut(item) else { return };
    let numbers: Vec<(usize, usize)> = spans(text, |w| w.bytes().all(|b| b.is_ascii_digit()));
    if let Some(&(start, end)) = numbers.get(bytes.below(numbers.len())) {
        let replacement = by(&text[start..end]);
        text.replace_range(start..end, &replacement);
    }
}

/// Replaces one word of the item with `word`.
fn replace_word(items: &mut [String], item: usize, bytes: &mut Bytes, word: &str) {
    let Some(text) = items.get_mut(item) else { return };
    let spans = spans(text, |_| true);
    if let Some(&(start, end)) = spans.get(bytes.below(spans.len())) {
        text.replace_range(start..end, word);
    }
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// The byte ranges of the words (letters, digits, `_`) for which `keep` holds.
fn spans(text: &str, keep: impl Fn(&str) -> bool) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (start, c.is_ascii_alphanumeric() || c == '_') {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                if keep(&text[s..i]) {
                    spans.push((s, i));
                }
                start = None;
            }
            _ => {}
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::RULES;

    /// Every rules file in `rules/` and `docs/examples/` is in [`RULES`], so that the fuzzer and
    /// the invariants cover it.
    #[test]
    fn every_shipped_rules_file_is_listed() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut missing = Vec::new();
        for folder in ["rules", "docs/examples"] {
            let entries = std::fs::read_dir(root.join(folder)).expect("the folder lists");
            for path in entries.map(|entry| entry.expect("a folder entry").path()) {
                if path.extension().is_some_and(|e| e == "rules") {
                    let text = std::fs::read_to_string(&path).expect("a rules file reads");
                    if !RULES.iter().any(|(_, listed)| *listed == text) {
                        missing.push(path.display().to_string());
                    }
                }
            }
        }
        assert!(missing.is_empty(), "not in fuzzing::RULES: {missing:?}");
    }
}
