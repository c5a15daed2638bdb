//! Keeps docs/concision.md true: each row of its table gives a rules file's length in tokens (the
//! method the page states), and this test recounts it, with the ratio to Ludii's count and the
//! median ratio.

use std::fs;
use std::path::Path;

const PAGE: &str = "docs/concision.md";
const TABLE_START: &str = "<!-- concision-table";
const TABLE_END: &str = "<!-- end concision-table -->";

/// The text without `#` comments (a `#` inside a string is not a comment).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        for c in line.chars() {
            match c {
                '"' => in_string = !in_string,
                '#' if !in_string => break,
                _ => {}
            }
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// How many tokens: brackets one each, a string one, any other run of non-space characters one.
fn count_tokens(text: &str) -> usize {
    let text = strip_comments(text);
    let mut count = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        count += 1;
        if "(){}[]".contains(c) {
            continue;
        }
        if c == '"' {
            for d in chars.by_ref() {
                if d == '"' {
                    break;
                }
            }
            continue;
        }
        while chars.peek().is_some_and(|&d| !d.is_whitespace() && !"(){}[]\"".contains(d)) {
            chars.next();
        }
    }
    count
}

struct Row {
    file: String,
    ludex: usize,
    ludii: usize,
    ratio: String,
}

fn rows(page: &str) -> Vec<Row> {
    let start = page.find(TABLE_START).expect("the table's start marker");
    let end = page.find(TABLE_END).expect("the table's end marker");
    page[start..end]
        .lines()
        .filter(|line| line.starts_with("| rules/") || line.starts_with("| docs/"))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let number =
                |i: usize| cells[i].parse::<usize>().unwrap_or_else(|_| panic!("a number in {line}"));
            Row {
                file: cells[0].to_string(),
                ludex: number(1),
                ludii: number(3),
                ratio: cells[4].to_string(),
            }
        })
        .collect()
}

#[test]
fn tokens_are_counted_by_the_pages_method() {
    assert_eq!(count_tokens("count(pieces(next))"), 7);
    assert_eq!(count_tokens("win mover # a comment (with brackets)"), 2);
    assert_eq!(count_tokens("game \"Two words\"\n"), 2);
    assert_eq!(count_tokens("when a==b: draw"), 3);
}

#[test]
fn the_table_of_lengths_is_current() {
    let page = fs::read_to_string(PAGE).expect("docs/concision.md");
    let rows = rows(&page);
    assert!(!rows.is_empty(), "no rows in the table");
    let mut stale = Vec::new();
    let mut ratios = Vec::new();
    for row in &rows {
        let text = fs::read_to_string(Path::new(&row.file)).unwrap_or_else(|_| panic!("{}", row.file));
        let tokens = count_tokens(&text);
        let ratio = tokens as f64 / row.ludii as f64;
        ratios.push(ratio);
        if tokens != row.ludex || format!("{ratio:.2}") != row.ratio {
            stale.push(format!("{}: {tokens} tokens, ratio {ratio:.2}", row.file));
        }
    }
    assert!(stale.is_empty(), "docs/concision.md is out of date; the counts are now:\n{}", stale.join("\n"));
    ratios.sort_by(f64::total_cmp);
    let middle = ratios.len() / 2;
    let median =
        if ratios.len() % 2 == 1 { ratios[middle] } else { (ratios[middle - 1] + ratios[middle]) / 2.0 };
    let stated = format!("Median ratio: **{median:.2}**.");
    assert!(page.contains(&stated), "docs/concision.md should say `{stated}`");
}

#[test]
fn every_rules_file_with_a_ludii_counterpart_is_no_longer_than_it() {
    let page = fs::read_to_string(PAGE).expect("docs/concision.md");
    for row in rows(&page) {
        assert!(
            row.ludex <= row.ludii,
            "{} is longer than Ludii's description ({} > {})",
            row.file,
            row.ludex,
            row.ludii
        );
    }
}
