//! The documentation cannot drift from what is tested: every `ludex` example of the language
//! reference is cut, as it stands, from the rules file it names; the README's examples are cut from
//! tested rules files; the testing page's examples from the tests files they name; the example
//! games in `docs/examples/` compile cleanly and play to their end; the positions of
//! docs/positions.md load; and the reference's claims about corner cases hold.

mod support;

use std::collections::BTreeMap;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, Status, Value};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{engine, legal, load, play, result, token_on};

/// A fenced block of a Markdown file: its language, its lines, the paragraph just before it and
/// the line it starts on.
struct Block {
    language: String,
    lines: Vec<String>,
    before: String,
    line: usize,
}

fn blocks(path: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let Some(language) = lines[index].strip_prefix("```") else {
            index += 1;
            continue;
        };
        let start = index;
        let end = (start + 1..lines.len()).find(|&i| lines[i] == "```").expect("a closed fence");
        let paragraph_start = (0..start).rev().find(|&i| lines[i].trim().is_empty()).map_or(0, |i| i + 1);
        found.push(Block {
            language: language.to_string(),
            lines: lines[start + 1..end].iter().map(|l| l.to_string()).collect(),
            before: lines[paragraph_start..start].join("\n"),
            line: start + 1,
        });
        index = end + 1;
    }
    found
}

/// The rules file a block names in the paragraph before it: `*dice-chess.rules*` is in `rules/`,
/// `*examples/pawns.rules*` in `docs/examples/`.
fn named_source(before: &str) -> Option<String> {
    named_file(before, ".rules")
}

/// The file with the extension a block names in the paragraph before it, found as
/// [`named_source`] finds a rules file.
fn named_file(before: &str, extension: &str) -> Option<String> {
    let mut parts = before.split('*');
    parts.next();
    let name = parts.step_by(2).find(|part| part.ends_with(extension) && !part.contains(' '))?;
    Some(match name.strip_prefix("examples/") {
        Some(example) => format!("docs/examples/{example}"),
        None => format!("rules/{name}"),
    })
}

/// Whether the lines occur in the text one after the other, all indented alike.
fn occurs_verbatim(lines: &[String], text: &str) -> bool {
    let file: Vec<&str> = text.lines().collect();
    let Some(first) = lines.first() else { return false };
    (0..file.len()).any(|start| {
        let Some(indent) = file[start].strip_suffix(first.as_str()) else { return false };
        indent.chars().all(|c| c == ' ')
            && lines.len() <= file.len() - start
            && lines.iter().zip(&file[start..]).all(|(line, in_file)| {
                if line.is_empty() {
                    in_file.trim().is_empty()
                } else {
                    *in_file == format!("{indent}{line}")
                }
            })
    })
}

/// Every rules file the tests play: the shipped games and the documentation's examples.
fn tested_rules_files() -> Vec<String> {
    let mut paths = Vec::new();
    for dir in ["rules", "docs/examples"] {
        for entry in std::fs::read_dir(dir).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "rules") {
                paths.push(path.to_string_lossy().into_owned());
            }
        }
    }
    paths.sort();
    paths
}

#[test]
fn every_example_of_the_language_reference_is_cut_from_the_file_it_names() {
    let examples: Vec<Block> =
        blocks("docs/language.md").into_iter().filter(|b| b.language == "ludex").collect();
    assert!(examples.len() > 50, "{} examples", examples.len());
    for block in examples {
        let source = named_source(&block.before)
            .unwrap_or_else(|| panic!("line {}: the example names no rules file", block.line));
        let text =
            std::fs::read_to_string(&source).unwrap_or_else(|e| panic!("line {}: {source}: {e}", block.line));
        assert!(
            occurs_verbatim(&block.lines, &text),
            "line {}: the example is not in {source} as it stands:\n{}",
            block.line,
            block.lines.join("\n")
        );
    }
}

#[test]
fn every_example_of_the_readme_is_cut_from_a_tested_rules_file() {
    let files: Vec<String> = tested_rules_files()
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("a rules file"))
        .collect();
    let examples: Vec<Block> = blocks("README.md").into_iter().filter(|b| b.language == "ludex").collect();
    assert!(examples.len() >= 6, "{} examples", examples.len());
    for block in examples {
        assert!(
            files.iter().any(|text| occurs_verbatim(&block.lines, text)),
            "README.md line {}: the example is in no tested rules file:\n{}",
            block.line,
            block.lines.join("\n")
        );
    }
}

