//! Options: their declared ranges and the values this lowering uses (defaults unless overridden).

use ludex_diagnostics::{Code, Diagnostic, did_you_mean};
use ludex_ir::GameOption;
use ludex_syntax::ast::{Ident, Span, Spanned};

use super::{Checker, OptionValues};

impl Checker<'_> {
    pub(super) fn option_values(&mut self, values: &OptionValues) -> Vec<GameOption> {
        self.unknown_options(values);
        let decls = self.decls.options.clone();
        decls
            .into_iter()
            .map(|decl| {
                let (default, min, max) = (decl.default.node, decl.min.node, decl.max.node);
                if min > max {
                    self.report(empty_range("option", &decl.name, &decl.min, &decl.max));
                } else if !(min..=max).contains(&default) {
                    self.report(Diagnostic::error(
                        Code::OutOfRange,
                        format!("option `{}` defaults to {default}, outside {min} to {max}", decl.name.name),
                        decl.default.span,
                        format!("not within {min} to {max}"),
                    ));
                }
                let value = values.get(&decl.name.name).copied().unwrap_or(default);
                if values.contains_key(&decl.name.name) && !(min..=max).contains(&value) {
                    self.report(Diagnostic::error(
                        Code::OutOfRange,
                        format!("option `{}` = {value} is outside {min} to {max}", decl.name.name),
                        decl.span,
                        format!("declared from {min} to {max}"),
                    ));
                }
                GameOption { name: decl.name.name.clone(), value, default, min, max }
            })
            .collect()
    }

    fn unknown_options(&mut self, values: &OptionValues) {
        let declared: Vec<&str> = self.decls.options.iter().map(|o| o.name.name.as_str()).collect();
        for name in values.keys().filter(|name| !declared.contains(&name.as_str())) {
            let mut diagnostic = Diagnostic::error(
                Code::UnknownOption,
                format!("the rules declare no option `{name}`"),
                Span::default(),
                "options are declared with `option NAME = DEFAULT from MIN to MAX`",
            );
            diagnostic.help = did_you_mean(name, declared.iter().copied()).or_else(|| {
                Some(if declared.is_empty() {
                    "these rules have no options".to_string()
                } else {
                    format!("the options are: {}", declared.join(", "))
                })
            });
            self.report(diagnostic);
        }
    }
}

/// A declared range whose minimum is above its maximum (`what`: "option", "attribute").
pub(super) fn empty_range(what: &str, name: &Ident, min: &Spanned<i64>, max: &Spanned<i64>) -> Diagnostic {
    Diagnostic::error(
        Code::OutOfRange,
        format!("{what} `{}` has an empty range: {} is above {}", name.name, min.node, max.node),
        min.span.to(max.span),
        "the minimum is above the maximum",
    )
    .with_help("write the smaller bound first")
}
