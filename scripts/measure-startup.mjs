// Cold start of the Rollbook window, measured N times (each with a fresh HOME, so a new empty
// database): from the moment the app's process starts to the moment the window is usable, that
// is the shell has its first command's answer (`settings`) and has mounted every view.
// Run under Xvfb by scripts/measure-startup.sh.
//
// How, and why it is honest:
// - Start: the kernel's start time of the app process (/proc/PID/stat, 10 ms ticks), mapped to
//   the wall clock through /proc/uptime. WebDriver's own start-up is not counted.
// - Usable: the shell's `rollbook-ready` performance mark (set as it drops `aria-busy` from
//   #views), on the page's own clock (`performance.timeOrigin + startTime`): when it happened,
//   not when the test got round to asking. A build without the mark falls back to polling
//   #views every 20 ms (an upper bound by the poll and one WebDriver round trip).
// Usage: node scripts/measure-startup.mjs [RUNS]   (ROLLBOOK_BIN picks the binary)

import { readFileSync, readlinkSync } from 'node:fs';
import { startApp, APP_BINARY } from '../tests/e2e/app.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** Wall-clock milliseconds of the kernel's uptime `seconds`. */
function uptimeToEpoch(seconds) {
  const nowUptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return Date.now() - (nowUptime - seconds) * 1000;
}

/** When the app's own process started, in epoch ms. */
function appStart(pids) {
  for (const pid of pids) {
    let exe;
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {
      continue;
    }
    // rollbook execs rollbook-app: the same process (its start time is rollbook's), its exe the app.
    if (exe !== APP_BINARY) continue;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return uptimeToEpoch(Number(fields[19]) / CLOCK_TICKS);
  }
  throw new Error(`no process of ${APP_BINARY} among ${pids.join(', ')}`);
}

async function once() {
  const app = await startApp();
  try {
    const started = appStart(app.processes());
    let polled = null;
    const deadline = Date.now() + 60_000;
    while (polled === null && Date.now() < deadline) {
      polled = await app.driver.executeScript(() => {
        const views = document.getElementById('views');
        return views && !views.hasAttribute('aria-busy') ? Date.now() : null;
      });
      if (polled === null) await new Promise((ok) => setTimeout(ok, 20));
    }
    if (polled === null) throw new Error('the window never became ready');
    const marked = await app.driver.executeScript(() => {
      const mark = performance.getEntriesByName('rollbook-ready')[0];
      return mark ? performance.timeOrigin + mark.startTime : null;
    });
    return { ready: (marked ?? polled) - started, how: marked === null ? 'polled' : 'marked' };
  } finally {
    await app.stop();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`;

const runs = [];
for (let i = 1; i <= RUNS; i += 1) {
  const run = await once();
  runs.push(run);
  console.log(`run ${i}: usable window after ${ms(run.ready)} (${run.how})`);
}
const times = runs.map((r) => r.ready);
console.log(`binary: ${APP_BINARY} (started through the rollbook beside it)`);
console.log(`cold start to a usable window: median ${ms(median(times))} of ${runs.length} runs (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`);
