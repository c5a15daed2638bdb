// Tests the TextMate grammar without VS Code: vscode-textmate (the tokenizer VS Code uses) with the
// Oniguruma regular expressions of vscode-oniguruma. Every rules file of the repository
// (rules/*.rules, docs/examples/*.rules) must tokenize without an `invalid` scope and close every
// region it opens; a few known lines must get the scopes written below.
//
// Run with `npm test` (or `node --test test/grammar.test.js`) in editors/vscode.

'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { before, describe, test } = require('node:test');

const oniguruma = require('vscode-oniguruma');
const vsctm = require('vscode-textmate');

const root = path.resolve(__dirname, '..', '..', '..');
const grammarPath = path.resolve(__dirname, '..', 'syntaxes', 'ludex.tmLanguage.json');

/** The rules files of the repository, relative to its root. */
function rulesFiles() {
  const files = [];
  for (const dir of ['rules', path.join('docs', 'examples')]) {
    for (const name of fs.readdirSync(path.join(root, dir)).sort()) {
      if (name.endsWith('.rules')) {
        files.push(path.join(dir, name));
      }
    }
  }
  return files;
}

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  const onigLib = oniguruma
    .loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength))
    .then(() => ({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }));
  const registry = new vsctm.Registry({
    onigLib,
    loadGrammar: async (scopeName) =>
      scopeName === 'source.ludex'
        ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath)
        : null,
  });
  const grammar = await registry.loadGrammar('source.ludex');
  assert.ok(grammar, 'the grammar loads');
  return grammar;
}

/**
 * Tokenizes a text: for each line, its text and its tokens ({ text, scopes, start }); and the
 * depth of the rule stack after the last line (1 when every region opened was closed).
 */
function tokenize(grammar, text) {
  let state = vsctm.INITIAL;
  const lines = text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    const tokens = result.tokens.map((token) => ({
      text: line.slice(token.startIndex, token.endIndex),
      scopes: token.scopes,
      start: token.startIndex,
    }));
    return { text: line, tokens };
  });
  return { lines, depth: state.depth };
}

let grammar;
const tokenized = new Map();

/** The tokenized lines of a rules file (relative to the repository root). */
function file(relative) {
  if (!tokenized.has(relative)) {
    tokenized.set(relative, tokenize(grammar, fs.readFileSync(path.join(root, relative), 'utf8')));
  }
  return tokenized.get(relative);
}

/**
 * The scopes of the `nth` token (0 = first) whose text is `word` on the first line of the file
 * that is exactly `line` (leading spaces ignored).
 */
function scopesOf(relative, line, word, nth = 0) {
  const found = file(relative).lines.find((l) => l.text.trim() === line.trim());
  assert.ok(found, `${relative}: no line "${line}"`);
  const tokens = found.tokens.filter((t) => t.text.trim() === word);
  assert.ok(
    tokens.length > nth,
    `${relative}: "${line}" has no token "${word}" (#${nth}); tokens: ${JSON.stringify(found.tokens.map((t) => t.text))}`,
  );
  return tokens[nth].scopes;
}

/** Asserts that one of the scopes starts with `prefix` (a scope name up to a dot, or whole). */
function hasScope(scopes, prefix) {
  return scopes.some((s) => s === prefix || s.startsWith(`${prefix}.`));
}

function expectScope(relative, line, word, prefix, nth = 0) {
  const scopes = scopesOf(relative, line, word, nth);
  assert.ok(hasScope(scopes, prefix), `${relative}: "${line}": "${word}" should be ${prefix}, is ${scopes.join(' ')}`);
}

function expectNoScope(relative, line, word, prefix, nth = 0) {
  const scopes = scopesOf(relative, line, word, nth);
  assert.ok(!hasScope(scopes, prefix), `${relative}: "${line}": "${word}" should not be ${prefix}, is ${scopes.join(' ')}`);
}

before(async () => {
  grammar = await loadGrammar();
});

describe('every rules file', () => {
  test('is found', () => {
    const files = rulesFiles();
    assert.ok(files.includes(path.join('rules', 'chess.rules')), files.join(', '));
    assert.ok(files.some((f) => f.startsWith(path.join('docs', 'examples'))), files.join(', '));
  });

  for (const relative of rulesFiles()) {
    test(`${relative} tokenizes with no invalid scope and closes every region`, () => {
      const { lines, depth } = file(relative);
      const invalid = [];
      lines.forEach((line, index) => {
        for (const token of line.tokens) {
          if (token.scopes.some((s) => s.startsWith('invalid'))) {
            invalid.push(`${relative}:${index + 1}:${token.start + 1}: "${token.text}" ${token.scopes.join(' ')}`);
          }
        }
      });
      assert.deepEqual(invalid, []);
      assert.equal(depth, 1, `${relative}: a region is still open at the end of the file`);
    });
  }
});

