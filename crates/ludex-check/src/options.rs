//! Options: their declared ranges and the values this lowering uses (defaults unless overridden).

use std::fmt::Display;

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
                let option = GameOption { name: decl.name.name.clone(), value, default, min, max };
                if value.is_fractional() && !option.is_decimal() {
                    self.report(
                        Diagnostic::error(
                            Code::DecimalNotWhole,
                            format!("option `{}` = {value} is a decimal, and the option is whole", decl.name.name),
                            decl.span,
                            format!("declared from {min} to {max}, whole numbers"),
                        )
                        .with_help("an option takes decimals when its default or a bound is one, as `from 0 to 10.5`"),
                    );
                } else if values.contains_key(&decl.name.name) && !(min..=max).contains(&value) {
                    self.report(Diagnostic::error(
                        Code::OutOfRange,
                        format!("option `{}` = {value} is outside {min} to {max}", decl.name.name),
                        decl.span,
                        format!("declared from {min} to {max}"),
                    ));
                }
                option
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
pub(super) fn empty_range<N: Display>(
    what: &str,
    name: &Ident,
    min: &Spanned<N>,
    max: &Spanned<N>,
) -> Diagnostic {
    Diagnostic::error(
        Code::OutOfRange,
        format!("{what} `{}` has an empty range: {} is above {}", name.name, min.node, max.node),
        min.span.to(max.span),
        "the minimum is above the maximum",
    )
    .with_help("write the smaller bound first")
}
