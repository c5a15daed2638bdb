//! The shipped rules files lower without a diagnostic to the IR their text describes, and the IR
//! of each is snapshotted so that `ludex ir` output stays stable. Option values are checked and
//! substituted.

use ludex::OptionValues;
use ludex::ir::{
    ActionKind, BinaryOp, CellSet, Const, ContextWord, Effect, Expr, Game, Number, Outcome, SetupStep,
};

fn compile(text: &str, options: &OptionValues) -> ludex::Compiled {
    ludex::compile(text, options)
}

fn lower(path: &str) -> Game {
    let text = std::fs::read_to_string(path).expect("the rules file is readable");
    let compiled = compile(&text, &OptionValues::new());
    assert!(compiled.diagnostics.is_empty(), "{path}: {:#?}", compiled.diagnostics);
    compiled.game.expect("a game without errors")
}

fn cell_names<'g>(game: &'g Game, set: &CellSet) -> Vec<&'g str> {
    set.cells.iter().map(|&c| game.board.cells[c as usize].name.as_str()).collect()
}

fn seat(game: &Game, name: &str) -> usize {
    game.seats.iter().position(|s| s.name == name).expect("a seat of that name")
}

fn zone<'g>(game: &'g Game, name: &str) -> &'g ludex::ir::Zone {
    game.zones.iter().find(|z| z.name == name).expect("a zone of that name")
}

fn action<'g>(game: &'g Game, name: &str) -> &'g ludex::ir::Action {
    game.actions.iter().find(|a| a.name == name).expect("an action of that name")
}

/// The cells of the ranks, file by file within each rank, as the board lists them.
fn ranks(game: &Game, ranks: std::ops::RangeInclusive<u32>) -> Vec<&str> {
    game.board.cells.iter().filter(|c| ranks.contains(&c.rank)).map(|c| c.name.as_str()).collect()
}

#[test]
fn dice_chess_lowers_as_written() {
    let game = lower("rules/dice-chess.rules");
    assert_eq!(game.board.cell_count(), 64);
    let back = zone(&game, "back");
    assert!(back.per_seat);
    assert_eq!(cell_names(&game, &back.cells[seat(&game, "white")]), ranks(&game, 1..=2));
    assert_eq!(cell_names(&game, &back.cells[seat(&game, "black")]), ranks(&game, 7..=8));

    let ActionKind::Slide { directions, max } = &action(&game, "double").kind else {
        panic!("`double` slides: {:?}", action(&game, "double").kind)
    };
    assert_eq!(max, &Some(Expr::Const(Const::Int(2))));
    let orthogonal = game.board.group_named("orthogonal").expect("a square board has it");
    for seat_directions in directions {
        let mut sorted = seat_directions.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, orthogonal);
    }

    // Every die is placed with a rolled face; a capture rerolls the capturer, now on `to`.
    let face = game.attributes.iter().position(|a| a.name == "face").expect("the face attribute") as u8;
    assert_eq!(game.setup.len(), 2);
    for step in &game.setup {
        let SetupStep::Place { with, cells, .. } = step else { panic!("a placement: {step:?}") };
        assert_eq!(with, &vec![(face, Expr::Roll(6))]);
        assert_eq!(cells.len(), 16);
    }
    let reroll =
        Effect::SetAttribute { cell: Expr::Context(ContextWord::To), attribute: face, value: Expr::Roll(6) };
    assert_eq!(game.capture.then, vec![reroll]);
    assert!(matches!(&game.end[1].outcome, Outcome::Rank(keys) if keys.len() == 2));
}

