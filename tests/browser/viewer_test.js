// Headless Chromium test of the replay viewer (run by run.sh; docs/REPLAY.md "Viewer").
// For every game in WORK/games: opens its page, steps through EVERY event and checks that the
// displayed tiles (per seat: concealed hand, river, meld tiles, face-down and face-up shields;
// the wall count) equal the engine's own counts after that event (NAME.counts, written by
// mj_table_counts from the engine's RoundState, not from the viewer). Any script error fails.
// Also: one seat's own view (same counts, hidden tiles face down), keyboard and URL-fragment
// navigation, the index page, screenshots of chosen moments (WORK/screenshots), and the time to
// step one event of the longest game (printed, not asserted).
//   node viewer_test.js CHROMIUM WORK
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const chromiumPath = process.argv[2];
const work = path.resolve(process.argv[3]);
const gamesDir = path.join(work, 'games');
const shots = path.join(work, 'screenshots');
const failures = [];
function Fail(msg) { failures.push(msg); console.error('FAIL: ' + msg); }

// Runs in the page: steps through every event and compares the DOM with the expected counts.
// Returns the first mismatches (at most 20).
// view: -1 every hand open, else that seat's own view (its own tiles must then be face up).
function StepAndCompare({ expected, view }) {
  const out = [];
  window.mjViewer.view(view);
  const count = (root, sel) => (root ? root.querySelectorAll(sel).length : 0);
  for (let i = 0; i < expected.length && out.length < 20; ++i) {
    window.mjViewer.go(i);
    if (window.mjViewer.index !== i) { out.push('event ' + i + ': viewer is at ' + window.mjViewer.index); continue; }
    const exp = expected[i];
    for (let p = 0; p < 4; ++p) {
      const seat = document.querySelector('section.seat[data-seat="' + p + '"]');
      const got = [count(seat, '.hand .t'), count(seat, '.river .t'), count(seat, '.melds .t'),
        count(seat, '.shields .down .t'), count(seat, '.shields .up .t')];
      const names = ['hand', 'river', 'meld tiles', 'face-down shields', 'face-up shields'];
      for (let k = 0; k < 5; ++k)
        if (got[k] !== exp.seats[p][k]) out.push('event ' + i + ' (' + exp.type + '): seat ' + p + ' ' + names[k] + ' shows ' + got[k] + ', engine has ' + exp.seats[p][k]);
    }
    if (exp.wall !== null) {
      if (view >= 0) {
        const own = document.querySelector('section.seat[data-seat="' + view + '"]');
        if (own.querySelectorAll('.hand .t-back, .shields .t-back').length) out.push('event ' + i + ': own tiles face down in own view');
      }
      const w = document.querySelector('.wallcount');
      const shown = w ? +w.textContent : NaN;
      if (shown !== exp.wall) out.push('event ' + i + ' (' + exp.type + '): wall shows ' + (w ? w.textContent : 'nothing') + ', engine has ' + exp.wall);
    }
  }
  return out;
}

const { TimeSteps } = require('./time_steps');

