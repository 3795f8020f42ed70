// Accessibility probes for the journeys: what has the focus, Tab until a control, the
// contrast of the focus ring against the surface it is drawn on (from computed styles),
// larger default text, and a record of what the page's live regions said.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Customer } from './customer';

/** What the focused element is, as a screen reader would name it. */
export interface Focused {
  tag: string;
  role: string;
  /** Accessible name, roughly: aria-label, aria-labelledby, label, then text. */
  name: string;
  expanded: string | null;
  selected: string | null;
  disabled: string | null;
  invalid: string | null;
  /** Texts of the elements aria-describedby points at. */
  description: string;
}

/** focused describes document.activeElement ('body' when focus was lost). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const text = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
    if (!el || el === document.body) {
      return { tag: 'body', role: '', name: '', expanded: null, selected: null, disabled: null, invalid: null, description: '' };
    }
    const labels = (el as HTMLInputElement).labels;
    const name =
      el.getAttribute('aria-label') ||
      text(el.getAttribute('aria-labelledby')) ||
      (labels && labels.length > 0 ? (labels[0]?.textContent ?? '') : '') ||
      el.textContent ||
      '';
    const implicit: Record<string, string> = { A: 'link', BUTTON: 'button', H1: 'heading', H2: 'heading', SELECT: 'combobox', TEXTAREA: 'textbox', MAIN: 'main' };
    const inputRole = el.tagName === 'INPUT' ? ((el as HTMLInputElement).type === 'checkbox' ? 'checkbox' : 'textbox') : '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? (inputRole || implicit[el.tagName] || ''),
      name: name.replace(/\s+/g, ' ').trim(),
      expanded: el.getAttribute('aria-expanded'),
      selected: el.getAttribute('aria-selected'),
      disabled: el.getAttribute('aria-disabled'),
      invalid: el.getAttribute('aria-invalid'),
      description: text(el.getAttribute('aria-describedby')),
    };
  });
}

/** expectFocus waits (briefly) until the focused element matches. */
export async function expectFocus(page: Page, want: Partial<Omit<Focused, 'name'>> & { name?: string | RegExp }): Promise<Focused> {
  let last: Focused | undefined;
  await expect
    .poll(
      async () => {
        last = await focused(page);
        return matches(last, want);
      },
      { timeout: 5_000, message: `focus on ${JSON.stringify(want, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))}` },
    )
    .toBe(true)
    .catch((err: unknown) => {
      throw new Error(`${(err as Error).message}; focus is on ${JSON.stringify(last)}`);
    });
  return last as Focused;
}

function matches(f: Focused, want: Partial<Omit<Focused, 'name'>> & { name?: string | RegExp }): boolean {
  for (const [k, v] of Object.entries(want)) {
    const got = f[k as keyof Focused];
    if (v instanceof RegExp ? !v.test(String(got)) : got !== v) return false;
  }
  return true;
}

/**
 * tabTo presses Tab (Shift+Tab with back) until the focused element matches, and returns
 * the stops on the way. It fails after max presses, listing where focus went.
 */
export async function tabTo(
  page: Page,
  want: Partial<Omit<Focused, 'name'>> & { name?: string | RegExp },
  { max = 80, back = false } = {},
): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    stops.push(f);
    if (matches(f, want)) return stops;
  }
  throw new Error(`no focus stop matched ${String(want.name ?? JSON.stringify(want))} in ${max} presses: ${stops.map((s) => `${s.role}:${s.name.slice(0, 30)}`).join(' | ')}`);
}

/** The focus ring of the focused element against the surface it is drawn on. */
export interface Ring {
  name: string;
  style: string;
  width: number;
  ring: string;
  surface: string;
  ratio: number;
}

/**
 * ringContrast reads the focused element's outline (or that of the nearest ancestor drawing
 * the ring, as the country search's box does for its input) and the colour of the surface
 * under the ring: the first ancestors' background colours, composited over white. A ring
 * with a negative offset is drawn on the element's own background.
 */
