//! `ludex run` at scale, end to end: the same summary and records whatever the number of threads;
//! shards run apart and merged into exactly the single run's summary and records; the summary's
//! breakdown by how games ended; Ctrl-C during a run; a truncated record file in `replay`.

#[path = "support/binary.rs"]
mod binary;

use std::path::{Path, PathBuf};
use std::process::Command;

use binary::{assert_exit, ludex, stderr, stdout, temp_dir, text};
use serde_json::Value;

const MANA: &str = "rules/mana.rules";
const DICE_CHESS: &str = "rules/dice-chess.rules";

/// Two seats whose pieces step north and south on files of their own, forever: every game reaches
/// the move limit.
const SHUTTLE: &str = "game \"Shuttle\"\nseat a\nseat b turned 180\nboard square 2 by 2\n\
    piece p { letter P }\naction go for p {\n  step n, s\n  to empty\n}\n\
    phase play { turn { play go } }\nend { when false: draw }\n\
    setup {\n  place p for a on cells a1\n  place p for b on cells b2\n}\n";

/// Two pieces face each other on a file of three cells: the first steps forward, then neither can
/// move.
const BLOCKED: &str = "game \"Blocked\"\nseat a\nseat b turned 180\nboard square 1 by 3\n\
    piece p { letter P }\naction go for p {\n  step forward\n  to empty\n}\n\
    phase play { turn { play go } }\nend { when false: draw }\n\
    setup {\n  place p for a on cells a1\n  place p for b on cells a3\n}\n";