(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // No network: every request other than the local file is a failure.
  await context.route('**/*', (route) => {
    if (route.request().url().startsWith('file://')) return route.continue();
    Fail('network request ' + route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  let current = '';
  page.on('pageerror', (e) => Fail(current + ': script error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') Fail(current + ': console ' + m.type() + ': ' + m.text()); });

  const games = fs.readdirSync(gamesDir).filter((f) => f.endsWith('.counts')).map((f) => f.replace('.counts', '')).sort();
  let longest = null;
  for (const name of games) {
    current = name;
    const started = Date.now();
    const expected = JSON.parse(fs.readFileSync(path.join(gamesDir, name + '.counts'), 'utf8')).counts;
    const replay = JSON.parse(fs.readFileSync(path.join(gamesDir, name + '.json'), 'utf8'));
    if (expected.length !== replay.events.length) Fail(name + ': counts for ' + expected.length + ' events, replay has ' + replay.events.length);
    await page.goto('file://' + path.join(gamesDir, name + '.html'));
    const n = await page.evaluate(() => window.mjViewer.count);
    if (n !== replay.events.length) Fail(name + ': viewer has ' + n + ' events, replay ' + replay.events.length);
    const mismatches = await page.evaluate(StepAndCompare, { expected, view: -1 });
    for (const m of mismatches) Fail(name + ': ' + m);
    // Seat 2's own view (in the Dunpai game: hidden hands, face-down shields, hidden closed kans): the same number of tiles
    // everywhere (hidden ones as backs), its own tiles face up.
    let mismatchesOwn = [];
    if (name === 'dunpai') {
      mismatchesOwn = await page.evaluate(StepAndCompare, { expected, view: 2 });
      for (const m of mismatchesOwn) Fail(name + ' own view: ' + m);
      await page.evaluate(() => window.mjViewer.view(-1));
    }
    console.log(name + ': ' + n + ' events stepped in ' + ((Date.now() - started) / 1000).toFixed(1) + ' s, counts ' + (mismatches.length || mismatchesOwn.length ? 'DIFFER' : 'match') +
      (name === 'dunpai' ? ' (all open and seat 2 view)' : '') + (replay.complete ? '' : ', incomplete game'));
    if (!longest || n > longest.n) longest = { name, n };
    // Screenshots of chosen moments (look at them: tiles readable, nothing overlapping).
    const ev = replay.events;
    const firstResult = ev.findIndex((e) => e.type === 'hora' || e.type === 'ryukyoku');
    const picks = {
      riichi: { call: ev.findIndex((e) => e.type === 'pon' || e.type === 'chi' || e.type === 'daiminkan'), result: firstResult },
      dunpai: { exchange: ev.findIndex((e) => e.type === 'exchange'), result: firstResult },
      ningbo: { side: ev.findIndex((e) => e.type === 'hora' && e.actor !== e.target) },
      'ayame-competition': { result: ev.findIndex((e) => e.type === 'hora' && e.score && String(e.score.han).includes('.')) },
      fuless: { result: firstResult },
      stopped: { last: ev.length - 1 },
    };
    // A Ningbo limit hand is shown by its limit (満貫), not as a yakuman (docs/NINGBO.md).
    if (name === 'ningbo-limit') {
      const i = ev.findIndex((e) => e.type === 'hora' && e.score && e.score.limit === 'limit');
      if (i < 0) Fail(name + ': no limit-hand win in the game (pick another seed in run.sh)');
      picks[name] = { limit: i };
      await page.goto('file://' + path.join(gamesDir, name + '.html') + '#e=' + i);
      const text = await page.evaluate(() => (document.querySelector('.res') || { textContent: '' }).textContent);
      for (const want of ['limit (満貫): ', ev[i].score.yaku[0].name + 'limit (満貫)'])
        if (!text.includes(want)) Fail(name + ': the win at event ' + i + ' does not show "' + want + '": ' + text);
      if (text.includes('yakuman')) Fail(name + ': the limit hand at event ' + i + ' is shown as a yakuman: ' + text);
      // No honba counter where honba are worth nothing (honba_value 0), though the dealer has kept the deal.
      const info = await page.evaluate(() => document.getElementById('info').textContent);
      if (info.includes('honba')) Fail(name + ': honba shown under honba_value 0: ' + info);
      const hands = await page.$$eval('option', (o) => o.map((x) => x.textContent).filter((t) => t.startsWith('hand ')));
      if (!hands.length || hands.some((t) => /\(\d+\)/.test(t))) Fail(name + ': hand list shows honba under honba_value 0: ' + hands.join(', '));
      if (!ev.some((e) => e.type === 'start_kyoku' && e.honba > 0)) Fail(name + ': no hand with honba > 0 to show the point');
    }
    // Imported games: a riichi ron (tenhou.net/6), the double ron (mjlog), the bot match's first result.
    let riichiRon = -1;
    const inRiichi = new Set();
    ev.forEach((e, i) => {
      if (e.type === 'start_kyoku') inRiichi.clear();
      if (e.type === 'reach') inRiichi.add(e.actor);
      if (riichiRon < 0 && e.type === 'hora' && e.actor !== e.target && inRiichi.has(e.actor)) riichiRon = i;
    });
    Object.assign(picks, { tenhou6: { 'riichi-ron': riichiRon }, mjlog: { result: firstResult }, mjai: { result: firstResult } });
    // The table: the viewed seat sits at the bottom, the next seat to its right, then across, then left.
    const around = await page.evaluate(() => {
      const out = [];
      for (const v of [0, 1, 2, 3, -1]) {
        window.mjViewer.view(v);
        out.push(['bottom', 'right', 'top', 'left'].map((pos) => +document.querySelector('#table .pos-' + pos + ' section.seat').dataset.seat));
      }
      window.mjViewer.view(-1);
      return out;
    });
    // All hands open keeps the last viewed seat at the bottom (the table does not turn).
    for (const [k, v] of [0, 1, 2, 3, -1].entries()) {
      const b = v < 0 ? 3 : v;
      const want = [b, (b + 1) % 4, (b + 2) % 4, (b + 3) % 4];
      if (around[k].join() !== want.join()) Fail(name + ': view ' + v + ' puts seats ' + around[k].join(',') + ' at bottom/right/top/left, expected ' + want.join(','));
    }
    // A reviewed game: flagged decisions on the timeline, M jumps to the next one, its panel shows
    // the agent's choice beside the action played.
    const rev = await page.evaluate(() => window.mjViewer.review);
    if (rev) {
      if (!rev.decisions) Fail(name + ': the review has no decisions');
      if (!rev.flagged.length) Fail(name + ': the review flags no decision');
      const marks = await page.$$eval('#bar .mark', (m) => m.length);
      if (marks !== rev.flagged.length) Fail(name + ': ' + marks + ' marks on the timeline for ' + rev.flagged.length + ' flagged decisions');
      await page.evaluate(() => window.mjViewer.go(0));
      await page.keyboard.press('m');
      const at = await page.evaluate(() => window.mjViewer.index);
      if (at !== rev.flagged[0]) Fail(name + ': M went to ' + at + ', the first flagged decision is after event ' + rev.flagged[0]);
      const panel = await page.evaluate(() => (document.querySelector('#reviewnow .dec.flagged') || { textContent: '' }).textContent);
      if (!/played .* differs/.test(panel)) Fail(name + ': the flagged decision panel reads "' + panel + '"');
      await page.screenshot({ path: path.join(shots, name + '-review-mistake.png'), fullPage: true });
      console.log(name + ': review with ' + rev.decisions + ' decisions, ' + rev.flagged.length + ' flagged');
    }
    const pick = picks[name] || {};
    for (const [what, i] of Object.entries(pick)) {
      if (i <= 0) continue;
      await page.goto('file://' + path.join(gamesDir, name + '.html') + '#e=' + i);
      await page.screenshot({ path: path.join(shots, name + '-' + what + '.png'), fullPage: true });
    }
  }

  // A bot's fault (the substituted seat of run.sh's fault match): counted in the title, marked on
  // the timeline, told at its event, the seat marked substituted from then on, and in the index.
  current = 'fault';
  {
    const replay = JSON.parse(fs.readFileSync(path.join(gamesDir, 'fault.json'), 'utf8'));
    const f = (replay.faults || [])[0];
    if (!f || f.seat !== 1 || !f.substituted) Fail('fault: the fault match recorded no substituted fault of seat 1: ' + JSON.stringify(replay.faults));
    else {
      await page.goto('file://' + path.join(gamesDir, 'fault.html'));
      const got = await page.evaluate(() => ({ title: (document.getElementById('faultcount') || { textContent: '' }).textContent,
        marks: window.mjViewer.faults, bar: document.querySelectorAll('#bar .faultmark').length }));
      if (got.title !== '1 fault') Fail('fault: the title shows "' + got.title + '", expected "1 fault"');
      if (got.bar !== 1 || got.marks.join() !== String(f.event)) Fail('fault: timeline marks ' + got.bar + ' at ' + got.marks.join() + ', the fault is at event ' + f.event);
      await page.click('#bar .faultmark');
      const at = await page.evaluate(() => ({ index: window.mjViewer.index, text: document.getElementById('evtext').textContent,
        plate: Array.from(document.querySelectorAll('#plates .plate')).map((x) => x.textContent) }));
      if (at.index !== f.event) Fail('fault: clicking the mark went to event ' + at.index + ', not ' + f.event);
      if (!at.text.includes('fault: seat 1') || !at.text.includes(f.error.slice(0, 30)) || !at.text.includes('a substitute'))
        Fail('fault: the event line at the fault reads "' + at.text + '"');
      if (at.plate.filter((t) => t.includes('(substituted)')).length !== 1) Fail('fault: plates at the fault: ' + at.plate.join(' | '));
      await page.screenshot({ path: path.join(shots, 'fault.png'), fullPage: true });
      await page.evaluate((i) => window.mjViewer.go(i), Math.max(0, f.event - 1));
      const before = await page.evaluate(() => Array.from(document.querySelectorAll('#plates .plate')).map((x) => x.textContent));
      if (before.some((t) => t.includes('(substituted)'))) Fail('fault: a seat is marked substituted before its fault: ' + before.join(' | '));
      await page.goto('file://' + path.join(gamesDir, 'index.html'));
      const row = await page.$$eval('table.games tr', (r) => r.map((x) => x.textContent).filter((t) => t.startsWith('fault.json')));
      if (row.length !== 1 || !row[0].includes('1 fault: seat 1') || !row[0].includes('(substituted from then on)')) Fail('fault: the index row reads ' + JSON.stringify(row));
      console.log('fault: seat 1 at event ' + f.event + ' shown in title, timeline, event line, plates and index');
    }
  }

  // Navigation: the fragment keeps the position; arrows step; a reload comes back to it.
  current = 'navigation';
  const riichi = 'file://' + path.join(gamesDir, 'riichi.html');
  await page.goto(riichi + '#e=40');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  if ((await page.evaluate(() => window.mjViewer.index)) !== 41) Fail('navigation: arrows from 40 (right, right, left) should give 41');
  if (!page.url().endsWith('#e=41')) Fail('navigation: URL is ' + page.url() + ', expected #e=41');
  await page.reload();
  if ((await page.evaluate(() => window.mjViewer.index)) !== 41) Fail('navigation: reload did not keep event 41');
  await page.keyboard.press('PageDown');
  const handStart = await page.evaluate(() => window.mjViewer.index);
  const replay = JSON.parse(fs.readFileSync(path.join(gamesDir, 'riichi.json'), 'utf8'));
  const secondHand = replay.events.findIndex((e, i) => i > 41 && e.type === 'start_kyoku');
  if (handStart !== secondHand) Fail('navigation: PageDown went to ' + handStart + ', next hand starts at ' + secondHand);
  await page.selectOption('#turnseat', '3');
  await page.click('#nextturn');
  const turn = await page.evaluate(() => window.mjViewer.index);
  const seat3 = replay.events.findIndex((e, i) => i > handStart && e.actor === 3 && ['tsumo', 'chi', 'pon', 'daiminkan'].includes(e.type));
  if (turn !== seat3) Fail('navigation: next turn of seat 3 went to ' + turn + ', expected ' + seat3);

  // The index page lists every game and links to its page.
  current = 'index';
  await page.goto('file://' + path.join(gamesDir, 'index.html'));
  const rows = await page.$$eval('table.games tbody tr', (r) => r.length);
  const jsonFiles = fs.readdirSync(gamesDir).filter((f) => f.endsWith('.json'));
  if (rows !== jsonFiles.length) Fail('index: ' + rows + ' rows for ' + jsonFiles.length + ' replays');
  const links = await page.$$eval('table.games a', (a) => a.map((x) => x.getAttribute('href')));
  if (links.length !== jsonFiles.length) Fail('index: ' + links.length + ' links for ' + jsonFiles.length + ' replays');
  await page.screenshot({ path: path.join(shots, 'index.png'), fullPage: true });
  await page.click('table.games a');
  await page.waitForFunction(() => window.mjViewer && window.mjViewer.count > 0);

  // Speed: one step of the longest game.
  current = 'timing';
  await page.goto('file://' + path.join(gamesDir, longest.name + '.html'));
  const ready = await page.evaluate(() => window.mjViewer.readyMs);
  const t = await page.evaluate(TimeSteps);
  console.log('open ' + longest.name + ' (' + t.n + ' events): ' + ready.toFixed(0) + ' ms to the first picture; step time: median ' +
    t.median.toFixed(2) + ' ms, p99 ' + t.p99.toFixed(2) + ' ms, max ' + t.max.toFixed(2) + ' ms');
  await browser.close();
  if (failures.length) {
    console.error(failures.length + ' failure(s)');
    process.exit(1);
  }
  console.log('viewer test passed; screenshots in ' + shots);
})().catch((e) => { console.error(e); process.exit(1); });
