//! The symbol index: what `analyze` says every name is, on the shipped rules, the documentation's
//! examples and the diagnostics corpus (broken files included).

use std::path::PathBuf;

use ludex_check::{Analysis, Meaning, Parsed, Role, SymbolIndex, SymbolKind, analyze, compile};

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every rules file of the repository: shipped, documented and broken.
fn corpus() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for dir in ["rules", "docs/examples", "tests/diagnostics"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(repository().join(dir))
            .expect("the directory exists")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "rules"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("a readable rules file");
            files.push((path.display().to_string(), text));
        }
    }
    assert!(files.len() > 20, "the corpus is found");
    files
}

fn text_at(text: &str, span: ludex_diagnostics::Span) -> &str {
    &text[span.start..span.end]
}

/// `name=Kind` for each reference on the line, `*` marking a declaration.
fn line_summary(analysis: &Analysis, text: &str, line: usize) -> Vec<String> {
    let start: usize = text.split_inclusive('\n').take(line - 1).map(str::len).sum();
    let end = start + text[start..].find('\n').unwrap_or(text.len() - start);
    let index = &analysis.index;
    index
        .references
        .iter()
        .filter(|r| start <= r.span.start && r.span.end <= end)
        .map(|r| {
            let what = match r.meaning {
                Meaning::Declared(id) => format!("{:?}", index.symbols[id].kind),
                other => format!("{other:?}"),
            };
            let mark = if r.role == Role::Declaration { "*" } else { "" };
            format!("{}={what}{mark}", text_at(text, r.span))
        })
        .collect()
}

#[test]
fn analyze_reports_what_compile_reports() {
    for (name, text) in corpus() {
        let analysis = analyze(&text, &Default::default());
        let compiled = compile(&text, &Default::default());
        assert_eq!(analysis.compiled.diagnostics, compiled.diagnostics, "{name}");
        assert_eq!(analysis.compiled.game, compiled.game, "{name}");
    }
}

#[test]
fn every_reference_names_its_symbol_and_every_symbol_is_declared_where_it_says() {
    for (name, text) in corpus() {
        let SymbolIndex { symbols, references, directions: _ } = analyze(&text, &Default::default()).index;
        for r in &references {
            if let Meaning::Declared(id) = r.meaning {
                assert_eq!(text_at(&text, r.span), symbols[id].name, "{name}: {r:?}");
            }
        }
        for (id, symbol) in symbols.iter().enumerate() {
            let declarations: Vec<_> = references
                .iter()
                .filter(|r| r.meaning == Meaning::Declared(id) && r.role == Role::Declaration)
                .map(|r| r.span)
                .collect();
            assert_eq!(declarations, symbol.declarations, "{name}: {}", symbol.name);
            let item = symbol.item;
            assert!(item.start <= symbol.declarations[0].start && symbol.declarations[0].end <= item.end);
        }
        assert!(references.windows(2).all(|w| w[0].span.end <= w[1].span.start), "{name}: in order, once");
    }
}

#[test]
fn names_resolve_as_the_checker_reads_them() {
    let text = std::fs::read_to_string(repository().join("rules/dice-chess.rules")).expect("dice chess");
    let analysis = analyze(&text, &Default::default());
    let line = |n| line_summary(&analysis, &text, n);
    assert_eq!(line(17), ["face=Attribute*"]);
    assert_eq!(
        line(28),
        [
            "board_total=Definition*",
            "s=Parameter*",
            "sum=Builtin",
            "pieces=Builtin",
            "s=Parameter",
            "it=ContextWord",
            "face=Attribute"
        ]
    );
    assert_eq!(line(34), ["die=Piece", "back=Zone", "face=Attribute"]);
    assert_eq!(line(40), ["orthogonal=Direction"]);
    assert_eq!(line(76), ["step=Action", "diagonal=Action", "double=Action"]);
    assert_eq!(line(78), ["quiet=Variable", "captures=ContextWord", "quiet=Variable"]);
    let directions = &analysis.index.directions;
    for direction in ["n", "se", "orthogonal", "diagonal", "forward", "backward_left"] {
        assert!(directions.iter().any(|d| d == direction), "{direction} in {directions:?}");
    }
}

#[test]
fn parameters_shadow_context_words_and_choices_are_their_actions() {
    let text = "game \"T\"\nseat white\nseat black turned 180\nboard square 4 by 4\nmap level {\n 1 1 1 1\n \
                1 1 1 1\n 1 1 1 1\n 1 1 1 1\n}\npiece pawn { letter P }\n\
                define ahead(to, from) = to != from\nsetup { place pawn for each seat on row 1 }\n\
                action advance for pawn { step forward  where ahead(to, from) }\n\
                action orient { choose quarter from 0 to 3  then { rotate level by quarter } }\n\
                phase play { turn { play advance, orient } }\nend { when false: draw }\n";
    let analysis = analyze(text, &Default::default());
    assert!(!analysis.compiled.has_errors(), "{:#?}", analysis.compiled.diagnostics);
    assert_eq!(
        line_summary(&analysis, text, 12),
        ["ahead=Definition*", "to=Parameter*", "from=Parameter*", "to=Parameter", "from=Parameter"]
    );
    assert_eq!(
        line_summary(&analysis, text, 14),
        [
            "advance=Action*",
            "pawn=Piece",
            "forward=Direction",
            "ahead=Definition",
            "to=ContextWord",
            "from=ContextWord"
        ]
    );
    assert_eq!(
        line_summary(&analysis, text, 15),
        ["orient=Action*", "quarter=Choice*", "level=Map", "quarter=Choice"]
    );
    let index = &analysis.index;
    let quarter = index.symbols.iter().position(|s| s.kind == SymbolKind::Choice).expect("a choice");
    let orient = index.symbols[quarter].container.expect("in an action");
    assert_eq!(index.symbols[orient].name, "orient");
    assert_eq!(text_at(text, index.symbols[quarter].item), "choose quarter from 0 to 3");
}

#[test]
fn an_attribute_is_one_symbol_declared_by_every_piece_type_that_has_it() {
    let text = std::fs::read_to_string(repository().join("rules/immortal-star-masters.rules")).expect("ISM");
    let index = analyze(&text, &Default::default()).index;
    let moved: Vec<_> = index.symbols.iter().filter(|s| s.name == "moved").collect();
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0].kind, SymbolKind::Attribute);
    let pieces_with_moved = text.lines().filter(|l| l.contains("attribute moved")).count();
    assert_eq!(moved[0].declarations.len(), pieces_with_moved);
    assert!(pieces_with_moved > 1);
}

#[test]
fn the_items_that_parse_are_indexed_when_others_do_not() {
    let text = std::fs::read_to_string(repository().join("rules/dice-chess.rules")).expect("dice chess");
    let broken = text.replacen("action step for die {", "action step for die { step (", 1);
    let analysis = analyze(&broken, &Default::default());
    assert_eq!(analysis.parsed, Parsed::Partly);
    assert!(analysis.compiled.diagnostics.iter().all(|d| d.code.as_str() == "syntax-error"));
    let names: Vec<&str> = analysis.index.symbols.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"die") && names.contains(&"double") && !names.contains(&"step"), "{names:?}");
}

#[test]
fn at_finds_the_name_under_a_cursor_at_either_end() {
    let text = "game \"T\"\nseat white\n";
    let index = analyze(text, &Default::default()).index;
    let white = text.find("white").expect("white");
    for offset in [white, white + 3, white + 5] {
        assert_eq!(index.at(offset).map(|r| r.span.start), Some(white), "{offset}");
    }
    assert!(index.at(white - 2).is_none());
}
