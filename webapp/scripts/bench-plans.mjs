#!/usr/bin/env node
// Measures the plans page per keystroke in Chromium with the full catalogue (249
// countries): from the keydown to the end of React's commit plus style and layout, i.e.
// the work that must fit in one frame. Production build; budget: the slowest keystroke
// within 16 ms (issue 12), measured without CPU throttling (a desktop-class core) unless
// --cpu-throttle N slows the page's CPU N times (Lighthouse mobile uses 4) for a look at
// a mid-range phone.
//
// Two figures per keystroke: wall time (performance.now) and main-thread CPU time (the
// thread durations of the trace's top-level tasks between the two marks). On a busy
// machine wall time includes waiting for a core; CPU time is the page's own cost, and it
// is what the budget is checked against.
//
//   node scripts/bench-plans.mjs [--runs N] [--cpu-throttle N] [--json] [--verbose] [--profile] [--breakdown]
//
// --breakdown: where the keystrokes' time goes (script, style, layout, paint), from the trace.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../e2e/harness/chromium.mjs';

const BUDGET_MS = 16;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const numArg = (name, fallback) => (args.includes(name) && Number(args[args.indexOf(name) + 1]) > 0 ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = numArg('--runs', 3);
const throttle = numArg('--cpu-throttle', 1);

// What a traveller types: broad one-letter queries (most countries match), narrowing
// words, accents, and deleting back to an empty box.
const script = ['a', 'n', 'd', '{Backspace}', '{Backspace}', '{Backspace}', 'u', 'n', 'i', 't', 'e', 'd', ' ', 'k',
  '{Backspace}', '{Backspace}', '{Backspace}', '{Backspace}', '{Backspace}', '{Backspace}', '{Backspace}', '{Backspace}',
  'c', 'ô', 't', 'e', '{Backspace}', '{Backspace}', '{Backspace}', '{Backspace}', 'e', 'r', '{Backspace}', '{Backspace}'];

function stats(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { median: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2), max: +sorted[sorted.length - 1].toFixed(2) };
}

/**
 * cpuPerKey sums, for each keystroke i, the thread time (tdur, microseconds) of the
 * renderer main thread's top-level tasks that start between the marks key-i-start and
 * key-i-end, plus the task the start mark falls in from the mark on (the keydown task).
 */
function cpuPerKey(events, n) {
  const marks = new Map();
  let mainTid;
  for (const e of events) {
    if (e.cat?.includes('blink.user_timing') && /^key-\d+-(start|end)$/.test(e.name)) {
      marks.set(e.name, e.ts);
      mainTid = e.tid;
    }
  }
  const tasks = events.filter((e) => e.ph === 'X' && e.tid === mainTid && e.cat?.includes('toplevel') && typeof e.tdur === 'number');
  const out = [];
  for (let i = 0; i < n; i++) {
    const start = marks.get(`key-${i}-start`);
    const end = marks.get(`key-${i}-end`);
    if (start === undefined || end === undefined) throw new Error(`trace lacks the marks of keystroke ${i}`);
    let us = 0;
    for (const t of tasks) {
      if (t.ts + t.dur < start || t.ts > end) continue;
      // The keydown's own task began before the mark: count its share after the mark.
      const share = t.ts < start ? (t.ts + t.dur - start) / t.dur : 1;
      us += t.tdur * share;
    }
    out.push(us / 1000);
  }
  return out;
}

function printProfile(profile) {
  const self = new Map();
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0));
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
  for (const [k, us] of top) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

/**
 * printBreakdown sums, over all keystroke windows, the main thread's timeline events by
 * kind (nested kinds overlap: a forced layout inside a script call counts in both).
 */
function printBreakdown(events, n) {
  const kinds = { FunctionCall: 'script (FunctionCall)', EventDispatch: 'event dispatch', UpdateLayoutTree: 'style recalculation', Layout: 'layout', PrePaint: 'pre-paint', Paint: 'paint', Layerize: 'layerize', HitTest: 'hit test', 'MajorGC': 'GC (major)', 'MinorGC': 'GC (minor)' };
  const marks = new Map();
  let tid;
  for (const e of events) if (e.cat?.includes('blink.user_timing') && /^key-\d+-(start|end)$/.test(e.name)) { marks.set(e.name, e.ts); tid = e.tid; }
  const sums = new Map();
  for (let i = 0; i < n; i++) {
    const start = marks.get(`key-${i}-start`);
    const end = marks.get(`key-${i}-end`);
    for (const e of events) {
      if (e.ph !== 'X' || e.tid !== tid || !(e.name in kinds) || e.ts < start || e.ts > end) continue;
      // Thread time where the trace has it (wall time includes waiting for a core).
      const kind = e.name === 'EventDispatch' ? `event dispatch: ${e.args?.data?.type ?? '?'}` : kinds[e.name];
      sums.set(kind, (sums.get(kind) ?? 0) + (e.tdur ?? e.dur ?? 0));
    }
  }
  console.log(`per keystroke on average (${n} keystrokes; main-thread time):`);
  for (const [k, us] of [...sums].sort((a, b) => b[1] - a[1])) console.log(`  ${(us / 1000 / n).toFixed(2).padStart(7)} ms  ${k}`);
}

