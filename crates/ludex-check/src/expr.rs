//! Expressions: names (parameters, choices, context words, declarations, cells), operators,
//! fields, `if` and `in`, with their types; and the limits on nesting and work that keep inlining
//! bounded whatever the input.

use ludex_diagnostics::{Code, Diagnostic, Limit};
use ludex_ir::{self as ir, Const, ContextWord, Decimal, GameOption, Number, PieceField};
use ludex_syntax::ast::{self, BinaryOp, Expr, ExprKind, Ident, Span, UnaryOp};

use super::Checker;
use super::calls::Call;
use super::index::Found;
use super::names::{Symbol, not_among};
use super::regions::Seating;
use super::scope::{Scope, Word};
use super::types::{Extent, Kinds, Ty, Typed};
use super::variables::{seat_missing, seat_not_expected};

/// The work units (expression nodes resolved or copied) one file may take to check.
pub const WORK: u32 = 2_000_000;

impl<'a> Checker<'a> {
    /// Resolves and types an expression.
    pub(super) fn expr(&mut self, e: &'a Expr, scope: &Scope<'a>) -> Typed {
        if !self.spend(1) {
            return Typed::unknown();
        }
        if !self.enter(e.span) {
            return Typed::unknown();
        }
        let typed = self.expr_kind(e, scope);
        self.nesting.depth = self.nesting.depth.saturating_sub(1);
        if typed.extent.depth > self.max_depth() {
            self.too_deep(e.span);
            return Typed::unknown();
        }
        if self.too_costly(typed.extent, e.span, scope.evaluated) {
            return Typed::unknown();
        }
        typed
    }

    /// Resolves an expression that must have type `want`.
    pub(super) fn expect(&mut self, e: &'a Expr, scope: &Scope<'a>, want: Ty) -> ir::Expr {
        self.expect_typed(e, scope, want).expr
    }

    /// Resolves an expression that must have type `want`, keeping its type and extent.
    pub(super) fn expect_typed(&mut self, e: &'a Expr, scope: &Scope<'a>, want: Ty) -> Typed {
        let typed = self.expr(e, scope);
        self.check_type(&typed, e.span, want);
        typed
    }

    pub(super) fn condition(&mut self, e: &'a Expr, scope: &Scope<'a>) -> ir::Expr {
        self.expect(e, scope, Ty::Bool)
    }

    pub(super) fn check_type(&mut self, typed: &Typed, span: Span, want: Ty) -> bool {
        if want.accepts(typed.ty) {
            return true;
        }
        if typed.ty == Ty::Decimal && want == Ty::Int {
            self.report(decimal_not_whole(span));
            return false;
        }
        self.report(Diagnostic::error(
            Code::TypeMismatch,
            format!("expected {}, found {}", a(want), a(typed.ty)),
            span,
            format!("this is {}", a(typed.ty)),
        ));
        false
    }

    /// One level deeper; false (after a diagnostic) when too deep.
    pub(super) fn enter(&mut self, span: Span) -> bool {
        if self.nesting.depth >= self.max_depth() {
            self.too_deep(span);
            return false;
        }
        self.nesting.depth = self.nesting.depth.saturating_add(1);
        true
    }

    /// How deeply expressions (with inlined definitions) may nest, as checked and as lowered: the
    /// `expression-depth` limit.
    fn max_depth(&self) -> u32 {
        u32::try_from(self.nesting.limits.max_expression_depth).unwrap_or(u32::MAX)
    }

    fn too_deep(&mut self, span: Span) {
        let message = format!(
            "this is nested too deeply: more than the limit `{}` of {} levels, definitions inlined",
            Limit::ExpressionDepth,
            self.nesting.limits.max_expression_depth
        );
        self.report(
            Diagnostic::error(Code::LimitExceeded, message, span, "too deep")
                .with_help("split it with `define`s that do not call each other so deeply"),
        );
    }

    /// Spends work; false once it has run out (reported once).
    pub(super) fn spend(&mut self, units: u32) -> bool {
        if self.nesting.work_left == 0 {
            return false;
        }
        if let Some(left) = self.nesting.work_left.checked_sub(units).filter(|&left| left > 0) {
            self.nesting.work_left = left;
            return true;
        }
        self.nesting.work_left = 0;
        self.report(
            Diagnostic::error(
                Code::LimitExceeded,
                "these rules take too much work to check",
                self.nesting.frames.first().map_or(self.file_span(), |f| f.call),
                "definitions expand too much from here",
            )
            .with_help("definitions are copied where they are used; make them smaller or less nested"),
        );
        false
    }

