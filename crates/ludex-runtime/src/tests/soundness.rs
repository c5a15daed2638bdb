//! The two answers issue 16 found silently wrong: `attacked` with an attacker whose capture
//! promotes and filters on the promotion, and definitions whose arguments a binder inside the
//! body captured. The second is also checked as a property over every shipped rules file: a
//! definition called inside `count`/`sum` with arguments that read `it` gives what the definition
//! gives, element by element, with the arguments' values passed in variables.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::eval::Ctx;
use crate::value::Value;

fn compiled(text: &str) -> Engine {
    let compiled = ludex_check::compile(text, &Default::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// A king and a pawn whose only capture offers promotions and keeps one of them unless it reaches
/// the far row: the king must not step next to the pawn.
const PROMOTING_ATTACKER: &str = "game \"promoting attacker\"\nseat white\nseat black turned 180\n\
    board square 5 by 5\npiece king {\n  letter K\n}\npiece pawn {\n  letter P\n}\n\
    zone far of each seat = row 5\n\
    define in_check(s) = count(pieces(s, king), attacked(it.cell, s)) > 0\n\
    action king_step for king {\n  step all\n}\n\
    action pawn_take for pawn {\n  step forward_left, forward_right\n  to enemy\n\
      promote on board to pawn, king\n  where promotion == pawn or to in far\n}\n\
    phase play {\n  turn {\n    play king_step, pawn_take\n    legal if not in_check(mover)\n  }\n}\n";

#[test]
fn an_attacker_attacks_when_one_of_its_promotions_passes_the_filters() {
    let engine = compiled(PROMOTING_ATTACKER);
    let state = engine.load_position("pieces K1@c3 P2@c5").unwrap_or_else(|e| panic!("{e}"));
    // Eight steps for the king; the pawn on c5 takes on b4 and d4 (as a pawn: `promotion == pawn`).
    let legal_moves = sorted(legal(&engine, &state));
    assert_eq!(legal_moves, strings(&["c3-b2", "c3-b3", "c3-c2", "c3-c4", "c3-d2", "c3-d3"]));
    assert_eq!(engine.reference_legal_moves(&state).len(), 6);
    let ctx = Ctx::new(Some(0), Some(1));
    for (cell, attacked) in [("b4", true), ("d4", true), ("c4", false), ("b3", false)] {
        let cell = engine.game.board.cell_named(cell).unwrap();
        let attacks = engine.reference_attacks(&state);
        assert_eq!(engine.attacked(&state, &ctx, cell, 0, None), attacked);
        assert_eq!(engine.reference_attacked(&state, &ctx, (cell, 0, None), &attacks), attacked);
    }
}

/// The definition: the argument `it.cell` is the outer piece's cell, not the inner one's.
#[test]
fn an_argument_reading_it_means_the_callers_it() {
    let rules = "game \"files\"\nseat white\nseat black turned 180\nboard square 4 by 4\n\
        piece man {\n  letter M\n}\nmap file {\n  1 2 3 4\n  1 2 3 4\n  1 2 3 4\n  1 2 3 4\n}\n\
        define same_file_count(c) = count(pieces(white), file(it.cell) == file(c))\n\
        variable alone = 0\n\
        action step for man {\n  step orthogonal\n}\n\
        phase play {\n  turn {\n    play step\n    after {\n\
          set alone = count(pieces(white), same_file_count(it.cell) == 1)\n    }\n  }\n}\n";
    let engine = compiled(rules);
    let mut state = engine.load_position("pieces M1@a1 M1@a2 M1@b1 M2@d4").unwrap_or_else(|e| panic!("{e}"));
    play(&engine, &mut state, "b1-c1");
    // Files a (two men) and c (one): one man is alone on his file. Captured, every man would be.
    assert_eq!(
        engine.write_position(&state).lines().find(|l| l.starts_with("variable alone")),
        Some("variable alone = 1")
    );
}

/// How an argument reading `it` is written, and the type of the variable that can hold its value.
#[derive(Clone, Copy, Debug)]
enum Argument {
    Cell,
    Owner,
    Value,
    Type,
}

/// (A piece is left out: a variable keeps a piece without its cell.)
const ARGUMENTS: [Argument; 4] = [Argument::Cell, Argument::Owner, Argument::Value, Argument::Type];

impl Argument {
    fn written(self) -> &'static str {
        match self {
            Argument::Cell => "it.cell",
            Argument::Owner => "it.owner",
            Argument::Value => "it.value",
            Argument::Type => "it.type",
        }
    }

    /// A variable declaration that can hold the argument's values.
    fn variable(self, name: &str, a_type: &str) -> String {
        match self {
            Argument::Cell => format!("variable {name}: cell = none"),
            Argument::Owner => format!("variable {name}: seat = none"),
            Argument::Value => format!("variable {name} = 0"),
            Argument::Type => format!("variable {name} = {a_type}"),
        }
    }

    fn value(self, engine: &Engine, state: &State, ctx: &Ctx, it: Value) -> Value {
        let (Some(piece), Some(cell)) = (it.as_piece(), it.piece_cell()) else { return Value::None };
        match self {
            Argument::Cell => Value::Cell(cell),
            Argument::Owner => piece.owner.map_or(Value::None, Value::Seat),
            Argument::Value => engine.eval(
                state,
                &ctx.with_it(it),
                &field(Expr::Context(ContextWord::It), PieceField::Value),
            ),
            Argument::Type => Value::PieceType(piece.kind),
        }
    }
}

/// The most choices of arguments tried for one definition (each is two compilations).
const MOST_TRIES: usize = 16;

/// What a definition gives, and how it is summed over the mover's pieces.
#[derive(Clone, Copy, Debug)]
enum Tally {
    /// A condition: `count(pieces(mover), CALL)`.
    Count,
    /// A number: `sum(pieces(mover), CALL)`.
    Sum,
}

/// A definition with its arguments: the expression over the mover's pieces calling it with
/// arguments that read `it`, and the call with the arguments' values in variables.
struct Probe {
    define: String,
    arguments: Vec<Argument>,
    tally: Tally,
    engine: Engine,
    /// Where the two expressions are in the end rules, and the variables' ids.
    over_pieces: Expr,
    by_hand: Expr,
    variables: Vec<VarId>,
}

/// `define NAME(A, B)` lines of a rules file: the names and how many parameters.
fn definitions_with_parameters(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .filter_map(|line| line.strip_prefix("define "))
        .filter_map(|rest| {
            let (name, rest) = rest.split_once('(')?;
            let (params, _) = rest.split_once(')')?;
            Some((name.trim().to_string(), params.split(',').count()))
        })
        .collect()
}

/// The rules with two end rules first (never holding) that hold the two expressions of a probe,
/// and the variables.
fn probed_text(text: &str, (call, by_hand): (&str, &str), variables: &[String]) -> Option<String> {
    let start = text.find("\nend {")? + "\nend {".len();
    let rules = format!("\n  when {call} == -987654321: draw\n  when {by_hand} == -987654321: draw");
    Some(format!("{}{rules}{}\n{}\n", &text[..start], &text[start..], variables.join("\n")))
}

impl Probe {
    /// The first arguments and tally (in the order of `ARGUMENTS`) with which the probed rules check.
    fn find(text: &str, define: &str, params: usize) -> Option<Probe> {
        let a_type = text.lines().find_map(|l| l.strip_prefix("piece "))?.split_whitespace().next()?;
        let choices = (0..ARGUMENTS.len().pow(params as u32)).map(|mut index| {
            (0..params)
                .map(|_| {
                    let argument = ARGUMENTS[index % ARGUMENTS.len()];
                    index /= ARGUMENTS.len();
                    argument
                })
                .collect::<Vec<_>>()
        });
        for arguments in choices.take(MOST_TRIES) {
            let names: Vec<String> = (0..params).map(|i| format!("probe_argument_{i}")).collect();
            let written: Vec<&str> = arguments.iter().map(|a| a.written()).collect();
            let variables: Vec<String> =
                arguments.iter().zip(&names).map(|(a, name)| a.variable(name, a_type)).collect();
            for tally in [Tally::Count, Tally::Sum] {
                let call = format!("{define}({})", written.join(", "));
                let over_pieces = match tally {
                    Tally::Count => format!("count(pieces(mover), {call})"),
                    Tally::Sum => format!("sum(pieces(mover), {call})"),
                };
                let by_hand = match tally {
                    Tally::Count => format!("(if {define}({}) then 1 else 0)", names.join(", ")),
                    Tally::Sum => format!("{define}({})", names.join(", ")),
                };
                let probed = probed_text(text, (&over_pieces, &by_hand), &variables)?;
                let Some(game) = ludex_check::compile(&probed, &Default::default()).game else { continue };
                let [first, second, ..] = &game.end[..] else { return None };
                let operand = |rule: &EndRule| match &rule.condition {
                    Expr::Binary(BinaryOp::Eq, left, _) => Some((**left).clone()),
                    _ => None,
                };
                let (over_pieces, by_hand) = (operand(first)?, operand(second)?);
                let count = game.variables.len();
                let variables = (count - params..count).map(|v| v as VarId).collect();
                let engine = Engine::new(game);
                return Some(Probe {
                    define: define.to_string(),
                    arguments,
                    tally,
                    engine,
                    over_pieces,
                    by_hand,
                    variables,
                });
            }
        }
        None
    }

    /// Where the call over the pieces and the call by hand differ in the state, if they do.
    fn difference(&self, state: &State) -> Option<String> {
        let engine = &self.engine;
        let ctx = Ctx::new(Some(engine.current_seat(state)), Some(engine.seat_after(state)));
        let whole = engine.eval(state, &ctx, &self.over_pieces).as_int();
        let mut by_hand = 0i64;
        let mover = Expr::Context(ContextWord::Mover);
        let pieces = Collection::Pieces { owner: Box::new(mover), types: vec![] };
        let mut elements = Vec::new();
        engine.for_each_in(state, &ctx, &pieces, |it| elements.push(it));
        for it in elements {
            let mut passed = state.clone();
            for (argument, &variable) in self.arguments.iter().zip(&self.variables) {
                let slot = engine.variable_slot(variable, None)? as usize;
                *passed.variables.get_mut(slot)? = argument.value(engine, state, &ctx, it);
            }
            let value = engine.eval(&passed, &ctx, &self.by_hand);
            by_hand += match self.tally {
                Tally::Count => i64::from(value == Value::Int(1)),
                Tally::Sum => value.as_int().unwrap_or(0),
            };
        }
        (whole != Some(by_hand)).then(|| {
            format!("{}{:?} over the pieces: {whole:?}, by hand: {by_hand}", self.define, self.arguments)
        })
    }
}

#[test]
fn a_definition_called_over_pieces_gives_what_it_gives_piece_by_piece() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files: Vec<_> = ["rules", "docs/examples"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(format!("{root}/{folder}")).expect("a folder"))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    let mut probed: BTreeMap<String, usize> = BTreeMap::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a rules file");
        for (define, params) in definitions_with_parameters(&text) {
            let Some(probe) = Probe::find(&text, &define, params) else { continue };
            let mut rng = ChaCha8Rng::seed_from_u64(0);
            let (mut state, mut moves) = (probe.engine.initial_state(), Vec::new());
            for ply in 0..60 {
                match probe.engine.status(&state) {
                    Status::Over(_) => break,
                    Status::Chance { sides } => probe.engine.apply_chance(&mut state, sides),
                    Status::Decision { .. } => {
                        if ply % 6 == 0
                            && let Some(difference) = probe.difference(&state)
                        {
                            panic!("{}, ply {ply}: {difference}", path.display());
                        }
                        let Some(mv) = probe.engine.random_move(&state, &mut moves, &mut rng) else { break };
                        probe.engine.apply_move(&mut state, mv);
                    }
                }
            }
            *probed.entry(path.display().to_string()).or_default() += 1;
        }
    }
    let total: usize = probed.values().sum();
    eprintln!("{probed:?}");
    assert!(total >= 30, "only {total} definitions probed: {probed:?}");
}

