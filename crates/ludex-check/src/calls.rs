//! Calls: the built-in functions (`count`, `sum`, `pieces`, `reserve`, `prizes`, `losses`, `seats`,
//! `piece_at`, `partner`; the cell functions `attacked` and `shift` are in `cell_calls`), map
//! lookups, per-seat variables, and definitions, which are inlined where they are used with their
//! arguments substituted (a recursion guard stops a definition that uses itself).

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, Collection, Const, TypeId};
use ludex_syntax::ast::{Expr, ExprKind, Ident, Span};

use super::index::Found;
use super::names::{BUILTINS, Symbol, not_among};
use super::scope::{Scope, Word};
use super::types::{Extent, Kinds, Ty, Typed};
use super::variables::seat_not_expected;
use super::{Checker, Frame, hygiene};

/// A call as written: the function's name, its arguments, and the span of the whole call.
#[derive(Clone, Copy)]
pub(super) struct Call<'a> {
    pub function: &'a Ident,
    pub args: &'a [Expr],
    pub span: Span,
}

/// What to count or sum over, the type of its elements (`it`), and the extent of the owner
/// expression.
pub(super) struct Pieces {
    pub collection: Collection,
    pub element: Ty,
    pub extent: Extent,
}

impl<'a> Checker<'a> {
    pub(super) fn call(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        self.builtin(call.function);
        match call.function.name.as_str() {
            "count" => self.count(call, scope, Tally::Count),
            "first" => self.count(call, scope, Tally::First),
            // `allied(SEAT, SEAT)`: the same seat or team mates.
            "allied" => self.fixed_call(call, scope, Ty::Seat, |[a, b]| {
                (ir::Expr::Allied(Box::new(a), Box::new(b)), Ty::Bool)
            }),
            "attacked" => self.attacked(call, scope),
            "connected" => self.connected(call, scope),
            "in_a_row" => self.in_a_row(call, scope),
            "seen_by" => self.seen_by(call, scope),
            "shift" => self.shift(call, scope),
            "sum" => self.sum(call, scope),
            // `repetitions(N)`: the word `repetitions`, among the last N positions only.
            "repetitions" if self.parameter_free("repetitions") => {
                let word = self.word(Word::Repetitions, call.function.span, scope);
                if word.ty == Ty::Unknown {
                    self.resolve_all(call.args, scope);
                    return Typed::unknown();
                }
                if let Some(board) = self.board_repetitions(call, scope) {
                    return board;
                }
                self.fixed_call(call, scope, Ty::Int, |[window]| {
                    (ir::Expr::RecentRepetitions(Box::new(window)), Ty::Int)
                })
            }
            name if self.is_cell_collection(name) => {
                self.cell_collection(call, scope);
                self.collection_not_a_value(call.function, call.span);
                Typed::unknown()
            }
            "pieces" | "reserve" | "prizes" | "losses" | "seats" | "stack" => {
                self.resolve_all(call.args, scope);
                self.collection_not_a_value(call.function, call.span);
                Typed::unknown()
            }
            "piece_at" => self.fixed_call(call, scope, Ty::Cell, |[cell]| {
                (ir::Expr::PieceAt(Box::new(cell)), Ty::ANY_PIECE)
            }),
            // `distance(CELL, CELL)`: the fewest steps between two cells.
            "distance" => self.fixed_call(call, scope, Ty::Cell, |[from, to]| {
                (ir::Expr::Distance(Box::new(from), Box::new(to)), Ty::Int)
            }),
            "partner" => {
                self.fixed_call(call, scope, Ty::Seat, |[seat]| (ir::Expr::Partner(Box::new(seat)), Ty::Seat))
            }
            name => match self.names.value(name) {
                Some(symbol) => self.call_symbol(symbol, call, scope),
                None => {
                    self.resolve_all(call.args, scope);
                    self.unknown_function(call.function);
                    Typed::unknown()
                }
            },
        }
    }

