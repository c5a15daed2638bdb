//! `ludex play` and `ludex show` as a person sees them, driven through standard input and
//! snapshot-tested: boards in their true columns with coordinates on every side, the legend, the
//! commands, the moves listed once by piece, refused moves explained by the rule that refuses
//! them, checks and captures announced, maps beside the board.

#[path = "support/binary.rs"]
mod binary;

use binary::{assert_exit, ludex, ludex_with_input, stdout, temp_file, text};

const CROSS: &str = "tests/terminal/cross.rules";

/// `ludex play` from a position (or the start) with the given lines typed; its whole screen.
fn play(rules: &str, position: Option<&str>, input: &str) -> String {
    let path = position.map(|p| temp_file("position.txt", p.as_bytes()));
    let mut args = vec!["play", rules, "--seed", "1"];
    if let Some(path) = &path {
        args.extend(["--position", text(path)]);
    }
    let output = ludex_with_input(&args, input);
    assert_exit(&output, 0);
    stdout(&output)
}

/// The lines of a screen that answer what was typed: `... refused: ...`.
fn refusals(screen: &str) -> Vec<&str> {
    screen.lines().filter(|l| l.contains("refused:")).collect()
}

#[test]
fn a_cross_board_is_drawn_in_its_true_columns_and_the_commands_work() {
    let screen = play(CROSS, None, "help\nmoves\nboard\n9\nzz\n1\nundo\n2\nquit\n");
    insta::assert_snapshot!("cross_commands", screen);
}

#[test]
fn refused_moves_say_which_rule_refuses_them() {
    // White's king on d1 beside its men; black's man on d3 attacks d2 (men and kings step
    // orthogonally and capture so).
    let position = "board\n7 . . .\n6 . . .\n5 . . . . . . .\n4 . . . . . . .\n3 . . . M2 . K2 .\n\
                    2 . . .\n1 M1 K1 M1\n";
    let screen = play(CROSS, Some(position), "d1-d2\nc1-c3\nd1-b1\ne3-e4\nc2-c3\nd1xc1\nd3-d4\nquit\n");
    assert_eq!(
        refusals(&screen),
        [
            "`d1-d2` refused: it would leave your king attacked (the turn's `legal if`) (type `moves` for the legal moves)",
            "`c1-c3` refused: no move of this game is written so (type `moves` for the legal moves)",
            "`d1-b1` refused: no move of this game is written so (type `moves` for the legal moves)",
            "`e3-e4` refused: there is no piece on e3 (type `moves` for the legal moves)",
            "`c2-c3` refused: there is no piece on c2 (type `moves` for the legal moves)",
            "`d1xc1` refused: c1 is occupied (type `moves` for the legal moves)",
            "`d3-d4` refused: the piece on d3 is black's (type `moves` for the legal moves)",
        ],
        "{screen}"
    );
}

#[test]
fn chess_refusals_name_blocking_pieces_and_checks() {
    let screen = play("rules/chess.rules", None, "a1-a3\ne2-e5\nquit\n");
    assert_eq!(
        refusals(&screen),
        [
            "`a1-a3` refused: it is blocked: pieces stand in the way (type `moves` for the legal moves)",
            "`e2-e5` refused: no move of this game is written so (type `moves` for the legal moves)",
        ],
        "{screen}"
    );
    // White in check from a rook on e8: announced, and a king step that stays on the file refused.
    let position = "board\n8 . . . . R2 . . K2\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
                    4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . K1 . . .\n";
    let screen = play("rules/chess.rules", Some(position), "e1-e2\nquit\n");
    assert!(screen.contains("white is in check"), "{screen}");
    assert_eq!(
        refusals(&screen),
        [
            "`e1-e2` refused: it would leave your king attacked (the turn's `legal if`) (type `moves` for the legal moves)"
        ],
        "{screen}"
    );
}

#[test]
fn a_die_that_does_not_allow_a_move_is_named() {
    // A die showing 1 only slides (`double`); one showing 6 only steps diagonally among the steps.
    let position = "board\n8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
                    4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 D1:1 . . . . . . D2:3\n";
    let screen = play("rules/dice-chess.rules", Some(position), "a1-b2\nquit\n");
    assert_eq!(
        refusals(&screen),
        ["`a1-b2` refused: the `when` of `diagonal` refuses the piece (type `moves` for the legal moves)"],
        "{screen}"
    );
}

#[test]
fn a_move_of_a_later_turn_choice_is_refused_while_an_earlier_one_has_moves() {
    // Mana: a ronin may re-enter only when no piece can move as the mana asks.
    let position = "phase play\nturn red\nvariable mana = f5\nreserve red R\nboard\n\
                    6 . . . . . .\n5 . . . . . .\n4 . . . . . d2\n3 . . . . . .\n2 . . . . . .\n\
                    1 . D1 . . . .\n";
    let screen = play("rules/mana.rules", Some(position), "R@a6\nquit\n");
    assert!(screen.contains("mana = f5 (level 2)"), "{screen}");
    assert_eq!(
        refusals(&screen),
        [
            "`R@a6` refused: not now: while `move` has a legal move, the turn offers only those (type `moves` for the legal moves)"
        ],
        "{screen}"
    );
}

#[test]
fn hexagonal_boards_label_every_file_and_rank() {
    let output = ludex(&["show", "rules/immortal-star-masters.rules"]);
    assert_exit(&output, 0);
    insta::assert_snapshot!("immortal_star_masters_start", stdout(&output));
}

#[test]
fn maps_are_drawn_beside_the_board_and_reserves_as_positions_write_them() {
    let output = ludex(&["show", "rules/duwen.rules"]);
    assert_exit(&output, 0);
    insta::assert_snapshot!("duwen_start", stdout(&output));
}

#[test]
fn zones_are_drawn_over_the_board_with_the_seats_that_hold_them() {
    let screen = play("docs/examples/pawns.rules", None, "zones\nquit\n");
    let zones = screen.split("help): zones\n").nth(1).and_then(|rest| rest.split("white, your move").next());
    insta::assert_snapshot!("pawns_zones", zones.unwrap_or(&screen));
}
