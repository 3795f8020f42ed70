import { act, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HYDRATED_EVENT, replayBeforeHydration } from './replayBeforeHydration';

/** A page with what a visitor can use before hydration: a field, a select, a button, a form. */
function Page({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  const [lang, setLang] = useState('en');
  const [presses, setPresses] = useState(0);
  // The text the app knew of when the field was tapped: a tap comes before the typing.
  const [tapped, setTapped] = useState('-');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(text);
  };
  return (
    <form onSubmit={submit}>
      <label>
        Search <input value={text} onChange={(e) => setText(e.target.value)} onClick={() => setTapped(`[${text}]`)} />
      </label>
      <select aria-label="Language" value={lang} onChange={(e) => setLang(e.target.value)}>
        <option value="en">English</option>
        <option value="ar">Arabic</option>
      </select>
      <button type="button" onClick={() => setPresses((n) => n + 1)}>
        Press
      </button>
      <output data-testid="state">{`${text}|${lang}|${presses}|${tapped}`}</output>
    </form>
  );
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('replayBeforeHydration', () => {
  it('hands what the visitor did before hydration to the app', async () => {
    const onSubmit = vi.fn();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page onSubmit={onSubmit} />);
    document.body.append(root);
    // Before the app: the visitor taps the field (noted by the boot script) and types, picks
    // Arabic, presses the button (held back by the boot script, which marks it) and sends the
    // form (held back too).
    const field = root.querySelector('input') as HTMLInputElement;
    field.setAttribute('data-hydration-click', '');
    field.value = 'turk';
    const select = root.querySelector('select') as HTMLSelectElement;
    select.value = 'ar';
    select.setAttribute('data-hydration-value', 'ar');
    root.querySelector('button')?.setAttribute('data-hydration-click', '');
    root.querySelector('form')?.setAttribute('data-hydration-submit', '');
    const hydrated = vi.fn();
    document.addEventListener(HYDRATED_EVENT, hydrated);

    await act(async () => {
      hydrateRoot(root, <Page onSubmit={onSubmit} />);
    });
    const state = () => root.querySelector('output')?.textContent;
    // Hydrated, the app knows nothing of it yet.
    expect(state()).toBe('|en|0|-');

    await act(() => replayBeforeHydration(root));
    expect(state()).toBe('turk|ar|1|[]');
    expect(field.value).toBe('turk');
    expect(onSubmit).toHaveBeenCalledWith('turk');
    expect(select.value).toBe('ar');
    expect(root.querySelector('[data-hydration-click], [data-hydration-submit], [data-hydration-value]')).toBeNull();
    expect(hydrated).toHaveBeenCalledOnce();
    document.removeEventListener(HYDRATED_EVENT, hydrated);
  });

  it('does nothing on a page nobody touched', async () => {
    const onSubmit = vi.fn();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page onSubmit={onSubmit} />);
    document.body.append(root);
    await act(async () => {
      hydrateRoot(root, <Page onSubmit={onSubmit} />);
    });
    await act(() => replayBeforeHydration(root));
    expect(root.querySelector('output')?.textContent).toBe('|en|0|-');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