/// Runs `ludex` and returns its standard output, which it must give with exit code 0.
fn success(args: &[&str]) -> String {
    let output = ludex(args);
    assert_exit(&output, 0);
    stdout(&output)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text summary without its speed line, the only line that depends on the machine.
fn without_speed(summary: &str) -> String {
    summary
        .lines()
        .filter(|line| !line.trim_start().starts_with("speed:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The JSON summary as text without the three speed figures, the only ones that depend on the
/// machine.
fn json_without_speed(summary: &str) -> String {
    let mut value: Value = serde_json::from_str(summary).unwrap_or_else(|e| panic!("{e}: {summary}"));
    let object = value.as_object_mut().expect("an object");
    for key in ["seconds", "games_per_second", "plies_per_second"] {
        assert!(object.remove(key).is_some(), "{key}: {summary}");
    }
    serde_json::to_string_pretty(&value).expect("JSON")
}

#[test]
fn the_summary_and_records_do_not_depend_on_the_number_of_threads() {
    let dir = temp_dir();
    // 150 games of Mana: three batches on one thread (64 games a thread each), one on three.
    for rules in [MANA, DICE_CHESS] {
        let games = if rules == MANA { "150" } else { "40" };
        let run = |threads: &str, json: bool| {
            let record = dir.join("games.jsonl");
            let mut args = vec!["run", rules, "--games", games, "--seed", "9", "--threads", threads];
            args.extend(["--record", text(&record)]);
            if json {
                args.push("--json");
            }
            let summary = success(&args);
            let summary = if json { json_without_speed(&summary) } else { without_speed(&summary) };
            (summary, read(&record))
        };
        let (one_text, one_records) = run("1", false);
        let (three_text, three_records) = run("3", false);
        assert_eq!(one_text, three_text, "{rules}");
        // Without records the plies are only counted, not written: the same summary.
        let unrecorded = success(&["run", rules, "--games", games, "--seed", "9", "--threads", "2"]);
        assert_eq!(without_speed(&unrecorded), one_text, "{rules}");
        assert_eq!(one_records, three_records, "{rules}");
        assert_eq!(one_records.lines().count(), games.parse::<usize>().unwrap());
        // Records in game order: game i has seed 9 + i.
        for (index, line) in one_records.lines().enumerate() {
            let record: Value = serde_json::from_str(line).expect("a record");
            assert_eq!(record["seed"].as_u64(), Some(9 + index as u64), "{rules}");
        }
        let (one_json, _) = run("1", true);
        let (three_json, three_json_records) = run("3", true);
        assert_eq!(one_json, three_json, "{rules}");
        assert_eq!(one_records, three_json_records, "{rules}");
    }
}

/// Runs shard `index` of `count` of a Mana run of 40 games from seed 3, with its records: its
/// summary's path.
fn run_shard(dir: &Path, index: u64, count: u64, seed: &str) -> PathBuf {
    let record = dir.join(format!("shard-{index}.jsonl"));
    let shard = format!("{index}/{count}");
    let args = ["run", MANA, "--games", "40", "--seed", seed, "--shard", &shard, "--threads", "2"];
    let summary = success(&[&args[..], &["--record", text(&record), "--json"]].concat());
    let path = dir.join(format!("shard-{index}.json"));
    std::fs::write(&path, summary).expect("the shard's summary is written");
    path
}

#[test]
fn shards_merge_into_exactly_the_single_run() {
    let dir = temp_dir();
    let all = dir.join("all.jsonl");
    let single = ["run", MANA, "--games", "40", "--seed", "3", "--record", text(&all)];
    let single_text = without_speed(&success(&single));
    let single_records = read(&all);
    let single_json = json_without_speed(&success(&[&single[..], &["--json"]].concat()));
    std::fs::remove_file(&all).expect("the single run's records are removed");

    // Three shards of 13, 13 and 14 games, given to merge in another order.
    let shards: Vec<PathBuf> = (0..3).map(|index| run_shard(&dir, index, 3, "3")).collect();
    let first_shard = read(&shards[0]);
    assert!(
        first_shard
            .contains("\"shard\": {\n    \"index\": 0,\n    \"count\": 3,\n    \"run_games\": 40\n  }")
    );
    assert_eq!(read(&dir.join("shard-1.jsonl")).lines().count(), 13);
    assert_eq!(read(&dir.join("shard-2.jsonl")).lines().count(), 14);
    let summaries = [text(&shards[2]), text(&shards[0]), text(&shards[1])];
    let merged_text =
        without_speed(&success(&[&["merge"][..], &summaries, &["--record", text(&all)]].concat()));
    assert_eq!(merged_text, single_text);
    assert_eq!(read(&all), single_records);
    let merged_json = json_without_speed(&success(
        &[&["merge"][..], &summaries, &["--record", text(&all), "--json"]].concat(),
    ));
    assert_eq!(merged_json, single_json);
    assert_eq!(read(&all), single_records);
    // Without --record, only the summary (which then names no record file).
    let summary_only = success(&[&["merge"][..], &summaries, &["--json"]].concat());
    assert!(!summary_only.contains("\"record\""), "{summary_only}");
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_whole_run() {
    let dir = temp_dir();
    let shards: Vec<PathBuf> = (0..3).map(|index| run_shard(&dir, index, 3, "3")).collect();
    let other_seed = run_shard(&temp_dir(), 2, 3, "4");
    let whole = dir.join("whole.json");
    std::fs::write(&whole, success(&["run", MANA, "--games", "3", "--json"])).expect("written");
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "Mana: 3 games\n").expect("written");
    let beyond = dir.join("beyond.json");
    std::fs::write(&beyond, read(&shards[0]).replacen("\"index\": 0", "\"index\": 3", 1)).expect("written");
    let cases: [(Vec<&Path>, &str); 6] = [
        (vec![&shards[0], &shards[2]], "the run has 3 shards and 2 were given: missing shard 1"),
        (vec![&shards[0], &shards[1], &shards[1]], "are both shard 1"),
        (vec![&shards[0], &shards[1], &other_seed], "are shards of different runs: their seed differ"),
        (vec![&whole], "is the summary of a whole run, not of a shard"),
        (vec![&not_json], "is not the JSON summary of a shard"),
        (vec![&beyond], "names shard 3 of 3: a shard's index is from 0 to the count less 1"),
    ];
    for (files, message) in cases {
        let args: Vec<&str> = std::iter::once("merge").chain(files.iter().map(|p| text(p))).collect();
        let output = ludex(&args);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(message), "{message}: {}", stderr(&output));
    }
    // A shard whose record file lost a game cannot give the whole run's records.
    let records = dir.join("shard-1.jsonl");
    let kept: String = read(&records).lines().skip(1).map(|line| format!("{line}\n")).collect();
    std::fs::write(&records, kept).expect("written");
    let args = ["merge", text(&shards[0]), text(&shards[1]), text(&shards[2]), "--record"];
    let output = ludex(&[&args[..], &[text(&dir.join("all.jsonl"))]].concat());
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("where game 13 of the run (seed 16) belongs"), "{}", stderr(&output));
}

#[test]
fn games_at_the_move_limit_are_shown_apart_with_a_warning() {
    let dir = temp_dir();
    let rules = dir.join("shuttle.rules");
    std::fs::write(&rules, SHUTTLE).expect("written");
    let summary = success(&["run", text(&rules), "--games", "3"]);
    for part in [
        "rates over the 0 games the rules decided: 3 reached the move limit\n",
        "    end rule 1  when false: draw  0\n",
        "    move limit (2000 plies)       3  100.0%  3 draws (not in the rates)\n",
        "warning: 3 of 3 games (100%) reached the move limit of 2000 plies; the win and draw rates cover \
         only the 0 games the rules decided\n",
    ] {
        assert!(summary.contains(part), "{part}\n{summary}");
    }
    let json: Value =
        serde_json::from_str(&success(&["run", text(&rules), "--games", "3", "--json"])).expect("JSON");
    assert_eq!(
        (json["decided"].as_u64(), json["move_limit"].as_u64(), json["draws"].as_u64()),
        (Some(0), Some(3), Some(0))
    );
    let limit = &json["ends"][2];
    assert_eq!(
        (limit["end"].as_str(), limit["plies"].as_u64(), limit["games"].as_u64()),
        (Some("move limit"), Some(2000), Some(3))
    );
    assert_eq!(json["warnings"].as_array().map(Vec::len), Some(1));
    // The record names the end in words, and a replay reads the same end back from them.
    let record = dir.join("games.jsonl");
    success(&["run", text(&rules), "--games", "1", "--record", text(&record)]);
    assert!(read(&record).contains(r#""result":{"places":[1,1],"reason":"move limit"}"#));
    assert_exit(&ludex(&["replay", text(&record)]), 0);
}

#[test]
fn games_where_no_seat_can_move_are_counted_apart() {
    let dir = temp_dir();
    let rules = dir.join("blocked.rules");
    std::fs::write(&rules, BLOCKED).expect("written");
    let json: Value =
        serde_json::from_str(&success(&["run", text(&rules), "--games", "2", "--json"])).expect("JSON");
    let ends = json["ends"].as_array().expect("ends");
    let counts: Vec<(&str, u64)> = ends
        .iter()
        .map(|end| (end["end"].as_str().expect("end"), end["games"].as_u64().expect("games")))
        .collect();
    assert_eq!(counts, [("rule", 0), ("no seat can move", 2), ("move limit", 0)]);
    assert_eq!((json["decided"].as_u64(), json["draws"].as_u64()), (Some(2), Some(2)));
    assert!(json["warnings"].as_array().expect("warnings").is_empty());
    let record = dir.join("games.jsonl");
    success(&["run", text(&rules), "--games", "1", "--record", text(&record)]);
    assert!(read(&record).contains(r#""result":{"places":[1,1],"reason":"no seat can move"}"#));
    assert_exit(&ludex(&["replay", text(&record)]), 0);
}

#[test]
fn each_end_rule_is_named_with_its_source_and_counted() {
    let json: Value =
        serde_json::from_str(&success(&["run", MANA, "--games", "20", "--seed", "1", "--json"]))
            .expect("JSON");
    let rule = &json["ends"][0];
    assert_eq!(rule["rule"].as_u64(), Some(1));
    assert_eq!(
        rule["text"].as_str(),
        Some("when count(pieces(next, damyo)) == 0 and phase == play: win mover")
    );
    assert_eq!(rule["games"].as_u64(), Some(20));
    let wins: Vec<u64> =
        json["seats"].as_array().expect("seats").iter().map(|s| s["wins"].as_u64().expect("wins")).collect();
    assert_eq!(
        rule["wins"]
            .as_array()
            .expect("wins")
            .iter()
            .map(|w| w.as_u64().expect("a count"))
            .collect::<Vec<_>>(),
        wins
    );
    assert_eq!(wins.iter().sum::<u64>(), 20);
}

#[test]
fn replay_reports_a_truncated_last_line() {
    let dir = temp_dir();
    let path = dir.join("games.jsonl");
    success(&["run", MANA, "--games", "3", "--record", text(&path)]);
    let whole = read(&path);
    let cut = &whole[..whole.len() - 40];
    std::fs::write(&path, cut).expect("written");
    let output = ludex(&["replay", text(&path)]);
    assert_exit(&output, 2);
    assert_eq!(stdout(&output).lines().count(), 2, "the two whole games replay first");
    assert!(
        stderr(&output)
            .contains("line 3: the last line is truncated: the run that wrote it was interrupted?"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn usage_errors_of_threads_and_shards() {
    for (flag, value) in [("--threads", "0"), ("--shard", "3/3"), ("--shard", "1")] {
        let output = ludex(&["run", MANA, "--games", "2", flag, value]);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(flag), "{}", stderr(&output));
    }
}

/// Ctrl-C (a real SIGINT) during a run: exit 130, every record line whole, and the summary of the
/// games recorded.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_whole_records_and_prints_the_partial_summary() {
    use std::time::{Duration, Instant};
    for json in [true, false] {
        let dir = temp_dir();
        let path = dir.join("games.jsonl");
        let mut args = vec!["run", MANA, "--games", "100000000", "--threads", "2", "--record", text(&path)];
        if json {
            args.push("--json");
        }
        let child = Command::new(env!("CARGO_BIN_EXE_ludex"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary starts");
        // Records appear once the run plays (the Ctrl-C handler is set before the file is made).
        let started = Instant::now();
        while std::fs::metadata(&path).map_or(0, |m| m.len()) < 10_000 {
            assert!(started.elapsed() < Duration::from_secs(120), "no records after two minutes");
            std::thread::sleep(Duration::from_millis(50));
        }
        let pid = libc::pid_t::try_from(child.id()).expect("a pid");
        // SAFETY: sends SIGINT to the child this test started.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
        let output = child.wait_with_output().expect("the run ends");
        assert_exit(&output, 130);
        assert!(stderr(&output).contains("interrupted: the summary covers the"), "{}", stderr(&output));
        let records = read(&path);
        assert!(records.ends_with('\n'), "the last line is whole");
        let games = records.lines().count() as u64;
        for (index, line) in records.lines().enumerate() {
            let record: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
            assert_eq!(record["seed"].as_u64(), Some(index as u64));
        }
        let summary = stdout(&output);
        if json {
            let summary: Value = serde_json::from_str(&summary).expect("the summary is whole JSON");
            assert_eq!(summary["interrupted"], Value::Bool(true));
            assert_eq!(summary["games"].as_u64(), Some(games));
        } else {
            let heading =
                format!("Mana: {games} of 100000000 games (interrupted), seeds 0 to {}\n", games - 1);
            assert!(summary.starts_with(&heading), "{heading}\n{summary}");
        }
        // The records of an interrupted run replay.
        let replay = ludex(&["replay", text(&path)]);
        assert_exit(&replay, 0);
    }
}

#[test]
fn paired_runs_play_each_seed_with_the_sides_swapped() {
    let dir = temp_dir();
    let record = dir.join("pairs.jsonl");
    let run = |threads: &str| {
        let args = ["run", MANA, "--paired", "--games", "20", "--seed", "1", "--seat", "red=greedy"];
        let summary =
            success(&[&args[..], &["--threads", threads, "--record", text(&record), "--json"]].concat());
        (summary, read(&record))
    };
    let (one, one_records) = run("1");
    let (two, two_records) = run("2");
    let strip = |summary: &str| {
        let mut value: Value = serde_json::from_str(summary).expect("JSON");
        assert!(value.as_object_mut().expect("an object").remove("seconds").is_some());
        value
    };
    assert_eq!(strip(&one), strip(&two), "the report does not depend on the threads");
    assert_eq!(one_records, two_records);
    let report = strip(&one);
    let counts: Vec<u64> =
        ["won_both", "won_and_drew", "even", "drew_and_lost", "lost_both", "decided_pairs"]
            .iter()
            .map(|key| report[key].as_u64().expect(key))
            .collect();
    assert_eq!(counts, [18, 0, 2, 0, 0, 18]);
    assert_eq!(report["a"]["agent"], "greedy");
    assert_eq!(report["b"]["seats"], serde_json::json!(["amber"]));
    assert_eq!(report["pair_win_rate"]["rate"], 1.0);
    // Forty games: each seed twice, greedy on red and then on amber.
    let records: Vec<Value> =
        one_records.lines().map(|line| serde_json::from_str(line).expect("a record")).collect();
    assert_eq!(records.len(), 40);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record["seed"], 1 + index as u64 / 2, "{index}");
        let seats = if index % 2 == 0 { ["greedy", "random"] } else { ["random", "greedy"] };
        assert_eq!(record["seats"], serde_json::json!(seats), "{index}");
    }
    let output = ludex(&["run", MANA, "--paired", "--games", "2"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("every seat plays `random`"), "{}", stderr(&output));
}
