//! The syntax stage from the outside: the rules files parse into the AST they say, expressions get
//! their precedence, spans point at the text, and no input makes parsing or compiling panic.

use ludex::ast::*;
use ludex::syntax::parse;
use proptest::prelude::*;

const RULES_FILES: [&str; 2] =
    [include_str!("../rules/dice-chess.rules"), include_str!("../rules/mana.rules")];

fn parse_clean(text: &str) -> RulesFile {
    let (file, diagnostics) = parse(text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    file
}

/// The value of `define x = EXPR`.
fn expression(source: &str) -> Expr {
    let file = parse_clean(&format!("define x = {source}"));
    match file.items.as_slice() {
        [Item::Define(define)] => define.body.clone(),
        items => panic!("expected one definition, got {items:#?}"),
    }
}

/// An expression written back with every operation in parentheses.
fn shape(expr: &Expr) -> String {
    match &expr.node {
        ExprKind::Int(value) => value.to_string(),
        ExprKind::Bool(value) => value.to_string(),
        ExprKind::None => "none".to_string(),
        ExprKind::Name(name) => name.name.clone(),
        ExprKind::Call { function, args } => {
            let args: Vec<String> = args.iter().map(shape).collect();
            format!("{}({})", function.name, args.join(", "))
        }
        ExprKind::Field { base, field } => format!("{}.{}", shape(base), field.name),
        ExprKind::Unary { op, operand } => format!("({:?} {})", op.node, shape(operand)),
        ExprKind::Binary { op, left, right } => format!("({} {:?} {})", shape(left), op.node, shape(right)),
        ExprKind::If { condition, then, otherwise } => {
            format!("(if {} then {} else {})", shape(condition), shape(then), shape(otherwise))
        }
        ExprKind::Roll { sides } => format!("roll d{}", sides.node),
        ExprKind::Exactly(inner) => format!("exactly {}", shape(inner)),
        ExprKind::Decimal(value) => format!("{value}"),
    }
}

fn actions(file: &RulesFile) -> Vec<&ActionDecl> {
    file.items.iter().filter_map(|item| if let Item::Action(a) = item { Some(a) } else { None }).collect()
}

#[test]
fn the_rules_files_parse_without_diagnostics() {
    let items: Vec<usize> = RULES_FILES.iter().map(|text| parse_clean(text).items.len()).collect();
    assert_eq!(items, [16, 19]);
}

#[test]
fn dice_chess_reads_as_written() {
    let file = parse_clean(RULES_FILES[0]);
    assert!(matches!(&file.items[0], Item::Game(name) if name.node == "Dice Chess"));
    let actions = actions(&file);
    let names: Vec<&str> = actions.iter().map(|a| a.name.name.as_str()).collect();
    assert_eq!(names, ["step", "diagonal", "double"]);
    let ActionClause::Slide { directions, length: Some(WalkLength::AtMost(at_most)), .. } =
        &actions[2].clauses[0]
    else {
        panic!("`double` slides: {:#?}", actions[2].clauses);
    };
    assert_eq!(directions[0].name, "orthogonal");
    assert_eq!(at_most.node, ExprKind::Int(2));
    assert_eq!(
        shape(match &actions[2].clauses[1] {
            ActionClause::When(condition) => condition,
            other => panic!("{other:#?}"),
        }),
        "(piece.face Eq 1)"
    );
    let seats: Vec<(String, Option<i64>)> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Seat(seat) => Some((seat.name.name.clone(), seat.turned.as_ref().map(|t| t.node))),
            _ => None,
        })
        .collect();
    assert_eq!(seats, [("white".to_string(), None), ("black".to_string(), Some(180))]);
}

#[test]
fn mana_reads_as_written() {
    let file = parse_clean(RULES_FILES[1]);
    let Some(Item::Map(level)) = file.items.iter().find(|item| matches!(item, Item::Map(_))) else {
        panic!("mana has a map");
    };
    let rows: Vec<Vec<Option<i64>>> =
        level.grid.rows.iter().map(|row| row.node.iter().map(|v| v.node).collect()).collect();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[0], [3, 2, 2, 1, 3, 2].map(Some));
    assert_eq!(rows[5], [1, 2, 2, 3, 1, 2].map(Some));
    let phases: Vec<&PhaseDecl> =
        file.items.iter().filter_map(|item| if let Item::Phase(p) = item { Some(p) } else { None }).collect();
    let turn = phases[2].turn.as_ref().expect("the play phase has a turn");
    let choices: Vec<Vec<&str>> =
        turn.choices.iter().map(|c| c.actions.iter().map(|a| a.name.as_str()).collect()).collect();
    assert_eq!(choices, [vec!["move"], vec!["move", "reenter"]]);
    assert_eq!(
        shape(turn.choices[0].filter.as_ref().expect("play has a filter")),
        "((mana Eq none) Or (level(from) Eq level(mana)))"
    );
    assert!(matches!(phases[1].turn.as_ref().and_then(|t| t.actions.as_ref()), Some(ActionCount::While(_))));
}

