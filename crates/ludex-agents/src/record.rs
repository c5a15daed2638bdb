//! Game records: one JSON object a line, holding the rules file, options, seed, seats and every move
//! and chance outcome in notation (the `plies` list; rolls are entries of it but not plies of the
//! game), enough to replay a game to the identical end.
//!
//! ```json
//! {"ludex": 1, "rules": "rules/game.rules", "options": {}, "seed": 7, "seats": ["random", "random"],
//!  "plies": ["roll 4", "a2-a3"], "result": {"places": [1, 2], "reason": "..."}}
//! ```
//!
//! `position` (the start position's text) is present only for a game that did not start from the
//! setup; `result` is `null` for a game that stopped before the rules ended it. [`verify`] replays a
//! record against an engine.

// Numbers and indices here come from the input: arithmetic is checked or saturating, indexing
// by `get` (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::indexing_slicing))]

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read, Write};

use serde::{Deserialize, Serialize};

use crate::play::{PlayedGame, roll_notation};
use ludex_ir::{Limit, Limits, Number, quote};
use ludex_runtime::{Engine, GameResult, Move, State, Status};

/// The record format's version, the value of the `ludex` field.
pub const FORMAT_VERSION: u32 = 1;

/// The longest message quoted from a record (a move's text, a JSON error).
const QUOTED_CHARS: usize = 60;

/// How many legal moves a replay error lists.
const LISTED_MOVES: usize = 30;

/// One game as recorded: one line of a records file (see the module documentation for its JSON
/// form). Unknown fields are refused when reading, so a misspelt field is an error, not a default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The format version: [`FORMAT_VERSION`].
    pub ludex: u32,
    /// The rules file as the game was started with it.
    pub rules: String,
    /// The value of every option the game declares.
    pub options: BTreeMap<String, Number>,
    /// The seed of the game's random generator.
    pub seed: u64,
    /// The agent of each seat, in seat order (`random`, `human`).
    pub seats: Vec<String>,
    /// The start position's text, when the game did not start from the setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Everything that happened, in order: moves in notation, chance outcomes as `roll N`.
    pub plies: Vec<String>,
    /// The result the rules gave; `None` for a game that stopped before the rules ended it (a seat
    /// quit, or the driver stopped it).
    pub result: Option<GameResult>,
}

/// Where a game came from, to record with its plies.
#[derive(Clone, Debug)]
pub struct RecordHeader {
    /// The rules file as the game was started with it (a path, as given).
    pub rules: String,
    /// The value of every option the game declares.
    pub options: BTreeMap<String, Number>,
    /// The seed of the game's random generator.
    pub seed: u64,
    /// Each seat's agent spec, in seat order.
    pub seats: Vec<String>,
    /// The start position's text, `None` for a game started from the setup.
    pub position: Option<String>,
}

impl Record {
    /// The record of `game`, played from `header`'s start, in the current [`FORMAT_VERSION`]; its
    /// result is the game's when the rules ended it, else `None`.
    pub fn new(header: RecordHeader, game: PlayedGame) -> Record {
        let result = game.result().cloned();
        Record {
            ludex: FORMAT_VERSION,
            rules: header.rules,
            options: header.options,
            seed: header.seed,
            seats: header.seats,
            position: header.position,
            plies: game.plies,
            result,
        }
    }
}

/// Writes a record as one line.
pub fn write(out: &mut impl Write, record: &Record) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")
}

