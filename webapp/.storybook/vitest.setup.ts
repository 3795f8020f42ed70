import { configure } from 'storybook/test';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

// Story tests share two cores with everything else in CI: findBy* waits up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Visual baselines: after a story tagged 'visual' (pages and the main components) named
 * Filled, Error or Mobile has passed, the rendered page is compared with its committed
 * screenshot in visual-baselines/. The tolerance survives font anti-aliasing (pixelmatch
 * threshold 0.2, anti-aliased pixels ignored, at most 100 other pixels different) but not a
 * changed colour, spacing or layout (a price in another colour is about 900 pixels). Update with `npm run test:visual:update`.
 */
const VISUAL_STATES = new Set(['filled', 'error', 'mobile']);

type StoryContext = { story?: { id: string; tags: string[] } };

afterEach(async (ctx) => {
  const story = (ctx as unknown as StoryContext).story;
  // The story id ends in its export name: plans-planspage--filled.
  if (!story || !story.tags.includes('visual') || !VISUAL_STATES.has(story.id.split('--')[1] ?? '')) return;
  if (ctx.task.result?.state === 'fail') return;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(story.id, {
    comparatorName: 'pixelmatch',
    comparatorOptions: { threshold: 0.2, includeAA: false, allowedMismatchedPixels: 100 },
  });
});
