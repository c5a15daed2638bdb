//! The `ludex` binary end to end: exit codes, messages and output formats of every command.

#[path = "support/binary.rs"]
mod binary;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use ludex::runtime::{Engine, Leaves, perft_with};

use binary::{assert_exit, json, ludex, ludex_with_input, stderr, stdout, temp_dir, temp_file, text};
use serde_json::Value;

const DICE_CHESS: &str = "rules/dice-chess.rules";
const MANA: &str = "rules/mana.rules";

// Usage errors: exit 2 with a message, whatever the stages behind.

#[test]
fn no_command_is_a_usage_error() {
    let output = ludex(&[]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("Usage"), "{}", stderr(&output));
}

#[test]
fn unknown_commands_and_flags_are_usage_errors() {
    for args in
        [&["frobnicate"][..], &["check", DICE_CHESS, "--fast"], &["check", DICE_CHESS, "--format", "xml"]]
    {
        let output = ludex(args);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains("error"), "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn an_unreadable_rules_file_exits_2_naming_it() {
    let output = ludex(&["check", "no/such/file.rules"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("cannot read `no/such/file.rules`"), "{}", stderr(&output));
    let binary = temp_file("binary.rules", &[0xff, 0xfe, 0x00]);
    let output = ludex(&["ir", text(&binary)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("not UTF-8"), "{}", stderr(&output));
}

#[test]
fn malformed_options_and_seats_are_usage_errors() {
    let cases: [(&[&str], &str); 4] = [
        (&["check", DICE_CHESS, "--option", "players"], "NAME=VALUE"),
        (&["ir", DICE_CHESS, "--option", "players=many"], "number"),
        (&["run", DICE_CHESS, "--games", "1", "--seat", "1=genius"], "unknown agent `genius`"),
        (&["play", DICE_CHESS, "--seat", "white"], "SEAT=AGENT"),
    ];
    for (args, message) in cases {
        let output = ludex(args);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn run_needs_a_rules_file() {
    let output = ludex(&["run", "--games", "1"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("no rules file"), "{}", stderr(&output));
}

#[test]
fn match_files_with_unknown_keys_or_bad_syntax_are_usage_errors() {
    let typo = temp_file("match.toml", b"rules = \"rules/dice-chess.rules\"\ngamez = 3\n");
    let output = ludex(&["run", "--config", text(&typo)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("gamez"), "{}", stderr(&output));
    let broken = temp_file("match.toml", b"[seats\n");
    let output = ludex(&["play", "--config", text(&broken)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("match.toml"), "{}", stderr(&output));
}

#[test]
fn replay_stops_at_a_malformed_record_naming_its_line() {
    let records = temp_file("games.jsonl", b"\n{\"ludex\": 1, \"rules\": 3}\n");
    let output = ludex(&["replay", text(&records)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("line 2: not a ludex record"), "{}", stderr(&output));
    let output = ludex(&["replay", "no/such/games.jsonl"]);
    assert_exit(&output, 2);
}

#[test]
fn replay_needs_the_recorded_rules_file() {
    let record =
        r#"{"ludex":1,"rules":"no/such.rules","options":{},"seed":1,"seats":[],"plies":[],"result":null}"#;
    let records = temp_file("games.jsonl", record.as_bytes());
    let output = ludex(&["replay", text(&records)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("cannot read `no/such.rules`"), "{}", stderr(&output));
}

// check and ir.

#[test]
fn check_summarizes_a_valid_file() {
    let output = ludex(&["check", DICE_CHESS]);
    assert_exit(&output, 0);
    let summary = stdout(&output);
    assert_eq!(summary.lines().count(), 1, "{summary}");
    for part in ["Dice Chess", "2 seats (white, black)", "square 8x8", "die (D)"] {
        assert!(summary.contains(part), "{part}: {summary}");
    }
    let summary = stdout(&ludex(&["check", MANA]));
    for part in ["Mana", "(red, amber)", "square 6x6", "damyo (D)", "ronin (R)"] {
        assert!(summary.contains(part), "{part}: {summary}");
    }
}

#[test]
fn check_reports_errors_with_their_code_and_exits_1() {
    let broken = temp_file("broken.rules", b"game \"Broken\"\nseat a\nboard square 4 by 4\npiece p { letter P }\naction go for nothing { step n }\n");
    let output = ludex(&["check", text(&broken)]);
    assert_exit(&output, 1);
    let errors = stderr(&output);
    assert!(errors.contains("ludex::") && errors.contains("broken.rules"), "{errors}");
    assert!(stdout(&output).is_empty(), "{}", stdout(&output));
}

#[test]
fn check_prints_json_diagnostics() {
    let output = ludex(&["check", DICE_CHESS, "--format", "json"]);
    assert_exit(&output, 0);
    assert_eq!(json(&output), Value::Array(vec![]));
    let broken = temp_file("broken.rules", b"game \"Broken\"\nboard square 0 by 4\nnonsense here\n");
    let output = ludex(&["check", text(&broken), "--format", "json"]);
    assert_exit(&output, 1);
    let diagnostics = json(&output);
    let diagnostics = diagnostics.as_array().expect("an array");
    assert!(!diagnostics.is_empty());
    for diagnostic in diagnostics {
        assert!(diagnostic["code"].as_str().is_some_and(|c| c.starts_with("ludex::")), "{diagnostic}");
        assert!(diagnostic["line"].as_u64().is_some_and(|line| line >= 1), "{diagnostic}");
    }
}

/// A small game with an option, `goal`.
const RACE: &str = "game \"Race\"
option goal = 3 from 1 to 10
seat a
seat b
board square 3 by 3
piece p { letter P }
setup { place p for a on cells a1 }
action go for p { step n }
phase play { turn { play go } }
end { when turns >= goal: draw }
";

#[test]
fn options_the_rules_refuse_are_usage_errors_with_the_checkers_message() {
    let output = ludex(&["check", DICE_CHESS, "--option", "players=3"]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("no option `players` (these rules have no options)"),
        "{}",
        stderr(&output)
    );
    let race = temp_file("race.rules", RACE.as_bytes());
    for command in [&["check"][..], &["ir"], &["run", "--games", "1"], &["play"], &["perft", "--depth", "1"]]
    {
        let output = ludex(&[command, &[text(&race), "--option", "gaol=4"]].concat());
        assert_exit(&output, 2);
        let message = stderr(&output);
        assert!(message.contains("no option `gaol` (did you mean `goal`?)"), "{command:?}: {message}");
        assert!(!message.contains("ludex::"), "a usage error, not a rendered diagnostic: {message}");
    }
    let output = ludex(&["check", text(&race), "--option", "goal=11"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("option `goal` = 11 is outside 1 to 10"), "{}", stderr(&output));
    let output = ludex(&["check", text(&race), "--option", "goal=10"]);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("options goal=10"), "{}", stdout(&output));
}

#[test]
fn ir_prints_the_game_as_json() {
    let output = ludex(&["ir", MANA]);
    assert_exit(&output, 0);
    let game = json(&output);
    assert_eq!(game["name"], "Mana");
    assert_eq!(game["seats"].as_array().map(Vec::len), Some(2));
    assert!(stdout(&output).contains("\n  "), "pretty printed");
}

// play, run and replay.

fn run_json(args: &[&str]) -> Value {
    let output = ludex(args);
    assert_exit(&output, 0);
    json(&output)
}

#[test]
fn run_summarizes_wins_draws_and_lengths_in_seat_order() {
    let summary = run_json(&["run", DICE_CHESS, "--games", "6", "--seed", "3", "--json"]);
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["unfinished"], 0);
    let seats = summary["seats"].as_array().expect("seats");
    let names: Vec<&str> = seats.iter().filter_map(|s| s["seat"].as_str()).collect();
    assert_eq!(names, ["white", "black"]);
    let wins: u64 = seats.iter().filter_map(|s| s["wins"].as_u64()).sum();
    let draws = summary["draws"].as_u64().expect("draws");
    assert!(wins + draws >= 6, "every game is won by someone or drawn: {summary}");
    let (mean, max) =
        (summary["mean_length"].as_f64().expect("mean"), summary["max_length"].as_f64().expect("max"));
    assert!(0.0 < mean && mean <= max, "{summary}");
    let text = stdout(&ludex(&["run", MANA, "--games", "2", "--seed", "3"]));
    for part in ["Mana", "red", "amber", "draws", "plies/s"] {
        assert!(text.contains(part), "{part}: {text}");
    }
}

#[test]
fn a_seed_fixes_the_games() {
    let dir = temp_dir();
    let record = |name: &str, seed: &str| {
        let path = dir.join(name);
        assert_exit(&ludex(&["run", DICE_CHESS, "--games", "3", "--seed", seed, "--record", text(&path)]), 0);
        std::fs::read_to_string(path).expect("the record")
    };
    let first = record("a.jsonl", "11");
    assert_eq!(first.lines().count(), 3);
    assert_eq!(first, record("b.jsonl", "11"));
    assert_ne!(first, record("c.jsonl", "12"));
    // Game i of a run is the game of seed S + i played alone.
    let second_game = first.lines().nth(1).expect("a second game");
    assert_eq!(record("d.jsonl", "12").lines().next(), Some(second_game));
}

#[test]
fn recorded_games_replay_and_tampering_is_caught() {
    let dir = temp_dir();
    let path = dir.join("games.jsonl");
    assert_exit(&ludex(&["run", DICE_CHESS, "--games", "4", "--seed", "5", "--record", text(&path)]), 0);
    let output = ludex(&["replay", text(&path)]);
    assert_exit(&output, 0);
    let replayed = stdout(&output);
    assert!(replayed.contains("game 4: ok") && replayed.contains("4 games replayed"), "{replayed}");

    let original = std::fs::read_to_string(&path).expect("the record");
    let mut game: Value = serde_json::from_str(original.lines().nth(2).expect("game 3")).expect("JSON");
    let plies = game["plies"].as_array_mut().expect("plies");
    let last = plies.len() - 1;
    plies[last] = Value::from("z99-z98");
    let tampered = dir.join("tampered.jsonl");
    std::fs::write(
        &tampered,
        format!(
            "{}\n",
            original.lines().take(2).chain([game.to_string().as_str()]).collect::<Vec<_>>().join("\n")
        ),
    )
    .expect("write");
    let output = ludex(&["replay", text(&tampered)]);
    assert_exit(&output, 1);
    let message = stderr(&output);
    assert!(message.contains(&format!("game 3 (line 3): ply {} `z99-z98`", last + 1)), "{message}");

    let mut game: Value = serde_json::from_str(original.lines().next().expect("game 1")).expect("JSON");
    game["result"]["reason"] = Value::from("made up");
    std::fs::write(&tampered, game.to_string()).expect("write");
    let output = ludex(&["replay", text(&tampered)]);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("made up"), "{}", stderr(&output));
}

#[test]
fn replay_finds_the_rules_beside_the_record() {
    let dir = temp_dir();
    std::fs::copy(MANA, dir.join("mana.rules")).expect("copy the rules");
    let record = dir.join("games.jsonl");
    let output = Command::new(env!("CARGO_BIN_EXE_ludex"))
        .args(["run", "mana.rules", "--games", "2", "--seed", "1", "--record", "games.jsonl"])
        .current_dir(&dir)
        .output()
        .expect("runs");
    assert_exit(&output, 0);
    let output = ludex(&["replay", text(&record)]);
    assert_exit(&output, 0);
}

#[test]
fn match_files_configure_runs_and_flags_override_them() {
    let rules = std::fs::canonicalize(MANA).expect("the rules file");
    let config =
        format!("rules = {:?}\ngames = 3\nseed = 9\n[seats]\namber = \"random\"\n1 = \"random\"\n", rules);
    let config = temp_file("match.toml", config.as_bytes());
    let summary = run_json(&["run", "--config", text(&config), "--json"]);
    assert_eq!((summary["games"].as_u64(), summary["seed"].as_u64()), (Some(3), Some(9)));
    let summary = run_json(&["run", "--config", text(&config), "--games", "2", "--seed", "4", "--json"]);
    assert_eq!((summary["games"].as_u64(), summary["seed"].as_u64()), (Some(2), Some(4)));
    let output = ludex(&["run", "--config", text(&config), "--seat", "red=human"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("human"), "{}", stderr(&output));
}

#[test]
fn play_between_random_seats_announces_moves_and_the_result() {
    let dir = temp_dir();
    let record = dir.join("game.jsonl");
    let args = ["play", DICE_CHESS, "--seat", "1=random", "--seat", "black=random", "--seed", "2"];
    let output = ludex(&[&args[..], &["--record", text(&record)]].concat());
    assert_exit(&output, 0);
    let shown = stdout(&output);
    for part in ["white plays", "black plays", "roll", "Game over", "Places: white"] {
        assert!(shown.contains(part), "{part}: {shown}");
    }
    assert_exit(&ludex(&["replay", text(&record)]), 0);
    assert_eq!(stdout(&ludex(&args)), shown, "a seed fixes the game");
}

#[test]
fn a_human_picks_moves_by_number_or_notation_and_may_quit() {
    let output = ludex_with_input(&["play", MANA, "--seed", "1"], "0\nnonsense\n1\nquit\n");
    assert_exit(&output, 0);
    let shown = stdout(&output);
    assert!(shown.contains("there are moves 1 to"), "{shown}");
    assert!(shown.contains("`nonsense`"), "{shown}");
    assert!(shown.contains("red plays"), "{shown}");
    assert!(shown.contains("red left"), "{shown}");
}

#[test]
fn play_ends_gracefully_when_input_ends() {
    let output = ludex_with_input(&["play", DICE_CHESS, "--seed", "1"], "");
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("input ended"), "{}", stdout(&output));
}

/// The moves of each recorded game: its plies that are not roll outcomes.
fn recorded_moves(records: &str) -> Vec<usize> {
    records
        .lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("a record");
            let plies = record["plies"].as_array().expect("plies");
            plies.iter().filter(|p| !p.as_str().is_some_and(|p| p.starts_with("roll "))).count()
        })
        .collect()
}

#[test]
fn game_lengths_count_moves_not_rolls() {
    let dir = temp_dir();
    let path = dir.join("games.jsonl");
    let summary =
        run_json(&["run", DICE_CHESS, "--games", "4", "--seed", "8", "--json", "--record", text(&path)]);
    let records = std::fs::read_to_string(&path).expect("the record");
    let moves = recorded_moves(&records);
    assert_eq!(summary["max_length"].as_u64(), moves.iter().max().map(|&m| m as u64));
    let mean = moves.iter().sum::<usize>() as f64 / moves.len() as f64;
    assert!((summary["mean_length"].as_f64().expect("mean") - mean).abs() < 1e-9, "{summary}");
    // Each game has its 32 setup rolls on top of its moves.
    let first: Value = serde_json::from_str(records.lines().next().expect("a game")).expect("JSON");
    let entries = first["plies"].as_array().expect("plies").len();
    assert!(entries >= moves[0] + 32, "{entries} entries, {} moves", moves[0]);
    let replayed = stdout(&ludex(&["replay", text(&path)]));
    let line = replayed.lines().next().expect("a line");
    assert!(
        line.starts_with(&format!("game 1: ok, {} plies and {} rolls", moves[0], entries - moves[0])),
        "{line}"
    );
}

// perft.

/// The count a `perft` run printed last: `depth N: COUNT (...)`.
fn perft_count(output: &Output) -> u64 {
    let shown = stdout(output);
    let last = shown.lines().last().unwrap_or_default();
    let count = last.split(": ").nth(1).and_then(|rest| rest.split(' ').next());
    count.and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("no count in {shown}"))
}

#[test]
fn perft_counts_moves_from_the_first_decision() {
    // Red orients the mat (4), then drops its damyo or a ronin on 12 cells (24), then again.
    for (depth, expected) in [(0, 1), (1, 4), (2, 96), (3, 1584)] {
        let output = ludex(&["perft", MANA, "--depth", &depth.to_string()]);
        assert_exit(&output, 0);
        assert_eq!(perft_count(&output), expected, "depth {depth}");
        assert!(stdout(&output).contains("nodes/s"), "{}", stdout(&output));
    }
}

#[test]
fn bulk_perft_counts_the_same_leaves_without_making_the_last_ones() {
    for (depth, expected) in [(1, 4), (3, 1584)] {
        let output = ludex(&["perft", MANA, "--depth", &depth.to_string(), "--bulk"]);
        assert_exit(&output, 0);
        assert_eq!(perft_count(&output), expected, "depth {depth}");
        assert!(
            stdout(&output).contains("nodes/s, bulk: the last moves counted, not made)"),
            "{}",
            stdout(&output)
        );
    }
    // The library's bulk count is perft's on every shipped game whose moves never roll, from positions
    // along a game, where the end rules and passes matter.
    for rules in ["rules/chess.rules", "rules/glinski.rules", "rules/duwen.rules", MANA] {
        let text = std::fs::read_to_string(rules).expect("a shipped rules file");
        let engine = Engine::new(ludex::compile(&text, &Default::default()).game.expect("compiles"));
        let mut state = engine.initial_state();
        let mut moves = Vec::new();
        for ply in 0..40 {
            if ply % 10 == 0 {
                let made = perft_with(&engine, &state, 2, Leaves::Made);
                assert_eq!(perft_with(&engine, &state, 2, Leaves::Counted), made, "{rules}, ply {ply}");
            }
            engine.legal_moves(&state, &mut moves);
            let Some(&mv) = moves.get(ply * 7 % moves.len().max(1)) else { break };
            engine.apply_move(&mut state, mv);
        }
    }
    // Moves that roll make leaves of each outcome: bulk counting is refused there.
    let output = ludex(&["perft", DICE_CHESS, "--depth", "2", "--bulk"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("a move of `Dice Chess` may roll"), "{}", stderr(&output));
    assert_exit(&ludex(&["perft", MANA, "--depth", "2", "--bulk", "--divide"]), 2);
}

#[test]
fn perft_divide_lists_each_first_move_with_its_count() {
    let output = ludex(&["perft", MANA, "--depth", "2", "--divide"]);
    assert_exit(&output, 0);
    let shown = stdout(&output);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(&lines[..4], ["orient 0: 24", "orient 1: 24", "orient 2: 24", "orient 3: 24"], "{shown}");
    assert_eq!(perft_count(&output), 96);
}

#[test]
fn perft_draws_the_setup_rolls_from_the_seed_as_play_does() {
    let dir = temp_dir();
    let path = dir.join("game.jsonl");
    let run = ["run", DICE_CHESS, "--games", "1", "--seed", "21", "--record", text(&path)];
    assert_exit(&ludex(&run), 0);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("record")).expect("JSON");
    let plies = record["plies"].as_array().expect("plies");
    let first_move =
        plies.iter().filter_map(Value::as_str).find(|p| !p.starts_with("roll ")).expect("a move");
    let output = ludex(&["perft", DICE_CHESS, "--depth", "1", "--divide", "--seed", "21"]);
    assert_exit(&output, 0);
    let shown = stdout(&output);
    assert!(shown.lines().any(|line| line == format!("{first_move}: 1")), "{first_move} in\n{shown}");
    // Depth 1 counts White's first moves only (one to three per front-row die), never the 32 rolls.
    let count = perft_count(&output);
    assert!((8..=24).contains(&count), "{shown}");
    assert_eq!(shown.lines().count() as u64, count + 1, "{shown}");
}

#[test]
fn perft_starts_from_a_position_file() {
    // Amber must move its double ronin on b6; a capture rerolls nothing in Mana.
    let position = "phase play\nturn amber\nvariable mana = f5\nreserve amber R\nboard\n\
                    D2 R2 . R2 . .\n. . . . . R1\n. . . . . .\n. . . . . .\n. . . . . .\nD1 . . . . .\n";
    let file = temp_file("mana.position", position.as_bytes());
    let output = ludex(&["perft", MANA, "--depth", "1", "--divide", "--position", text(&file)]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output).lines().take(3).collect::<Vec<_>>(), ["b6-a5: 1", "b6-b4: 1", "b6-c5: 1"]);
    assert_eq!(perft_count(&output), 3);
    let broken = temp_file("broken.position", b"phase nowhere\n");
    let output = ludex(&["perft", MANA, "--depth", "1", "--position", text(&broken)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("no phase `nowhere`"), "{}", stderr(&output));
}

#[test]
fn a_game_from_a_position_records_it_and_replays_from_it() {
    let position = "phase play\nturn amber\nvariable mana = f5\nreserve amber R\nboard\n\
                    D2 R2 . R2 . .\n. . . . . R1\n. . . . . .\n. . . . . .\n. . . . . .\nD1 . . . . .\n";
    let file = temp_file("mana.position", position.as_bytes());
    let path = temp_dir().join("games.jsonl");
    let run = ["run", MANA, "--games", "2", "--position", text(&file), "--record", text(&path)];
    assert_exit(&ludex(&run), 0);
    let records = std::fs::read_to_string(&path).expect("the record");
    for line in records.lines() {
        let record: Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(record["position"].as_str(), Some(position));
        let first = record["plies"][0].as_str().expect("a first move");
        assert!(["b6-a5", "b6-b4", "b6-c5"].contains(&first), "{first}");
    }
    assert_exit(&ludex(&["replay", text(&path)]), 0);
    let output = ludex(&["run", MANA, "--games", "1", "--position", "no/such.position"]);
    assert_exit(&output, 2);
}

#[test]
fn decimal_scores_are_printed_and_recorded_exactly() {
    // Go with its komi of 6.5: two passes on a board of one black stone end it at 81 to 6.5, and
    // with `--option komi=0.5` at 81 to 0.5.
    let path = temp_file("one-stone.position", b"pieces S1@e5\n");
    let record = temp_file("go.jsonl", b"");
    for (komi, white, total) in [("6.5", "6.5", "87.5"), ("0.5", "0.5", "81.5")] {
        let option = format!("komi={komi}");
        let position = ["--position", text(&path), "--seat", "white=human", "--seed", "1"];
        let args =
            [&["play", "rules/go.rules", "--option", &option, "--record", text(&record)][..], &position]
                .concat();
        let output = ludex_with_input(&args, "pass\npass\n");
        assert_exit(&output, 0);
        let shown = stdout(&output);
        let table =
            format!("points per seat:\n  black    81\n  white   {white}\n  total  {total}  all seats\n");
        assert!(shown.ends_with(&table), "{shown}");
        let written = std::fs::read_to_string(&record).expect("the record");
        assert!(written.contains(&format!(r#""scores":[81,"{white}"]"#)), "{written}");
        assert!(written.contains(&format!(r#""komi":"{komi}""#)), "{written}");
    }
}

#[test]
fn games_with_scores_end_with_a_points_table_per_seat_and_per_team() {
    // Den-Den, four players: south takes northeast's Black, the last opponent Black its team did
    // not hold, and the team splits the ransom.
    let position = "turn south\nvariable first_die = 1\nvariable second_die = 1\n\
                    pieces K1@g7 K4@g8 K3@g13 R2@a5 P4@n3\nprizes south N4\nprizes north K2\n\
                    prizes southwest P1\nvariable black_holder(southwest) = north\n";
    let path = temp_file("ransom.position", position.as_bytes());
    let args =
        ["play", "rules/den-den.rules", "--option", "players=4", "--position", text(&path), "--seed", "1"];
    let output = ludex_with_input(&args, "g7xg8\n");
    assert_exit(&output, 0);
    let shown = stdout(&output);
    let table = "points per seat:\n  south      10  south_north\n  southwest  -8  southwest_northeast\n  \
                 north       7  south_north\n  northeast  -9  southwest_northeast\n  total       0  all seats\npoints per team:\n  \
                 south_north           17\n  southwest_northeast  -17\n";
    assert!(shown.ends_with(table), "{shown}");
    // A run gives the mean points, in text and in JSON.
    let run = ["run", "rules/den-den.rules", "--option", "players=4", "--games", "2"];
    let output = ludex(&run);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("mean points per team:\n    south_north "), "{}", stdout(&output));
    let summary = run_json(&[&run[..], &["--json"]].concat());
    let means: Vec<f64> = summary["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter_map(|s| s["mean_points"].as_f64())
        .collect();
    assert_eq!(means.len(), 4, "{summary}");
    assert!(
        run_json(&["run", DICE_CHESS, "--games", "1", "--json"])["seats"][0].get("mean_points").is_none()
    );
}

// Untrusted input: every limit is an error naming it, output stays short, nothing crashes.

const PAWNS: &str = "docs/examples/pawns.rules";

/// The pawns example with `extra` appended.
fn pawns_with(extra: &str) -> PathBuf {
    let rules = std::fs::read_to_string(PAWNS).expect("the example");
    temp_file("pawns.rules", format!("{rules}\n{extra}").as_bytes())
}

#[test]
fn thousands_of_diagnostics_are_capped_and_counted() {
    let faulty: String = (0..20_000).map(|i| format!("zone z{i} = cells q{i}\n")).collect();
    let path = pawns_with(&faulty);
    let output = ludex(&["check", text(&path)]);
    assert_exit(&output, 1);
    let err = stderr(&output);
    assert_eq!(err.matches("ludex::unknown-cell").count(), 200, "{}", &err[..2000.min(err.len())]);
    assert!(
        err.contains("… and 19,800 more (the limit `diagnostics` shows 200"),
        "{}",
        err.lines().rev().nth(1).unwrap_or("")
    );
    let output = ludex(&["check", "--limit", "diagnostics=3", "--format", "json", text(&path)]);
    assert_eq!(json(&output).as_array().map(Vec::len), Some(3));
    assert!(stderr(&output).contains("… and 19,997 more"), "{}", stderr(&output));
}

#[test]
fn a_diagnostic_far_along_a_line_is_drawn_in_a_window() {
    // An unused zone (a warning) named on a 70,000-column line: `check` and `run` both draw it.
    let path = pawns_with(&format!("zone spare = cells a1{}", ", a1".repeat(17_500)));
    let output = ludex(&["check", text(&path)]);
    assert_exit(&output, 0);
    assert!(stderr(&output).contains("unused-zone") && stderr(&output).len() < 2000, "{}", stderr(&output));
    let far = pawns_with(&format!("{}zone spare = cells a1", " ".repeat(70_000)));
    let output = ludex(&["run", text(&far), "--games", "1"]);
    assert_exit(&output, 0);
    let err = stderr(&output);
    assert!(err.contains(":57:70006]") && err.len() < 2000, "{err}");
}

#[test]
fn error_messages_quote_a_window_of_a_long_line() {
    let long = "x".repeat(60_000);
    for extra in [format!("seat {long} turned 9"), format!("zone far = cells {long}"), format!("{long} = 1")]
    {
        let output = ludex(&["check", text(&pawns_with(&extra))]);
        assert_exit(&output, 1);
        assert!(stderr(&output).len() < 3000, "{} bytes:\n{}", stderr(&output).len(), stderr(&output));
    }
}

#[test]
fn limits_are_set_by_name_and_refused_with_reasons() {
    let help = stdout(&ludex(&["--help"]));
    assert!(
        help.contains("--limit <NAME=VALUE>") && help.contains("perft-depth                  20"),
        "{help}"
    );
    for (limit, message) in [
        ("perft-depth=0", "from 1 to 64"),
        ("depth=3", "there is no limit `depth`"),
        ("cells=many", "whole number"),
    ] {
        let output = ludex(&["check", PAWNS, "--limit", limit]);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(message), "{limit}: {}", stderr(&output));
    }
    let output = ludex(&["check", "--limit", "cells=16", PAWNS]);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("at most 16 cells (the limit `cells`)"), "{}", stderr(&output));
}

#[test]
fn perft_depth_is_bounded() {
    let output = ludex(&["perft", PAWNS, "--depth", "50"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("deeper than the limit `perft-depth` of 20"), "{}", stderr(&output));
    let output = ludex(&["perft", PAWNS, "--depth", "21", "--limit", "perft-depth=1"]);
    assert_exit(&output, 2);
}

#[test]
fn a_huge_map_is_refused_unread_and_a_large_one_unechoed() {
    let row = "1 ".repeat(5);
    let huge = pawns_with(&format!("map level {{\n{}}}\n", format!("{row}\n").repeat(1_600_000)));
    let output = ludex(&["check", text(&huge)]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("limit `source-bytes`"), "{}", stderr(&output));
    let large = pawns_with(&format!("map level {{\n{}}}\n", format!("{row}\n").repeat(50_000)));
    let output = ludex(&["check", text(&large)]);
    assert_exit(&output, 1);
    assert!(
        stderr(&output).contains("grid-row-count") && stderr(&output).len() < 2000,
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_record_with_a_huge_move_is_reported_briefly() {
    let dir = temp_dir();
    let records = dir.join("games.jsonl");
    let output = ludex(&["run", PAWNS, "--games", "1", "--record", text(&records)]);
    assert_exit(&output, 0);
    let record = std::fs::read_to_string(&records).expect("a record");
    let tampered = record.replacen("\"plies\":[\"", &format!("\"plies\":[\"{}", "b".repeat(1 << 20)), 1);
    std::fs::write(&records, tampered).expect("written");
    let output = ludex(&["replay", text(&records)]);
    assert_exit(&output, 1);
    assert!(stderr(&output).len() < 3000, "{} bytes", stderr(&output).len());
    let output = ludex(&["replay", text(&records), "--limit", "record-bytes=1000"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("limit `record-bytes` of 1000 bytes"), "{}", stderr(&output));
}

// `ludex fmt`: in place, `--check`, standard input, and files that do not parse.

const UNFORMATTED: &str = "game   \"T\"\nseat a # the first seat\nseat b piece p { letter P }\n";
const FORMATTED: &str = "game \"T\"\nseat a # the first seat\nseat b\npiece p {\n  letter P\n}\n";
const BROKEN: &str = "game \"T\"\nseat a turnd 90\n";

#[test]
fn fmt_check_names_the_unformatted_files_and_changes_nothing() {
    let dir = temp_dir();
    let unformatted = dir.join("unformatted.rules");
    let formatted = dir.join("formatted.rules");
    std::fs::write(&unformatted, UNFORMATTED).expect("a file");
    std::fs::write(&formatted, FORMATTED).expect("a file");
    let output = ludex(&["fmt", "--check", text(&formatted), text(&unformatted)]);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), format!("{}\n", unformatted.display()));
    assert!(stderr(&output).contains("1 file not formatted"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&unformatted).expect("the file"), UNFORMATTED);
    assert_exit(&ludex(&["fmt", "--check", text(&formatted)]), 0);
    assert_exit(&ludex(&["fmt", "--check", "rules/chess.rules", "docs/examples/pawns.rules"]), 0);
}

#[test]
fn fmt_formats_files_in_place() {
    let path = temp_file("in-place.rules", UNFORMATTED.as_bytes());
    let output = ludex(&["fmt", text(&path)]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "");
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), FORMATTED);
    assert_exit(&ludex(&["fmt", "--check", text(&path)]), 0);
}

#[test]
fn fmt_formats_standard_input_to_standard_output() {
    for args in [&["fmt"][..], &["fmt", "-"]] {
        let output = ludex_with_input(args, UNFORMATTED);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), FORMATTED);
    }
    let output = ludex_with_input(&["fmt", "--check", "-"], UNFORMATTED);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "<stdin>\n");
    assert_exit(&ludex_with_input(&["fmt", "--check"], FORMATTED), 0);
}

#[test]
fn fmt_leaves_a_file_that_does_not_parse_untouched_and_shows_its_errors() {
    let broken = temp_file("broken.rules", BROKEN.as_bytes());
    let other = temp_file("other.rules", UNFORMATTED.as_bytes());
    let output = ludex(&["fmt", text(&broken), text(&other)]);
    assert_exit(&output, 1);
    let errors = stderr(&output);
    assert!(errors.contains("ludex::syntax-error") && errors.contains("turnd"), "{errors}");
    assert!(errors.contains("broken.rules` has 1 error; it is left as it is"), "{errors}");
    assert_eq!(std::fs::read_to_string(&broken).expect("the file"), BROKEN);
    assert_eq!(std::fs::read_to_string(&other).expect("the file"), FORMATTED, "the other file is formatted");
    let output = ludex_with_input(&["fmt"], BROKEN);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "", "nothing is written for standard input that does not parse");
}

#[test]
fn fmt_of_a_missing_file_is_a_usage_error() {
    let output = ludex(&["fmt", "no-such-file.rules"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("cannot read `no-such-file.rules`"), "{}", stderr(&output));
}

// ---- ludex test ------------------------------------------------------------------------------------

/// pawns.rules copied into a fresh directory with the given tests beside it; the rules' path.
fn pawns_with_tests(tests: &str) -> PathBuf {
    let rules = temp_file("pawns.rules", &std::fs::read("docs/examples/pawns.rules").expect("pawns.rules"));
    std::fs::write(rules.with_extension("tests"), tests).expect("a tests file");
    rules
}

const PAWNS_TESTS: &str = "test \"white moves first\" {\n  setup\n  expect turn: white\n}\n\n\
                           test \"thirteen first moves\" {\n  setup\n  expect perft 1: 13\n}\n";

#[test]
fn test_runs_the_tests_beside_each_rules_file_with_a_summary() {
    let output = ludex(&["test", "docs/examples/pawns.rules", "docs/examples/race.tests"]);
    assert_exit(&output, 0);
    let out = stdout(&output);
    assert!(out.contains("running 6 tests from docs/examples/pawns.tests"), "{out}");
    assert!(out.contains("test pawns::reaching the far row wins ... ok"), "{out}");
    assert!(out.contains("test result: ok. 6 passed, 0 failed"), "{out}");
    assert!(out.contains("test race::the first runner on the far row wins ... ok"), "{out}");
    assert!(out.contains("all files: 13 passed, 0 failed"), "{out}");
}

#[test]
fn test_filters_by_name() {
    let output = ludex(&["test", "docs/examples/pawns.rules", "--filter", "far row"]);
    assert_exit(&output, 0);
    let out = stdout(&output);
    assert!(out.contains("running 1 test from"), "{out}");
    assert!(out.contains("test result: ok. 1 passed, 0 failed, 5 filtered out"), "{out}");
}

#[test]
fn a_failing_test_exits_1_with_its_diagnostic() {
    let rules = pawns_with_tests(&PAWNS_TESTS.replace("perft 1: 13", "perft 1: 12"));
    let output = ludex(&["test", text(&rules)]);
    assert_exit(&output, 1);
    let out = stdout(&output);
    assert!(out.contains("test pawns::thirteen first moves ... FAILED"), "{out}");
    assert!(out.contains("---- pawns::thirteen first moves ----"), "{out}");
    assert!(out.contains("expected perft 1 to be 12, found 13"), "{out}");
    assert!(out.contains("test result: FAILED. 1 passed, 1 failed"), "{out}");
    assert!(stderr(&output).contains("1 of 2 tests failed"), "{}", stderr(&output));
}

#[test]
fn test_json_gives_every_result_and_finding() {
    let rules = pawns_with_tests(&PAWNS_TESTS.replace("perft 1: 13", "perft 1: 12"));
    let output = ludex(&["test", text(&rules), "--json"]);
    assert_exit(&output, 1);
    let json = json(&output);
    assert_eq!((json["passed"].as_u64(), json["failed"].as_u64()), (Some(1), Some(1)));
    let results = &json["files"][0]["results"];
    assert_eq!(results[0]["name"], "pawns::white moves first");
    assert_eq!(results[0]["passed"], true);
    let finding = &results[1]["findings"][0];
    assert_eq!(finding["kind"], "failed");
    assert_eq!(finding["code"], "ludex::expectation-failed");
    assert_eq!((finding["line"].as_u64(), finding["label"].as_str()), (Some(8), Some("found 13")));
}

#[test]
fn bless_writes_the_values_found_into_the_placeholders() {
    let rules = pawns_with_tests(&PAWNS_TESTS.replace("perft 1: 13", "perft 1: ?"));
    let unblessed = ludex(&["test", text(&rules)]);
    assert_exit(&unblessed, 1);
    assert!(stdout(&unblessed).contains("no expected value yet"), "{}", stdout(&unblessed));
    let output = ludex(&["test", text(&rules), "--bless"]);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("wrote 1 value into"), "{}", stdout(&output));
    let written = std::fs::read_to_string(rules.with_extension("tests")).expect("the tests file");
    assert_eq!(written, PAWNS_TESTS);
    assert_exit(&ludex(&["test", text(&rules)]), 0);
}

#[test]
fn bless_rewrites_failing_expectations_only_when_asked() {
    let wrong = PAWNS_TESTS.replace("perft 1: 13", "perft 1: 12");
    let rules = pawns_with_tests(&wrong);
    assert_exit(&ludex(&["test", text(&rules), "--bless"]), 1);
    let tests = rules.with_extension("tests");
    assert_eq!(std::fs::read_to_string(&tests).expect("the tests file"), wrong);
    assert_exit(&ludex(&["test", text(&rules), "--bless=all"]), 0);
    assert_eq!(std::fs::read_to_string(&tests).expect("the tests file"), PAWNS_TESTS);
}

#[test]
fn a_rules_file_without_tests_has_no_tests() {
    let rules = temp_file("alone.rules", &std::fs::read("docs/examples/pawns.rules").expect("pawns.rules"));
    let output = ludex(&["test", text(&rules)]);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("alone.rules: no tests"), "{}", stdout(&output));
}

#[test]
fn malformed_tests_and_broken_rules_fail() {
    let rules = pawns_with_tests("test \"x\" {\n  setup\n  expect mvoes: a2-a3\n}\n");
    let output = ludex(&["test", text(&rules)]);
    assert_exit(&output, 1);
    assert!(stdout(&output).contains("unknown expectation `mvoes`"), "{}", stdout(&output));
    assert!(stdout(&output).contains("test pawns::x ... FAILED"), "{}", stdout(&output));
    let broken = temp_file("broken.rules", b"game \"broken\"\nseat white\n");
    std::fs::write(broken.with_extension("tests"), PAWNS_TESTS).expect("a tests file");
    assert_exit(&ludex(&["test", text(&broken)]), 1);
}

#[test]
fn test_usage_errors_exit_2() {
    assert_exit(&ludex(&["test"]), 2);
    assert_exit(&ludex(&["test", "no/such.rules"]), 2);
    let rules = temp_file("lonely.rules", &std::fs::read("docs/examples/pawns.rules").expect("pawns.rules"));
    assert_exit(&ludex(&["test", text(&rules.with_extension("tests"))]), 2);
    assert_exit(&ludex(&["test", "docs/examples/pawns.rules", "--bless=some"]), 2);
}

#[test]
fn show_draws_the_start_a_position_or_a_recorded_state_as_svg() {
    let dir = temp_dir();
    let out = dir.join("start.svg");
    assert_exit(&ludex(&["show", MANA, "--svg", text(&out), "--zones", "home"]), 0);
    let svg = std::fs::read_to_string(&out).expect("the picture");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.contains("zone home"),
        "{svg}"
    );
    assert_eq!(svg.matches("class=\"cell\"").count(), 36);

    let record = dir.join("game.jsonl");
    assert_exit(&ludex(&["run", DICE_CHESS, "--games", "1", "--seed", "3", "--record", text(&record)]), 0);
    let game: Value = serde_json::from_str(&std::fs::read_to_string(&record).expect("record")).expect("JSON");
    let plies = game["plies"].as_array().expect("plies");
    let last_move =
        (0..plies.len()).rev().find(|&i| !plies[i].as_str().unwrap().starts_with("roll ")).unwrap();
    let ply = (last_move + 1).to_string();
    let output = ludex(&["show", DICE_CHESS, "--record", text(&record), "--ply", &ply, "--svg", "-"]);
    assert_exit(&output, 0);
    let notation = plies[last_move].as_str().unwrap();
    assert!(stdout(&output).contains(&format!("last move: {notation}")), "{}", stdout(&output));

    let output = ludex(&["show", DICE_CHESS, "--record", text(&record), "--ply", "100000", "--svg", "-"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("past its end"), "{}", stderr(&output));
    let output = ludex(&["show", MANA, "--zones", "homes", "--svg", "-"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("no zone `homes` (did you mean `home`?)"), "{}", stderr(&output));
    let output = ludex(&["show", MANA]);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("red to move"), "{}", stdout(&output));
}

#[test]
fn replay_writes_a_page_that_steps_through_a_game() {
    let dir = temp_dir();
    let record = dir.join("games.jsonl");
    assert_exit(&ludex(&["run", MANA, "--games", "2", "--seed", "2", "--record", text(&record)]), 0);
    let page = dir.join("game.html");
    let output = ludex(&["replay", text(&record), "--html", text(&page), "--game", "2"]);
    assert_exit(&output, 0);
    let game: Value = serde_json::from_str(std::fs::read_to_string(&record).unwrap().lines().nth(1).unwrap())
        .expect("JSON");
    let entries = game["plies"].as_array().expect("plies").len();
    assert!(
        stdout(&output).contains(&format!("game 2: {} frames written", entries + 1)),
        "{}",
        stdout(&output)
    );
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<title>Mana</title>"));
    assert_eq!(html.matches("<template class=\"frame\"").count(), entries + 1);
    assert_eq!(html.matches("<svg ").count(), entries + 1);
    let output = ludex(&["replay", text(&record), "--html", text(&page), "--game", "3"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("holds 2 recorded games, not game 3"), "{}", stderr(&output));
}

/// One HTTP/1.0 request to a local server; the response's text.
fn http(address: &str, request: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).expect("the server accepts");
    stream.write_all(request.as_bytes()).expect("the request is sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("a response");
    response
}

#[test]
fn serve_serves_the_built_page_on_the_loopback_only() {
    use std::io::{BufRead, BufReader};
    let dir = temp_dir();
    std::fs::create_dir_all(dir.join("pkg")).expect("pkg");
    std::fs::write(dir.join("index.html"), "<!DOCTYPE html>playground").expect("page");
    std::fs::write(dir.join("pkg/engine.wasm"), b"\0asm").expect("wasm");
    let mut server = Command::new(env!("CARGO_BIN_EXE_ludex"))
        .args(["serve", "--port", "0", "--dir", text(&dir)])
        .stdout(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().expect("stdout")).read_line(&mut line).expect("its address");
    let address =
        line.split("http://").nth(1).and_then(|rest| rest.split('/').next()).expect(&line).to_string();
    assert!(address.starts_with("127.0.0.1:"), "{line}");
    let page = http(&address, "GET / HTTP/1.0\r\n\r\n");
    assert!(page.starts_with("HTTP/1.0 200 OK") && page.ends_with("playground"), "{page}");
    assert!(page.contains("Content-Type: text/html; charset=utf-8"), "{page}");
    let wasm = http(&address, "GET /pkg/engine.wasm HTTP/1.0\r\n\r\n");
    assert!(wasm.contains("Content-Type: application/wasm"), "{wasm}");
    for path in ["/../Cargo.toml", "/pkg/%2e%2e/%2e%2e/Cargo.toml", "/missing.js"] {
        let response = http(&address, &format!("GET {path} HTTP/1.0\r\n\r\n"));
        assert!(response.starts_with("HTTP/1.0 404"), "{path}: {response}");
    }
    assert!(http(&address, "POST / HTTP/1.0\r\n\r\n").starts_with("HTTP/1.0 405"));
    server.kill().expect("the server stops");
    let _ = server.wait();

    let output = ludex(&["serve", "--dir", text(&temp_dir())]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("build it with web/build.sh"), "{}", stderr(&output));
}

// Conventions of command-line tools: `-` for standard input, color choices, completions and a man
// page.

#[test]
fn a_dash_reads_the_rules_or_the_record_from_standard_input() {
    let rules = std::fs::read_to_string("docs/examples/pawns.rules").expect("a shipped example");
    let output = ludex_with_input(&["check", "-"], &rules);
    assert_exit(&output, 0);
    assert!(stdout(&output).starts_with("Pawns: 2 seats"), "{}", stdout(&output));
    let misspelled = rules.replacen("for pawn", "for pwan", 1);
    let output = ludex_with_input(&["check", "-"], &misspelled);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("[<stdin>:"), "{}", stderr(&output));
    let dir = temp_dir();
    let record = dir.join("games.jsonl");
    let output = ludex(&["run", "docs/examples/pawns.rules", "--games", "2", "--record", text(&record)]);
    assert_exit(&output, 0);
    let records = std::fs::read_to_string(&record).expect("the record was written");
    let output = ludex_with_input(&["replay", "-"], &records);
    assert_exit(&output, 0);
    assert!(
        stdout(&output).ends_with("2 games replayed: every move and roll legal, every result as recorded\n")
    );
}

#[test]
fn standard_input_is_read_once() {
    let output = ludex(&["fmt", "--check", "-", "-"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("standard input (`-`) can be read only once"), "{}", stderr(&output));
}

#[test]
fn diagnostics_are_colored_only_when_asked_or_on_a_terminal() {
    let misspelled =
        "game \"x\"\nseat a\nboard square 2 by 2\npiece p { letter P }\nsetup { place q for a on row 1 }";
    let has_escapes = |output: &Output| stderr(output).contains('\u{1b}');
    assert!(!has_escapes(&ludex_with_input(&["check", "-"], misspelled)), "a pipe is not a terminal");
    assert!(has_escapes(&ludex_with_input(&["check", "-", "--color", "always"], misspelled)));
    assert!(!has_escapes(&ludex_with_input(&["--color", "never", "check", "-"], misspelled)));
}

#[test]
fn completions_and_the_man_page_describe_every_command() {
    let output = ludex(&["completions", "bash"]);
    assert_exit(&output, 0);
    let script = stdout(&output);
    assert!(script.contains("_ludex()") && script.contains("perft") && script.contains("--deny-warnings"));
    let output = ludex(&["completions", "fish"]);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("complete -c ludex"));
    let output = ludex(&["man"]);
    assert_exit(&output, 0);
    let page = stdout(&output);
    assert!(
        page.starts_with(".ie") && page.contains(".TH ludex 1") && page.contains("completions"),
        "{page}"
    );
    assert!(page.contains("Exit codes"), "the man page documents the exit codes");
    assert_exit(&ludex(&["completions", "tcsh"]), 2);
}

#[test]
fn json_diagnostics_list_their_secondary_places_and_the_short_form_is_one_line_each() {
    // The rule that always holds ends the game at its start: an error, first, at its place.
    let output = ludex(&["check", "tests/diagnostics/shadowed-rule.rules", "--format", "json"]);
    assert_exit(&output, 1);
    let diagnostics = json(&output);
    assert_eq!(diagnostics[0]["code"], "ludex::ends-at-start");
    let shadowed = &diagnostics[2];
    assert_eq!(shadowed["code"], "ludex::shadowed-rule");
    assert_eq!(shadowed["secondary"][0]["line"], 12);
    assert_eq!(shadowed["secondary"][0]["column"], 8);
    assert_eq!(shadowed["secondary"][0]["label"], "this rule, checked first, always holds");
    let output = ludex(&["check", "tests/diagnostics/shadowed-rule.rules", "--error-format", "short"]);
    assert_exit(&output, 1);
    assert_eq!(
        stderr(&output),
        "tests/diagnostics/shadowed-rule.rules:12:8: error[ludex::ends-at-start]: the game is over before the first move\n\
         tests/diagnostics/shadowed-rule.rules:12:17: warning[ludex::constant-comparison]: this comparison is always true\n\
         tests/diagnostics/shadowed-rule.rules:13:3: warning[ludex::shadowed-rule]: this end rule can never end the game\n\
         tests/diagnostics/shadowed-rule.rules:14:3: warning[ludex::shadowed-rule]: this end rule can never end the game\n\
         error: 1 error in `tests/diagnostics/shadowed-rule.rules`\n\n\
         For more information about this error, try `ludex explain ends-at-start`.\n"
    );
}
