import { configure } from 'storybook/test';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { storyLocale } from '../src/test/storybook';
import { VISUAL_TOLERANCE } from '../src/test/visualTolerance';

// Story tests share two cores with everything else in CI: findBy* waits up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Visual baselines: after a story tagged 'visual' (pages and the main components) named
 * Filled, Error or Mobile has passed, the rendered page is compared with its committed
 * screenshot in visual-baselines/. The tolerance (src/test/visualTolerance.ts: pixelmatch
 * threshold 0.1, anti-aliased pixels ignored, at most 100 other pixels different) survives
 * font anti-aliasing but not a changed colour, background, spacing or layout (a component's
 * background from #f3f6f5 to #fde68a fails; visualTolerance.test.ts). Update with
 * `npm run test:visual:update`.
 *
 * Every story runs in en, ar and fr (vite.config.ts); the baselines are English, plus
 * right-to-left ones (`<id>-ar`) of the stories tagged 'visual-rtl' in Arabic. French adds no
 * baselines: its layout is the English one with longer words, which the play functions cover.
 */
const VISUAL_STATES = new Set(['filled', 'error', 'mobile']);

type StoryContext = {
  story?: { id: string; tags: string[]; parameters: Record<string, unknown>; globals: Record<string, unknown> };
};

/** The baseline a passed story is compared with, or null when it has none. */
function baselineOf(story: NonNullable<StoryContext['story']>): string | null {
  // The story id ends in its export name: plans-planspage--filled.
  if (!VISUAL_STATES.has(story.id.split('--')[1] ?? '')) return null;
  const locale = storyLocale(story);
  // A story pinned to a locale renders it in every run; it is compared in that locale's run only.
  if (locale !== (story.globals.locale ?? 'en')) return null;
  if (locale === 'en' && story.tags.includes('visual')) return story.id;
  if (locale === 'ar' && story.tags.includes('visual-rtl')) return `${story.id}-ar`;
  return null;
}

/**
 * visualFailure says which baseline differs, where the diff is, and the one-file command that
 * updates the file's baselines when the change is intended.
 */
export function visualFailure(name: string, file: string): string {
  // Vitest's file names collapse the id's '--' (layout-header--filled: layout-header-filled-…png).
  const base = name.replace(/-{2,}/g, '-');
  return [
    `The story no longer looks like visual-baselines/${base}-chromium-linux.png (how much differs: the cause below).`,
    `What it looks like now and the difference: .vitest-attachments/visual-diffs/${base}-{actual,diff}-chromium-linux.png.`,
    `If the change is intended, update this file's baselines, review them and commit the PNGs:`,
    `  npx vitest run ${file} --project storybook --update=all`,
  ].join('\n');
}

afterEach(async (ctx) => {
  const story = (ctx as unknown as StoryContext).story;
  if (!story) return;
  // The run's locale reached the story (the instance is named `storybook (<locale>)`), and the
  // page shows the story's language and direction.
  const run = /\((en|ar|fr)\)$/.exec(ctx.task.file.projectName ?? '')?.[1];
  if (run) expect(story.globals.locale, 'the locale global of this run').toBe(run);
  const locale = storyLocale(story);
  expect(document.documentElement).toHaveAttribute('lang', locale);
  expect(document.documentElement).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  const name = baselineOf(story);
  if (!name || ctx.task.result?.state === 'fail') return;
  // The test frame paints only its viewport: a shot of a taller page was blank below it (the
  // plans page's areas, the setup guide's steps, the profile's second card), so it compared
  // white with white. A tall page is shot at viewport size: what a visitor sees on arrival,
  // all of it drawn. `contain: paint` clips without moving the page's overflow to the
  // viewport (as `overflow` on body would). Below the fold is the plays' to check.
  const clamp = document.body.getBoundingClientRect().height > window.innerHeight;
  const before = document.body.getAttribute('style');
  if (clamp) {
    window.scrollTo(0, 0);
    document.body.style.maxHeight = `${window.innerHeight}px`;
    document.body.style.contain = 'paint';
  }
  try {
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name, {
      comparatorName: 'pixelmatch',
      comparatorOptions: VISUAL_TOLERANCE,
    });
  } catch (err) {
    // Vitest says only "Matcher did not succeed in time": say what differs and what to run.
    throw new Error(visualFailure(name, ctx.task.file.name), { cause: err });
  } finally {
    if (clamp) {
      if (before === null) document.body.removeAttribute('style');
      else document.body.setAttribute('style', before);
    }
  }
});
