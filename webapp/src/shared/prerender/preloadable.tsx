import { lazy, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts the download (once; a failure is tried again by the next call) and resolves to the component. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * preloadable is React.lazy that renders its component directly once preload() has fetched
 * it. A prerendered page must hydrate in one pass (docs/performance.md): a lazy component
 * suspends at least once, even when its module is there already, and the update that follows
 * hydration (the date, the session) would then reach the still-waiting part and render it
 * again, discarding its prerendered markup. main.tsx preloads what the page shows first.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function PreloadableComponent(props: P) {
    // Either way the same component ends up at this place in the tree (lazy resolves to it).
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
