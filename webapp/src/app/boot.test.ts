import { afterAll, describe, expect, it, vi } from 'vitest';
import { HYDRATED_EVENT } from './hydrationHold';

// The boot script listens on the document from its import on; its "start" finds no app to
// import here (no <meta name="esim:app">).
await import('./boot');

/** A page as prerendered, with a listener on its root where React would listen once hydrated. */
function page() {
  const root = document.createElement('div');
  root.innerHTML = `
    <header><button type="button" aria-expanded="false">Menu</button></header>
    <form><input aria-label="Where are you travelling?"><input type="checkbox" aria-label="Agree">
      <select aria-label="Language"><option value="en">English</option><option value="ar">Arabic</option></select>
      <button type="submit">Send</button></form>
    <a href="/faq"><span role="button">FAQ</span></a>`;
  document.body.append(root);
  const reached = vi.fn();
  for (const type of ['click', 'change', 'submit']) root.addEventListener(type, (e) => reached(e.type, (e.target as Element).tagName));
  return { root, reached };
}

afterAll(() => document.body.replaceChildren());

describe('the boot script before hydration', () => {
  it('holds a button press back, marked, and keeps it from the app', () => {
    const { root, reached } = page();
    const menu = root.querySelector('header button') as HTMLButtonElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(menu.hasAttribute('data-hydration-click')).toBe(true);
    // A frame React has hydrated already would otherwise open the menu now and the replay
    // close it again.
    expect(reached).not.toHaveBeenCalled();
  });

  it('lets a tap in a text field focus it, noted for the replay and kept from the app', () => {
    const { root, reached } = page();
    const field = root.querySelector('input') as HTMLInputElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    field.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(field.hasAttribute('data-hydration-click')).toBe(true);
    expect(reached).not.toHaveBeenCalled();
  });

  it('leaves a checkbox and a link alone', () => {
    const { root, reached } = page();
    const box = root.querySelector('input[type="checkbox"]') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(true);
    expect(box.hasAttribute('data-hydration-click')).toBe(false);
    const inLink = root.querySelector('a span') as HTMLElement;
    inLink.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(inLink.hasAttribute('data-hydration-click')).toBe(false);
    expect(reached.mock.calls.map(([type, tag]) => `${type} ${tag}`)).toEqual(['click INPUT', 'change INPUT', 'click SPAN']);
  });

  it('notes a choice in a select and holds a form back, neither reaching the app', () => {
    const { root, reached } = page();
    const select = root.querySelector('select') as HTMLSelectElement;
    select.value = 'ar';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(select.getAttribute('data-hydration-value')).toBe('ar');
    const form = root.querySelector('form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-hydration-submit')).toBe(true);
    expect(reached).not.toHaveBeenCalled();
  });

  it('stops holding once the app says the page is hydrated', () => {
    document.dispatchEvent(new Event(HYDRATED_EVENT));
    const { root, reached } = page();
    const menu = root.querySelector('header button') as HTMLButtonElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(menu.hasAttribute('data-hydration-click')).toBe(false);
    expect(reached).toHaveBeenCalledWith('click', 'BUTTON');
  });
});