    /// A collection used where a value is expected.
    pub(super) fn collection_not_a_value(&mut self, function: &Ident, span: Span) {
        let (what, written) = match function.name.as_str() {
            "seats" => ("seats", "seats".to_string()),
            "line" => ("pieces", "line".to_string()),
            name if self.is_cell_collection(name) => ("cells", format!("{name}(...)")),
            name => ("pieces", format!("{name}(...)")),
        };
        self.report(
            Diagnostic::error(
                Code::TypeMismatch,
                format!("`{written}` is a collection of {what}, not a value"),
                span,
                "a collection",
            )
            .with_help(format!("count it or sum over it: `count({written})`")),
        );
    }

    fn call_symbol(&mut self, symbol: Symbol, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        let Call { function, args, span } = call;
        self.use_at(symbol, function.span);
        match symbol {
            Symbol::Map(map) => {
                self.fixed_call(call, scope, Ty::Cell, |[cell]| (ir::Expr::Map(map, Box::new(cell)), Ty::Int))
            }
            Symbol::Track(track) => self.track_position(track, call, scope),
            Symbol::Variable(v) if self.is_per_seat_variable(v) => {
                let ty = self.variable_type(v, function.span);
                self.fixed_call(call, scope, Ty::Seat, |[seat]| {
                    (ir::Expr::SeatVariable(v, Box::new(seat)), ty)
                })
            }
            Symbol::Define(d) => self
                .inline(d, call, scope, |this, body, scope| Some(this.expr(body, scope)))
                .unwrap_or_else(Typed::unknown),
            Symbol::Variable(_) => {
                self.resolve_all(args, scope);
                let name = &function.name;
                self.report(seat_not_expected("variable", name, span, name.clone()));
                Typed::unknown()
            }
            Symbol::Zone(_) => {
                self.resolve_all(args, scope);
                self.report(
                    Diagnostic::error(
                        Code::TypeMismatch,
                        format!("zone `{}` is a set of cells, not a function", function.name),
                        span,
                        "a zone",
                    )
                    .with_help(format!("test a cell: `CELL in {}(SEAT)`", function.name)),
                );
                Typed::unknown()
            }
            _ => {
                self.resolve_all(args, scope);
                self.unknown_function(function);
                Typed::unknown()
            }
        }
    }

    fn unknown_function(&mut self, function: &Ident) {
        let callable =
            |s| matches!(s, Symbol::Map(_) | Symbol::Define(_) | Symbol::Variable(_) | Symbol::Track(_));
        let message = match self.names.value(&function.name) {
            Some(other) => format!("`{}` is a {}, not a function", function.name, other.kind_name()),
            None => format!("unknown function `{}`", function.name),
        };
        let candidates = BUILTINS.into_iter().chain(self.names.values_where(callable));
        self.report(not_among(Code::UnknownFunction, message, function, "not a function", candidates));
    }

    /// A call with exactly `N` arguments, each of type `want`; `build` makes its IR and type.
    fn fixed_call<const N: usize>(
        &mut self,
        call: Call<'a>,
        scope: &Scope<'a>,
        want: Ty,
        build: impl FnOnce([ir::Expr; N]) -> (ir::Expr, Ty),
    ) -> Typed {
        if !self.arity(call, N..=N, scope) {
            return Typed::unknown();
        }
        let args: [Typed; N] = std::array::from_fn(|i| match call.args.get(i) {
            Some(arg) => self.expect_typed(arg, scope, want),
            None => Typed::unknown(),
        });
        let extents = args.each_ref().map(|arg| arg.extent);
        let (expr, ty) = build(args.map(|arg| arg.expr));
        Typed::node(expr, ty, &extents)
    }

    /// Whether the call has an allowed number of arguments; otherwise they are checked, and an
    /// error reported.
    pub(super) fn arity(
        &mut self,
        call: Call<'a>,
        allowed: std::ops::RangeInclusive<usize>,
        scope: &Scope<'a>,
    ) -> bool {
        let Call { function, args, span } = call;
        if allowed.contains(&args.len()) {
            return true;
        }
        self.resolve_all(args, scope);
        let expected = match (allowed.start(), allowed.end()) {
            (lo, hi) if lo == hi => format!("{lo}"),
            (lo, &usize::MAX) => format!("at least {lo}"),
            (lo, hi) => format!("{lo} or {hi}"),
        };
        self.report(Diagnostic::error(
            Code::WrongArgumentCount,
            format!("`{}` takes {expected} {}, found {}", function.name, plural(&expected), args.len()),
            span,
            arguments(args.len()),
        ));
        false
    }