    fn expr_kind(&mut self, e: &'a Expr, scope: &Scope<'a>) -> Typed {
        match &e.node {
            ExprKind::Int(n) => Typed::constant(Const::Int(*n), Ty::Int),
            ExprKind::Decimal(d) => Typed::constant(Const::Decimal(*d), Ty::Decimal),
            ExprKind::Bool(b) => Typed::constant(Const::Bool(*b), Ty::Bool),
            ExprKind::None => Typed::constant(Const::None, Ty::NoneLit),
            // A declaration refused for taking a built-in's name was reported once, there.
            ExprKind::Name(ident) | ExprKind::Call { function: ident, .. }
                if self.names.builtin_taken(&ident.name) =>
            {
                Typed::unknown()
            }
            ExprKind::Name(ident) => self.name(ident, scope),
            ExprKind::Call { function, args } => self.call(Call { function, args, span: e.span }, scope),
            ExprKind::Field { base, field } => self.field(base, field, scope),
            ExprKind::Unary { op, operand } => self.unary(op.node, operand, scope),
            ExprKind::Binary { op, left, right } => self.binary(op, left, right, scope),
            ExprKind::If { condition, then, otherwise } => self.if_expr(condition, then, otherwise, scope),
            ExprKind::Roll { .. } => {
                self.report(
                    Diagnostic::error(
                        Code::RollNotAllowed,
                        "`roll` cannot be used here",
                        e.span,
                        "a roll here",
                    )
                    .with_help("a roll must be the whole value of a `set` or of a `with` assignment"),
                );
                Typed::unknown()
            }
            ExprKind::Exactly(_) => {
                self.report(
                    Diagnostic::error(
                        Code::MisplacedClause,
                        "`exactly` is only the length of a line",
                        e.span,
                        "not a line's length",
                    )
                    .with_help("write it as the length of `in_a_row` or `lines`: `in_a_row(to, exactly 5)`"),
                );
                Typed::unknown()
            }
        }
    }

    fn name(&mut self, ident: &'a Ident, scope: &Scope<'a>) -> Typed {
        if let Some((position, arg)) = self.parameter(&ident.name, scope) {
            if let Some(frame) = self.nesting.frames.last() {
                let found = Found::Parameter { define: frame.define, position };
                self.findings.index.used(ident.span, found);
            }
            let arg = self.parameter_value(position, arg, scope);
            return if self.spend(arg.extent.size) { arg } else { Typed::unknown() };
        }
        if let Some(choice) = scope.choices.iter().find(|c| c.name == ident.name) {
            self.findings.index.used(ident.span, Found::Choice(choice.span));
            return Typed::leaf(ir::Expr::Context(ContextWord::Choice), Ty::Int);
        }
        if let Some(word) = Word::named(&ident.name) {
            return self.word(word, ident.span, scope);
        }
        if ident.name == "seats" {
            self.findings.index.used(ident.span, Found::Builtin);
            self.collection_not_a_value(ident, ident.span);
            return Typed::unknown();
        }
        if let Some(symbol) = self.names.value(&ident.name) {
            return self.symbol_value(symbol, ident, scope);
        }
        if let Some(cell) = self.game.board.as_ref().and_then(|b| b.cell_named(&ident.name)) {
            self.findings.index.used(ident.span, Found::Cell);
            return Typed::constant(Const::Cell(cell), Ty::Cell);
        }
        self.unknown_name(ident, scope);
        Typed::unknown()
    }

    /// The position of a parameter of the definition being inlined, and the argument bound to it.
    fn parameter(&self, name: &str, scope: &Scope<'a>) -> Option<(usize, Typed)> {
        if !self.is_parameter_here(name, scope) {
            return None;
        }
        let frame = self.nesting.frames.last()?;
        frame.params.iter().enumerate().find(|(_, (p, _))| *p == name).map(|(i, (_, arg))| (i, arg.clone()))
    }