/// A record line that could not be read.
///
/// Every variant names the 1-based line; reading stops after an I/O error, a line too long or a
/// truncated last line, and goes on to the next line after the others.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The input could not be read.
    #[error("line {line}: {source}")]
    Io {
        /// The line being read.
        line: usize,
        /// What the reader reported.
        source: io::Error,
    },
    /// The line is longer than the `record-bytes` limit; it is not read further.
    #[error("line {line}: longer than the limit `{}` of {most} bytes", Limit::RecordBytes)]
    TooLong {
        /// The line refused.
        line: usize,
        /// The limit, in bytes (the newline included).
        most: u64,
    },
    /// The line is not a record: not JSON, or a field missing, unknown or of the wrong type.
    #[error("line {line}: not a ludex record: {}", quote(&.source.to_string(), 4 * QUOTED_CHARS))]
    Json {
        /// The line refused.
        line: usize,
        /// The JSON reader's complaint (quoted cut short in the message).
        source: serde_json::Error,
    },
    /// The last line lacks its newline and its JSON is cut short: the writer was interrupted.
    #[error("line {line}: the last line is truncated: the run that wrote it was interrupted?")]
    Truncated {
        /// The last line.
        line: usize,
    },
    /// The record's `ludex` field is not [`FORMAT_VERSION`].
    #[error("line {line}: record format version {version}, this ludex reads version {FORMAT_VERSION}")]
    Version {
        /// The line refused.
        line: usize,
        /// The version the line claims.
        version: u32,
    },
}

/// Reads records, one a line (blank lines skipped), each with its 1-based line number, under the
/// default limits.
pub fn read(input: impl BufRead) -> impl Iterator<Item = Result<(usize, Record), ReadError>> {
    read_with_limits(input, &Limits::default())
}

/// [`read`], refusing a line longer than the `record-bytes` limit.
pub fn read_with_limits<R: BufRead>(
    input: R,
    limits: &Limits,
) -> impl Iterator<Item = Result<(usize, Record), ReadError>> + use<R> {
    Lines { input, line: 0, done: false, most: limits.max_record_bytes }
}

struct Lines<R> {
    input: R,
    line: usize,
    done: bool,
    /// The longest line read, in bytes.
    most: u64,
}

impl<R: BufRead> Lines<R> {
    /// The next line's bytes, `None` at the end of input.
    fn next_line(&mut self) -> Result<Option<Vec<u8>>, ReadError> {
        let line = self.line;
        let mut bytes = Vec::new();
        let read = Read::take(&mut self.input, self.most.saturating_add(1))
            .read_until(b'\n', &mut bytes)
            .map_err(|source| ReadError::Io { line, source })?;
        if read as u64 > self.most {
            return Err(ReadError::TooLong { line, most: self.most });
        }
        Ok((read > 0).then_some(bytes))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, Record), ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.line = self.line.saturating_add(1);
            let bytes = match self.next_line() {
                Ok(Some(bytes)) => bytes,
                Ok(None) => break,
                Err(error) => {
                    self.done = true;
                    return Some(Err(error));
                }
            };
            if !bytes.iter().all(u8::is_ascii_whitespace) {
                let record = parse_line(self.line, &bytes);
                if !bytes.ends_with(b"\n") {
                    self.done = true;
                    return Some(record.map_err(|error| truncated(error, &bytes)));
                }
                return Some(record);
            }
        }
        self.done = true;
        None
    }
}

/// The error of a last line without its newline: a JSON text cut short is a truncated line.
fn truncated(error: ReadError, bytes: &[u8]) -> ReadError {
    match error {
        ReadError::Json { line, source } if source.is_eof() && !bytes.is_empty() => {
            ReadError::Truncated { line }
        }
        other => other,
    }
}

fn parse_line(line: usize, bytes: &[u8]) -> Result<(usize, Record), ReadError> {
    let record: Record = serde_json::from_slice(bytes).map_err(|source| {
        // A version this reader does not know is worth saying even when the fields differ.
        match version_of(bytes) {
            Some(version) if version != FORMAT_VERSION => ReadError::Version { line, version },
            _ => ReadError::Json { line, source },
        }
    })?;
    if record.ludex != FORMAT_VERSION {
        return Err(ReadError::Version { line, version: record.ludex });
    }
    Ok((line, record))
}

