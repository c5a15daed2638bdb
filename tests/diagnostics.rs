//! Every rules file in `tests/diagnostics/` shows mistakes; its rendered diagnostics are snapshotted
//! in `tests/snapshots/` and reviewed by eye (`INSTA_UPDATE=always cargo test --test diagnostics`).

use std::path::Path;

fn rendered_diagnostics(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("the fixture is readable");
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let compiled = ludex::compile(&text, &Default::default());
    assert!(!compiled.diagnostics.is_empty(), "{name} shows a mistake, so it must be reported");
    ludex::diagnostics::render(&compiled.diagnostics, &name, &text, ludex::diagnostics::Colors::Plain)
}

#[test]
fn rendered() {
    insta::glob!("diagnostics/*.rules", |path| {
        insta::assert_snapshot!(rendered_diagnostics(path));
    });
}
