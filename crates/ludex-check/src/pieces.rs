//! Piece types: letters, attribute slots (global, by name; each type lists the slots it has),
//! values, and looking up a type or an attribute by name.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, AttrId, Const, TypeId};
use ludex_syntax::ast::{self, Ident, Span};

use super::Checker;
use super::index::Found;
use super::names::{Symbol, not_among, reserved_name};
use super::options::empty_range;
use super::scope::Scope;
use super::types::{Kinds, Ty};

/// Field names every piece has; no attribute may take them.
const FIELDS: [&str; 4] = ["type", "owner", "value", "cell"];

impl<'a> Checker<'a> {
    /// Letters and attribute slots of every piece type (values come later: they are expressions).
    pub(super) fn piece_types(&mut self) {
        let mut attribute_spans: Vec<Span> = Vec::new();
        let mut letter_spans: Vec<Span> = Vec::new();
        let decls = self.decls.pieces.clone();
        for decl in decls {
            let (letter, letter_span) = piece_letter(decl);
            let first = self.game.pieces.iter().zip(&letter_spans).find(|(p, _)| p.letter == letter);
            if let Some((first, &first_span)) = first {
                let first = first.name.clone();
                self.report(
                    Diagnostic::error(
                        Code::DuplicateLetter,
                        format!(
                            "piece types `{first}` and `{}` have the same letter {letter}",
                            decl.name.name
                        ),
                        letter_span,
                        format!("letter {letter} again"),
                    )
                    .with_label(first_span, format!("`{first}` has letter {letter}"))
                    .with_help("moves are written with the letter: give one of them another `letter`"),
                );
            }
            letter_spans.push(letter_span);
            let attributes = self.piece_attributes(decl, &mut attribute_spans);
            self.game.pieces.push(ir::PieceType {
                name: decl.name.name.clone(),
                letter,
                attributes,
                value: ir::Expr::Const(Const::Int(0)),
                captured_as: None,
            });
        }
    }

    fn piece_attributes(&mut self, decl: &ast::PieceDecl, spans: &mut Vec<Span>) -> Vec<AttrId> {
        let mut ids = Vec::new();
        for (i, attribute) in decl.attributes.iter().enumerate() {
            let earlier = decl.attributes.iter().take(i).map(|a| &a.name);
            if self.attribute_repeated(&attribute.name, earlier, "declared") {
                continue;
            }
            if let Some(id) = self.attribute_slot(attribute, spans) {
                self.findings.index.attribute_declared(id, &attribute.name, attribute.span);
                ids.push(id);
            }
        }
        ids
    }