/// Whether the cells are attacked (defender seat 0, any attacker), by the engine and the reference
/// alike.
pub(super) fn attacked_cells(engine: &Engine, state: &State, cells: &[&str]) -> Vec<bool> {
    let ctx = Ctx::new(Some(0), Some(1));
    let attacks = engine.reference_attacks(state);
    cells
        .iter()
        .map(|name| {
            let cell = engine.game.board.cell_named(name).unwrap();
            let attacked = engine.attacked(state, &ctx, cell, 0, None);
            assert_eq!(engine.reference_attacked(state, &ctx, (cell, 0, None), &attacks), attacked, "{name}");
            attacked
        })
        .collect()
}

/// A checker on the bar attacks the blots it could enter on with the dice (an `enter` move along a
/// track), not a point it cannot reach nor one that two checkers hold.
#[test]
fn a_piece_entering_along_a_track_attacks_where_it_could_enter() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/backgammon.rules");
    let engine = compiled(&std::fs::read_to_string(path).unwrap());
    let position = "turn white\nvariable first_die = 5\nvariable second_die = 2\nreserve black O\nboard\n\
        2 . . . . . . . . . . . .\n1 . . . . . . . O1 O1 . O1*2 .\n";
    let state = engine.load_position(position).unwrap_or_else(|e| panic!("{e}"));
    // Black enters on its 20-point (h1) with the 5 and on its 23-point (k1) with the 2.
    assert_eq!(attacked_cells(&engine, &state, &["h1", "i1", "j1", "k1"]), [true, false, false, false]);
}

/// A removal (`remove on REGION`) attacks the cells of its region where its `where` holds (on an
/// empty cell `target` is `none`, so this one's does not).
#[test]
fn a_removal_attacks_the_cells_it_could_take_on() {
    let engine = compiled(
        "game \"removal\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
         piece man {\n  letter M\n}\npiece king {\n  letter K\n}\n\
         action take {\n  remove on row 1\n  where target.type == man\n}\n\
         action step for man, king {\n  step orthogonal\n  to empty\n}\n\
         phase play {\n  turn {\n    play take, step\n  }\n}\n\
         end {\n  when count(pieces(next, king)) == 0: win mover\n}\n",
    );
    let state =
        engine.load_position("turn black\npieces M1@a1 K1@b1 M1@a3 K2@c3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(attacked_cells(&engine, &state, &["a1", "b1", "c1", "a3"]), [true, false, false, false]);
}