export function ringContrast(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m?.[1]) return [0, 0, 0, 0];
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    };
    let ringEl: HTMLElement = el;
    let cs = getComputedStyle(el);
    for (let i = 0; i < 4 && (cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0) && ringEl.parentElement; i++) {
      ringEl = ringEl.parentElement;
      cs = getComputedStyle(ringEl);
    }
    const offset = parseFloat(cs.outlineOffset) || 0;
    // Background layers from the surface up, composited bottom-up over white.
    const layers: [number, number, number, number][] = [];
    for (let n: HTMLElement | null = offset < 0 ? ringEl : ringEl.parentElement; n; n = n.parentElement) {
      const bg = parse(getComputedStyle(n).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let surface: [number, number, number] = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) surface = [r * a + surface[0] * (1 - a), g * a + surface[1] * (1 - a), b * a + surface[2] * (1 - a)];
    const ringRGBA = parse(cs.outlineColor);
    const ring: [number, number, number] = [
      ringRGBA[0] * ringRGBA[3] + surface[0] * (1 - ringRGBA[3]),
      ringRGBA[1] * ringRGBA[3] + surface[1] * (1 - ringRGBA[3]),
      ringRGBA[2] * ringRGBA[3] + surface[2] * (1 - ringRGBA[3]),
    ];
    const lum = ([r, g, b]: [number, number, number]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const [hi, lo] = [lum(ring), lum(surface)].sort((a, b) => b - a) as [number, number];
    const rgb = (c: [number, number, number]) => `rgb(${c.map(Math.round).join(', ')})`;
    return {
      name: (el.getAttribute('aria-label') || el.textContent || el.id || el.tagName).replace(/\s+/g, ' ').trim().slice(0, 40),
      style: cs.outlineStyle,
      width: parseFloat(cs.outlineWidth),
      ring: rgb(ring),
      surface: rgb(surface),
      ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100,
    };
  });
}

/**
 * tabThroughRings presses Tab through the page (at most max stops, until focus comes back
 * round) and returns the ring of every stop.
 */
export async function tabThroughRings(page: Page, max = 120): Promise<Ring[]> {
  const rings: Ring[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      // A stable identity for "been here": the element's path in the tree.
      const path: number[] = [];
      for (let n: Element | null = el; n?.parentElement; n = n.parentElement) path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
      return path.join('.');
    });
    if (key === 'body') continue;
    if (seen.has(key)) break;
    seen.add(key);
    const r = await ringContrast(page);
    if (r) rings.push(r);
  }
  return rings;
}

/** setDefaultFontSize sets the browser's default text size (32 = 200% text, WCAG 1.4.4). */
export async function setDefaultFontSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round(px * 0.8125) } });
}

/** horizontalOverflow: how many CSS pixels the page is wider than its viewport. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * recordLiveRegions makes every page of the context record its live regions (aria-live,
 * role status or alert): texts that appeared inside a region already on the page
 * (announced), and regions inserted with their text already in them (often not announced).
 */
export async function recordLiveRegions(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sel = '[aria-live], [role="status"], [role="alert"]';
    const seen = new WeakSet<Element>();
    const log = { changed: [] as string[], insertedWithText: [] as string[] };
    (window as unknown as { __live: typeof log }).__live = log;
    const scan = (n: Node) => {
      if (!(n instanceof Element)) return;
      for (const r of [...(n.matches(sel) ? [n] : []), ...Array.from(n.querySelectorAll(sel))]) {
        if (seen.has(r)) continue;
        seen.add(r);
        const t = r.textContent?.trim() ?? '';
        if (t) log.insertedWithText.push(t);
      }
    };
    new MutationObserver((records) => {
      for (const rec of records) {
        const target = rec.target instanceof Element ? rec.target : rec.target.parentElement;
        const region = target?.closest(sel);
        if (region && seen.has(region)) {
          const t = region.textContent?.trim() ?? '';
          if (t && log.changed[log.changed.length - 1] !== t) log.changed.push(t);
        }
        rec.addedNodes.forEach(scan);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * expectAnnounced waits until a live region that was on the page before said text: the
 * text changed inside an existing region, it did not arrive with a new region.
 */
export async function expectAnnounced(page: Page, text: RegExp): Promise<void> {
  const read = () => page.evaluate(() => (window as unknown as { __live: { changed: string[]; insertedWithText: string[] } }).__live);
  await expect.poll(async () => (await read()).changed.some((t) => text.test(t)), { timeout: 10_000, message: `announced ${String(text)}` }).toBe(true);
  expect((await read()).insertedWithText.filter((t) => text.test(t))).toEqual([]);
}

/** signIn stores a customer's session in the page's origin, as the code login would. */
export async function signIn(page: Page, c: Customer): Promise<void> {
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('isGuest', 'false');
  }, c);
}
