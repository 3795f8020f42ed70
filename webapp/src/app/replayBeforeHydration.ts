import { HYDRATED_EVENT, isTextField } from './hydrationHold';

export { HYDRATED_EVENT };

type Typed = { field: HTMLInputElement | HTMLTextAreaElement; text: string };

/**
 * replayBeforeHydration repeats, once the app has taken a prerendered page over, what the
 * visitor did with it before (docs/performance.md, "Prerendered first screen"): a tap in a
 * text field reaches the app (the country search opens its list), text typed into a field
 * reaches the app's state, a choice made in a select too, and the buttons pressed and forms
 * sent, which the boot script held back (boot.ts), happen now. It also
 * tells the boot script to stop holding them.
 *
 * Called in the first commit (App's layout effect), it reads the typed text at once (the
 * next render of a field writes its state over it) and repeats everything in the next task,
 * outside React's commit, as the visitor's own events would have come.
 */
export function replayBeforeHydration(root: HTMLElement, doc: Document = document): Promise<void> {
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (!isTextField(field)) continue;
    if (field.value !== field.defaultValue) typed.push({ field, text: field.value });
  }
  const chosen = [...root.querySelectorAll<HTMLSelectElement>('select[data-hydration-value]')].map((select) => {
    const value = select.getAttribute('data-hydration-value') ?? '';
    select.removeAttribute('data-hydration-value');
    return { select, value };
  });
  const clicked = [...root.querySelectorAll<HTMLElement>('[data-hydration-click]')];
  // Fields tapped come first (a tap, then the typing), buttons after what was typed and chosen.
  const tapped = clicked.filter(isTextField);
  const pressed = clicked.filter((el) => !isTextField(el));
  const sent = [...root.querySelectorAll<HTMLFormElement>('form[data-hydration-submit]')];
  for (const el of [...clicked, ...sent]) el.removeAttribute(el instanceof HTMLFormElement ? 'data-hydration-submit' : 'data-hydration-click');
  if (typed.length + chosen.length + clicked.length + sent.length === 0) return Promise.resolve();
  return new Promise((resolve) =>
    setTimeout(() => {
      for (const el of tapped) if (el.isConnected) el.click();
      for (const { field, text } of typed) {
        if (!field.isConnected) continue;
        // React keeps each field's last known value: set the rendered one through the element,
        // which React sees, then the typed text through the prototype's setter, which it does
        // not, so the input event is a change to that text.
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      // Hydration sets a select back to its rendered choice: the boot script noted the visitor's.
      for (const { select, value } of chosen) {
        if (!select.isConnected) continue;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
      for (const el of pressed) if (el.isConnected) el.click();
      for (const form of sent) if (form.isConnected) form.requestSubmit();
      resolve();
    }, 0),
  );
}
