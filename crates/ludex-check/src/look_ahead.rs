//! The look-ahead of `stuck` in a turn's `legal if`: it runs the turn machine on from the move tried
//! to the next decision point, which a roll would hide (its outcome is not known when the move is
//! chosen). A `legal if` that reads `stuck` in a game whose moves or turns may roll is an error at
//! the condition.

use ludex_diagnostics::{Code, Diagnostic, Span};
use ludex_ir::{self as ir, ActionKind, ContextWord, Effect, Expr};

use super::Checker;
use super::where_look_ahead::WhereLookAhead;

impl Checker<'_> {
    /// Reports each turn whose `legal if` reads `stuck` when anything played after the setup may
    /// roll: an action's drop or `then`, the capture's `then`, a turn's `start` or `after`.
    pub(super) fn look_ahead_past_rolls(
        &mut self,
        actions: &[ir::Action],
        capture: &ir::Capture,
        phases: &[ir::Phase],
        where_look_aheads: &[WhereLookAhead],
    ) {
        let action_rolls = actions.iter().any(|action| {
            let with = match &action.kind {
                ActionKind::Drop { with, .. } | ActionKind::Place { with, .. } => with.as_slice(),
                ActionKind::Step { .. }
                | ActionKind::Slide { .. }
                | ActionKind::Leap { .. }
                | ActionKind::Walk { .. }
                | ActionKind::Choose { .. }
                | ActionKind::Declare
                | ActionKind::Hop { .. }
                | ActionKind::Anywhere { .. }
                | ActionKind::Remove { .. }
                | ActionKind::Along { .. }
                | ActionKind::Sow { .. }
                | ActionKind::SlideExactly { .. } => &[],
            };
            with.iter().any(|(_, value)| matches!(value, Expr::Roll(_))) || rolls(&action.then)
        });
        let turn_rolls = phases.iter().any(|phase| rolls(&phase.turn.start) || rolls(&phase.turn.after));
        if !(action_rolls || turn_rolls || rolls(&capture.then)) {
            return;
        }
        for look_ahead in where_look_aheads {
            self.report_look_ahead_past_rolls(look_ahead.span, "an action's `where`");
        }
        let decls = self.decls.phases.clone();
        for (decl, phase) in decls.iter().zip(phases) {
            let looks_ahead = phase
                .turn
                .legal
                .as_ref()
                .is_some_and(|legal| legal.any(&mut |e| *e == Expr::Context(ContextWord::Stuck)));
            let Some(condition) = decl.turn.as_ref().and_then(|turn| turn.legal.as_ref()) else { continue };
            if looks_ahead {
                self.report_look_ahead_past_rolls(condition.span, "`legal if`");
            }
        }
    }

    fn report_look_ahead_past_rolls(&mut self, span: Span, place: &str) {
        self.report(
            Diagnostic::error(
                Code::ContextUnavailable,
                format!("`stuck` in {place} cannot look past a roll"),
                span,
                "reads `stuck`",
            )
            .with_help(
                "`stuck` here asks about the position after the move, and a move or turn of this \
                 game may roll a die, whose outcome is not known yet",
            ),
        );
    }
}

/// Whether the effects may roll a die (`set ... = roll dN`, anywhere among them).
fn rolls(effects: &[Effect]) -> bool {
    let mut rolls = false;
    Effect::visit_all(effects, &mut |effect| {
        rolls |= matches!(
            effect,
            Effect::SetVariable { value: Expr::Roll(_), .. }
                | Effect::SetAttribute { value: Expr::Roll(_), .. }
        );
    });
    rolls
}
