// The ludex playground: pick or paste a rules file, see its diagnostics as you type, and play it on
// the board the engine draws (the same SVG as `ludex show`). Moves are made by clicking a piece and
// then a target; dice are rolled from the game's seed; seats may be played by the random agent or
// by MCTS in a web worker. The engine is ludex compiled to WebAssembly (crates/ludex-wasm).
import init, { check, Game } from './pkg/ludex_wasm.js';

const $ = (id) => document.getElementById(id);
const CHECK_DELAY_MS = 250;
const MAX_AUTO_ROLLS = 10000;

let game = null;           // the Game being played
let rulesName = 'pasted.rules';
let checked = null;        // the last check of the editor's text
let selected = null;       // the cell whose piece is picked up
let agentRequest = 0;      // the id of the newest question to the worker
let thinking = false;
const worker = new Worker('worker.js', { type: 'module' });

function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', isError);
}

// Whole values go as JSON numbers, decimals as text ("6.5"), which the engine reads exactly.
function optionValues() {
  const values = {};
  for (const input of document.querySelectorAll('#options input')) {
    const value = Number(input.value);
    values[input.name] = Number.isInteger(value) ? value : input.value;
  }
  return values;
}

// ---- the editor and its diagnostics ---------------------------------------------------------

function runCheck() {
  const text = $('editor').value;
  let report;
  try {
    report = JSON.parse(check(text, JSON.stringify(optionValues())));
  } catch (error) {
    report = JSON.parse(check(text, '{}'));
  }
  checked = report;
  const list = $('diagnostics');
  list.replaceChildren();
  for (const d of report.diagnostics) {
    const item = document.createElement('li');
    item.className = d.severity;
    item.dataset.line = d.line;
    item.textContent = `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}` + (d.label ? ` (${d.label})` : '');
    if (d.help) {
      const help = document.createElement('div');
      help.className = 'help';
      help.textContent = 'help: ' + d.help;
      item.append(help);
    }
    item.addEventListener('click', () => jumpTo(d.line, d.column));
    list.append(item);
  }
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = report.diagnostics.length - errors;
  $('check-summary').textContent = report.ok
    ? `${report.name}: checks` + (warnings ? `, ${warnings} warning(s)` : '')
    : `${errors} error(s)` + (warnings ? `, ${warnings} warning(s)` : '');
  $('new-game').disabled = !report.ok;
  if (report.ok) showOptions(report.options);
}

function jumpTo(line, column) {
  const editor = $('editor');
  const lines = editor.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += column - 1;
  editor.focus();
  editor.setSelectionRange(offset, offset);
}

let checkTimer = null;
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, CHECK_DELAY_MS);
}

function showOptions(options) {
  const box = $('options');
  const old = optionValues();
  const names = options.map((o) => o.name).join(',');
  if (box.dataset.names === names) return;
  box.dataset.names = names;
  box.replaceChildren();
  for (const o of options) {
    const label = document.createElement('label');
    label.textContent = o.name + ' ';
    const input = document.createElement('input');
    input.type = 'number';
    input.name = o.name;
    input.min = o.min;
    input.max = o.max;
    // A decimal option (its values come as text) takes any step.
    if ([o.value, o.min, o.max].some((v) => typeof v === 'string')) input.step = 'any';
    input.value = o.name in old ? old[o.name] : o.value;
    input.addEventListener('change', scheduleCheck);
    label.append(input);
    box.append(label);
  }
}

// ---- a game -----------------------------------------------------------------------------------

function newGame() {
  if (!checked || !checked.ok) return;
  try {
    const seed = Math.max(0, Math.min(4294967295, Number($('seed').value) || 0));
    if (game) game.free();
    game = new Game($('editor').value, rulesName, JSON.stringify(optionValues()), seed);
  } catch (error) {
    game = null;
    setStatus(String(error.message || error), true);
    return;
  }
  agentRequest++;
  thinking = false;
  showSeats();
  showZones();
  selected = null;
  advance();
}

function showSeats() {
  const box = $('seats');
  box.replaceChildren();
  checked.seats.forEach((name, seat) => {
    const label = document.createElement('label');
    label.textContent = name + ' ';
    const select = document.createElement('select');
    select.id = 'seat-' + seat;
    for (const agent of ['human', 'random', 'mcts']) {
      const option = document.createElement('option');
      option.value = option.textContent = agent;
      select.append(option);
    }
    select.value = seat === 0 ? 'human' : 'random';
    select.addEventListener('change', () => { recordSeats(); advance(); });
    label.append(select);
    box.append(label);
  });
  const iterations = document.createElement('label');
  iterations.innerHTML = 'MCTS iterations <input id="iterations" type="number" min="1" max="1000000" value="2000">';
  box.append(iterations);
  $('iterations').addEventListener('change', recordSeats);
  recordSeats();
}