describe('known lines', () => {
  const chess = path.join('rules', 'chess.rules');
  const diceChess = path.join('rules', 'dice-chess.rules');
  const mana = path.join('rules', 'mana.rules');
  const ism = path.join('rules', 'immortal-star-masters.rules');
  const denDen = path.join('rules', 'den-den.rules');
  const pawns = path.join('docs', 'examples', 'pawns.rules');

  test('comments', () => {
    const line = file(chess).lines[0];
    assert.ok(line.text.startsWith('# Chess'));
    for (const token of line.tokens) {
      assert.ok(hasScope(token.scopes, 'comment.line.number-sign'), `${token.text}: ${token.scopes.join(' ')}`);
    }
    expectScope(chess, line.text, '#', 'punctuation.definition.comment');
    // Quotes in a comment do not open a string.
    const quoted = '# Castling asks whether the king "has already moved".';
    expectScope(chess, quoted, quoted.slice(1).trim(), 'comment.line.number-sign');
  });

  test('an action: its keyword, its name, `for`', () => {
    const line = 'action bishop_move for bishop {';
    expectScope(chess, line, 'action', 'keyword');
    expectScope(chess, line, 'bishop_move', 'entity.name');
    expectScope(chess, line, 'for', 'keyword');
    expectNoScope(chess, line, 'bishop', 'keyword');
    // An action may be called like a keyword.
    expectScope(diceChess, 'action step for die {', 'step', 'entity.name.function.action');
  });

  test('patterns and their directions', () => {
    expectScope(chess, 'slide diagonal', 'slide', 'keyword');
    expectScope(chess, 'slide diagonal', 'diagonal', 'support.constant.direction');
    expectScope(chess, 'leap n+n+e, n+n+w, s+s+e, s+s+w, e+e+n, e+e+s, w+w+n, w+w+s', 'n', 'support.constant.direction');
    expectScope(mana, 'walk orthogonal exactly level(from)', 'walk', 'keyword');
    expectScope(mana, 'walk orthogonal exactly level(from)', 'exactly', 'keyword');
    expectScope(mana, 'walk orthogonal exactly level(from)', 'from', 'variable.language');
  });

  test('built-in functions, definitions and their parameters', () => {
    const line = 'define in_check(s) = count(pieces(s, king), attacked(it.cell, s)) > 0';
    expectScope(chess, line, 'count', 'support.function');
    expectScope(chess, line, 'pieces', 'support.function');
    expectScope(chess, line, 'attacked', 'support.function');
    expectScope(chess, line, 'in_check', 'entity.name.function.define');
    expectScope(chess, line, 's', 'variable.parameter');
    expectScope(chess, line, 'it', 'variable.language');
    expectScope(chess, line, 'cell', 'support.variable.property');
    expectScope(chess, line, '0', 'constant.numeric');
    expectScope(ism, 'define rank(c) = 10 - distance(c, k10)', 'distance', 'support.function');
    expectScope(ism, 'define rank(c) = 10 - distance(c, k10)', 'k10', 'constant.other.cell');
    // A name that starts with a keyword is a name.
    expectScope(denDen, 'when rolled(black)', 'rolled', 'entity.name.function.call');
    expectNoScope(denDen, 'when rolled(black)', 'rolled', 'keyword');
  });

  test('`from` and `to`: context words or keywords', () => {
    expectScope(chess, 'where to == crossed', 'to', 'variable.language');
    expectScope(chess, 'to empty', 'to', 'keyword');
    expectScope(chess, 'to empty', 'empty', 'keyword');
    const move = 'move shift(to, right) to shift(from, right)';
    expectScope(chess, move, 'move', 'keyword');
    expectScope(chess, move, 'shift', 'support.function');
    expectScope(chess, move, 'to', 'variable.language', 0);
    expectScope(chess, move, 'to', 'keyword', 1);
    expectScope(chess, move, 'from', 'variable.language');
    expectScope(chess, move, 'right', 'support.constant.direction');
    expectScope(denDen, 'option players = 6 from 4 to 6', 'players', 'entity.name');
    expectScope(denDen, 'option players = 6 from 4 to 6', 'from', 'keyword');
    expectScope(denDen, 'option players = 6 from 4 to 6', 'to', 'keyword');
  });

  test('strings, maps, variables, dice', () => {
    expectScope(chess, 'game "Chess"', 'game', 'keyword');
    expectScope(chess, 'game "Chess"', 'Chess', 'string.quoted.double');
    expectScope(chess, 'map light {', 'map', 'keyword');
    expectScope(chess, 'map light {', 'light', 'entity.name');
    expectScope(chess, '1 0 1 0 1 0 1 0', '1', 'meta.grid');
    expectScope(chess, '1 0 1 0 1 0 1 0', '1', 'constant.numeric');
    expectScope(chess, 'variable crossed: cell = none', 'crossed', 'entity.name.variable');
    expectScope(chess, 'variable crossed: cell = none', 'cell', 'storage.type');
    expectScope(chess, 'variable crossed: cell = none', 'none', 'constant.language');
    const place = 'place die for each seat on back with face = roll d6';
    expectScope(diceChess, place, 'roll', 'keyword');
    expectScope(diceChess, place, 'd6', 'constant.numeric.dice');
    expectScope(diceChess, place, 'seat', 'keyword');
    const onward = 'directions onward of each seat = n, ne, se, s';
    expectScope(ism, onward, 'directions', 'keyword');
    expectScope(ism, onward, 'onward', 'entity.name');
    expectScope(ism, onward, 'of', 'keyword');
    expectScope(ism, onward, 'se', 'support.constant.direction');
    const wings = 'zone wings = files a to b + files g to h';
    expectScope(path.join('docs', 'examples', 'skirmish.rules'), wings, 'wings', 'entity.name.type.zone');
    expectScope(path.join('docs', 'examples', 'skirmish.rules'), wings, 'files', 'keyword');
  });

  test('expressions: context words, fields, operators', () => {
    const line = 'when piece.moved == 0 and not attacked(from, mover)';
    expectScope(chess, line, 'piece', 'variable.language');
    expectScope(chess, line, 'moved', 'variable.other.property');
    expectScope(chess, line, '==', 'keyword.operator.comparison');
    expectScope(chess, line, 'and', 'keyword.operator');
    expectScope(chess, line, 'not', 'keyword.operator');
    expectScope(chess, line, 'mover', 'variable.language');
    expectScope(chess, 'place rook for each seat on cells a1, h1', 'a1', 'constant.other.cell');
  });

  test('phases, turns and the end', () => {
    expectScope(chess, 'phase play {', 'play', 'entity.name');
    expectScope(chess, 'turn {', 'turn', 'keyword');
    expectScope(chess, 'legal if not in_check(mover)', 'legal', 'keyword');
    expectScope(chess, 'when stuck: draw', 'stuck', 'variable.language');
    expectScope(chess, 'when stuck: draw', 'draw', 'keyword');
    // The actions a turn plays are names, even when they are spelt like keywords.
    expectScope(diceChess, 'play step, diagonal, double', 'play', 'keyword');
    expectNoScope(diceChess, 'play step, diagonal, double', 'step', 'keyword');
    expectNoScope(diceChess, 'play step, diagonal, double', 'diagonal', 'support');
    // `phase` is a context word, and the phase called `play` is not a keyword there.
    const end = 'when count(pieces(next, damyo)) == 0 and phase == play: win mover';
    expectScope(mana, end, 'phase', 'variable.language');
    expectNoScope(mana, end, 'play', 'keyword');
    expectScope(mana, end, 'win', 'keyword');
    expectScope(diceChess, 'rank by board_total(seat), captured_total(seat)', 'rank', 'keyword');
    expectScope(diceChess, 'rank by board_total(seat), captured_total(seat)', 'seat', 'variable.language');
    // A definition called `rank` is not the keyword of `rank by`; `start` may be a zone.
    const board = 'board hex 10 without cells where rank(cell) <= 5 and on_spoke(cell)';
    expectNoScope(ism, board, 'rank', 'keyword');
    expectScope(ism, board, 'cell', 'variable.language');
    expectNoScope(pawns, 'place pawn for each seat on start', 'start', 'keyword');
  });
});

describe('the invalid scope', () => {
  // The check of every rules file above would pass with a grammar that never marks anything
  // invalid: these lines must be marked.
  const cases = [
    ['a character the language does not use', 'piece pawn { letter P ; }', ';'],
    ['a string left open', 'game "Chess', '"Chess'],
    ['a word in a map\'s grid', 'map level {\n  1 2 x\n}', 'x'],
  ];
  for (const [what, text, word] of cases) {
    test(what, () => {
      const tokens = tokenize(grammar, text).lines.flatMap((l) => l.tokens);
      const token = tokens.find((t) => t.text === word);
      assert.ok(token, `no token "${word}" in ${JSON.stringify(tokens.map((t) => t.text))}`);
      assert.ok(hasScope(token.scopes, 'invalid'), `${word}: ${token.scopes.join(' ')}`);
    });
  }
});
