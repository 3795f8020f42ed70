import { describe, expect, it } from 'vitest';
import { hasFinished } from '../../.storybook/StoryFrame';

type Frame = Parameters<typeof hasFinished>[0];

describe('docs frames (.storybook/StoryFrame.tsx)', () => {
  it('a frame whose document has no body yet has not finished (no error)', () => {
    const loading = { contentWindow: null, contentDocument: { body: null } } as unknown as Frame;
    expect(hasFinished(loading)).toBe(false);
  });

  it('a frame whose story has played or shows the error display has finished', () => {
    const played = { contentWindow: { __STORYBOOK_PREVIEW__: { currentRender: { phase: 'finished' } } }, contentDocument: null } as unknown as Frame;
    expect(hasFinished(played)).toBe(true);
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.classList.add('sb-show-errordisplay');
    expect(hasFinished({ contentWindow: null, contentDocument: doc } as unknown as Frame)).toBe(true);
  });
});