    pub(super) fn word(&mut self, word: Word, span: Span, scope: &Scope<'a>) -> Typed {
        self.findings.index.used(span, Found::ContextWord);
        match (scope.word_type(word), word.context()) {
            (Some(ty), Some(context)) => return Typed::leaf(ir::Expr::Context(context), ty),
            (Some(_), None) => {
                self.collection_not_a_value(&Ident { name: word.name().to_string(), span }, span);
                return Typed::unknown();
            }
            (None, _) => {}
        }
        let available = scope.words.names();
        let help = if available.is_empty() {
            "no context word is available here".to_string()
        } else {
            format!("available here: {}", available.join(", "))
        };
        let mut diagnostic = Diagnostic::error(
            Code::ContextUnavailable,
            format!("`{}` is not available in {}", word.name(), scope.place),
            span,
            format!("`{}` has no value here", word.name()),
        )
        .with_help(help);
        if let Some(frame) = self.nesting.frames.first() {
            diagnostic = diagnostic.with_label(frame.call, "in this use of a definition");
        }
        self.report(diagnostic);
        Typed::unknown()
    }

    fn symbol_value(&mut self, symbol: Symbol, ident: &'a Ident, scope: &Scope<'a>) -> Typed {
        self.use_at(symbol, ident.span);
        match symbol {
            Symbol::Option(i) => match self.game.options.get(i) {
                Some(option) if option.is_decimal() => {
                    let value = option.value.to_decimal().unwrap_or(Decimal::from_thousandths(0));
                    Typed::constant(Const::Decimal(value), Ty::Decimal)
                }
                Some(GameOption { value: Number::Int(n), .. }) => Typed::constant(Const::Int(*n), Ty::Int),
                Some(GameOption { value: Number::Decimal(_), .. }) | None => {
                    Typed::constant(Const::Int(0), Ty::Int)
                }
            },
            Symbol::Seat(s) => match self.seat_id(s) {
                Some(seat) => Typed::constant(Const::Seat(seat), Ty::Seat),
                None => Typed::constant(Const::None, Ty::Seat),
            },
            Symbol::Piece(t) => Typed::constant(Const::PieceType(t), Ty::PieceType),
            Symbol::Phase(p) => Typed::constant(Const::Phase(p), Ty::Phase),
            Symbol::Variable(v) if self.is_per_seat_variable(v) => {
                self.report(seat_missing(ident, format!("{}(mover)", ident.name)));
                Typed::unknown()
            }
            Symbol::Variable(v) => Typed::leaf(ir::Expr::Variable(v), self.variable_type(v, ident.span)),
            Symbol::Define(d) => {
                let call = Call { function: ident, args: &[], span: ident.span };
                self.inline(d, call, scope, |this, body, scope| Some(this.expr(body, scope)))
                    .unwrap_or_else(Typed::unknown)
            }
            Symbol::Zone(_)
            | Symbol::Map(_)
            | Symbol::Team(_)
            | Symbol::Action(_)
            | Symbol::Group(_)
            | Symbol::Track(_) => {
                self.not_a_value(symbol, ident);
                Typed::unknown()
            }
        }
    }

    fn not_a_value(&mut self, symbol: Symbol, ident: &Ident) {
        let name = &ident.name;
        let help = match symbol {
            Symbol::Zone(_) => format!("test a cell with `CELL in {name}`"),
            Symbol::Map(_) => format!("read it at a cell: `{name}(to)`"),
            Symbol::Track(_) => format!("read a cell's position on it: `{name}(to)`"),
            _ => format!("a {} cannot be used in an expression", symbol.kind_name()),
        };
        self.report(
            Diagnostic::error(
                Code::TypeMismatch,
                format!("{} `{name}` is not a value", symbol.kind_name()),
                ident.span,
                format!("a {}", symbol.kind_name()),
            )
            .with_help(help),
        );
    }

