import { diff } from '@blazediff/core';
import { describe, expect, it } from 'vitest';
import { VISUAL_TOLERANCE } from './visualTolerance';

// The comparison toMatchScreenshot makes (vitest's pixelmatch comparator is @blazediff/core's
// diff with these options), on a 320 × 200 white page holding a 200 × 60 card.
type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;

function page(card: Rgb): Uint8Array {
  const width = 320;
  const data = new Uint8Array(width * 200 * 4).fill(255);
  for (let y = 70; y < 130; y++) {
    for (let x = 60; x < 260; x++) data.set([...card, 255], (y * width + x) * 4);
  }
  return data;
}

function mismatched(before: string, after: string): number {
  const { allowedMismatchedPixels: _, ...options } = VISUAL_TOLERANCE;
  return diff(page(hex(before)), page(hex(after)), undefined, 320, 200, options);
}

describe('visual tolerance', () => {
  it('fails a baseline whose component background changed colour', () => {
    // The case of issue 26: a surface (#f3f6f5) turned amber (#fde68a), 12,000 pixels.
    expect(mismatched('#f3f6f5', '#fde68a')).toBeGreaterThan(VISUAL_TOLERANCE.allowedMismatchedPixels);
  });

  it('passes an identical rendering and a colour rounding step', () => {
    expect(mismatched('#f3f6f5', '#f3f6f5')).toBe(0);
    expect(mismatched('#f3f6f5', '#f4f6f5')).toBe(0);
  });
});
