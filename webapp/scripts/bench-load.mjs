#!/usr/bin/env node
// Main-thread cost of loading a page of the built shop (served by `esim serve` on the
// sandbox) in Chromium, from a trace: every top-level task's CPU time (thread time, so a
// busy machine inflates it far less than wall time) and what it spent it on. The blocking
// estimate mimics Lighthouse's mobile TBT: each task's CPU time x 4 (its CPU slowdown),
// minus 50 ms, summed. It points at the long tasks Lighthouse would count; Lighthouse itself
// (scripts/lighthouse.mjs) gives the real figure on a quiet machine.
//
//   npm run bench:load -- [--pages=/plans] [--lang=en] [--runs=3] [--tasks=8] [--profile]
import os from 'node:os';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/harness/chromium.mjs';
import { startShop } from '../e2e/harness/serve.ts';

const opt = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const pages = opt('pages', '/,/plans').split(',');
const lang = opt('lang', 'en');
const runs = Number(opt('runs', '3'));
const showTasks = Number(opt('tasks', '8'));
const SLOWDOWN = 4;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** What a task spent its time on: the trace events nested in it, by name, self thread time. */
function breakdown(task, events) {
  const inside = events.filter((e) => e.ph === 'X' && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task && typeof e.tdur === 'number');
  const byName = new Map();
  for (const e of inside) {
    let label = e.name;
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule') {
      label = `${e.name} ${(e.args?.data?.url ?? e.args?.fileName ?? '').split('/').pop()}`;
    } else if (e.name === 'FunctionCall') {
      label = `FunctionCall ${(e.args?.data?.url ?? '').split('/').pop()}:${e.args?.data?.functionName ?? ''}`;
    }
    byName.set(label, (byName.get(label) ?? 0) + e.tdur);
  }
  return [...byName]
    .filter(([name]) => /Layout|UpdateLayoutTree|RecalculateStyles|Paint|ParseHTML|EvaluateScript|FunctionCall|v8\.|MajorGC|MinorGC|Decode|TimerFire|RunMicrotasks|ParseAuthorStyleSheet/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
    .join(', ');
}

/** printProfile lists the functions with the most self time (--profile). */
function printProfile(profile) {
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0));
  }
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.info(`${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

const profile = process.argv.includes('--profile');
const shop = await startShop();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  console.info(`page load main-thread CPU, ${runs} run(s); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  for (const path of pages) {
    const estimates = [];
    const totals = [];
    for (let run = 1; run <= runs; run++) {
      // A fresh context per run: nothing cached, as Lighthouse loads a page.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
      const page = await context.newPage();
      const cdp = profile && run === 1 ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'] });
      await page.goto(`${shop.url}${path}?lang=${lang}`, { waitUntil: 'networkidle' });
      // Deferred work (transitions, idle callbacks) finishes within this.
      await page.waitForTimeout(1500);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents;
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
      await context.close();
      // The page's renderer main thread (the navigation may have started in another): the
      // renderer main thread that ran the most.
      const mains = new Set(trace.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => e.tid));
      const busy = new Map();
      for (const e of trace) if (e.ph === 'X' && e.name === 'RunTask' && mains.has(e.tid)) busy.set(e.tid, (busy.get(e.tid) ?? 0) + (e.tdur ?? 0));
      const mainTid = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
      const tasks = trace.filter((e) => e.ph === 'X' && e.tid === mainTid && e.name === 'RunTask' && typeof e.tdur === 'number');
      let blocking = 0;
      let total = 0;
      for (const t of tasks) {
        total += t.tdur / 1000;
        blocking += Math.max(0, (t.tdur / 1000) * SLOWDOWN - 50);
      }
      estimates.push(blocking);
      totals.push(total);
      console.info(`${path} run ${run}: estimated TBT ${Math.round(blocking)} ms, main-thread CPU ${Math.round(total)} ms in ${tasks.length} tasks`);
      if (run === 1 || process.argv.includes("--all-runs")) {
        const t0 = tasks[0]?.ts ?? 0;
        for (const t of [...tasks].sort((a, b) => b.tdur - a.tdur).slice(0, showTasks)) {
          console.info(`    +${Math.round((t.ts - t0) / 1000)} ms: ${(t.tdur / 1000).toFixed(1)} ms CPU (x${SLOWDOWN} = ${Math.round((t.tdur / 1000) * SLOWDOWN)}): ${breakdown(t, trace)}`);
        }
      }
    }
    console.info(`${path}: median estimated TBT ${Math.round(median(estimates))} ms, median main-thread CPU ${Math.round(median(totals))} ms`);
  }
} finally {
  await browser.close();
  await shop.stop();
}