    fn unknown_name(&mut self, ident: &Ident, scope: &Scope<'a>) {
        if self.game.board.is_some() && looks_like_cell(&ident.name) {
            self.no_such_cell(ident);
            return;
        }
        let params: Vec<&str> = self
            .nesting
            .frames
            .last()
            .map(|f| f.params.iter().map(|(p, _)| *p).collect())
            .unwrap_or_default();
        let words = scope.words.names();
        let declared = self.names.values_where(|s| {
            !matches!(
                s,
                Symbol::Zone(_) | Symbol::Map(_) | Symbol::Team(_) | Symbol::Action(_) | Symbol::Group(_)
            )
        });
        let choices = scope.choices.iter().map(|c| c.name.as_str());
        let candidates: Vec<&str> = declared.into_iter().chain(words).chain(params).chain(choices).collect();
        let message = format!("unknown name `{}`", ident.name);
        self.report(not_among(Code::UnknownName, message, ident, "not declared", candidates));
    }

    /// Reports a name that is not a declaration of the kind expected, suggesting close names.
    /// A name declared twice was reported at its second declaration, not again at each use.
    pub(super) fn unknown(&mut self, code: Code, kind: &str, ident: &Ident, keep: impl Fn(Symbol) -> bool) {
        if self.names.redeclared(&ident.name) {
            return;
        }
        let message = match self.names.value(&ident.name) {
            Some(other) => format!("`{}` is a {}, not a {kind}", ident.name, other.kind_name()),
            None => format!("unknown {kind} `{}`", ident.name),
        };
        let candidates = self.names.values_where(keep);
        self.report(not_among(code, message, ident, format!("not a {kind}"), candidates));
    }

    fn field(&mut self, base: &'a Expr, field: &'a Ident, scope: &Scope<'a>) -> Typed {
        let piece = self.expr(base, scope);
        let kinds = match piece.ty {
            Ty::Piece(kinds) => kinds,
            Ty::Unknown | Ty::NoneLit => Kinds::ANY,
            other => {
                self.report(Diagnostic::error(
                    Code::TypeMismatch,
                    format!("only pieces have fields, and this is {}", a(other)),
                    base.span,
                    format!("this is {}", a(other)),
                ));
                return Typed::unknown();
            }
        };
        let (field, ty) = match field.name.as_str() {
            "type" => (PieceField::Type, Ty::PieceType),
            "owner" => (PieceField::Owner, Ty::Seat),
            "cell" => (PieceField::Cell, Ty::Cell),
            "value" => {
                self.piece_value_in_value(field.span);
                (PieceField::Value, Ty::Int)
            }
            _ => match self.attribute(field, kinds) {
                Some(attribute) => (PieceField::Attribute(attribute), Ty::Int),
                None => return Typed::unknown(),
            },
        };
        Typed::node(ir::Expr::Field(Box::new(piece.expr), field), ty, &[piece.extent])
    }

    /// A piece's value may not read piece values: that could never finish.
    fn piece_value_in_value(&mut self, span: Span) {
        if self.resolving.valuing {
            self.report(
                Diagnostic::error(
                    Code::RecursiveDefine,
                    "a piece's value cannot depend on piece values",
                    span,
                    "a piece value inside a piece's `value`",
                )
                .with_help("compute it from attributes: `value it.face`"),
            );
        }
    }

    fn unary(&mut self, op: UnaryOp, operand: &'a Expr, scope: &Scope<'a>) -> Typed {
        let (want, wrap): (Ty, fn(Box<ir::Expr>) -> ir::Expr) = match op {
            UnaryOp::Not => (Ty::Bool, ir::Expr::Not),
            UnaryOp::Neg => (Ty::Decimal, ir::Expr::Neg),
        };
        let inner = self.expr(operand, scope);
        self.check_type(&inner, operand.span, want);
        let ty = if want == Ty::Decimal { number_type(inner.ty, Ty::Int) } else { want };
        Typed::node(wrap(Box::new(inner.expr)), ty, &[inner.extent])
    }

    fn binary(
        &mut self,
        op: &ast::Spanned<BinaryOp>,
        left: &'a Expr,
        right: &'a Expr,
        scope: &Scope<'a>,
    ) -> Typed {
        let Some((ir_op, operands, result)) = operator(op.node) else {
            return self.membership(left, right, scope);
        };
        let l = self.expr(left, scope);
        let r = self.expr(right, scope);
        match operands {
            Some(want) => {
                self.check_type(&l, left.span, want);
                self.check_type(&r, right.span, want);
            }
            None => self.comparable(&l, &r, op.span, (left.span, right.span)),
        }
        if ir_op == ir::BinaryOp::Mul && l.ty == Ty::Decimal && r.ty == Ty::Decimal {
            self.report(decimal_not_whole(right.span).with_help(
                "a product of two decimals is not exact to a thousandth: one side of `*` must be whole",
            ));
        }
        let result = if result == Ty::Decimal { number_type(l.ty, r.ty) } else { result };
        let extent = [l.extent, r.extent];
        Typed::node(ir::Expr::Binary(ir_op, Box::new(l.expr), Box::new(r.expr)), result, &extent)
    }