const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-plans-'));

let server;
let browser;
try {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: !args.includes('--profile'), rollupOptions: { input: path.join(root, 'scripts/bench/plans.html') } },
  });
  server = await preview({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', preview: { port: 0, host: '127.0.0.1' }, build: { outDir } });
  const url = `${server.resolvedUrls.local[0]}scripts/bench/plans.html`;

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.getByRole('button', { name: 'Afghanistan' }).waitFor();
  const count = await page.evaluate(() => window.benchCountries);

  // keydown (capture, first) -> React handles input and commits synchronously -> a task
  // posted after the input event reads layout (forcing style + layout) and stops the clock.
  await page.evaluate(() => {
    window.benchTimes = [];
    let t0 = 0;
    let n = 0;
    let started = false;
    // Typed non-ASCII text (ô) arrives without a keydown: beforeinput starts the clock then.
    const begin = () => {
      if (started) return;
      started = true;
      t0 = performance.now();
      performance.mark(`key-${n}-start`);
    };
    document.addEventListener('keydown', begin, true);
    document.addEventListener('beforeinput', begin, true);
    const stop = () => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        void document.body.offsetHeight;
        window.benchTimes.push(performance.now() - t0);
        performance.mark(`key-${n}-end`);
        n++;
        started = false;
      };
      ch.port2.postMessage(0);
    };
    document.addEventListener('input', stop, true);
  });

  if (throttle > 1) {
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const input = page.getByLabel('Where are you travelling?');
  await input.click();
  const breakdownOn = args.includes('--breakdown');
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', ...(breakdownOn ? ['devtools.timeline'] : [])] });
  // --profile: a CPU profile of the keystrokes, top functions by self time.
  const cdp = args.includes('--profile') ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  for (let r = 0; r < runs; r++) {
    for (const key of script) {
      if (key === '{Backspace}') await page.keyboard.press('Backspace');
      else await page.keyboard.type(key);
      // Let the frame finish, as between real keystrokes.
      await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0))));
    }
  }
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
  const times = await page.evaluate(() => window.benchTimes);
  const traceEvents = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents;
  const cpu = cpuPerKey(traceEvents, times.length);
  if (breakdownOn) printBreakdown(traceEvents, times.length);
  const options = await page.evaluate(() => document.querySelectorAll('[role="option"]').length);
  if (times.length !== script.length * runs) throw new Error(`measured ${times.length} keystrokes, expected ${script.length * runs}`);

  const wall = stats(times);
  const cpuStats = stats(cpu);
  const result = { countries: count, keystrokes: times.length, cpuThrottle: throttle, wallMs: wall, cpuMs: cpuStats, budgetMs: BUDGET_MS, optionsShownAtEnd: options };
  if (args.includes('--verbose')) console.log(times.map((t, i) => `${script[i % script.length]}:${t.toFixed(1)}/${cpu[i]?.toFixed(1)}`).join(' '));
  if (args.includes("--json")) console.log(JSON.stringify(result));
  else {
    console.log(`plans page, ${result.countries} countries, ${result.keystrokes} keystrokes (filter + re-render + layout), CPU throttling ${throttle === 1 ? 'none' : `${throttle}x`}:`);
    console.log(`  main-thread CPU: median ${cpuStats.median} ms, p95 ${cpuStats.p95} ms, max ${cpuStats.max} ms (budget ${BUDGET_MS} ms)`);
    console.log(`  wall clock:      median ${wall.median} ms, p95 ${wall.p95} ms, max ${wall.max} ms (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  }
  // The slowest keystroke counts (issue 12), in main-thread CPU time: wall time on a
  // machine shared with other work includes waiting for a core.
  // Throttled runs are a look at a slow phone: reported, not checked (the budget is per frame
  // of an unthrottled core).
  if (throttle === 1 && cpuStats.max > BUDGET_MS) {
    console.error(`bench-plans: slowest keystroke ${cpuStats.max} ms of main-thread CPU, over the ${BUDGET_MS} ms frame budget`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
}