fn version_of(bytes: &[u8]) -> Option<u32> {
    #[derive(Deserialize)]
    struct Versioned {
        ludex: u32,
    }
    serde_json::from_slice::<Versioned>(bytes).ok().map(|v| v.ludex)
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// The record's `position` is not a position of this game; the loader's message.
    #[error("the start position does not load: {0}")]
    Position(String),
    /// An entry of `plies` is not legal where it stands.
    #[error("ply {ply} `{}`: {reason}", quote(.text, QUOTED_CHARS))]
    Ply {
        /// Its 1-based index in `plies` (chance outcomes counted).
        ply: usize,
        /// The entry as recorded (quoted cut short in the message).
        text: String,
        /// Why it does not apply, with the legal moves (or faces) where it stands.
        reason: String,
    },
    /// Every entry replays, but the game ends otherwise than recorded.
    #[error("the recorded result is {recorded}, the replay gives {replayed}")]
    Result {
        /// The record's result, described by [`describe_result`].
        recorded: String,
        /// The replay's result, described the same way.
        replayed: String,
    },
}

/// One recorded entry as replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The pending die showed this outcome.
    Roll(u32),
    /// The legal move the entry's notation names.
    Move(Move),
}

/// Replays a record from its start position, checking that every entry is legal where it stands
/// (moves among the legal moves, `roll N` within the die's faces) and that the game ends with the
/// recorded result (`null`: the game is not over). Returns the final state.
pub fn verify(engine: &Engine, record: &Record) -> Result<State, Mismatch> {
    let state = replay(engine, record, |_, _| {})?;
    let replayed = match engine.status(&state) {
        Status::Over(result) => Some(result),
        _ => None,
    };
    if replayed != record.result {
        return Err(Mismatch::Result {
            recorded: describe_result(record.result.as_ref()),
            replayed: describe_result(replayed.as_ref()),
        });
    }
    Ok(state)
}

/// Replays a record's entries from its start position, each checked as [`verify`] does, calling
/// `visit` with the state before each entry and the entry; returns the state after the last. The
/// result is not compared.
pub fn replay(
    engine: &Engine,
    record: &Record,
    mut visit: impl FnMut(&State, Entry),
) -> Result<State, Mismatch> {
    let mut state = match &record.position {
        Some(text) => engine.load_position(text).map_err(Mismatch::Position)?,
        None => engine.initial_state(),
    };
    let mut legal = Vec::new();
    for (index, text) in record.plies.iter().enumerate() {
        let mismatch =
            |reason: String| Mismatch::Ply { ply: index.saturating_add(1), text: text.clone(), reason };
        let entry = match engine.status(&state) {
            Status::Over(result) => {
                return Err(mismatch(format!(
                    "the game is already over ({})",
                    describe_result(Some(&result))
                )));
            }
            Status::Chance { sides } => Entry::Roll(parse_roll(text, sides).map_err(mismatch)?),
            Status::Decision { .. } => {
                engine.legal_moves(&state, &mut legal);
                Entry::Move(legal_move(engine, &state, &legal, text).map_err(mismatch)?)
            }
        };
        visit(&state, entry);
        match entry {
            Entry::Roll(outcome) => engine.apply_chance(&mut state, outcome),
            Entry::Move(mv) => engine.apply_move(&mut state, mv),
        }
    }
    Ok(state)
}

/// The outcome of `roll N` at a chance node with `sides` faces.
fn parse_roll(text: &str, sides: u32) -> Result<u32, String> {
    let expected =
        || format!("a die with {sides} faces is rolled here: expected `roll N` with N from 1 to {sides}");
    let outcome =
        text.strip_prefix("roll ").and_then(|n| n.trim().parse::<u32>().ok()).ok_or_else(expected)?;
    if (1..=sides).contains(&outcome) && text == roll_notation(outcome) {
        Ok(outcome)
    } else {
        Err(expected())
    }
}

/// The legal move written `text`.
fn legal_move(engine: &Engine, state: &State, legal: &[Move], text: &str) -> Result<Move, String> {
    match engine.parse_move(state, text) {
        Ok(mv) if legal.contains(&mv) => Ok(mv),
        Ok(_) => Err(format!("not a legal move here; {}", list_moves(engine, state, legal))),
        Err(error) => Err(format!("{error}; {}", list_moves(engine, state, legal))),
    }
}