    /// Checks arguments that will not be used, for their own diagnostics.
    fn resolve_all(&mut self, args: &'a [Expr], scope: &Scope<'a>) {
        for arg in args {
            if self.is_collection(arg) {
                self.pieces_arg(arg, scope);
            } else {
                self.expr(arg, scope);
            }
        }
    }

    /// `count(COLLECTION [, predicate over it])` or `first(COLLECTION [, predicate over it])`.
    fn count(&mut self, call: Call<'a>, scope: &Scope<'a>, tally: Tally) -> Typed {
        if !self.arity(call, 1..=2, scope) {
            return Typed::unknown();
        }
        let Some(collection) = call.args.first() else { return Typed::unknown() };
        let pieces = self.pieces_arg(collection, scope);
        let it = pieces.as_ref().map_or(Ty::ANY_PIECE, |c| c.element);
        let predicate = call.args.get(1).map(|p| self.expect_typed(p, &scope.with_it(it), Ty::Bool));
        let Some(pieces) = pieces else { return Typed::unknown() };
        let times = self.most_elements(&pieces.collection);
        let extent = Extent::repeating(pieces.extent, predicate.as_ref().map(|p| p.extent), times);
        let predicate = predicate.map(|p| Box::new(p.expr));
        let (expr, ty) = match tally {
            Tally::Count => (ir::Expr::Count(pieces.collection, predicate), Ty::Int),
            Tally::First => (ir::Expr::First(pieces.collection, predicate), pieces.element),
        };
        Typed { expr, ty, extent }
    }

    /// `sum(COLLECTION, term over it)`
    fn sum(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        if !self.arity(call, 2..=2, scope) {
            return Typed::unknown();
        }
        let [collection, term] = call.args else { return Typed::unknown() };
        let pieces = self.pieces_arg(collection, scope);
        let it = pieces.as_ref().map_or(Ty::ANY_PIECE, |c| c.element);
        let term = self.expect_typed(term, &scope.with_it(it), Ty::Int);
        let Some(pieces) = pieces else { return Typed::unknown() };
        let times = self.most_elements(&pieces.collection);
        let extent = Extent::repeating(pieces.extent, Some(term.extent), times);
        Typed { expr: ir::Expr::Sum(pieces.collection, Box::new(term.expr)), ty: Ty::Int, extent }
    }

    /// The collection a `count` or `sum` goes over: `pieces(...)`, `reserve(...)`, `prizes(...)`,
    /// or a definition that is one.
    pub(super) fn pieces_arg(&mut self, e: &'a Expr, scope: &Scope<'a>) -> Option<Pieces> {
        let (function, args): (&'a Ident, &'a [Expr]) = match &e.node {
            ExprKind::Call { function, args } => (function, args),
            ExprKind::Name(ident) => (ident, &[]),
            _ => return self.not_a_collection(e, scope),
        };
        let call = Call { function, args, span: e.span };
        if self.parameter_free(&function.name) {
            self.builtin(function);
        }
        match (function.name.as_str(), self.names.value(&function.name)) {
            ("pieces", _) => self.pieces_call(call, scope),
            ("line", _) if matches!(e.node, ExprKind::Name(_)) && self.parameter_free("line") => {
                self.word_collection(Word::Line, Collection::Line, e.span, scope)
            }
            (pile @ ("reserve" | "prizes" | "losses"), _) => {
                if !self.arity(call, 1..=1, scope) {
                    return None;
                }
                let typed = self.expect_typed(args.first()?, scope, Ty::Seat);
                let owner = Box::new(typed.expr);
                let collection = match pile {
                    "reserve" => Collection::Reserve { owner },
                    "prizes" => Collection::Prizes { owner },
                    _ => Collection::Losses { owner },
                };
                Some(Pieces { collection, element: Ty::ANY_PIECE, extent: typed.extent })
            }
            (name, _) if self.is_cell_collection(name) && self.parameter_free(name) => {
                self.cell_collection(call, scope)
            }
            ("stack", _) if self.parameter_free("stack") => {
                if !self.arity(call, 1..=1, scope) {
                    return None;
                }
                let cell = self.expect_typed(args.first()?, scope, Ty::Cell);
                let collection = Collection::Stack { cell: Box::new(cell.expr) };
                Some(Pieces { collection, element: Ty::ANY_PIECE, extent: cell.extent })
            }
            ("seats", _) => {
                if !self.arity(call, 0..=0, scope) {
                    return None;
                }
                Some(Pieces { collection: Collection::Seats, element: Ty::Seat, extent: Extent::LEAF })
            }
            (_, Some(Symbol::Define(d))) if self.parameter_free(&function.name) => {
                self.inline(d, call, scope, |this, body, scope| this.pieces_arg(body, scope))
            }
            _ => self.not_a_collection(e, scope),
        }
    }

