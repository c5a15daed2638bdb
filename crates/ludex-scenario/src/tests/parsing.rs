//! Reading `.tests` text: statements, lists, placeholders and spans.

use crate::ast::{Claim, Expected, Holding, Outcome, Relation, StartKind, Statement, StepKind};
use crate::parse;

const FILE: &str = r#"# A comment.
position start {
  turn white
}

test "every statement" {
  option goal = -3
  setup seed 7
  play orient 2, e2-e4 roll 4   # a comment
  play a1-a2,
    b1-b2
  expect moves: ?
  expect moves from e2 to e4: e2-e4, e2-e3
  expect moves include pass
  expect moves exclude end
  expect piece at e4: P1:0
  expect piece at e5: none
  expect empty a3, b3,
    c3
  expect reserve white: R*5 D:3
  expect prizes black: none
  expect perft 3: 8902
  expect turn: black
  expect roll: d6
  expect phase: ?
  expect result: white, black win
  expect result: white 1, black 2
  expect result: none
  expect reason: "end rule 1: white wins"
  expect scores: white 3, black -3
  expect score(white) == ?
}

test "a named start" {
  position start
}
"#;

fn statements() -> Vec<Statement> {
    let parsed = parse(FILE);
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    assert_eq!(parsed.suite.tests.len(), 2);
    parsed.suite.tests[0].statements.clone()
}

fn claims() -> Vec<Claim> {
    statements()
        .into_iter()
        .filter_map(|s| match s {
            Statement::Expect(e) => Some(e.claim),
            Statement::Play(_) => None,
        })
        .collect()
}

#[test]
fn a_test_has_its_options_its_start_and_its_statements_in_order() {
    let parsed = parse(FILE);
    let test = &parsed.suite.tests[0];
    assert_eq!(test.name.value, "every statement");
    assert_eq!(&FILE[test.name.span.start..test.name.span.end], "\"every statement\"");
    assert_eq!(test.options.len(), 1);
    assert_eq!(
        (test.options[0].name.value.as_str(), test.options[0].value),
        ("goal", ludex_ir::Number::Int(-3))
    );
    assert_eq!(test.start.kind, StartKind::Setup { seed: Some(7) });
    assert_eq!(statements().len(), 2 + 19);
    let named = &parsed.suite.tests[1].start.kind;
    assert!(matches!(named, StartKind::NamedPosition(name) if name.value == "start"));
    assert_eq!(parsed.suite.positions[0].text.text.trim(), "turn white");
}

#[test]
fn moves_are_words_with_a_number_or_single_tokens_and_lists_go_on_after_a_comma() {
    let plays: Vec<Vec<StepKind>> = statements()
        .into_iter()
        .filter_map(|s| match s {
            Statement::Play(steps) => Some(steps.into_iter().map(|step| step.kind).collect()),
            Statement::Expect(_) => None,
        })
        .collect();
    let mv = |text: &str| StepKind::Move(text.to_string());
    assert_eq!(plays, [vec![mv("orient 2"), mv("e2-e4"), StepKind::Roll(4)], vec![mv("a1-a2"), mv("b1-b2")]]);
}

#[test]
fn expectations_keep_their_values_and_where_they_are_written() {
    let claims = claims();
    let Claim::Moves { relation: Relation::Exactly(Expected { value: None, span }), .. } = &claims[0] else {
        panic!("{:?}", claims[0]);
    };
    assert_eq!(&FILE[span.start..span.end], "?");
    let Claim::Moves { from: Some(from), to: Some(to), relation: Relation::Exactly(list) } = &claims[1]
    else {
        panic!("{:?}", claims[1]);
    };
    assert_eq!((from.value.as_str(), to.value.as_str()), ("e2", "e4"));
    assert_eq!(&FILE[list.span.start..list.span.end], "e2-e4, e2-e3");
    let Claim::Empty { cells } = &claims[6] else { panic!("{:?}", claims[6]) };
    assert_eq!(cells.iter().map(|c| c.value.as_str()).collect::<Vec<_>>(), ["a3", "b3", "c3"]);
    let Claim::Holding { kind: Holding::Reserve, pieces, .. } = &claims[7] else { panic!("{:?}", claims[7]) };
    let tokens: Vec<&str> = pieces.value.iter().flatten().map(|t| t.value.as_str()).collect();
    assert_eq!(tokens, ["R*5", "D:3"]);
    assert!(
        matches!(&claims[8], Claim::Holding { kind: Holding::Prizes, pieces, .. } if pieces.value == Some(vec![]))
    );
    assert!(matches!(&claims[9], Claim::Perft { depth: 3, count: Expected { value: Some(8902), .. } }));
    assert!(matches!(&claims[11], Claim::Roll(Expected { value: Some(6), .. })));
    assert!(
        matches!(&claims[13], Claim::Result(Expected { value: Some(Outcome::Winners(seats)), .. }) if seats.len() == 2)
    );
    assert!(
        matches!(&claims[14], Claim::Result(Expected { value: Some(Outcome::Places(places)), .. }) if places[1].number == 2)
    );
    assert!(matches!(&claims[15], Claim::Result(Expected { value: Some(Outcome::NotOver), .. })));
    assert!(
        matches!(&claims[16], Claim::Reason(Expected { value: Some(reason), .. }) if reason == "end rule 1: white wins")
    );
    assert!(
        matches!(&claims[17], Claim::Scores(Expected { value: Some(scores), .. }) if scores[1].number == ludex_ir::Number::Int(-3))
    );
    assert!(
        matches!(&claims[18], Claim::Variable { seat: Some(seat), value: Expected { value: None, .. }, .. } if seat.value == "white")
    );
}

#[test]
fn every_line_that_does_not_parse_is_reported_and_the_other_tests_are_kept() {
    let text = "test \"good\" {\n  setup\n}\n\ntest \"bad\" {\n  setup\n  expect nothing\n  plya a2-a3\n}\n\nstray\n";
    let parsed = parse(text);
    assert_eq!(parsed.suite.tests.iter().map(|t| t.name.value.as_str()).collect::<Vec<_>>(), ["good"]);
    assert_eq!(parsed.malformed.iter().map(|t| t.value.as_str()).collect::<Vec<_>>(), ["bad"]);
    let messages: Vec<&str> = parsed.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "unknown expectation `nothing`",
            "unknown statement `plya`",
            "expected a test or a named position, found `stray`"
        ]
    );
}

#[test]
fn any_text_parses_without_panicking() {
    for text in [
        "",
        "}",
        "{",
        "test",
        "test \"",
        "test \"x\" {",
        "position p {",
        "\u{0}\u{ffff}",
        "test \"x\" {\n  position {\n",
    ] {
        let parsed = parse(text);
        assert!(parsed.suite.tests.is_empty(), "{text:?}");
    }
}