fn list_moves(engine: &Engine, state: &State, legal: &[Move]) -> String {
    if legal.is_empty() {
        return "there is no legal move".to_string();
    }
    let mut listed: Vec<String> =
        legal.iter().take(LISTED_MOVES).map(|&mv| engine.move_notation(state, mv)).collect();
    if legal.len() > LISTED_MOVES {
        listed.push(format!("and {} more", legal.len().saturating_sub(LISTED_MOVES)));
    }
    format!("the legal moves are: {}", listed.join(", "))
}

/// `places [1, 2] (reason)`, or `no result` for a game that is not over.
pub fn describe_result(result: Option<&GameResult>) -> String {
    match result {
        Some(result) => format!("places {:?} ({})", result.places, result.reason),
        None => "no result (the game is not over)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Ending;

    fn sample() -> Record {
        Record::new(
            RecordHeader {
                rules: "rules/game.rules".into(),
                options: BTreeMap::from([("players".to_string(), Number::Int(4))]),
                seed: 42,
                seats: vec!["human".into(), "random".into()],
                position: None,
            },
            PlayedGame::written(
                vec!["roll 4".into(), "a2-a3".into()],
                Ending::Over(GameResult {
                    places: vec![1, 2],
                    reason: "end rule 1: red wins".into(),
                    end: ludex_runtime::EndReason::Rule(0),
                    scores: Vec::new(),
                }),
            ),
        )
    }

    fn read_all(text: &str) -> Vec<Result<(usize, Record), ReadError>> {
        read(text.as_bytes()).collect()
    }

    #[test]
    fn records_round_trip_one_a_line() {
        let mut out = Vec::new();
        write(&mut out, &sample()).unwrap();
        write(&mut out, &sample()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(text.starts_with(r#"{"ludex":1,"rules":"rules/game.rules""#), "{text}");
        assert!(!text.contains("position"));
        let records: Vec<_> = read_all(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(records, vec![(1, sample()), (2, sample())]);
    }

    #[test]
    fn decimal_scores_and_options_round_trip_exactly_and_whole_ones_read_as_before() {
        let mut record = sample();
        let half = |text: &str| text.parse::<Number>().unwrap();
        record.options.insert("komi".into(), half("6.5"));
        if let Some(result) = record.result.as_mut() {
            result.scores = vec![Number::Int(40), half("40.5")];
        }
        let mut out = Vec::new();
        write(&mut out, &record).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(r#""komi":"6.5","players":4"#), "{text}");
        assert!(text.contains(r#""scores":[40,"40.5"]"#), "{text}");
        assert_eq!(read_all(&text).into_iter().map(Result::unwrap).collect::<Vec<_>>(), vec![(1, record)]);
    }

    #[test]
    fn an_unfinished_game_has_a_null_result() {
        let mut record = sample();
        record.result = PlayedGame::written(vec![], Ending::Quit { seat: 0 }).result().cloned();
        let mut out = Vec::new();
        write(&mut out, &record).unwrap();
        assert!(String::from_utf8(out).unwrap().contains(r#""result":null"#));
    }

    #[test]
    fn read_errors_give_the_line_number() {
        let good = serde_json::to_string(&sample()).unwrap();
        let errors: Vec<String> = read_all(&format!("{good}\n\n{{\"ludex\": 1}}\n"))
            .into_iter()
            .filter_map(Result::err)
            .map(|e| e.to_string())
            .collect();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].starts_with("line 3: not a ludex record"), "{}", errors[0]);
    }

    #[test]
    fn other_versions_and_unknown_fields_are_refused() {
        let newer = serde_json::to_string(&sample()).unwrap().replace(r#""ludex":1"#, r#""ludex":2"#);
        let error = read_all(&newer).pop().unwrap().unwrap_err().to_string();
        assert!(error.contains("version 2"), "{error}");
        let extra = serde_json::to_string(&sample()).unwrap().replace('}', r#","extra":0}"#);
        assert!(read_all(&extra).pop().unwrap().is_err());
    }

    #[test]
    fn a_last_line_cut_short_is_reported_as_truncated() {
        let good = serde_json::to_string(&sample()).unwrap();
        let cut = &good[..good.len() / 2];
        let results = read_all(&format!("{good}\n{good}\n{cut}"));
        assert_eq!(results.len(), 3);
        assert!(results[..2].iter().all(Result::is_ok));
        let error = results[2].as_ref().unwrap_err();
        assert!(matches!(error, ReadError::Truncated { line: 3 }), "{error}");
        assert!(error.to_string().contains("the last line is truncated"), "{error}");
        // A whole last line without its newline is read; garbage at the end is not called truncated.
        assert!(read_all(&good).pop().unwrap().is_ok());
        assert!(matches!(read_all("{\"ludex\": 1}").pop().unwrap(), Err(ReadError::Json { .. })));
        // A line cut short in the middle of a file is a line that is not a record.
        assert!(matches!(read_all(&format!("{cut}\n{good}\n"))[0], Err(ReadError::Json { .. })));
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for text in ["\u{0}\u{1}", "[1, 2]", "{", "null", "\"roll 4\""] {
            assert!(read_all(text).iter().all(Result::is_err), "{text:?}");
        }
    }

    /// Plays each rules file with random agents from a seed.
    fn random_games(seed: u64) -> Vec<(Engine, PlayedGame)> {
        use crate::{Agent, RandomAgent};
        use rand::SeedableRng;
        let mut paths: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules"))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "rules"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|path| {
                let path = path.to_str().unwrap();
                let text = std::fs::read_to_string(path).unwrap();
                let engine = Engine::new(ludex_check::compile(&text, &BTreeMap::new()).game.expect(path));
                let mut agents: Vec<Box<dyn Agent>> =
                    engine.game.seats.iter().map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let game = crate::play::play_out(&engine, engine.initial_state(), &mut agents, &mut rng);
                (engine, game)
            })
            .collect()
    }

    fn record_of(game: PlayedGame) -> Record {
        let header = RecordHeader {
            rules: String::new(),
            options: BTreeMap::new(),
            seed: 0,
            seats: vec![],
            position: None,
        };
        Record::new(header, game)
    }

    #[test]
    fn a_seed_fixes_a_game_and_its_record_replays() {
        let replayed: Vec<_> = random_games(9).into_iter().map(|(_, game)| game).collect();
        for (engine, game) in random_games(9) {
            assert!(game.result().is_some(), "{:?}", game.ending);
            assert!(replayed.contains(&game));
            let end = verify(&engine, &record_of(game.clone())).unwrap();
            assert_eq!(engine.status(&end), Status::Over(game.result().cloned().unwrap()));
        }
    }

    #[test]
    fn a_replay_names_the_first_wrong_ply_and_a_wrong_result() {
        for (engine, game) in random_games(4) {
            let mut record = record_of(game);
            let last = record.plies.len();
            let original = std::mem::replace(&mut record.plies[last - 1], "zz0-zz0".into());
            match verify(&engine, &record) {
                Err(Mismatch::Ply { ply, text, .. }) => assert_eq!((ply, text.as_str()), (last, "zz0-zz0")),
                other => panic!("{other:?}"),
            }
            record.plies[last - 1] = original;
            record.plies.pop();
            assert!(matches!(verify(&engine, &record), Err(Mismatch::Result { .. })));
        }
    }

    #[test]
    fn rolls_must_fit_the_die() {
        assert_eq!(parse_roll("roll 6", 6), Ok(6));
        for text in ["roll 0", "roll 7", "roll", "roll x", "a2-a3", "roll 04", "roll  3"] {
            let error = parse_roll(text, 6).unwrap_err();
            assert!(error.contains("from 1 to 6"), "{text}: {error}");
        }
    }
}