#[test]
fn mana_lowers_as_written() {
    let game = lower("rules/mana.rules");
    let level = game.maps.iter().find(|m| m.name == "level").expect("the level map");
    let at = |name: &str| level.values[game.board.cell_named(name).expect("a cell") as usize];
    // The grid's last line is rank 1 (`1 2 2 3 1 2`), its first line rank 6 (`3 2 2 1 3 2`).
    assert_eq!((at("a1"), at("d1"), at("a6"), at("f6")), (Some(1), Some(3), Some(3), Some(2)));
    assert!(level.mutable, "`orient` rotates it");

    let home = zone(&game, "home");
    assert_eq!(cell_names(&game, &home.cells[seat(&game, "red")]), ranks(&game, 1..=2));
    assert_eq!(cell_names(&game, &home.cells[seat(&game, "amber")]), ranks(&game, 5..=6));
    let ActionKind::Drop { cells, .. } = &action(&game, "deploy").kind else { panic!("`deploy` drops") };
    assert_eq!(cells, &home.cells);

    let phases: Vec<&str> = game.phases.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(phases, ["orient", "deploy", "play"]);
    assert_eq!(game.phases[0].order, [seat(&game, "red") as u8]);
    assert_eq!(game.phases[2].order, [0, 1], "every seat by default");

    let ActionKind::Choose { from, to } = &action(&game, "orient").kind else { panic!("`orient` chooses") };
    assert_eq!((from, to), (&Expr::Const(Const::Int(0)), &Expr::Const(Const::Int(3))));
    assert!(matches!(
        action(&game, "orient").then[0],
        Effect::RotateMap { by: Expr::Context(ContextWord::Choice), .. }
    ));
    let ActionKind::Walk { length, exact, .. } = &action(&game, "move").kind else { panic!("`move` walks") };
    assert!(*exact && matches!(length, Expr::Map(_, cell) if **cell == Expr::Context(ContextWord::From)));
}

#[test]
fn ir_is_stable() {
    insta::assert_json_snapshot!("dice-chess", lower("rules/dice-chess.rules"));
    insta::assert_json_snapshot!("mana", lower("rules/mana.rules"));
}

const OPTIONED: &str = r#"
game "Race"
option goal = 3 from 1 to 10
seat white
board square 4 by 4
piece pawn { letter P }
setup { place pawn for white on row 1 }
action advance for pawn { step forward }
phase play { turn { play advance } }
end { when count(prizes(mover)) >= goal: win mover }
"#;

fn goal_in_end_rule(game: &Game) -> &Expr {
    let Expr::Binary(BinaryOp::Ge, _, goal) = &game.end[0].condition else { panic!("{:?}", game.end[0]) };
    goal
}

#[test]
fn options_take_their_default_or_the_value_given() {
    let game = compile(OPTIONED, &OptionValues::new()).game.expect("valid");
    assert_eq!(goal_in_end_rule(&game), &Expr::Const(Const::Int(3)));
    let chosen = OptionValues::from([("goal".to_string(), Number::Int(7))]);
    let game = compile(OPTIONED, &chosen).game.expect("valid");
    assert_eq!(goal_in_end_rule(&game), &Expr::Const(Const::Int(7)));
    assert_eq!((game.options[0].value, game.options[0].default), (Number::Int(7), Number::Int(3)));
}

#[test]
fn option_values_are_checked() {
    let too_big = compile(OPTIONED, &OptionValues::from([("goal".to_string(), Number::Int(11))]));
    let codes: Vec<_> = too_big.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["out-of-range"]);
    assert!(too_big.game.is_none());

    let unknown = compile(OPTIONED, &OptionValues::from([("gaol".to_string(), Number::Int(1))]));
    let diagnostic = &unknown.diagnostics[0];
    assert_eq!((diagnostic.code.as_str(), diagnostic.primary.span), ("unknown-option", Default::default()));
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `goal`?"));
    assert!(unknown.game.is_none());
}

#[test]
fn rules_without_a_phase_play_every_action_in_one_phase() {
    let text = "game \"T\"\nseat white\nseat black turned 180\nboard square 4 by 4\npiece pawn { letter P }\n\
                setup { place pawn for each seat on row 1 }\naction advance for pawn { step forward }\n\
                action sidestep for pawn { step e, w }\nend { when count(pieces(next)) == 0: win mover }\n";
    let compiled = compile(text, &OptionValues::default());
    assert!(!compiled.has_errors(), "{:?}", compiled.diagnostics);
    assert!(compiled.diagnostics.is_empty(), "no action is reported unused: {:?}", compiled.diagnostics);
    let game = compiled.game.expect("it compiles");
    let [phase] = game.phases.as_slice() else { panic!("one phase, not {}", game.phases.len()) };
    assert_eq!(phase.name, "play");
    assert_eq!(phase.order, vec![0, 1]);
    let [choice] = phase.turn.choices.as_slice() else { panic!("one choice") };
    assert_eq!(choice.actions, vec![0, 1]);
    assert!(choice.filter.is_none() && phase.until.is_none() && phase.turn.legal.is_none());
}
