// What the boot script (boot.ts) and the app's replay (replayBeforeHydration.ts) agree on.
// boot.ts is built on its own (scripts/build-shop.ts): this module is bundled into it, so it
// imports nothing.

/** The event the app dispatches on the document once a page is hydrated: the boot script stops holding. */
export const HYDRATED_EVENT = 'esim:hydrated';

/** Input types whose text React tracks as the value (not checkboxes, radios, files...). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);

/** isTextField tells a field the visitor types into: a textarea or a text-like input. */
export function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type));
}
