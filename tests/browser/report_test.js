// Headless Chromium test of the playtest report (run by report_run.sh; docs/PLAYTEST.md): opens
// WORK/index.html, fails on any script error, console error or network request, checks that
// every plot is there (a figure with a drawn SVG and a caption), the ranking table and the
// exact command, and takes a full-page screenshot WORK/report.png.
//   node report_test.js CHROMIUM WORK
'use strict';
const path = require('path');
const { chromium } = require('playwright-core');

const chromiumPath = process.argv[2];
const work = path.resolve(process.argv[3]);
const failures = [];
function Fail(msg) { failures.push(msg); console.error('FAIL: ' + msg); }

(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'] });
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.route('**/*', (route) => {
    if (route.request().url().startsWith('file://')) return route.continue();
    Fail('network request ' + route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => Fail('script error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') Fail('console error: ' + m.text()); });
  await page.goto('file://' + path.join(work, 'index.html'), { waitUntil: 'load' });
  // A shield ruleset is in the playtest, so all seven plots, and one plot per seed 003 claim.
  const expected = ['luck-skill', 'rank-advantage', 'rates', 'hand-values', 'ranks', 'length', 'shields',
    'claim-luck', 'claim-passive', 'claim-win-and-run', 'claim-offence', 'claim-defence', 'claim-waves',
    'claim-decline'];
  const found = await page.evaluate((ids) => ids.map((id) => {
    const fig = document.getElementById(id);
    if (!fig) return { id, ok: false, why: 'missing' };
    const svg = fig.querySelector('svg');
    const shapes = svg ? svg.querySelectorAll('path, rect, line, use').length : 0;
    const box = svg ? svg.getBoundingClientRect() : { width: 0, height: 0 };
    const cap = fig.querySelector('figcaption');
    return { id, ok: !!svg && shapes > 10 && box.width > 100 && box.height > 100 && !!cap && cap.textContent.length > 20,
      why: 'svg ' + !!svg + ', ' + shapes + ' shapes, ' + Math.round(box.width) + 'x' + Math.round(box.height) + ', caption ' + !!cap };
  }), expected);
  for (const f of found) if (!f.ok) Fail('plot ' + f.id + ': ' + f.why);
  const rows = await page.evaluate(() => document.querySelectorAll('#ranking tr').length);
  if (rows < 3) Fail('ranking table has ' + rows + ' rows, want a header and one per ruleset');
  // Seven claims of Dunpai against the riichi baseline, each with a verdict.
  const verdicts = await page.evaluate(() => Array.from(document.querySelectorAll('#verdicts tr'))
    .slice(1).map((tr) => tr.children[2].textContent));
  if (verdicts.length !== 7) Fail('verdict table has ' + verdicts.length + ' claims, want 7');
  for (const v of verdicts)
    if (!/^(supported|contradicted|undecided at this sample size)/.test(v)) Fail('verdict "' + v + '"');
  const command = await page.evaluate(() => (document.getElementById('command') || {}).textContent || '');
  if (!command.startsWith('mahjong playtest ')) Fail('command shown is "' + command + '"');
  await page.screenshot({ path: path.join(work, 'report.png'), fullPage: true });
  await browser.close();
  if (failures.length) {
    console.error(failures.length + ' failure(s)');
    process.exit(1);
  }
  console.log('report test passed: ' + found.length + ' plots; screenshot ' + path.join(work, 'report.png'));
})().catch((e) => { console.error(e); process.exit(1); });
