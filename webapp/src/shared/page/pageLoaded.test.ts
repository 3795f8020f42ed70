import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoaded } from './pageLoaded';

describe('pageLoaded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('resolves at once on a loaded page', async () => {
    await expect(pageLoaded()).resolves.toBeUndefined();
  });

  it('waits for the load event while the page loads', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    let done = false;
    const p = pageLoaded().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    window.dispatchEvent(new Event('load'));
    await p;
    expect(done).toBe(true);
  });
});