    fn comparable(&mut self, l: &Typed, r: &Typed, op: Span, (left, right): (Span, Span)) {
        if l.ty.join(r.ty).is_some() {
            return;
        }
        self.report(
            Diagnostic::error(
                Code::TypeMismatch,
                format!("cannot compare {} with {}", a(l.ty), a(r.ty)),
                op,
                "both sides must have the same type",
            )
            .with_label(left, format!("this is {}", a(l.ty)))
            .with_label(right, format!("this is {}", a(r.ty))),
        );
    }

    fn if_expr(
        &mut self,
        condition: &'a Expr,
        then: &'a Expr,
        otherwise: &'a Expr,
        scope: &Scope<'a>,
    ) -> Typed {
        let c = self.expr(condition, scope);
        self.check_type(&c, condition.span, Ty::Bool);
        let t = self.expr(then, scope);
        let o = self.expr(otherwise, scope);
        let ty = t.ty.join(o.ty).unwrap_or_else(|| {
            self.report(
                Diagnostic::error(
                    Code::TypeMismatch,
                    format!("the branches of this `if` differ: {} and {}", a(t.ty), a(o.ty)),
                    otherwise.span,
                    format!("this is {}", a(o.ty)),
                )
                .with_label(then.span, format!("this is {}", a(t.ty))),
            );
            Ty::Unknown
        });
        let extent = [c.extent, t.extent, o.extent];
        Typed::node(ir::Expr::If(Box::new(c.expr), Box::new(t.expr), Box::new(o.expr)), ty, &extent)
    }

    /// `x in ZONE` (the mover's version of a per-seat zone) or `x in ZONE(seat)`.
    fn membership(&mut self, left: &'a Expr, right: &'a Expr, scope: &Scope<'a>) -> Typed {
        let cell = self.expr(left, scope);
        self.check_type(&cell, left.span, Ty::Cell);
        if let ExprKind::Call { function, .. } = &right.node
            && self.is_cell_collection(&function.name)
        {
            let extent = cell.extent;
            let Some(expr) = self.in_cell_set(cell.expr, right, scope) else { return Typed::unknown() };
            let cells = self.game.board.as_ref().map_or(1, |b| b.cell_count() as u64);
            return Typed { expr, ty: Ty::Bool, extent: Extent { cost: cells.saturating_mul(8), ..extent } };
        }
        let (zone_name, seat_arg) = match &right.node {
            ExprKind::Name(ident) => (ident, None),
            ExprKind::Call { function, args } if args.len() == 1 => (function, args.first()),
            _ => {
                self.report(Diagnostic::error(
                    Code::UnknownZone,
                    "expected a zone after `in`",
                    right.span,
                    "not a zone",
                ));
                return Typed::unknown();
            }
        };
        let seat = seat_arg.map(|arg| (self.expr(arg, scope), arg.span));
        let Some(Symbol::Zone(zone)) = self.names.value(&zone_name.name) else {
            self.unknown(Code::UnknownZone, "zone", zone_name, |s| matches!(s, Symbol::Zone(_)));
            return Typed::unknown();
        };
        self.use_at(Symbol::Zone(zone), zone_name.span);
        self.zone(zone, zone_name.span);
        let seating =
            self.decls.zones.get(zone as usize).map_or(Seating::AllSeats, |z| Seating::of(&z.per_seat));
        let seat = match seat {
            Some((seat, span)) if seating == Seating::EachSeat => {
                self.check_type(&seat, span, Ty::Seat);
                seat
            }
            Some((_, span)) => {
                let example = format!("CELL in {}", zone_name.name);
                self.report(seat_not_expected("zone", &zone_name.name, span, example));
                Typed::unknown()
            }
            None => self.implicit_zone_seat(zone_name, seating, scope),
        };
        let extent = [cell.extent, seat.extent];
        let expr = ir::Expr::InZone { cell: Box::new(cell.expr), zone, seat: Box::new(seat.expr) };
        Typed::node(expr, Ty::Bool, &extent)
    }