    /// Reports an attribute named again after the `earlier` names (`done`: "declared", "assigned");
    /// whether it was.
    pub(super) fn attribute_repeated<'i>(
        &mut self,
        name: &Ident,
        mut earlier: impl Iterator<Item = &'i Ident>,
        done: &str,
    ) -> bool {
        let Some(first) = earlier.find(|first| first.name == name.name) else { return false };
        self.report(
            Diagnostic::error(
                Code::DuplicateDefinition,
                format!("attribute `{}` is {done} twice", name.name),
                name.span,
                format!("{done} again here"),
            )
            .with_label(first.span, format!("first {done} here")),
        );
        true
    }

    /// The global slot for an attribute declaration: the one of that name, or a new one.
    fn attribute_slot(&mut self, decl: &ast::AttributeDecl, spans: &mut Vec<Span>) -> Option<AttrId> {
        let name = &decl.name.name;
        if FIELDS.contains(&name.as_str()) {
            self.report(reserved_name(&decl.name, "a field of every piece"));
            return None;
        }
        let range = self.attribute_range(decl);
        let existing = self.game.attributes.iter().zip(spans.iter()).position(|(a, _)| &a.name == name);
        if let Some((slot, existing, &existing_span)) =
            existing.and_then(|slot| Some((slot, self.game.attributes.get(slot)?, spans.get(slot)?)))
        {
            if (existing.min, existing.max) != range {
                let (min, max) = (existing.min, existing.max);
                self.report(
                    Diagnostic::error(
                        Code::ConflictingAttribute,
                        format!("attribute `{name}` is declared with two ranges"),
                        decl.span,
                        format!("from {} to {} here", range.0, range.1),
                    )
                    .with_label(existing_span, format!("from {min} to {max} here"))
                    .with_help("an attribute of the same name has the same range on every piece type"),
                );
            }
            return Some(slot as AttrId);
        }
        if self.game.attributes.len() >= ir::MAX_ATTRIBUTES {
            self.report(Diagnostic::error(
                Code::LimitExceeded,
                format!("too many attributes: at most {} names are allowed", ir::MAX_ATTRIBUTES),
                decl.name.span,
                "one too many",
            ));
            return None;
        }
        self.game.attributes.push(ir::Attribute { name: name.clone(), min: range.0, max: range.1 });
        spans.push(decl.span);
        AttrId::try_from(self.game.attributes.len().saturating_sub(1)).ok()
    }

    /// The attribute's bounds. A wrong range is reported once and read as the nearest sensible
    /// one (bounds clamped to 32 bits, swapped when reversed), so that the attribute stays
    /// declared and its uses are checked without a cascade of "unknown attribute" errors.
    fn attribute_range(&mut self, decl: &ast::AttributeDecl) -> (i32, i32) {
        let clamp = |bound: i64| i32::try_from(bound).unwrap_or(if bound < 0 { i32::MIN } else { i32::MAX });
        let (min, max) = (clamp(decl.min.node), clamp(decl.max.node));
        if i64::from(min) != decl.min.node || i64::from(max) != decl.max.node {
            self.report(Diagnostic::error(
                Code::OutOfRange,
                format!("attribute `{}` has a bound too large", decl.name.name),
                decl.min.span.to(decl.max.span),
                "attributes hold 32-bit integers",
            ));
        }
        if min > max {
            self.report(empty_range("attribute", &decl.name, &decl.min, &decl.max));
            return (max, min);
        }
        (min, max)
    }

    /// Every piece type's value, with `it` the piece, and the type it becomes when captured `to
    /// hand`.
    pub(super) fn piece_values(&mut self) {
        let decls = self.decls.pieces.clone();
        for (t, decl) in decls.into_iter().enumerate() {
            let captured_as = decl.captured_as.as_ref().and_then(|kind| self.piece_named(kind));
            if let Some(piece) = self.game.pieces.get_mut(t) {
                piece.captured_as = captured_as;
            }
            let Some(value) = &decl.value else { continue };
            self.resolving.valuing = true;
            let lowered = self.expect(value, &Scope::piece_value(Kinds::of(&[t as TypeId])), Ty::Int);
            self.resolving.valuing = false;
            if let Some(piece) = self.game.pieces.get_mut(t) {
                piece.value = lowered;
            }
        }
    }

    /// The piece type of that name, or a diagnostic.
    pub(super) fn piece_named(&mut self, ident: &Ident) -> Option<TypeId> {
        match self.names.value(&ident.name) {
            Some(Symbol::Piece(t)) => {
                self.use_at(Symbol::Piece(t), ident.span);
                Some(t)
            }
            _ => {
                self.unknown(Code::UnknownPiece, "piece type", ident, |s| matches!(s, Symbol::Piece(_)));
                None
            }
        }
    }

    /// The attribute slot of that name, checked against the piece types the piece may have.
    pub(super) fn attribute(&mut self, ident: &Ident, kinds: Kinds) -> Option<AttrId> {
        let Some(slot) = self.game.attributes.iter().position(|a| a.name == ident.name) else {
            let names = self.game.attributes.iter().map(|a| a.name.as_str()).chain(FIELDS);
            let message = format!("no piece type has an attribute `{}`", ident.name);
            self.report(not_among(Code::UnknownAttribute, message, ident, "unknown attribute", names));
            return None;
        };
        let slot = slot as AttrId;
        self.findings.index.used(ident.span, Found::Attribute(slot));
        if kinds.is_any() {
            return Some(slot);
        }
        let lacking = self
            .game
            .pieces
            .iter()
            .enumerate()
            .find(|(t, p)| kinds.contains(*t as TypeId) && !p.attributes.contains(&slot));
        let Some((_, piece)) = lacking else { return Some(slot) };
        let has: Vec<&str> = piece
            .attributes
            .iter()
            .filter_map(|&a| self.game.attributes.get(a as usize))
            .map(|a| a.name.as_str())
            .collect();
        let help = if has.is_empty() {
            format!("`{}` has no attributes", piece.name)
        } else {
            format!("the attributes of `{}`: {}", piece.name, has.join(", "))
        };
        let diagnostic = Diagnostic::error(
            Code::UnknownAttribute,
            format!("piece type `{}` has no attribute `{}`", piece.name, ident.name),
            ident.span,
            format!("not an attribute of `{}`", piece.name),
        )
        .with_help(help);
        self.report(diagnostic);
        None
    }

    /// The range of an attribute slot.
    pub(super) fn attribute_bounds(&self, slot: AttrId) -> Option<(i64, i64)> {
        self.game.attributes.get(slot as usize).map(|a| (a.min.into(), a.max.into()))
    }
}

/// A piece type's letter (the first of its name, uppercased, by default) and where it comes from.
fn piece_letter(decl: &ast::PieceDecl) -> (char, Span) {
    match &decl.letter {
        Some(letter) => (letter.node, letter.span),
        None => {
            let first = decl.name.name.chars().next().unwrap_or('?').to_ascii_uppercase();
            (first, decl.name.span)
        }
    }
}