#[test]
fn precedence_and_associativity() {
    let cases = [
        ("a or b and c", "(a Or (b And c))"),
        ("a and b or c", "((a And b) Or c)"),
        ("not a == b and c", "((Not (a Eq b)) And c)"),
        ("a + b * c", "(a Add (b Mul c))"),
        ("1 - 2 - 3", "((1 Sub 2) Sub 3)"),
        ("-x.face * 2", "((Neg x.face) Mul 2)"),
        ("a mod 2 == 0", "((a Mod 2) Eq 0)"),
        ("to in home(mover) or x >= 1 + 2", "((to In home(mover)) Or (x Ge (1 Add 2)))"),
        ("(a or b) and c", "((a Or b) And c)"),
        ("if a then 1 else 2 + 3", "(if a then 1 else (2 Add 3))"),
        ("count(pieces(next, damyo)) == 0", "(count(pieces(next, damyo)) Eq 0)"),
        ("2 * komi - 0.50 < 6.125", "(((2 Mul komi) Sub 0.5) Lt 6.125)"),
        ("-6.5 + x.face", "((Neg 6.5) Add x.face)"),
    ];
    for (source, expected) in cases {
        assert_eq!(shape(&expression(source)), expected, "{source}");
    }
}

#[test]
fn expression_spans_cover_their_text() {
    let text = "define x = (a + b) * c.face";
    let (file, _) = parse(text);
    let Some(Item::Define(define)) = file.items.first() else { panic!("a definition") };
    let slice = |span: Span| &text[span.start..span.end];
    assert_eq!(slice(define.body.span), "(a + b) * c.face");
    let ExprKind::Binary { op, left, right } = &define.body.node else { panic!("a product") };
    assert_eq!(slice(op.span), "*");
    assert_eq!(slice(left.span), "(a + b)");
    assert_eq!(slice(right.span), "c.face");
    assert_eq!(slice(define.span), text);
}

/// Every `{name, span}` object in the AST (an identifier) and every span, found through its JSON.
fn check_spans(value: &serde_json::Value, text: &str) {
    match value {
        serde_json::Value::Object(fields) => {
            if let (Some(start), Some(end)) = (fields.get("start"), fields.get("end")) {
                let (start, end) = (start.as_u64().unwrap() as usize, end.as_u64().unwrap() as usize);
                let slice = &text[start..end];
                assert_eq!(slice, slice.trim(), "a span with surrounding whitespace: {slice:?}");
                let last_line = slice.lines().last().unwrap_or("");
                assert!(!last_line.contains('#'), "a span ending in a comment: {slice:?}");
            }
            if let (Some(serde_json::Value::String(name)), Some(span)) =
                (fields.get("name"), fields.get("span"))
            {
                let start = span["start"].as_u64().unwrap() as usize;
                let end = span["end"].as_u64().unwrap() as usize;
                assert_eq!(&text[start..end], name);
            }
            fields.values().for_each(|v| check_spans(v, text));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| check_spans(v, text)),
        _ => {}
    }
}

#[test]
fn identifier_spans_point_at_their_text() {
    for text in RULES_FILES {
        let json = serde_json::to_value(parse_clean(text)).unwrap();
        check_spans(&json, text);
    }
}

#[test]
fn a_broken_item_is_reported_and_the_others_are_kept() {
    let text = "seat white\nseat black turned\nboard square 8 by 8\nzone z = rows 1 to\nvariable q = 0\n";
    let (file, diagnostics) = parse(text);
    assert_eq!(file.items.len(), 3, "{:#?}", file.items);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["syntax-error", "syntax-error"]);
    assert_eq!(ludex::diagnostics::line_column(text, diagnostics[1].primary.span.start), (4, 19));
}

