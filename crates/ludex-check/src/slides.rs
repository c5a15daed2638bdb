//! Slides: `slide DIRS [at most EXPR]` (through empty cells, the first piece ends the line) and
//! `slide DIRS exactly EXPR [over WHAT]` (exactly so many cells, passing over the cells `over`
//! names besides empty ones). The exact distance may read the word `direction`, the direction
//! being walked, wherever a direction is expected (`axis(from, direction)`): it is then lowered
//! once per direction of each seat, the word standing for that direction, and its diagnostics are
//! reported once. `over` belongs to hops and exact slides; `chain` to hops only.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, ActionKind, DirId};
use ludex_syntax::ast::{ActionClause, Expr, Ident, WalkLength};

use super::Checker;
use super::actions::clause_span;
use super::directions::DirRef;
use super::scope::Scope;

/// The word that names the direction an exact slide walks, in its distance.
pub(super) const WALKED_DIRECTION: &str = "direction";

impl<'a> Checker<'a> {
    /// A slide in the directions, of the length written, with its `over` (if any; `clauses` are
    /// the action's hop clauses).
    pub(super) fn slide(
        &mut self,
        (directions, length): (&'a [Ident], Option<&'a WalkLength>),
        clauses: &[&'a ActionClause],
        scope: &Scope<'a>,
    ) -> ActionKind {
        let dirs = self.direction_list(directions);
        let over = self.slide_over(clauses, matches!(length, Some(WalkLength::Exactly(_))));
        match length {
            Some(WalkLength::Exactly(distance)) => {
                let lines = self.distances(&dirs, distance, scope);
                ActionKind::SlideExactly { lines, over: over.unwrap_or(ir::Over::Empty) }
            }
            Some(WalkLength::AtMost(max)) => {
                let max = Some(self.length(max, scope));
                ActionKind::Slide { directions: self.per_seat(&dirs), max }
            }
            None => ActionKind::Slide { directions: self.per_seat(&dirs), max: None },
        }
    }

    /// The slide's `over`, written at most once and only on a slide of exactly so many cells;
    /// `chain` is reported (it is for hops).
    fn slide_over(&mut self, clauses: &[&'a ActionClause], exact: bool) -> Option<ir::Over> {
        let overs: Vec<_> = clauses
            .iter()
            .filter_map(|clause| match clause {
                ActionClause::Over(over) => Some(over),
                _ => None,
            })
            .collect();
        self.written_once("over", &overs.iter().map(|over| over.span).collect::<Vec<_>>());
        for &clause in clauses.iter().filter(|c| matches!(c, ActionClause::Chain { .. })) {
            self.report(
                Diagnostic::error(
                    Code::ConflictingClauses,
                    "`chain` is for hops",
                    clause_span(clause),
                    "a clause of `hop`",
                )
                .with_help("only a `hop` may chain"),
            );
        }
        let over = overs.first()?;
        if !exact {
            self.report(
                Diagnostic::error(
                    Code::ConflictingClauses,
                    "`over` on a slide needs `exactly`",
                    over.span,
                    "a slide that may stop anywhere stops at the first piece",
                )
                .with_help("write `slide DIRS exactly EXPR over ...`, or leave `over` out"),
            );
            return None;
        }
        Some(super::hops::over(over.node))
    }

    /// The distance of an exact slide for each direction of each seat: lowered once, and again
    /// for every other direction when it reads `direction` (those lowerings report nothing new).
    fn distances(
        &mut self,
        dirs: &[DirRef],
        distance: &'a Expr,
        scope: &Scope<'a>,
    ) -> ir::PerSeat<Vec<(DirId, ir::Expr)>> {
        let per_seat = self.per_seat(dirs);
        let mut lowered: Vec<(DirId, ir::Expr)> = Vec::new();
        let mut same_for_all = None;
        for &direction in per_seat.iter().flatten() {
            if same_for_all.is_some() || lowered.iter().any(|(d, _)| *d == direction) {
                continue;
            }
            let quiet = !lowered.is_empty();
            let marks = self.findings_marks();
            let (expr, reads_direction) = self.walking(direction, |checker| checker.length(distance, scope));
            if quiet {
                self.forget_findings_since(marks);
            }
            if !reads_direction {
                same_for_all = Some(expr.clone());
            }
            lowered.push((direction, expr));
        }
        if lowered.is_empty() {
            // No direction (an error already said why): the distance is still checked.
            self.length(distance, scope);
        }
        let distance_of = |direction: DirId| match &same_for_all {
            Some(expr) => Some(expr.clone()),
            None => lowered.iter().find(|(d, _)| *d == direction).map(|(_, expr)| expr.clone()),
        };
        per_seat
            .iter()
            .map(|dirs| dirs.iter().filter_map(|&d| distance_of(d).map(|expr| (d, expr))).collect())
            .collect()
    }

    /// Runs `lower` with the word `direction` standing for the direction; gives whether it read it.
    fn walking<T>(&mut self, direction: DirId, lower: impl FnOnce(&mut Self) -> T) -> (T, bool) {
        let outer = self.resolving.walking.replace(super::Walking { direction, read: false });
        let value = lower(self);
        let read = self.resolving.walking.is_some_and(|walking| walking.read);
        self.resolving.walking = outer;
        (value, read)
    }

    /// The direction `direction` names where a direction is expected: the one being walked, in an
    /// exact slide's distance; elsewhere it is reported as unavailable (`None`).
    pub(super) fn walked_direction(&mut self, ident: &Ident) -> Option<DirRef> {
        match &mut self.resolving.walking {
            Some(walking) => {
                walking.read = true;
                let direction = walking.direction;
                self.findings.index.used(ident.span, super::index::Found::Direction);
                Some(DirRef::Absolute(direction))
            }
            None => {
                self.report(
                    Diagnostic::error(
                        Code::ContextUnavailable,
                        "`direction` is not available here",
                        ident.span,
                        "no slide is walking a direction here",
                    )
                    .with_help("`direction` names the direction a slide walks, in its `exactly` distance: `slide all exactly count(axis(from, direction))`"),
                );
                None
            }
        }
    }

    /// Where the diagnostics and the symbol index stand now.
    fn findings_marks(&self) -> (usize, usize) {
        (self.findings.diagnostics.len(), self.findings.index.mark())
    }

    /// Forgets what was found since the marks (a second lowering of the same expression).
    fn forget_findings_since(&mut self, (diagnostics, uses): (usize, usize)) {
        self.findings.diagnostics.truncate(diagnostics);
        self.findings.index.forget_since(uses);
    }
}