#[test]
fn the_readmes_test_is_cut_from_the_tours_tests() {
    let examples: Vec<Block> = blocks("README.md").into_iter().filter(|b| b.language == "tests").collect();
    assert_eq!(examples.len(), 1);
    let text = std::fs::read_to_string("docs/examples/pawns.tests").expect("pawns.tests");
    assert!(occurs_verbatim(&examples[0].lines, &text), "{}", examples[0].lines.join("\n"));
}

#[test]
fn every_example_of_the_testing_page_is_cut_from_the_tests_file_it_names() {
    let examples: Vec<Block> =
        blocks("docs/testing.md").into_iter().filter(|b| b.language == "tests").collect();
    assert!(examples.len() >= 4, "{} examples", examples.len());
    for block in examples {
        let source = named_file(&block.before, ".tests").unwrap_or_else(|| {
            panic!("docs/testing.md line {}: the example names no tests file", block.line)
        });
        let text = std::fs::read_to_string(&source).unwrap_or_else(|e| panic!("{source}: {e}"));
        assert!(
            occurs_verbatim(&block.lines, &text),
            "docs/testing.md line {}: the example is not in {source} as it stands:\n{}",
            block.line,
            block.lines.join("\n")
        );
    }
}

#[test]
fn every_step_of_the_tutorial_checks_and_its_last_file_is_the_shipped_one() {
    let examples: Vec<Block> = blocks("docs/tutorial.md").into_iter().collect();
    let whole_files: Vec<&Block> = examples
        .iter()
        .filter(|b| b.language == "ludex" && b.lines.iter().any(|l| l.starts_with("game ")))
        .collect();
    assert!(whole_files.len() >= 4, "{} whole files", whole_files.len());
    for block in &whole_files {
        let compiled = ludex::compile(&block.lines.join("\n"), &Default::default());
        assert!(!compiled.has_errors(), "docs/tutorial.md line {}: {:?}", block.line, compiled.diagnostics);
    }
    let last = whole_files.last().expect("a last step");
    let shipped = std::fs::read_to_string("rules/othello.rules").expect("othello.rules");
    assert_eq!(last.lines.join("\n").trim_end(), shipped.trim_end(), "the tutorial ends on the shipped file");
    for block in examples.iter().filter(|b| b.language == "ludex" || b.language == "tests") {
        let extension = if block.language == "tests" { ".tests" } else { ".rules" };
        let Some(source) = named_file(&block.before, extension) else { continue };
        let text = std::fs::read_to_string(&source).unwrap_or_else(|e| panic!("{source}: {e}"));
        assert!(
            occurs_verbatim(&block.lines, &text),
            "docs/tutorial.md line {}: the example is not in {source} as it stands",
            block.line
        );
    }
}

#[test]
fn the_verbatim_check_tells_a_changed_example_apart() {
    let text = "end {\n  when quiet >= 6: draw\n\n  when turns > 9: draw\n}\n";
    let lines = |block: &str| block.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(occurs_verbatim(&lines("when quiet >= 6: draw\n\nwhen turns > 9: draw"), text));
    assert!(occurs_verbatim(&lines(text), text));
    assert!(!occurs_verbatim(&lines("when quiet >= 5: draw"), text));
    assert!(!occurs_verbatim(&lines("when quiet >= 6: draw\nwhen turns > 9: draw"), text));
    assert!(!occurs_verbatim(&lines("quiet >= 6: draw"), text), "whole lines only");
    assert_eq!(named_source("*examples/race.rules* (a race):").as_deref(), Some("docs/examples/race.rules"));
    assert_eq!(named_source("*mana.rules*:").as_deref(), Some("rules/mana.rules"));
    assert_eq!(named_source("see *the* rules"), None);
}

#[test]
fn the_example_games_compile_cleanly_and_play_to_their_end() {
    for entry in std::fs::read_dir("docs/examples").expect("docs/examples") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "rules") {
            continue;
        }
        let path = path.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("a rules file");
        let compiled = ludex::compile(&text, &BTreeMap::new());
        assert!(compiled.diagnostics.is_empty(), "{path}: {:?}", compiled.diagnostics);
        let engine = Engine::new(compiled.game.expect("a game"));
        for seed in 0..4 {
            let mut agents: Vec<Box<dyn Agent>> =
                engine.game.seats.iter().map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let game = play_out(&engine, engine.initial_state(), &mut agents, &mut rng);
            assert!(game.result().is_some(), "{path} seed {seed}: {:?}", game.ending);
            let header = RecordHeader {
                rules: path.clone(),
                options: BTreeMap::new(),
                seed,
                seats: vec!["random".into(); engine.game.seats.len()],
                position: None,
            };
            let record = Record::new(header, game);
            record::verify(&engine, &record).unwrap_or_else(|e| panic!("{path} seed {seed}: {e}"));
        }
    }
}

