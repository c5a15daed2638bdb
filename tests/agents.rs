//! The agents on constructed positions of the shipped games and on small games written for the
//! purpose: greedy and mcts take winning captures and immediate wins, greedy averages over the
//! roll a capture causes, mcts weighs chance outcomes, plays several actions a turn for the same
//! seat, maximises its own seat's reward among three, shares its budget among the root's moves by
//! sequential halving when asked, and a seed fixes its choices.

use std::collections::BTreeMap;
use std::time::Duration;

use ludex::agents::greedy::GreedyAgent;
use ludex::agents::mcts::{Budget, MctsAgent, MctsConfig, Root, RootPolicy, search};
use ludex::agents::play::play_out;
use ludex::agents::{Agent, AgentSpec, Decision};
use ludex::ir::Number;
use ludex::runtime::{Engine, Move, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn engine_with(text: &str, options: &BTreeMap<String, Number>) -> Engine {
    let compiled = ludex::compile(text, options);
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

fn engine_of(text: &str) -> Engine {
    engine_with(text, &BTreeMap::new())
}

fn engine(path: &str) -> Engine {
    engine_of(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}")))
}

fn position(engine: &Engine, text: &str) -> State {
    engine.load_position(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn legal(engine: &Engine, state: &State) -> Vec<Move> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    moves
}

/// The notation of the move the agent chooses, with the generator seeded by `seed`.
fn choice(agent: &mut dyn Agent, engine: &Engine, state: &State, seed: u64) -> String {
    let moves = legal(engine, state);
    match agent.choose(engine, state, &moves, &[], &mut ChaCha8Rng::seed_from_u64(seed)) {
        Decision::Play(index) => engine.move_notation(state, moves[index]),
        Decision::Quit => panic!("the agent quit"),
        Decision::Undo => panic!("the agent took back a move"),
    }
}

fn mcts(iterations: u64) -> MctsConfig {
    MctsConfig { budget: Budget::Iterations(iterations), threads: Some(1), ..MctsConfig::default() }
}

/// The choices of greedy and of a small mcts over a few seeds.
fn choices(engine: &Engine, state: &State, iterations: u64) -> Vec<String> {
    (0..4)
        .flat_map(|seed| {
            let greedy = choice(&mut GreedyAgent, engine, state, seed);
            let search = choice(&mut MctsAgent::new(mcts(iterations)), engine, state, seed);
            [greedy, search]
        })
        .collect()
}

/// Red's ronin on c3 (a single square: one step) can take Amber's damyo on c4, which wins, or a
/// ronin on d3.
const MANA_WIN: &str = "
phase play
turn red
board
6 . . . . . .
5 . . . . . .
4 . . D2 . . .
3 . . R1 R2 . .
2 . . . . . R2
1 D1 . . . . .
";

#[test]
fn greedy_and_mcts_take_the_damyo() {
    let engine = engine("rules/mana.rules");
    let state = position(&engine, MANA_WIN);
    assert!(legal(&engine, &state).len() > 4);
    for chosen in choices(&engine, &state, 100) {
        assert_eq!(chosen, "c3xc4");
    }
}

#[test]
fn greedy_takes_material_when_nothing_wins() {
    let engine = engine("rules/mana.rules");
    // The damyo is out of reach: taking the ronin is the only gain of material.
    let state = position(&engine, &MANA_WIN.replace("4 . . D2 . . .", "4 . . . . . D2"));
    for seed in 0..8 {
        assert_eq!(choice(&mut GreedyAgent, &engine, &state, seed), "c3xd3", "seed {seed}");
    }
}

#[test]
fn greedy_averages_over_the_reroll_of_a_capture() {
    let engine = engine("rules/dice-chess.rules");
    // The 6 on d4 may take the 1 on d5: Black loses 1, but the 6 is rerolled (3.5 on average), a
    // loss of 1.5. The 2 on b2 may take the 2 on b3: Black loses 2 and the reroll gains 1.5.
    let state = position(
        &engine,
        "
phase play
turn white
board
8 . . . . . . . D2:5
7 . . . . . . . .
6 . . . . . . . .
5 . . . D2:1 . . . .
4 . . . D1:6 . . . .
3 . D2:2 . . . . . .
2 . D1:2 . . . . . .
1 . . . . . . . .
",
    );
    for seed in 0..8 {
        assert_eq!(choice(&mut GreedyAgent, &engine, &state, seed), "b2xb3", "seed {seed}");
    }
    // Without the good capture, a quiet move is better than the losing one.
    let state = position(&engine, &engine.write_position(&state).replace("D2:2", ".").replace("D1:2", "."));
    for seed in 0..8 {
        assert_ne!(choice(&mut GreedyAgent, &engine, &state, seed), "d4xd5", "seed {seed}");
    }
}

#[test]
fn greedy_prefers_an_immediate_win_to_material() {
    let engine = engine("rules/dice-chess.rules");
    // Five quiet turns after the first capture, White far ahead: any quiet move ends the game
    // with White ranked first; the capture on d5 would gain material and let the game go on.
    let state = position(
        &engine,
        "
phase play
turn white
variable quiet = 5
prizes white D2:3
board
8 . . . . . . . D2:1
7 . . . . . . . .
6 . . . . . . . .
5 . . . D2:3 . . . .
4 . . . D1:3 . . . .
3 . . . . . . . .
2 . . . . . . . .
1 D1:6 D1:6 . . . . . .
",
    );
    assert!(legal(&engine, &state).iter().any(|&mv| engine.move_notation(&state, mv) == "d4xd5"));
    for seed in 0..8 {
        assert_ne!(choice(&mut GreedyAgent, &engine, &state, seed), "d4xd5", "seed {seed}");
    }
}

#[test]
fn mcts_takes_the_last_die_through_the_reroll() {
    let engine = engine("rules/dice-chess.rules");
    let state = position(
        &engine,
        "
phase play
turn white
board
8 . . . . . . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . D2:4 . . . .
4 . . . D1:4 . . . .
3 . . . . . . . .
2 . . . . . . . .
1 D1:2 D1:3 . . . . . .
",
    );
    for seed in 0..4 {
        assert_eq!(choice(&mut MctsAgent::new(mcts(150)), &engine, &state, seed), "d4xd5", "seed {seed}");
    }
}

/// Seat `a` either takes `safe` points or rolls a die (`gamble`); `b` holds `held` points. The
/// game ends after `a`'s turn, ranked by points.
const GAMBLE: &str = r#"
game "Gamble"
option safe = 4 from 1 to 6
option held = 3 from 1 to 6
seat a
seat b
board square 1 by 1
variable points of each seat = if seat == a then 0 else held
action take {
  choose n from 0 to 0
  then { set points(mover) = safe }
}
action gamble {
  choose n from 0 to 0
  then { set points(mover) = roll d6 }
}
phase play {
  turn { play take, gamble }
}
end {
  when turns >= 1: rank by points(seat)
}
"#;

fn gamble(safe: i64, held: i64) -> Engine {
    engine_with(
        GAMBLE,
        &BTreeMap::from([("safe".to_string(), Number::Int(safe)), ("held".to_string(), Number::Int(held))]),
    )
}

#[test]
fn chance_outcomes_are_weighed_by_their_odds() {
    // 4 against 3 wins outright (1); the die wins three times in six and ties once (7/12).
    let engine = gamble(4, 3);
    let state = engine.initial_state();
    for chosen in choices(&engine, &state, 300) {
        assert_eq!(chosen, "take 0");
    }
    // 3 against 3 only ties (1/2): now the die is better.
    let engine = gamble(3, 3);
    let state = engine.initial_state();
    let moves = legal(&engine, &state);
    let report = search(&engine, &Root { state: &state, past: &[] }, &moves, &mcts(3000), 7);
    let gamble = moves.iter().position(|&mv| engine.move_notation(&state, mv) == "gamble 0").unwrap();
    assert_eq!(report.best, gamble, "{report:?}");
    assert!((report.values[gamble] - 7.0 / 12.0).abs() < 0.05, "{report:?}");
    assert!((report.values[1 - gamble] - 0.5).abs() < 1e-9, "{report:?}");
    for seed in 0..4 {
        assert_eq!(choice(&mut GreedyAgent, &engine, &state, seed), "gamble 0");
    }
}

#[test]
fn a_turn_of_two_actions_is_planned_by_the_same_seat() {
    // `a` picks two bits in one turn and wins only with both set: the second pick is its own.
    let engine = engine_of(
        r#"
game "Bits"
seat a
seat b
board square 1 by 1
variable bits = 0
action pick {
  choose n from 0 to 1
  then { set bits = bits * 2 + n }
}
phase play {
  turn {
    play pick
    actions 2
  }
}
end {
  when turns >= 1 and bits == 3: win a
  when turns >= 1: win b
}
"#,
    );
    let mut state = engine.initial_state();
    for _ in 0..2 {
        for seed in 0..4 {
            let chosen = choice(&mut MctsAgent::new(mcts(60)), &engine, &state, seed);
            assert_eq!(chosen, "pick 1", "seed {seed}");
        }
        let mv = engine.parse_move(&state, "pick 1").unwrap();
        engine.apply_move(&mut state, mv);
    }
}

#[test]
fn mcts_maximises_the_reward_of_the_seat_to_move() {
    // Only `b` moves; its pick decides the places of three seats. Pick 1: a, b, c (b's reward
    // 1/2); pick 2: b first, a and c share second (1); pick 3: b and c share first, a last (3/4).
    let engine = engine_of(
        r#"
game "Kingmaker"
seat a
seat b
seat c
board square 1 by 1
variable pick = 0
action choose_places {
  choose n from 1 to 3
  then { set pick = n }
}
phase play {
  order b
  turn { play choose_places }
}
end {
  when pick == 1: rank by if seat == a then 3 else if seat == b then 2 else 1
  when pick == 2: rank by if seat == b then 2 else 1
  when pick == 3: rank by if seat == a then 1 else 2
}
"#,
    );
    let state = engine.initial_state();
    let moves = legal(&engine, &state);
    let report = search(&engine, &Root { state: &state, past: &[] }, &moves, &mcts(300), 1);
    assert_eq!(engine.move_notation(&state, moves[report.best]), "choose_places 2");
    // Each pick was played out once; from then on its finished game is a node of the tree.
    assert_eq!((report.iterations, report.playouts), (300, 3));
    let expected = [0.5, 1.0, 0.75];
    for (value, expected) in report.values.iter().zip(expected) {
        assert!((value - expected).abs() < 1e-9, "{report:?}");
    }
}

fn halving(iterations: u64) -> MctsConfig {
    MctsConfig { root: RootPolicy::Halving, ..mcts(iterations) }
}

#[test]
fn sequential_halving_shares_the_budget_evenly_and_keeps_the_better_half() {
    // Two moves, one round: each gets half the budget, and the better mean (the die: 7/12 against
    // 1/2) is played.
    let dice = gamble(3, 3);
    let state = dice.initial_state();
    let moves = legal(&dice, &state);
    let report = search(&dice, &Root { state: &state, past: &[] }, &moves, &halving(3000), 7);
    assert_eq!(report.visits, [1500, 1500]);
    assert_eq!(dice.move_notation(&state, moves[report.best]), "gamble 0", "{report:?}");

    // Many moves: those dropped in the first round share its part evenly, the two that reach the
    // last round have the most visits, and the winning capture is one of them and is played.
    let engine = engine("rules/mana.rules");
    let state = position(&engine, MANA_WIN);
    let moves = legal(&engine, &state);
    let rounds = moves.len().next_power_of_two().trailing_zeros() as usize;
    assert!(rounds >= 3, "{} moves", moves.len());
    for seed in 0..4 {
        let report = search(&engine, &Root { state: &state, past: &[] }, &moves, &halving(400), seed);
        assert_eq!(engine.move_notation(&state, moves[report.best]), "c3xc4", "{report:?}");
        let most = *report.visits.iter().max().unwrap();
        assert_eq!(report.visits.iter().filter(|&&v| v == most).count(), 2, "{report:?}");
        assert_eq!(report.visits[report.best], most);
        let fewest = *report.visits.iter().min().unwrap();
        assert_eq!(report.visits.iter().filter(|&&v| v == fewest).count(), moves.len() / 2, "{report:?}");
        let mut counts = report.visits.clone();
        counts.sort_unstable();
        counts.dedup();
        assert_eq!(counts.len(), rounds, "one number of visits for the moves dropped in each round");
    }
}

#[test]
fn a_seed_and_an_iteration_budget_fix_the_search() {
    let engine = engine("rules/dice-chess.rules");
    let mut state = engine.initial_state();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while let ludex::runtime::Status::Chance { sides } = engine.status(&state) {
        engine.apply_chance(&mut state, rand::Rng::random_range(&mut rng, 1..=sides));
    }
    let moves = legal(&engine, &state);
    for threads in [1, 2] {
        let config = MctsConfig { threads: Some(threads), ..mcts(400) };
        let first = search(&engine, &Root { state: &state, past: &[] }, &moves, &config, 11);
        let again = search(&engine, &Root { state: &state, past: &[] }, &moves, &config, 11);
        assert_eq!((first.best, &first.visits, &first.values), (again.best, &again.visits, &again.values));
        assert_eq!(first.iterations, 400);
        assert_eq!(first.visits.iter().sum::<u64>(), 400);
        let other = search(&engine, &Root { state: &state, past: &[] }, &moves, &config, 12);
        assert_ne!(first.visits, other.visits, "another seed searches differently");
    }
}

#[test]
fn a_seed_fixes_a_whole_game_between_searches() {
    let engine = engine("rules/mana.rules");
    let spec: AgentSpec = "mcts:iterations=40,threads=2".parse().unwrap();
    let game = |seed: u64| {
        let mut agents: Vec<Box<dyn Agent>> = vec![spec.automatic().unwrap(), Box::new(GreedyAgent)];
        play_out(&engine, engine.initial_state(), &mut agents, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    let first = game(5);
    assert!(first.result().is_some(), "{:?}", first.ending);
    assert_eq!(first, game(5));
}

#[test]
fn a_time_budget_stops_in_time() {
    let engine = engine("rules/mana.rules");
    let state = engine.initial_state();
    let moves = legal(&engine, &state);
    for root in [RootPolicy::Uct, RootPolicy::Halving] {
        let budget = Budget::Time(Duration::from_millis(100));
        let config = MctsConfig { budget, root, ..MctsConfig::default() };
        let report = search(&engine, &Root { state: &state, past: &[] }, &moves, &config, 1);
        assert!(report.elapsed >= Duration::from_millis(100) && report.elapsed < Duration::from_secs(5));
        assert!(report.iterations > 0 && report.visits.iter().sum::<u64>() == report.iterations);
        assert!(report.playouts > 0 && report.playouts <= report.iterations);
    }
}

/// Runs the `ludex` binary from the crate root.
fn ludex(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_ludex"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn run_reports_win_rates_with_intervals_for_search_agents() {
    let args = [
        "run",
        "rules/mana.rules",
        "--games",
        "4",
        "--seed",
        "2",
        "--seat",
        "red=mcts:iterations=30,threads=1",
        "--seat",
        "amber=greedy",
        "--json",
    ];
    let output = ludex(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let seats = summary["seats"].as_array().expect("seats");
    assert_eq!(seats[0]["agent"], "mcts:iterations=30,threads=1");
    assert_eq!(seats[1]["agent"], "greedy");
    let mut total = summary["draw_rate"]["rate"].as_f64().expect("a draw rate");
    for seat in seats {
        let rate = &seat["win_rate"];
        let [value, low, high] = ["rate", "low", "high"].map(|key| rate[key].as_f64().expect(key));
        assert!(0.0 <= low && low <= value && value <= high && high <= 1.0, "{rate}");
        assert_eq!(value, seat["wins"].as_f64().unwrap() / 4.0);
        total += value;
    }
    assert!((total - 1.0).abs() < 1e-9, "every game is won by one seat or drawn: {summary}");
    let again: serde_json::Value = serde_json::from_slice(&ludex(&args).stdout).expect("JSON");
    assert_eq!(again["seats"], summary["seats"], "a seed and iteration budgets fix the games");
}

#[test]
fn play_seats_search_agents_and_refuses_bad_specs() {
    let output = ludex(&[
        "play",
        "rules/mana.rules",
        "--seat",
        "1=greedy",
        "--seat",
        "2=mcts:iterations=20",
        "--seed",
        "4",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success() && text.contains("Game over"), "{text}");
    assert!(text.contains("red (greedy) against amber (mcts:iterations=20)"), "{text}");
    let output = ludex(&["play", "rules/mana.rules", "--seat", "2=mcts:time=fast"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("mcts `time=fast`"));
}
