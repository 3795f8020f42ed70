import { createContext, use } from 'react';

/**
 * The head a prerendered page asks for: pages set their title (and the home page its
 * description) in effects, which do not run at build time; while prerendering, PageTitle and
 * HomeHead write them here instead, and the build puts them in the page's <head>.
 */
export type PrerenderedHead = { title?: string; description?: string };

/** Takes the fields a page sets; provided only while prerendering. */
export type CollectHead = (fields: PrerenderedHead) => void;

export const PrerenderHeadContext = createContext<CollectHead | null>(null);

/** usePrerenderHead is where to leave the page's head while prerendering, null otherwise. */
export const usePrerenderHead = (): CollectHead | null => use(PrerenderHeadContext);
