import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/shared/i18n/locales';
import { AppProviders } from '@/test/AppProviders';
import { CountrySelect, MENU, placementFor, type CountryOption } from './CountrySelect';

const countries = [
  { isoCode: 'TR', name: 'Turkey' },
  { isoCode: 'FR', name: 'France' },
  { isoCode: 'TN', name: 'Tunisia' },
];

function Picker({ list = countries, loading = false }: { list?: typeof countries; loading?: boolean }) {
  const [value, setValue] = useState<readonly CountryOption[]>([]);
  return (
    <>
      <label htmlFor="country">Country</label>
      <CountrySelect countries={list} loading={loading} value={value} onChange={setValue} inputId="country" />
      <output data-testid="value">{value.map((v) => v.value).join(',')}</output>
    </>
  );
}

function renderPicker(locale: Locale = 'en', props: Parameters<typeof Picker>[0] = {}) {
  render(
    <AppProviders locale={locale}>
      <Picker {...props} />
    </AppProviders>,
  );
  return userEvent.setup();
}

// The live region is a screen reader's only news of what the combobox did.
const liveText = () => [...document.querySelectorAll('[aria-live]')].map((n) => n.textContent).join(' ');
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);
const chosen = () => screen.getByTestId('value').textContent;

const cases: { locale: Locale; query: string; results: string; label: string; picked: string; removed: string }[] = [
  { locale: 'en', query: 'tu', results: '2 results available for search term tu.', label: 'Turkey', picked: 'option Turkey, selected.', removed: 'option Turkey, deselected.' },
  { locale: 'fr', query: 'tu', results: '2 résultats disponibles pour «\u202ftu\u202f».', label: 'Turquie', picked: 'Turquie ajouté.', removed: 'Turquie retiré.' },
  { locale: 'ar', query: 'تو', results: 'نتيجة واحدة متاحة لعبارة البحث «تو».', label: 'تونس', picked: 'تمت إضافة تونس.', removed: 'تمت إزالة تونس.' },
];

describe('CountrySelect', () => {
  it('is a combobox named by its label, controlling a listbox', async () => {
    const user = renderPicker();
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(optionNames()).toEqual(['Turkey', 'France', 'Tunisia']);
    // The first option is the active one, so Enter picks it.
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
  });

  it('picks with Enter, closes, empties the text and leaves the pick out of the menu', async () => {
    const user = renderPicker();
    const input = screen.getByRole('combobox');
    await user.type(input, 'fra');
    expect(optionNames()).toEqual(['France']);
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('FR');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual(['Turkey', 'Tunisia']);
  });

  it('picks with a click', async () => {
    const user = renderPicker();
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Tunisia' }));
    expect(chosen()).toBe('TN');
  });

  it('moves with arrows, Home and End, and PageDown by the spec page size', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ isoCode: `C${i}`, name: `Country ${String(i).padStart(2, '0')}` }));
    const user = renderPicker('en', { list: many });
    const input = screen.getByRole('combobox');
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    await user.click(input);
    expect(active()).toBe('Country 00');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Country 01');
    await user.keyboard('{PageDown}');
    expect(active()).toBe(`Country 0${1 + MENU.pageSize}`);
    await user.keyboard('{End}');
    // Only a window of rows is rendered, but the active one always is.
    expect(active()).toBe('Country 29');
    expect(screen.getAllByRole('option').length).toBeLessThan(many.length);
    expect(screen.getByRole('option', { name: 'Country 29' })).toHaveAttribute('aria-posinset', '30');
    await user.keyboard('{PageUp}');
    expect(active()).toBe(`Country ${29 - MENU.pageSize}`);
    await user.keyboard('{Home}');
    expect(active()).toBe('Country 00');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('C0');
  });

  it('removes with the chip, with Backspace in the empty field, and Escape closes without picking', async () => {
    const user = renderPicker();
    const input = screen.getByRole('combobox');
    await user.type(input, 'tur{Enter}');
    await user.type(input, 'fran{Enter}');
    expect(chosen()).toBe('TR,FR');
    await user.click(screen.getByRole('button', { name: 'Remove Turkey' }));
    expect(chosen()).toBe('FR');
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Backspace}');
    expect(chosen()).toBe('');
  });

  it('leaving the field picks nothing', async () => {
    const user = renderPicker();
    await user.type(screen.getByRole('combobox'), 'tur');
    await user.tab();
    expect(chosen()).toBe('');
    expect(screen.getByRole('combobox')).toHaveValue('');
  });

  it.each([
    { name: 'No options', props: { list: [] } },
    { name: 'Loading...', props: { list: [], loading: true } },
  ])("says '$name' instead of an empty listbox", async ({ name, props }) => {
    const user = renderPicker('en', props);
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByText(name)).toBeVisible();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it.each(cases)('says the results, a pick and a removal in $locale', async ({ locale, query, results, label, picked, removed }) => {
    const user = renderPicker(locale);
    const input = screen.getByRole('combobox');
    await user.type(input, query);
    expect(liveText()).toContain(results);
    await user.clear(input);
    await user.type(input, label);
    await user.keyboard('{Enter}');
    expect(liveText()).toContain(picked);
    const remove = screen.getAllByRole('button').find((b) => b.getAttribute('aria-label')?.includes(label));
    if (!remove) throw new Error(`no remove button for ${label}`);
    await user.click(remove);
    expect(liveText()).toContain(removed);
  });

  it('in Arabic, Right (the start side) reaches the chosen countries', async () => {
    const user = renderPicker('ar');
    const input = screen.getByRole('combobox');
    await user.type(input, 'تونس{Enter}');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('إزالة تونس');
  });
});

describe('placementFor (spec section 9: menu height 300 at most, 140 at least)', () => {
  it.each([
    { below: 600, above: 0, want: { above: false, limit: 300 } },
    { below: 300, above: 0, want: { above: false, limit: 300 } },
    { below: 200, above: 900, want: { above: false, limit: 200 } },
    { below: 140, above: 900, want: { above: false, limit: 140 } },
    // Not even 140 below: above when there is more room there, else 140 below (the page scrolls).
    { below: 100, above: 500, want: { above: true, limit: 300 } },
    { below: 100, above: 120, want: { above: true, limit: 140 } },
    { below: 100, above: 60, want: { above: false, limit: 140 } },
  ])('$below px below, $above px above', ({ below, above, want }) => {
    expect(placementFor(below, above)).toEqual(want);
  });
});