function agentOf(seat) {
  const select = $('seat-' + seat);
  const agent = select ? select.value : 'human';
  return agent === 'mcts' ? `mcts:iterations=${Math.max(1, Number($('iterations').value) || 2000)}` : agent;
}

function recordSeats() {
  if (!game) return;
  checked.seats.forEach((_, seat) => game.set_seat(seat, agentOf(seat)));
}

function showZones() {
  const select = $('zone');
  select.replaceChildren(new Option('none', ''));
  for (const zone of checked.zones) select.append(new Option(zone, zone));
}

/// After every change: roll dice when asked to, let an agent move, and draw.
function advance() {
  if (!game) return;
  let status = JSON.parse(game.status());
  const newest = status.ply === status.plies;
  if (newest && status.kind === 'chance' && $('auto-roll').checked) {
    for (let i = 0; i < MAX_AUTO_ROLLS && status.kind === 'chance'; i++) {
      game.roll();
      status = JSON.parse(game.status());
    }
  }
  draw();
  if (newest && status.kind === 'decision' && agentOf(status.seat) !== 'human') askAgent(status);
}

function askAgent(status) {
  const agent = agentOf(status.seat);
  const id = ++agentRequest;
  if (agent === 'random') {
    // A short pause, so that a person sees each move; a newer question makes this one stale.
    setTimeout(() => id === agentRequest && playNotation(game.choose('random')), 150);
    return;
  }
  thinking = true;
  setStatus(`${status.seat_name} (${agent}) is thinking…`);
  worker.postMessage({ id, text: $('editor').dataset.gameText, record: game.record(), agent });
}

worker.onmessage = (event) => {
  const { id, notation, error } = event.data;
  if (id !== agentRequest) return;
  thinking = false;
  if (error) {
    setStatus('the agent failed: ' + error, true);
    return;
  }
  playNotation(notation);
};

function playNotation(notation) {
  try {
    game.play(notation);
  } catch (error) {
    setStatus(String(error.message || error), true);
    return;
  }
  selected = null;
  $('menu').hidden = true;
  advance();
}

// ---- drawing ----------------------------------------------------------------------------------

function draw() {
  const status = JSON.parse(game.status());
  $('board').innerHTML = game.svg($('zone').value);
  if (!thinking) setStatus(`${status.text} — ply ${status.ply} of ${status.plies}`);
  $('roll').disabled = status.kind !== 'chance';
  $('roll').textContent = status.kind === 'chance' ? `Roll d${status.sides}` : 'Roll';
  $('back').disabled = $('first').disabled = status.ply === 0;
  $('forward').disabled = $('last').disabled = status.ply === status.plies;
  const moves = status.kind === 'decision' ? JSON.parse(game.moves()) : [];
  highlight(moves);
  showOtherMoves(moves);
  const history = $('history');
  history.replaceChildren(...JSON.parse(game.entries()).map((entry) => {
    const item = document.createElement('li');
    item.textContent = entry;
    return item;
  }));
}

function cellPolygon(name) {
  return $('board').querySelector(`polygon[data-cell="${name}"]`);
}

function highlight(moves) {
  if (!selected) return;
  const from = cellPolygon(selected);
  if (from) from.classList.add('selected');
  const svg = $('board').querySelector('svg');
  for (const mv of moves.filter((m) => m.from === selected && m.to)) {
    const target = cellPolygon(mv.to);
    if (!target || target.classList.contains('target')) continue;
    target.classList.add('target');
    const box = target.getBBox();
    const dot = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    dot.setAttribute('class', 'target-dot');
    dot.setAttribute('cx', box.x + box.width / 2);
    dot.setAttribute('cy', box.y + box.height / 2);
    dot.setAttribute('r', Math.min(box.width, box.height) / 7);
    svg.append(dot);
  }
}

/// Moves that name no cell (end the turn, pass, choose, declare) as buttons.
function showOtherMoves(moves) {
  const box = $('other-moves');
  box.replaceChildren();
  const others = moves.filter((m) => !m.from && !m.to);
  if (others.length === 0) return;
  box.append('Moves: ');
  for (const mv of others) {
    const button = document.createElement('button');
    button.textContent = mv.notation;
    button.addEventListener('click', () => playNotation(mv.notation));
    box.append(button);
  }
}

