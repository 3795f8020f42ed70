/**
 * The visual baselines' tolerance (vitest's pixelmatch comparator, `toMatchScreenshot`).
 *
 * A pixel differs when its colour moves by more than `threshold` (pixelmatch's YIQ distance,
 * 0 to 1); anti-aliased pixels (font edges) are ignored; a baseline fails when more than
 * `allowedMismatchedPixels` pixels differ. 0.2 was too loose: a card's background changed from
 * #f3f6f5 to #fde68a is a distance of about 0.16, so not one pixel counted. At 0.1 that change
 * fails, while Chromium's identical re-rendering on the same machine stays at 0 pixels; the
 * 100 pixels absorb a stray sub-pixel edge, not a changed area (visualTolerance.test.ts).
 */
export const VISUAL_TOLERANCE = { threshold: 0.1, includeAA: false, allowedMismatchedPixels: 100 } as const;