#[test]
fn numbers_too_large_are_diagnostics() {
    for text in [
        "board square 99999999999999999999 by 8",
        "define x = 99999999999999999999",
        "define r = roll d99999999999999999999",
        "map m {\n -99999999999999999999\n}",
    ] {
        let (file, diagnostics) = parse(text);
        assert!(file.items.is_empty(), "{text}");
        assert_eq!(
            diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(),
            ["number-too-large"],
            "{text}"
        );
    }
    let (file, diagnostics) = parse("define x = 9223372036854775807");
    assert!(diagnostics.is_empty());
    assert!(matches!(&file.items[0], Item::Define(d) if d.body.node == ExprKind::Int(i64::MAX)));
}

#[test]
fn misspelled_item_keyword_gets_a_suggestion() {
    let (_, diagnostics) = parse("peice die {\n  letter D\n}\n");
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code.as_str(), "unknown-item");
    assert_eq!(diagnostics[0].help.as_deref(), Some("did you mean `piece`?"));
}

#[test]
fn clauses_given_twice_are_reported() {
    let (file, diagnostics) = parse("piece die {\n  letter D\n  value 1\n  value 2\n}");
    assert_eq!(diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(), ["duplicate-clause"]);
    let Some(Item::Piece(piece)) = file.items.first() else { panic!("the piece is kept") };
    assert_eq!(piece.value.as_ref().map(|v| &v.node), Some(&ExprKind::Int(1)));
}

#[test]
fn a_flood_of_errors_is_cut_short() {
    let text = "seat white turned\n".repeat(ludex::syntax::MAX_ITEM_ERRORS + 50);
    let (_, diagnostics) = parse(&text);
    assert_eq!(diagnostics.len(), ludex::syntax::MAX_ITEM_ERRORS + 1);
    assert_eq!(diagnostics.last().map(|d| d.code.as_str()), Some("too-many-errors"));
}

#[test]
fn deep_nesting_is_refused_without_crashing() {
    let deep = [
        format!("define x = {}1{}", "(".repeat(5000), ")".repeat(5000)),
        format!("define x = {}1", "not ".repeat(5000)),
        format!("define x = 1{}", " + 1".repeat(5000)),
        format!("zone z = board{}", " - board".repeat(5000)),
        format!("setup {{ {} }}", "if x { ".repeat(3000)),
        "{".repeat(100_000),
        format!("define x = {}", "f(".repeat(50_000)),
    ];
    for text in deep {
        let compiled = ludex::compile(&text, &Default::default());
        assert!(compiled.has_errors(), "{}", &text[..40]);
    }
}

fn arbitrary_edit() -> impl Strategy<Value = (usize, String)> {
    let replacement =
        prop_oneof![Just(String::new()), "[{}()=:,.+\\-*/<>#\"\n ]", "[a-z0-9]{1,6}", Just("é".to_string()),];
    (any::<usize>(), replacement)
}

/// `text` with each edit applied: a byte position (moved to a character boundary) and what
/// replaces the character there.
fn edited(text: &str, edits: &[(usize, String)]) -> String {
    let mut text = text.to_string();
    for (position, replacement) in edits {
        let mut at = position % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        text.replace_range(at..end, replacement);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        ludex::compile(&text, &Default::default());
    }

    #[test]
    fn rules_like_text_never_panics(text in "[a-z0-9 {}()=:,.+\\-*/<>#\"\n]{0,300}") {
        ludex::compile(&text, &Default::default());
    }

    #[test]
    fn truncated_rules_never_panic(file in 0..RULES_FILES.len(), cut in any::<usize>()) {
        let text = RULES_FILES[file];
        let mut cut = cut % (text.len() + 1);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        ludex::compile(&text[..cut], &Default::default());
    }

    #[test]
    fn edited_rules_never_panic(file in 0..RULES_FILES.len(), edits in prop::collection::vec(arbitrary_edit(), 1..4)) {
        let text = edited(RULES_FILES[file], &edits);
        let (_, diagnostics) = parse(&text);
        for diagnostic in &diagnostics {
            prop_assert!(diagnostic.primary.span.start <= diagnostic.primary.span.end);
            prop_assert!(diagnostic.primary.span.end <= text.len());
        }
        ludex::compile(&text, &Default::default());
    }
}

#[test]
fn words_that_begin_with_a_keyword_are_names() {
    for text in [
        "define x = nonempty + truest + falsey",
        "zone y = boardwalk",
        "zone y = filed + cellsx + rowsy + rowz",
    ] {
        let (_, diagnostics) = ludex::syntax::parse(text);
        assert!(diagnostics.is_empty(), "{text}: {diagnostics:?}");
    }
}