function showMenu(moves) {
  const menu = $('menu');
  menu.replaceChildren('Which move? ');
  for (const mv of moves) {
    const button = document.createElement('button');
    button.textContent = mv.notation;
    button.addEventListener('click', () => playNotation(mv.notation));
    menu.append(button);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'cancel';
  cancel.addEventListener('click', () => { menu.hidden = true; selected = null; draw(); });
  menu.append(cancel);
  menu.hidden = false;
}

function onCellClick(cell) {
  if (!game || thinking) return;
  const status = JSON.parse(game.status());
  if (status.kind !== 'decision') return;
  const moves = JSON.parse(game.moves());
  $('menu').hidden = true;
  if (selected) {
    const chosen = moves.filter((m) => m.from === selected && m.to === cell);
    if (chosen.length === 1) return playNotation(chosen[0].notation);
    if (chosen.length > 1) return showMenu(chosen);
  }
  if (selected !== cell && moves.some((m) => m.from === cell)) {
    selected = cell;
  } else {
    selected = null;
    const drops = moves.filter((m) => !m.from && m.to === cell);
    if (drops.length === 1) return playNotation(drops[0].notation);
    if (drops.length > 1) return showMenu(drops);
  }
  draw();
}

$('board').addEventListener('click', (event) => {
  const cell = event.target.closest('[data-cell]');
  if (cell) onCellClick(cell.dataset.cell);
});

function step(to) {
  if (!game) return;
  agentRequest++;
  thinking = false;
  selected = null;
  $('menu').hidden = true;
  game.go_to(Math.max(0, to));
  draw();
}

function ply() {
  return JSON.parse(game.status()).ply;
}

$('first').addEventListener('click', () => step(0));
$('back').addEventListener('click', () => step(ply() - 1));
$('forward').addEventListener('click', () => step(ply() + 1));
$('last').addEventListener('click', () => step(JSON.parse(game.status()).plies));
$('roll').addEventListener('click', () => {
  try {
    game.roll();
  } catch (error) {
    setStatus(String(error.message || error), true);
    return;
  }
  advance();
});
$('zone').addEventListener('change', () => game && draw());
$('new-game').addEventListener('click', () => {
  $('editor').dataset.gameText = $('editor').value;
  newGame();
});
$('download').addEventListener('click', () => {
  if (!game) return;
  const blob = new Blob([game.record()], { type: 'application/x-ndjson' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = rulesName.replace(/^.*\//, '').replace(/\.rules$/, '') + '.jsonl';
  link.click();
  URL.revokeObjectURL(link.href);
});
document.addEventListener('keydown', (event) => {
  if (!game || event.target.closest('textarea, input, select')) return;
  const moves = { ArrowLeft: () => step(ply() - 1), ArrowRight: () => step(ply() + 1),
    Home: () => step(0), End: () => step(JSON.parse(game.status()).plies) };
  if (event.key in moves) { event.preventDefault(); moves[event.key](); }
});
$('editor').addEventListener('input', () => {
  rulesName = 'pasted.rules';
  $('rules-select').value = '';
  scheduleCheck();
});

// ---- the bundled rules files ------------------------------------------------------------------

async function loadRules(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`cannot load ${path}: ${response.status}`);
  const text = await response.text();
  rulesName = path;
  $('editor').value = text;
  $('editor').dataset.gameText = text;
  // Another file starts from its own option defaults.
  $('options').dataset.names = '';
  $('options').replaceChildren();
  runCheck();
  newGame();
  document.body.dataset.rules = path;
}

async function start() {
  await init();
  $('engine-state').textContent = 'engine ready';
  const files = await (await fetch('rules.json')).json();
  const select = $('rules-select');
  select.append(new Option('(pasted)', ''));
  for (const file of files) select.append(new Option(file, file));
  select.addEventListener('change', () => select.value && loadRules(select.value).catch((e) => setStatus(e.message, true)));
  const wanted = new URLSearchParams(location.search).get('rules');
  select.value = files.includes(wanted) ? wanted : files[0];
  await loadRules(select.value);
  document.body.dataset.ready = 'true';
}

start().catch((error) => {
  $('engine-state').textContent = 'the engine failed to load';
  setStatus(String(error.message || error), true);
});
