import { DocsContext, Story as InlineStory, useOf, type StoryProps } from '@storybook/addon-docs/blocks';
import { useContext, useEffect, useRef, useState } from 'react';

/**
 * Docs pages show what each story shows alone (docs/storybook.md "Docs pages").
 *
 * Inline, every story of a docs page shares one page: one MSW worker (whose handlers are the
 * last loaded story's), one <html lang dir>, one width, and no play function runs. So a story
 * whose world is more than its args gets its own frame: the preview's iframe.html of that
 * story alone, as the canvas shows it (its own loaders, MSW handlers, locale, viewport and
 * play function). Only a story that is nothing but args (no fixtures, handlers, session,
 * pinned globals or play function: a Playground, a static variant) stays inline, where the
 * Controls table drives it.
 */

type Prepared = ReturnType<typeof useOf<'story'>>['story'];

type ViewportOption = { styles?: { width?: string; height?: string } };

const DESKTOP = { width: '100%', height: 800 };

/** needsOwnFrame tells whether a story renders differently inline than alone. */
export function needsOwnFrame(story: Pick<Prepared, 'parameters' | 'storyGlobals' | 'playFunction'>): boolean {
  const p = story.parameters as { fixtures?: object; handlers?: unknown[]; app?: { locale?: string } };
  const nonEmpty = (o: object | undefined) => o !== undefined && Object.keys(o).length > 0;
  return (
    story.playFunction !== undefined ||
    nonEmpty(p.fixtures) ||
    (p.handlers?.length ?? 0) > 0 ||
    p.app?.locale !== undefined ||
    nonEmpty(story.storyGlobals)
  );
}

/** The frame's size: the story's viewport (its width, its height at most), else the docs column. */
function frameSize(story: Prepared): { width: string; height: number } {
  const viewport = (story.storyGlobals as { viewport?: { value?: string } }).viewport?.value;
  const options = (story.parameters as { viewport?: { options?: Record<string, ViewportOption> } }).viewport?.options ?? {};
  const styles = viewport ? options[viewport]?.styles : undefined;
  if (!styles?.width) return DESKTOP;
  return { width: styles.width, height: Number.parseInt(styles.height ?? '', 10) || DESKTOP.height };
}

/** The URL of a story alone in the preview, with the docs page's locale (a story's own globals still win). */
function storyURL(id: string, locale: unknown): string {
  const [base = 'iframe.html', query] = ((globalThis as { PREVIEW_URL?: string }).PREVIEW_URL ?? 'iframe.html').split('?');
  const params = new URLSearchParams(query);
  params.set('id', id);
  params.set('viewMode', 'story');
  if (typeof locale === 'string') params.set('globals', `locale:${locale}`);
  return `${base}?${params.toString()}`;
}

/** How often a frame looks whether its turn has come, or its story has finished. */
const POLL_MS = 150;
/** A frame whose story has not finished this long after it started no longer holds up the frames below. */
const STUCK_MS = 60_000;
const FINISHED = new Set(['finished', 'errored', 'aborted']);

type PreviewWindow = Window & { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } };

/** hasFinished tells whether the story in a frame has rendered and played (or failed). */
function hasFinished(frame: HTMLIFrameElement): boolean {
  const win = frame.contentWindow as PreviewWindow | null;
  const phase = win?.__STORYBOOK_PREVIEW__?.currentRender?.phase;
  return (phase !== undefined && FINISHED.has(phase)) || frame.contentDocument?.body.classList.contains('sb-show-errordisplay') === true;
}

/**
 * myTurn: every framed block above `block` on the page has played (or started over
 * STUCK_MS ago and is taken as stuck).
 */
function myTurn(block: HTMLElement): boolean {
  for (const other of block.ownerDocument.querySelectorAll<HTMLElement>('[data-story-frame]')) {
    if (other === block) return true;
    if (other.hasAttribute('data-played')) continue;
    const started = Number(other.dataset.startedAt);
    if (!started || Date.now() - started < STUCK_MS) return false;
  }
  return true;
}

/**
 * FramedStory renders one story alone in an iframe that grows with it, up to its viewport's
 * height. Frames start one after another, top to bottom: play functions of several frames
 * at once would take the keyboard focus from each other, and a typed e-mail would land half
 * in one frame, half in another.
 */
function FramedStory({ story, primary, locale }: { story: Prepared; primary: boolean; locale: unknown }) {
  const size = frameSize(story);
  const block = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(160);
  const [started, setStarted] = useState(false);
  const [startedAt, setStartedAt] = useState<number>();
  const [played, setPlayed] = useState(false);

  // Wait for the frames above.
  useEffect(() => {
    if (started) return;
    const timer = setInterval(() => {
      if (block.current && myTurn(block.current)) setStarted(true);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [started]);

  // Size the frame to its story, and tell the frames below when it has played.
  useEffect(() => {
    const frame = ref.current;
    if (!started || !frame) return;
    let observer: ResizeObserver | undefined;
    const watch = () => {
      const doc = frame.contentDocument;
      if (!doc?.body) return;
      observer?.disconnect();
      // The story's own height (the root, or Storybook's error display), not the document's,
      // which is never less than the frame and so could only grow.
      const parts = ['#storybook-root', '.sb-errordisplay', '.sb-nopreview'].map((q) => doc.querySelector(q)).filter((e) => e !== null);
      const fit = () => setHeight(Math.min(size.height, Math.max(80, ...parts.map((e) => e.scrollHeight))));
      observer = new ResizeObserver(fit);
      for (const e of [doc.body, ...parts]) observer.observe(e);
      fit();
    };
    frame.addEventListener('load', watch);
    setStartedAt(Date.now());
    const timer = setInterval(() => {
      if (hasFinished(frame)) {
        setPlayed(true);
        clearInterval(timer);
      }
    }, POLL_MS);
    return () => {
      frame.removeEventListener('load', watch);
      observer?.disconnect();
      clearInterval(timer);
    };
  }, [started, size.height]);

  return (
    <div
      ref={block}
      className="sb-story sb-unstyled"
      data-story-block="true"
      data-story-frame={story.id}
      data-primary={primary || undefined}
      data-played={played || undefined}
      data-started-at={startedAt}
      style={{ overflowX: 'auto' }}
    >
      {started ? (
        <iframe ref={ref} title={story.name} src={storyURL(story.id, locale)} style={{ display: 'block', width: size.width, maxWidth: '100%', height, border: 0 }} />
      ) : (
        <p style={{ height, margin: 0, padding: 16, font: '14px sans-serif', color: '#5c6870' }}>Waiting for the stories above to finish playing…</p>
      )}
    </div>
  );
}

/**
 * StoryBlock replaces the docs Story block (parameters.docs.components in preview.tsx), so
 * autodocs pages and the guides' <Canvas of={...}> both get it.
 */
export function StoryBlock(props: StoryProps) {
  const { story } = useOf(('of' in props && props.of) || 'story', ['story']);
  const docs = useContext(DocsContext);
  if (!needsOwnFrame(story)) return <InlineStory {...props} />;
  // The docs page's locale (the toolbar's); a new locale starts the frames again.
  const locale = docs.getStoryContext(story).globals.locale;
  return <FramedStory key={String(locale)} story={story} primary={props.__primary === true} locale={locale} />;
}