    /// A context word that names a collection (`line`), where the scope binds it.
    fn word_collection(
        &mut self,
        word: Word,
        collection: Collection,
        span: Span,
        scope: &Scope<'a>,
    ) -> Option<Pieces> {
        if !scope.words.contains(word) {
            self.word(word, span, scope);
            return None;
        }
        Some(Pieces { collection, element: Ty::ANY_PIECE, extent: Extent::LEAF })
    }

    /// Records a built-in function's or collection's name.
    fn builtin(&mut self, function: &Ident) {
        if BUILTINS.contains(&function.name.as_str()) {
            self.findings.index.used(function.span, Found::Builtin);
        }
    }

    /// Not shadowed by a parameter of the definition being inlined.
    fn parameter_free(&self, name: &str) -> bool {
        self.nesting.frames.last().is_none_or(|f| f.params.iter().all(|(p, _)| *p != name))
    }

    fn not_a_collection(&mut self, e: &'a Expr, scope: &Scope<'a>) -> Option<Pieces> {
        let typed = self.expr(e, scope);
        if typed.ty != Ty::Unknown {
            self.report(
                Diagnostic::error(
                    Code::TypeMismatch,
                    format!("expected pieces to count, found {}", super::expr::a(typed.ty)),
                    e.span,
                    "not a collection of pieces",
                )
                .with_help(
                    "write `pieces(SEAT)`, `pieces(SEAT, TYPE, ...)`, `reserve(SEAT)`, `prizes(SEAT)`, \
                     `losses(SEAT)`, `seats` or a set of cells such as `bracketed(...)`",
                ),
            );
        }
        None
    }

    /// `pieces(OWNER [, TYPE...])`: on the board, of the owner (`none`: neutral), of the types.
    fn pieces_call(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        if !self.arity(call, 1..=usize::MAX, scope) {
            return None;
        }
        let (owner, types) = call.args.split_first()?;
        let owner = self.expect_typed(owner, scope, Ty::Seat);
        let types: Vec<TypeId> = types.iter().filter_map(|arg| self.piece_type_arg(arg, scope)).collect();
        let kinds = if types.is_empty() { Kinds::ANY } else { Kinds::of(&types) };
        let collection = Collection::Pieces { owner: Box::new(owner.expr), types };
        Some(Pieces { collection, element: Ty::Piece(kinds), extent: owner.extent })
    }

    /// A piece type known before the game: a type's name, or a parameter bound to one.
    fn piece_type_arg(&mut self, arg: &'a Expr, scope: &Scope<'a>) -> Option<TypeId> {
        if let ExprKind::Name(ident) = &arg.node
            && self.parameter_free(&ident.name)
            && Word::named(&ident.name).is_none()
        {
            return self.piece_named(ident);
        }
        let typed = self.expr(arg, scope);
        match typed.expr {
            ir::Expr::Const(Const::PieceType(t)) => Some(t),
            _ if typed.ty == Ty::Unknown => None,
            _ => {
                self.report(Diagnostic::error(
                    Code::TypeMismatch,
                    format!("expected the name of a piece type, found {}", super::expr::a(typed.ty)),
                    arg.span,
                    "not a piece type's name",
                ));
                None
            }
        }
    }