/// The positions of docs/positions.md, each with the rules file its marker names.
fn documented_positions() -> Vec<(String, String)> {
    let marker = "<!-- loaded by tests/docs.rs: ";
    blocks("docs/positions.md")
        .into_iter()
        .filter_map(|block| {
            let rules = block.before.lines().last()?.strip_prefix(marker)?.strip_suffix(" -->")?.to_string();
            Some((rules, block.lines.join("\n")))
        })
        .collect()
}

#[test]
fn the_positions_page_examples_load_and_mean_what_the_page_says() {
    let positions = documented_positions();
    assert_eq!(
        positions.iter().map(|(rules, _)| rules.as_str()).collect::<Vec<_>>(),
        ["rules/dice-chess.rules", "rules/mana.rules"]
    );
    for (rules, text) in &positions {
        let game = engine(rules);
        let state = load(&game, text);
        assert_eq!(game.load_position(&game.write_position(&state)), Ok(state.clone()), "{rules}");
    }

    // Dice Chess: the capturer on d5 waits for its reroll.
    let dice_chess = engine("rules/dice-chess.rules");
    let mut state = load(&dice_chess, &positions[0].1);
    assert_eq!(dice_chess.status(&state), Status::Chance { sides: 6 });
    assert_eq!(dice_chess.prizes(&state, 0).len(), 2);
    support::roll(&dice_chess, &mut state, 6, 5);
    assert_eq!(token_on(&dice_chess, &state, "d5"), "D1:5");
    assert_eq!(support::to_move(&dice_chess, &state).as_deref(), Some("black"));

    // Mana: the turned mat makes f5 a double square; Amber's ronin on d6 must move.
    let mana = engine("rules/mana.rules");
    let state = load(&mana, &positions[1].1);
    assert_eq!(legal(&mana, &state), support::sorted(&["d6-b6", "d6-c5", "d6-d4", "d6-e5"]));
    assert_eq!(mana.reserve(&state, 1).len(), 1);
}

// The reference's claims about corner cases.

/// A game on a 4x4 board: `man` (letter M) with attributes `power` 1..6 and `tilt` 0..3, one man
/// each on a1 (white) and a4 (black); `extra` adds the actions, phases and end rules.
fn claims_game(extra: &str) -> Engine {
    let text = format!(
        "game \"Claims\"
         seat white
         seat black turned 180
         board square 4 by 4
         piece man {{
           letter M
           attribute power from 1 to 6
           attribute tilt from 0 to 3
           value it.power
         }}
         setup {{
           place man for white on cells a1
           place man for black on cells a4
         }}
         {extra}"
    );
    // The checker alone: some claims are about games over before their first move, which
    // `ludex::compile` (the engine judging the start) refuses.
    let compiled = ludex::check::compile(&text, &BTreeMap::new());
    assert!(!compiled.has_errors(), "{:?}", compiled.diagnostics);
    Engine::new(compiled.game.expect("a game"))
}

const STEP_PHASE: &str = "action go for man { step n, s }
                          phase play { turn { play go } }";

#[test]
fn not_binds_more_loosely_than_a_comparison() {
    // `(not 1) == 2` would not type-check: `not` takes a bool.
    let engine = claims_game(&format!("variable flag = not 1 == 2\nend {{ when flag: draw }}\n{STEP_PHASE}"));
    let state = engine.initial_state();
    assert_eq!(engine.variable(&state, "flag", None), Some(Value::Bool(true)));
    assert_eq!(result(&engine, &state).map(|r| r.places), Some(vec![1, 1]));
}

#[test]
fn a_new_piece_starts_each_attribute_at_its_minimum() {
    let engine = claims_game(STEP_PHASE);
    let state = engine.initial_state();
    assert_eq!(token_on(&engine, &state, "a1"), "M1:1:0");
}

