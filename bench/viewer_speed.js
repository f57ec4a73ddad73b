// The viewer's speed (issue 28's targets: a reviewed game opens in under 200 ms, a step under
// 16 ms), measured in headless Chromium on pages written by bench/viewer_speed.sh: each page is
// opened ROUNDS times (readyMs: navigation start to the first picture), then every event is
// stepped once with a forced layout. Prints per page the open times and their median, and the
// step median, p99 and max. Nothing is asserted.
//   node bench/viewer_speed.js CHROMIUM ROUNDS PAGE.html...
'use strict';
const path = require('path');
const { chromium } = require(path.join(__dirname, '..', 'tests', 'browser', 'node_modules', 'playwright-core'));

const { TimeSteps } = require(path.join(__dirname, '..', 'tests', 'browser', 'time_steps'));

(async () => {
  const [chromiumPath, roundsText, ...pages] = process.argv.slice(2);
  const rounds = Number(roundsText);
  const browser = await chromium.launch({ executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  for (const file of pages) {
    const opens = [];
    for (let r = 0; r < rounds; ++r) {
      await page.goto('file://' + path.resolve(file));
      await page.waitForFunction(() => window.mjViewer && window.mjViewer.readyMs > 0);
      opens.push(await page.evaluate(() => window.mjViewer.readyMs));
    }
    const t = await page.evaluate(TimeSteps);
    const sorted = [...opens].sort((a, b) => a - b);
    console.log(path.basename(file) + ' (' + t.n + ' events): open ' + opens.map((x) => x.toFixed(0)).join(', ') +
      ' ms (median ' + sorted[sorted.length >> 1].toFixed(0) + '); step median ' + t.median.toFixed(2) + ' ms, p99 ' +
      t.p99.toFixed(2) + ' ms, max ' + t.max.toFixed(2) + ' ms');
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
