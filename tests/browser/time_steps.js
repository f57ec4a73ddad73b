// Runs in a viewer page (page.evaluate(TimeSteps)): steps through every event once with a forced
// layout and returns the ms per step (median, 99th percentile, max). Used by viewer_test.js (the
// timing it prints) and bench/viewer_speed.js.
'use strict';
function TimeSteps() {
  const n = window.mjViewer.count;
  const times = [];
  for (let i = 0; i < n; ++i) {
    const t0 = performance.now();
    window.mjViewer.go(i);
    void document.body.offsetHeight;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { n, median: times[n >> 1], p99: times[Math.floor(n * 0.99)], max: times[n - 1] };
}
module.exports = { TimeSteps };