#[test]
fn attributes_are_clamped_into_their_range() {
    // The man starts at power 1: 1 + 8 is clamped to 6 (tilt 12 to 3), 1 - 3 to 1 (tilt 2).
    for (value, expected) in [("piece.power + 8", "M1:6:3"), ("piece.power - 3", "M1:1:2")] {
        let engine = claims_game(&format!(
            "action go for man {{ step n  then {{ set piece.power = {value}  set piece.tilt = piece.power * 2 }} }}
             phase play {{ turn {{ play go }} }}"
        ));
        let mut state = engine.initial_state();
        play(&engine, &mut state, "a1-a2");
        assert_eq!(token_on(&engine, &state, "a2"), expected, "power = {value}");
    }
}

#[test]
fn win_of_no_seat_is_a_draw_and_a_fault() {
    // Before the first move `mover` is none.
    let engine = claims_game(&format!("end {{ when true: win mover }}\n{STEP_PHASE}"));
    let over = result(&engine, &engine.initial_state()).expect("over at once");
    assert_eq!(over.places, vec![1, 1]);
    assert_eq!(over.reason, "end rule 1: no seat");
    assert_eq!(engine.fault(), Some(ludex::runtime::Fault::OutcomeWithoutSeat { rule: 0 }));
}

#[test]
fn rank_ties_share_a_place_and_skip_the_next() {
    for (scores, places) in
        [("if seat == c then 2 else 5", [1, 1, 3]), ("if seat == a then 5 else 2", [1, 2, 2])]
    {
        let text = format!(
            "game \"Ties\"
             seat a
             seat b
             seat c
             board square 3 by 3
             piece p {{ letter P }}
             variable score of each seat = {scores}
             setup {{ place p for a on cells a1 }}
             action go for p {{ step n }}
             phase play {{ turn {{ play go }} }}
             end {{ when true: rank by score(seat) }}"
        );
        // Ranked at once: the checker alone, which lets a game end at its start.
        let engine = Engine::new(ludex::check::compile(&text, &BTreeMap::new()).game.expect("a game"));
        assert_eq!(
            result(&engine, &engine.initial_state()).map(|r| r.places),
            Some(places.to_vec()),
            "{scores}"
        );
    }
}

#[test]
fn the_last_phases_until_is_never_checked() {
    let engine =
        claims_game("action go for man { step n, s }\nphase play { turn { play go }\n until turns >= 1 }");
    let mut state = engine.initial_state();
    play(&engine, &mut state, "a1-a2");
    play(&engine, &mut state, "a4-a3");
    assert_eq!((engine.phase(&state), engine.turns(&state)), (0, 2));
    assert_eq!(support::to_move(&engine, &state).as_deref(), Some("white"));
}

#[test]
fn a_drop_takes_the_first_piece_of_its_type_and_reserves_keep_attributes() {
    let engine = claims_game(
        "action go for man { step n, s }
         action enter { drop man on row 1 }
         capture { to reserve }
         phase play { turn { play go, enter } }",
    );
    // White's 6 takes Black's 4, which goes back to Black's reserve showing 4 beside a 2.
    let mut state = load(
        &engine,
        "turn white
         reserve black M:2
         board
         . . . .
         . . . .
         M2:4 . . .
         M1:6 . . .",
    );
    play(&engine, &mut state, "a1xa2");
    let powers: Vec<i32> = engine.reserve(&state, 1).iter().map(|p| p.attributes[0]).collect();
    assert_eq!(powers, vec![2, 4]);
    // Black drops: the first man of the sorted reserve, the 2.
    play(&engine, &mut state, "M@d1");
    assert_eq!(token_on(&engine, &state, "d1"), "M2:2:0");
    let powers: Vec<i32> = engine.reserve(&state, 1).iter().map(|p| p.attributes[0]).collect();
    assert_eq!(powers, vec![4]);
}

#[test]
fn the_security_page_lists_every_limit_with_its_default_and_ceiling() {
    use ludex::diagnostics::{Limit, Limits};
    let page = std::fs::read_to_string("docs/security.md").expect("docs/security.md");
    let defaults = Limits::default();
    for &limit in Limit::ALL {
        let row = format!("| `{}` | {} | {} |", limit.name(), defaults.get(limit), limit.ceiling());
        assert!(page.contains(&row), "docs/security.md lacks the row {row}");
    }
    let rows =
        page.lines().filter(|line| line.starts_with("| `") && line.matches(" | ").count() == 3).count();
    assert_eq!(rows, Limit::ALL.len(), "one row a limit");
}
