// Lighthouse as its CLI runs it by default (mobile: simulated slow 4G and a 4x CPU slowdown;
// storage reset; a fresh Chromium with a fresh profile per run), in Debian's Chromium: a
// traveller's first visit. scripts/lighthouse.mjs (the benchmark) and the e2e suite's
// first-visit guard (e2e/firstvisit.e2e.ts) both run it through here.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs } from './browser';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The LCP breakdown Lighthouse reports (largest-contentful-paint-element), in ms. */
export type LcpBreakdown = { ttfb: number; loadDelay: number; loadTime: number; renderDelay: number };

export type RunResult = {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** The LCP element as Lighthouse names it, e.g. 'h1 "Connection Beyond Borders"'. */
  lcpElement: string;
  breakdown: LcpBreakdown | null;
  /** The path the audit ended on (a redirect to /login shows here). */
  landed: string;
  runtimeError: string;
  /** Audits with weight that cost points (score under 0.9), and the layout shifts' culprits. */
  notes: string[];
  lhr: RunnerResult['lhr'];
};

export type LaunchedChrome = chromeLauncher.LaunchedChrome;

/** launchChrome starts Chromium for Lighthouse; userDataDir keeps a profile across runs (repeat visits), none is a fresh one. */
export function launchChrome(userDataDir?: string): Promise<LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
    ...(userDataDir ? { userDataDir } : {}),
    logLevel: 'error',
  });
}

/**
 * closeChrome asks the browser to close (it writes local storage and the service worker's
 * caches lazily: a kill can lose them), then kills what is left.
 */
export async function closeChrome(c: LaunchedChrome): Promise<void> {
  const exited = new Promise<void>((resolve) => (c.process.exitCode !== null ? resolve() : c.process.once('exit', () => resolve())));
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${c.port}`);
    await (await cdp.newBrowserCDPSession()).send('Browser.close').catch(() => undefined);
  } catch {
    // Already gone: nothing to flush.
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  c.kill();
}

export type AuditOptions = {
  /** A browser already running (repeat visits); none launches a fresh one with a fresh profile, as the CLI does. */
  chrome?: LaunchedChrome;
  /** Keep storage (sign-in, service worker): the repeat-visit mode. The CLI resets it. */
  keepStorage?: boolean;
  categories?: readonly Category[];
  /** Keep what was gathered (the trace included) under this folder. */
  artifactsDir?: string;
};

/** audit runs Lighthouse once on url and reads what the benchmark and the guard report. */
export async function audit(url: string, opts: AuditOptions = {}): Promise<RunResult> {
  const categories = opts.categories ?? CATEGORIES;
  const own = opts.chrome ? undefined : mkdtempSync(join(os.tmpdir(), 'lighthouse-first-visit-'));
  const chrome = opts.chrome ?? (await launchChrome(own));
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(opts.keepStorage ? { disableStorageReset: true } : {}),
      ...(opts.artifactsDir ? { gatherMode: opts.artifactsDir, auditMode: opts.artifactsDir } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`lighthouse ${url}: no result`);
    return read(result.lhr, categories);
  } finally {
    if (!opts.chrome) {
      await closeChrome(chrome);
      if (own) rmSync(own, { recursive: true, force: true });
    }
  }
}

type Details = { items?: { items?: { phase?: string; timing?: number }[]; node?: { nodeLabel?: string; selector?: string }; score?: number }[] };

function read(lhr: RunnerResult['lhr'], categories: readonly Category[]): RunResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, categories.includes(c) ? Math.round((lhr.categories[c]?.score ?? 0) * 100) : NaN])) as Record<Category, number>;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpAudit = lhr.audits['largest-contentful-paint-element']?.details as Details | undefined;
  const element = lcpAudit?.items?.[0]?.items?.[0] as { node?: { nodeLabel?: string; selector?: string } } | undefined;
  const phases = new Map((lcpAudit?.items?.[1]?.items ?? []).map((p) => [p.phase ?? '', p.timing ?? NaN]));
  const breakdown: LcpBreakdown | null = phases.size
    ? { ttfb: phases.get('TTFB') ?? NaN, loadDelay: phases.get('Load Delay') ?? 0, loadTime: phases.get('Load Time') ?? 0, renderDelay: phases.get('Render Delay') ?? NaN }
    : null;
  const notes: string[] = [];
  const short: Record<Category, string> = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'BP', seo: 'SEO' };
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) notes.push(`${short[c]}: ${a.id} (${Math.round(a.score * 100)}) ${a.displayValue ?? ''}`);
    }
  }
  for (const item of ((lhr.audits['layout-shifts']?.details as Details | undefined)?.items ?? []).slice(0, 3)) {
    notes.push(`layout shift ${Number(item.score ?? 0).toFixed(3)}: ${item.node?.selector ?? '?'} "${(item.node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}"`);
  }
  return {
    scores,
    lcp: Math.round(metric('largest-contentful-paint')),
    tbt: Math.round(metric('total-blocking-time')),
    cls: +metric('cumulative-layout-shift').toFixed(3),
    fcp: Math.round(metric('first-contentful-paint')),
    lcpElement: (element?.node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 50),
    breakdown,
    landed: new URL(lhr.finalDisplayedUrl).pathname,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message ?? ''}` : '',
    notes,
    lhr,
  };
}
