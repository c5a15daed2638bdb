//! The playground's engine, natively: diagnostics placed by line and column, moves by notation with
//! their cells, dice from the seed, agents, stepping back and forth, and records that `ludex
//! replay` reads back.

use std::collections::BTreeMap;

use ludex_agents::record;
use ludex_ir::Number;
use ludex_wasm::check::check;
use ludex_wasm::session::Session;

fn rules(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{name}", env!("CARGO_MANIFEST_DIR"))).expect("the rules")
}

fn session(name: &str, seed: u64) -> Session {
    Session::new(&rules(name), name, &BTreeMap::new(), seed).expect("the rules check")
}

/// The page asks the engine, as `ludex check` does, whether a game is over before its first move.
#[test]
fn a_game_over_before_its_first_move_is_refused() {
    let text = "game \"Over\"\nseat a\nseat b\nboard square 3 by 3\npiece p { letter P }\n\
        setup { place p for a on cells a1 }\naction go for p { step n }\n\
        phase play { turn { play go } }\nend { when count(pieces(b)) == 0: win a }\n";
    let view = check(text, &BTreeMap::new());
    assert!(!view.ok);
    let codes: Vec<&str> = view.diagnostics.iter().map(|d| d.code.as_str()).collect();
    let messages: Vec<&str> = view.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(codes, ["ludex::ends-at-start"], "{messages:?}");
    assert_eq!(view.diagnostics[0].line, 9, "on the end rule");
    assert!(Session::new(text, "over", &BTreeMap::new(), 1).is_err());
}

#[test]
fn diagnostics_have_lines_and_columns() {
    let text = "game \"Broken\"\nseat a\nboard square 3 by 3\npiece p { letter P }\nsetup { place q for a on cells a1 }\n\
        action go for p { step n }\nphase play { turn { play go } }\nend { when turns >= 1: draw }\n";
    let view = check(text, &BTreeMap::new());
    assert!(!view.ok);
    assert_eq!(
        view.diagnostics.len(),
        1,
        "{:?}",
        view.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    let first = &view.diagnostics[0];
    assert_eq!(
        (first.line, first.column, first.end_line, first.end_column),
        (5, 15, 5, 16),
        "{}",
        first.message
    );
    assert!(first.message.contains("`q`"), "{}", first.message);
    assert_eq!(first.code, "ludex::unknown-piece");
    let good =
        check(&rules("rules/den-den.rules"), &BTreeMap::from([("players".to_string(), Number::Int(4))]));
    assert!(good.ok && good.diagnostics.is_empty());
    assert_eq!(good.seats.len(), 4);
    assert_eq!(
        good.options.iter().find(|o| o.name == "players").map(|o| (o.value, o.min, o.max)),
        Some((Number::Int(4), Number::Int(4), Number::Int(6)))
    );
    assert!(good.zones.contains(&"throne".to_string()));
    let refused = Session::new(text, "broken", &BTreeMap::new(), 0).err().expect("refused");
    assert!(refused.starts_with("the rules do not check: "), "{refused}");
}

#[test]
fn moves_carry_their_cells_and_promotions_share_them() {
    let mut game = session("rules/chess.rules", 1);
    let moves = game.moves();
    assert_eq!(moves.len(), 20);
    let e4 = moves.iter().find(|m| m.notation == "e2-e4").expect("e2-e4");
    assert_eq!((e4.from.as_deref(), e4.to.as_deref()), (Some("e2"), Some("e4")));
    for notation in ["e2-e4", "d7-d5", "e4xd5"] {
        game.play(notation).expect(notation);
    }
    assert!(game.play("e1-e8").unwrap_err().starts_with("`e1-e8` is not a legal move; legal: c8-h3"));
    let status = game.status();
    assert_eq!((status.kind, status.seat, status.ply, status.plies), ("decision", Some(1), 3, 3));
    assert!(game.svg(&[]).contains("last move: e4xd5 (white)"));
    let text = "game \"Promote\"\nseat a\nseat b turned 180\nboard square 2 by 3\n\
        piece p { letter P }\npiece q { letter Q }\npiece r { letter R }\n\
        setup { place p for a on cells a2\n place p for b on cells b3 }\n\
        action go for p { step forward\n promote on row 3 to q, r }\n\
        phase play { turn { play go } }\nend { when turns >= 4: draw }\n";
    let game = Session::new(text, "promote", &BTreeMap::new(), 0).expect("checks");
    let promotions: Vec<String> =
        game.moves().into_iter().filter(|m| m.to.as_deref() == Some("a3")).map(|m| m.notation).collect();
    assert_eq!(promotions, ["a2-a3=Q", "a2-a3=R"]);
}

#[test]
fn dice_come_from_the_seed_and_stepping_back_keeps_them() {
    let mut game = session("rules/dice-chess.rules", 7);
    assert_eq!(game.status().kind, "chance");
    let mut rolls = Vec::new();
    while game.status().kind == "chance" {
        rolls.push(game.roll().expect("a roll"));
    }
    assert_eq!(rolls.len(), 32);
    assert!(rolls.iter().all(|r| (1..=6).contains(r)));
    let mut again = session("rules/dice-chess.rules", 7);
    let replayed: Vec<u32> = (0..32).map(|_| again.roll().unwrap()).collect();
    assert_eq!(replayed, rolls);
    game.go_to(10);
    assert_eq!(game.status().ply, 10);
    assert_eq!(game.status().plies, 32);
    assert_eq!(game.roll().unwrap(), rolls[10]);
    assert_eq!(game.status().plies, 11, "a new entry drops the steps after it");
    assert!(game.play("a2-a3").is_err());
}

#[test]
fn agents_choose_legal_moves_and_records_replay() {
    let mut game = session("rules/mana.rules", 3);
    game.set_seat(1, "mcts:iterations=200").expect("a spec");
    assert!(game.set_seat(1, "genius").unwrap_err().contains("unknown agent"));
    assert_eq!(game.set_seat(2, "random").unwrap_err(), "seat 2 is not one of the game's 2");
    for _ in 0..12 {
        match game.status().kind {
            "chance" => {
                game.roll().expect("roll");
            }
            "decision" => {
                let agent = if game.status().seat == Some(0) { "random" } else { "mcts:iterations=200" };
                let notation = game.choose(agent).expect("a choice");
                assert!(game.moves().iter().any(|m| m.notation == notation), "{notation}");
                game.play(&notation).expect("legal");
            }
            _ => break,
        }
    }
    assert!(game.choose("human").is_err());
    let line = game.record();
    let (_, parsed) = record::read(line.as_bytes()).next().expect("a line").expect("a record");
    assert_eq!(parsed.seats, ["human", "mcts:iterations=200"]);
    assert_eq!(parsed.seed, 3);
    assert_eq!(parsed.plies, game.entries());
    record::verify(game.engine(), &parsed).expect("the record replays");
    let rebuilt = Session::from_record(&rules("rules/mana.rules"), &line).expect("rebuilt");
    assert_eq!(rebuilt.entries(), game.entries());
    assert_eq!(rebuilt.choose("random"), game.choose("random"), "the same generator");
    assert!(
        Session::from_record(&rules("rules/mana.rules"), "{")
            .err()
            .expect("refused")
            .contains("not a ludex record")
    );
}
