// Imported first by preview.tsx, so it runs before any story module touches storage.
import { IDBFactory } from 'fake-indexeddb';
import { memoryStorage } from '../src/shared/api/memoryStorage';

/**
 * A story in a docs page's frame (StoryFrame.tsx) runs as it would alone in a fresh browser:
 * - its own localStorage, sessionStorage and IndexedDB, in memory, so the frames of one page
 *   (one origin) do not see each other's saved install kit, usage readings or locale;
 * - focusing an element (a play function's clicks) scrolls only inside the frame, never the
 *   docs page, so the reader is not carried down the page while the stories play.
 * - once its story has played, the frame keeps what the play left open, as the story's own tab
 *   would: the next frame's play function takes the keyboard, and this document's focused
 *   element gets a focusout with no target, which would close a menu the play opened
 *   (AccountMenu). Chromium reports it with document.hasFocus() still true, so the frame cannot
 *   tell it from focus leaving for nowhere; after the play, no focus moves but the reader's.
 * Outside a docs frame (the canvas, the story tests) nothing changes.
 */
export function isolateDocsFrame(win: Window & typeof globalThis = window): boolean {
  let inDocsFrame = false;
  try {
    inDocsFrame = win.frameElement?.closest('[data-story-frame]') != null;
  } catch {
    // A parent on another origin is not a docs page of this Storybook.
  }
  if (!inDocsFrame) return false;
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(win, name, { value: memoryStorage(), configurable: true });
  }
  Object.defineProperty(win, 'indexedDB', { value: new IDBFactory(), configurable: true });
  const proto = win.HTMLElement.prototype;
  const focus = proto.focus;
  proto.focus = function (this: HTMLElement, options?: FocusOptions) {
    focus.call(this, { preventScroll: true, ...options });
  };
  win.addEventListener(
    'focusout',
    (e) => {
      const phase = (win as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__?.currentRender?.phase;
      if (e.relatedTarget === null && phase === 'finished') e.stopImmediatePropagation();
    },
    true,
  );
  return true;
}

isolateDocsFrame();