    /// Inlines a definition: the arguments are resolved here, then `body` is checked with the
    /// parameters bound to them, in the scope of this use.
    pub(super) fn inline<T: hygiene::Bindable>(
        &mut self,
        define: usize,
        call: Call<'a>,
        scope: &Scope<'a>,
        body: impl FnOnce(&mut Self, &'a Expr, &Scope<'a>) -> Option<T>,
    ) -> Option<T> {
        let Call { function: name, args, span } = call;
        let decl = *self.decls.defines.get(define)?;
        self.use_at(Symbol::Define(define), name.span);
        let resolved: Vec<Typed> = args.iter().map(|arg| self.expr(arg, scope)).collect();
        if decl.params.len() != args.len() {
            self.report(
                Diagnostic::error(
                    Code::WrongArgumentCount,
                    format!("`{}` takes {}, found {}", name.name, arguments(decl.params.len()), args.len()),
                    span,
                    arguments(args.len()),
                )
                .with_label(decl.name.span, format!("defined with {}", parameters(decl.params.len()))),
            );
            return None;
        }
        if self.nesting.frames.iter().any(|f| f.define == define) {
            self.report(
                Diagnostic::error(
                    Code::RecursiveDefine,
                    format!("definition `{}` uses itself", name.name),
                    name.span,
                    "used inside its own definition",
                )
                .with_label(decl.name.span, "defined here")
                .with_help("definitions are copied where they are used, so they cannot recurse"),
            );
            return None;
        }
        if !self.enter(span) {
            return None;
        }
        let params = decl.params.iter().map(|p| p.name.as_str()).zip(resolved).collect();
        self.nesting.frames.push(Frame {
            define,
            params,
            call: span,
            binders: scope.binders,
            bound: Vec::new(),
        });
        let result = body(self, &decl.body, scope);
        let frame = self.nesting.frames.pop();
        self.nesting.depth = self.nesting.depth.saturating_sub(1);
        Some(match frame {
            Some(frame) => hygiene::bind_parameters(result?, &frame.bound, &frame.params),
            None => result?,
        })
    }

    /// Whether an expression names a collection (rather than a value).
    fn is_collection(&self, e: &Expr) -> bool {
        match &e.node {
            ExprKind::Call { function, .. } | ExprKind::Name(function) => {
                COLLECTIONS.contains(&function.name.as_str()) || self.is_cell_collection(&function.name)
            }
            _ => false,
        }
    }

    /// Checks the definitions no rule uses (with parameters and context words of unknown type),
    /// so that their mistakes are reported too.
    pub(super) fn unused_definitions(&mut self) {
        for define in 0..self.decls.defines.len() {
            if self.names.is_used(Symbol::Define(define)) {
                continue;
            }
            let Some(&decl) = self.decls.defines.get(define) else { continue };
            let params = decl.params.iter().map(|p| (p.name.as_str(), Typed::unknown())).collect();
            let frame = Frame { define, params, call: decl.name.span, binders: 0, bound: Vec::new() };
            self.nesting.frames.push(frame);
            let scope = Scope::anywhere();
            if self.is_collection(&decl.body) {
                self.pieces_arg(&decl.body, &scope);
            } else {
                self.expr(&decl.body, &scope);
            }
            self.nesting.frames.pop();
        }
    }
}

/// What `count` and `first` give.
#[derive(Clone, Copy)]
enum Tally {
    /// How many elements.
    Count,
    /// The first element, or none.
    First,
}

/// The built-in collections, only arguments of `count`, `sum` and `first` (`line` only in a push).
const COLLECTIONS: [&str; 7] = ["pieces", "reserve", "prizes", "losses", "seats", "line", "stack"];

/// "argument" or "arguments", after a count written in words or digits.
fn plural(count: &str) -> &'static str {
    if count == "1" { "argument" } else { "arguments" }
}

/// "1 argument", "2 arguments".
fn arguments(count: usize) -> String {
    format!("{count} {}", plural(&count.to_string()))
}

fn parameters(count: usize) -> String {
    if count == 1 { "1 parameter".to_string() } else { format!("{count} parameters") }
}
