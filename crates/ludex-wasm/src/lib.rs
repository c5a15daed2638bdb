//! ludex in the browser: the JavaScript API of the playground (wasm-bindgen), a thin layer over
//! `check` (a rules text checked, diagnostics with lines and columns) and `session` (a game in
//! play with its history), both plain Rust tested natively. Structured answers are JSON text;
//! failures are thrown as JavaScript errors with their message.
//!
//! ```js
//! import init, { check, Game } from './ludex_wasm.js';
//! await init();
//! const report = JSON.parse(check(text, '{}'));          // {ok, diagnostics: [{line, column, ...}]}
//! const game = new Game(text, 'rules/chess.rules', '{}', 7);
//! JSON.parse(game.moves());                              // [{notation, from, to, action}]
//! game.play('e2-e4'); game.svg('');  game.go_to(0);  game.record();
//! ```

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

pub mod check;
pub mod session;

use std::collections::BTreeMap;

use ludex_ir::Number;

use wasm_bindgen::prelude::*;

use session::Session;

/// Option values from JSON (`{"players": 4}`; empty text for none).
fn options(json: &str) -> Result<BTreeMap<String, Number>, String> {
    if json.trim().is_empty() {
        return Ok(BTreeMap::new());
    }
    serde_json::from_str(json).map_err(|error| {
        format!("options must be a JSON object of integers, and of decimals as text (\"6.5\"): {error}")
    })
}

fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("{{\"error\": \"{error}\"}}"))
}

fn thrown(message: String) -> JsError {
    JsError::new(&message)
}

/// Checks a rules text with option values (JSON); answers a `check::CheckView` as JSON.
#[wasm_bindgen]
pub fn check(text: &str, options_json: &str) -> Result<String, JsError> {
    let options = options(options_json).map_err(thrown)?;
    Ok(to_json(&check::check(text, &options)))
}

/// A game in play.
#[wasm_bindgen]
pub struct Game {
    session: Session,
}

#[wasm_bindgen]
impl Game {
    /// Compiles the rules (named `rules` in the record) with option values (JSON) and starts a
    /// game whose dice and agents draw from `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, rules: &str, options_json: &str, seed: u32) -> Result<Game, JsError> {
        let options = options(options_json).map_err(thrown)?;
        Ok(Game { session: Session::new(text, rules, &options, seed.into()).map_err(thrown)? })
    }

    /// The game a record line holds, replayed from the rules text.
    pub fn from_record(text: &str, record: &str) -> Result<Game, JsError> {
        Ok(Game { session: Session::from_record(text, record).map_err(thrown)? })
    }

    /// The state shown, as SVG; `zones` names zones to tint, separated by commas.
    pub fn svg(&self, zones: &str) -> String {
        let names: Vec<&str> = zones.split(',').map(str::trim).filter(|z| !z.is_empty()).collect();
        self.session.svg(&names)
    }

    /// Where the game stands (`session::StatusView` as JSON).
    pub fn status(&self) -> String {
        to_json(&self.session.status())
    }

    /// The legal moves (`session::MoveView` list as JSON).
    pub fn moves(&self) -> String {
        to_json(&self.session.moves())
    }

    /// Plays a legal move given in notation.
    pub fn play(&mut self, notation: &str) -> Result<(), JsError> {
        self.session.play(notation).map_err(thrown)
    }

    /// Rolls the pending die; returns the outcome.
    pub fn roll(&mut self) -> Result<u32, JsError> {
        self.session.roll().map_err(thrown)
    }

    /// The move the agent (`random`, `greedy`, `mcts:iterations=N`) would play, in notation.
    pub fn choose(&self, agent: &str) -> Result<String, JsError> {
        self.session.choose(agent).map_err(thrown)
    }

    /// Records seat `seat` (0-based) as played by the agent (or `human`).
    pub fn set_seat(&mut self, seat: usize, agent: &str) -> Result<(), JsError> {
        self.session.set_seat(seat, agent).map_err(thrown)
    }

    /// Shows the state after `ply` entries of the history.
    pub fn go_to(&mut self, ply: usize) {
        self.session.go_to(ply);
    }

    /// The entries up to the state shown (JSON list of notations).
    pub fn entries(&self) -> String {
        to_json(&self.session.entries())
    }

    /// The game up to the state shown as a record line (`ludex run --record`).
    pub fn record(&self) -> String {
        self.session.record()
    }
}