    /// The seat whose version of a zone `x in ZONE` means: the mover's.
    fn implicit_zone_seat(&mut self, zone: &Ident, seating: Seating, scope: &Scope<'a>) -> Typed {
        if scope.words.contains(Word::Mover) {
            return Typed::leaf(ir::Expr::Context(ContextWord::Mover), Ty::Seat);
        }
        if seating == Seating::AllSeats {
            // Every seat has the same cells: any seat will do.
            return Typed::constant(Const::Seat(0), Ty::Seat);
        }
        self.report(
            Diagnostic::error(
                Code::ContextUnavailable,
                format!("zone `{}` differs per seat, and no seat is acting in {}", zone.name, scope.place),
                zone.span,
                "whose zone?",
            )
            .with_help(format!("name the seat: `CELL in {}(SEAT)`", zone.name)),
        );
        Typed::unknown()
    }
}

/// The IR operator, the type its operands must have (`None`: the same, any) and its result;
/// `None` for `in`.
fn operator(op: BinaryOp) -> Option<(ir::BinaryOp, Option<Ty>, Ty)> {
    let bool_op = |op| (op, Some(Ty::Bool), Ty::Bool);
    // Comparisons, `+`, `-` and `*` take decimals (a decimal result when an operand is one);
    // `/` and `mod` give whole quotients and remainders of whole numbers only.
    let comparison = |op| (op, Some(Ty::Decimal), Ty::Bool);
    let arithmetic = |op| (op, Some(Ty::Decimal), Ty::Decimal);
    let whole = |op| (op, Some(Ty::Int), Ty::Int);
    Some(match op {
        BinaryOp::Or => bool_op(ir::BinaryOp::Or),
        BinaryOp::And => bool_op(ir::BinaryOp::And),
        BinaryOp::Eq => (ir::BinaryOp::Eq, None, Ty::Bool),
        BinaryOp::Ne => (ir::BinaryOp::Ne, None, Ty::Bool),
        BinaryOp::Lt => comparison(ir::BinaryOp::Lt),
        BinaryOp::Le => comparison(ir::BinaryOp::Le),
        BinaryOp::Gt => comparison(ir::BinaryOp::Gt),
        BinaryOp::Ge => comparison(ir::BinaryOp::Ge),
        BinaryOp::Add => arithmetic(ir::BinaryOp::Add),
        BinaryOp::Sub => arithmetic(ir::BinaryOp::Sub),
        BinaryOp::Mul => arithmetic(ir::BinaryOp::Mul),
        BinaryOp::Div => whole(ir::BinaryOp::Div),
        BinaryOp::Mod => whole(ir::BinaryOp::Mod),
        BinaryOp::In => return None,
    })
}

/// The type of arithmetic on numbers of these types: a decimal when one is, else an int (unknown
/// after an error).
fn number_type(a: Ty, b: Ty) -> Ty {
    match (a, b) {
        (Ty::Unknown, _) | (_, Ty::Unknown) => Ty::Unknown,
        (Ty::Decimal, _) | (_, Ty::Decimal) => Ty::Decimal,
        _ => Ty::Int,
    }
}

/// A decimal where a whole number is needed.
pub fn decimal_not_whole(span: Span) -> Diagnostic {
    Diagnostic::error(
        Code::DecimalNotWhole,
        "expected a whole number, found a decimal",
        span,
        "this is a decimal",
    )
    .with_help(
        "counts, cells, bounds, limits, piece values, `/` and `mod` take whole numbers; decimals \
         are for values such as scores",
    )
}

/// "an int", "a seat": a type with its article.
pub fn a(ty: Ty) -> String {
    match ty {
        Ty::Int => "an int".to_string(),
        Ty::Unknown => "an unknown value".to_string(),
        Ty::NoneLit => "`none`".to_string(),
        other => format!("a {}", other.name()),
    }
}

/// Letters then digits, like `a1` or `z12`.
fn looks_like_cell(name: &str) -> bool {
    let letters = name.chars().take_while(char::is_ascii_lowercase).count();
    letters > 0 && letters < name.len() && name[letters..].chars().all(|c| c.is_ascii_digit())
}
