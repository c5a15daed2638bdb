//! What trying a move for the turn's `legal if` must play. The move is played on a scratch copy of
//! the state, with every effect it triggers, and the condition is tested there; the turn's `after`
//! effects are left out when all they do is set variables that the condition cannot read, either
//! itself or through the conditions of the capturing actions that `attacked` tests.

use crate::ir::{Action, ActionKind, Effect, Expr, Game, Phase, PhaseId, VarId};

use super::attacks::captures;

/// By phase: whether a tried move must play the turn's `after` effects.
#[derive(Debug, Default)]
pub(super) struct TrialTables {
    plays_after: Vec<bool>,
}

impl TrialTables {
    pub(super) fn new(game: &Game) -> TrialTables {
        TrialTables { plays_after: game.phases.iter().map(|phase| legal_reads_after(game, phase)).collect() }
    }

    pub(super) fn plays_after(&self, phase: PhaseId) -> bool {
        self.plays_after.get(phase as usize).copied().unwrap_or(true)
    }
}

/// Whether the phase's `legal if` may read what its turn's `after` effects write.
fn legal_reads_after(game: &Game, phase: &Phase) -> bool {
    let Some(legal) = &phase.turn.legal else { return false };
    let mut written = Vec::new();
    if !only_sets_variables(&phase.turn.after, &mut written) {
        return true;
    }
    let reads_attacks = legal.any(&mut |e| matches!(e, Expr::Attacked { .. }));
    let mut read: Vec<&Expr> = vec![legal];
    if reads_attacks {
        read.extend(game.capture.allowed.as_ref());
        read.extend(game.actions.iter().filter(|a| captures(a)).flat_map(action_conditions));
    }
    read.iter().any(|expr| expr.any(&mut |e| reads_any(e, &written)))
}

/// Whether the effects only set variables (with no roll), perhaps under conditions; the variables
/// they set are added to `written`.
fn only_sets_variables(effects: &[Effect], written: &mut Vec<VarId>) -> bool {
    effects.iter().all(|effect| match effect {
        Effect::SetVariable { variable, value, .. } => {
            written.push(*variable);
            !value.any(&mut |e| matches!(e, Expr::Roll(_)))
        }
        Effect::If { then, otherwise, .. } => {
            only_sets_variables(then, written) && only_sets_variables(otherwise, written)
        }
        _ => false,
    })
}

fn reads_any(expr: &Expr, variables: &[VarId]) -> bool {
    match expr {
        Expr::Variable(v) | Expr::SeatVariable(v, _) => variables.contains(v),
        _ => false,
    }
}

/// The expressions an action's move is checked against.
fn action_conditions(action: &Action) -> Vec<&Expr> {
    let mut conditions: Vec<&Expr> = action.when.iter().chain(&action.filter).collect();
    match &action.kind {
        ActionKind::Slide { max, .. } => conditions.extend(max),
        ActionKind::Walk { length, rules, .. } => {
            conditions.push(length);
            conditions.extend(&rules.guard);
            conditions.extend(rules.cost.as_ref().map(|cost| &cost.amount));
            conditions.extend(rules.push.as_ref().and_then(|push| push.allowed.as_ref()));
        }
        _ => {}
    }
    conditions
}

#[cfg(test)]
mod tests {
    use crate::OptionValues;

    use super::TrialTables;

    /// Whether the first phase's tried moves play `after`, in a game whose turn has the condition
    /// and the effects given and whose `step` action has the `when` given.
    fn plays_after(legal: &str, after: &str, when: &str) -> bool {
        let text = format!(
            "game \"trial\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
             piece man {{\n  letter M\n  attribute power from 0 to 1\n}}\nvariable flag = 0\n\
             setup {{\n  place man for each seat on cells a1\n}}\n\
             action step for man {{\n  step all\n  {when}\n}}\n\
             action slip for man {{\n  step all\n  to empty\n  where flag == 0\n}}\n\
             phase play {{\n  turn {{\n    play step, slip\n    legal if {legal}\n    after {{\n      {after}\n    }}\n  }}\n}}\n"
        );
        let compiled = crate::compile(&text, &OptionValues::default());
        let game = compiled.game.unwrap_or_else(|| panic!("{text}\n{:?}", compiled.diagnostics));
        TrialTables::new(&game).plays_after(0)
    }

    #[test]
    fn after_is_played_when_the_condition_reads_what_it_sets() {
        assert!(plays_after("flag == 0", "set flag = 1", ""));
        assert!(!plays_after("count(pieces(mover)) > 0", "set flag = 1", ""));
    }

    #[test]
    fn attack_conditions_count_only_for_capturing_actions() {
        let legal = "not attacked(a1, mover)";
        assert!(plays_after(legal, "set flag = 1", "when flag == 0"));
        // `slip` reads the flag too, but it never captures, so `attacked` does not look at it.
        assert!(!plays_after(legal, "set flag = 1", ""));
    }

    #[test]
    fn after_that_does_more_than_set_variables_is_played() {
        assert!(plays_after("flag == 0", "set piece.power = 1", ""));
        assert!(plays_after("count(pieces(mover)) > 0", "if flag == 0 {\n set flag = roll d6\n }", ""));
        assert!(!plays_after("count(pieces(mover)) > 0", "if flag == 0 {\n set flag = 1\n }", ""));
    }
}
