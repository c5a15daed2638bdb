// The playground end to end in a real browser: `ludex serve` serves the built page (web/dist), and
// Debian's chromium, driven by playwright-core, loads it, opens a game, moves by clicking, steps
// through the history, downloads a record that `ludex replay` accepts (and pages through with
// `--html`), lets MCTS answer from its worker, rolls dice, shows a broken file's diagnostic, and
// draws every bundled rules file's start with no console error. Screenshots go to web/e2e/out/.
//
// Environment: LUDEX (the binary; default target/release/ludex), CHROMIUM (default /usr/bin/chromium).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ludex = process.env.LUDEX || path.join(root, 'target/release/ludex');
const out = path.join(root, 'web/e2e/out');
const STEP_TIMEOUT = 60_000;

let server;
let base;
let context;
let page;
const problems = [];

function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(ludex, ['serve', '--port', '0', '--dir', path.join(root, 'web/dist')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const found = seen.match(/http:\/\/(127\.0\.0\.1:\d+)\//);
      if (found) resolve(`http://${found[1]}`);
    });
    server.on('exit', (code) => reject(new Error(`ludex serve exited with ${code}: ${seen}`)));
  });
}

before(async () => {
  fs.mkdirSync(out, { recursive: true });
  base = await startServer();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ludex-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1440, height: 960 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
});

after(async () => {
  if (context) await context.close();
  if (server) server.kill();
});

const history = () => page.$$eval('#history li', (items) => items.map((item) => item.textContent));
const cell = (name) => page.locator(`#board polygon[data-cell="${name}"]`);
const statusText = () => page.textContent('#status');

async function waitForHistory(length) {
  await page.waitForFunction((n) => document.querySelectorAll('#history li').length >= n, length);
  return history();
}

test('a game opens and moves are made by clicking, legal targets highlighted', async () => {
  await page.goto(`${base}/?rules=rules/chess.rules`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#board polygon.cell').count(), 64);
  await cell('e2').click();
  assert.match(await cell('e2').getAttribute('class'), /selected/);
  for (const target of ['e3', 'e4']) assert.match(await cell(target).getAttribute('class'), /target/);
  assert.doesNotMatch(await cell('e5').getAttribute('class'), /target/);
  await cell('e4').click();
  let entries = await waitForHistory(2);
  assert.equal(entries[0], 'e2-e4');
  await cell('g1').click();
  await cell('f3').click();
  entries = await waitForHistory(4);
  assert.equal(entries[2], 'g1-f3');
  await cell('b1').click();
  for (const target of ['a3', 'c3']) assert.match(await cell(target).getAttribute('class'), /target/);
  await page.screenshot({ path: path.join(out, 'playground.png') });
  await cell('b1').click();
  assert.equal(await page.locator('#board .target').count(), 0);
});

test('the history steps back and forth by buttons and keys', async () => {
  assert.match(await statusText(), /ply 4 of 4/);
  await page.click('#back');
  assert.match(await statusText(), /ply 3 of 4/);
  assert.equal((await history()).length, 3);
  await page.click('#forward');
  assert.match(await statusText(), /ply 4 of 4/);
  await page.keyboard.press('Home');
  assert.match(await statusText(), /ply 0 of 4/);
  await page.keyboard.press('End');
  assert.match(await statusText(), /ply 4 of 4/);
});

test('the downloaded record replays with ludex replay', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const file = path.join(out, 'chess.jsonl');
  await download.saveAs(file);
  const record = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(record.rules, 'rules/chess.rules');
  assert.deepEqual(record.plies, await history());
  assert.deepEqual(record.seats, ['human', 'random']);
  const replay = spawnSync(ludex, ['replay', file], { cwd: root, encoding: 'utf8' });
  assert.equal(replay.status, 0, replay.stderr);
  assert.match(replay.stdout, /1 game replayed/);
});

test('the replay page of that record steps through it', async () => {
  const html = path.join(out, 'chess.html');
  const written = spawnSync(ludex, ['replay', path.join(out, 'chess.jsonl'), '--html', html], { cwd: root, encoding: 'utf8' });
  assert.equal(written.status, 0, written.stderr);
  const replay = await context.newPage();
  const errors = [];
  replay.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  replay.on('pageerror', (error) => errors.push(error.message));
  await replay.goto('file://' + html);
  assert.equal(await replay.textContent('#caption'), '1 / 5 \u2014 start');
  await replay.keyboard.press('ArrowRight');
  assert.equal(await replay.textContent('#caption'), '2 / 5 \u2014 1: e2-e4 (white)');
  assert.equal(await replay.locator('#stage .last-move').count(), 1);
  await replay.click('#last');
  assert.match(await replay.textContent('#caption'), /^5 \/ 5 \u2014 4: /);
  assert.equal(await replay.locator('#stage polygon.cell').count(), 64);
  await replay.close();
  assert.deepEqual(errors, []);
});

test('MCTS answers from its web worker', async () => {
  await page.selectOption('#seat-1', 'mcts');
  await page.fill('#iterations', '300');
  await page.dispatchEvent('#iterations', 'change');
  await cell('a2').click();
  await cell('a3').click();
  const entries = await waitForHistory(6);
  assert.equal(entries[4], 'a2-a3');
  await page.selectOption('#seat-1', 'random');
});

test('dice are rolled on request, and moves that name no cell are buttons', async () => {
  await page.uncheck('#auto-roll');
  await page.selectOption('#rules-select', 'docs/examples/race.rules');
  await page.waitForFunction(() => document.querySelector('#roll').textContent === 'Roll d6');
  assert.match(await statusText(), /rolling a d6/);
  await page.click('#roll');
  const entries = await waitForHistory(1);
  assert.match(entries[0], /^roll [1-6]$/);
  assert.deepEqual(await page.$$eval('#other-moves button', (b) => b.map((x) => x.textContent)), ['end']);
  await page.check('#auto-roll');
});

test('a broken rules file shows its diagnostic with line and column', async () => {
  const broken = 'game "Broken"\nseat a\nboard square 3 by 3\npiece p { letter P }\nsetup { place q for a on cells a1 }\n'
    + 'action go for p { step n }\nphase play { turn { play go } }\nend { when turns >= 1: draw }\n';
  await page.fill('#editor', broken);
  const item = page.locator('#diagnostics li.error').first();
  await item.waitFor();
  assert.match(await item.textContent(), /^5:15 error ludex::unknown-piece: /);
  assert.equal(await page.isDisabled('#new-game'), true);
  assert.match(await page.textContent('#check-summary'), /^1 error/);
  await page.screenshot({ path: path.join(out, 'diagnostics.png') });
});

test('every bundled rules file draws its start position', async () => {
  const files = await page.evaluate(async () => (await fetch('rules.json')).json());
  assert.ok(files.length >= 13, String(files));
  for (const file of files) {
    await page.selectOption('#rules-select', file);
    await page.waitForSelector(`body[data-rules="${file}"]`);
    const summary = await page.textContent('#check-summary');
    const title = await page.textContent('#board .legend text');
    assert.equal(summary, `${title}: checks`);
    const cells = await page.locator('#board polygon.cell').count();
    const names = await page.$$eval('#board [data-cell]', (found) => new Set(found.map((c) => c.dataset.cell)).size);
    assert.ok(cells > 0 && cells === names, `${file}: ${cells} cells, ${names} names`);
  }
  assert.deepEqual(problems, []);
});
