import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { AriaOnChangeProps, GroupBase } from 'react-select';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n } from '@/shared/i18n/i18n';
import type { Locale } from '@/shared/i18n/locales';
import { AppProviders } from '@/shared/testing/AppProviders';
import { CountrySelect, type CountryOption } from './CountrySelect';
import { selectAnnouncements } from './selectAnnouncements';

const countries = [
  { isoCode: 'TR', name: 'Turkey' },
  { isoCode: 'FR', name: 'France' },
  { isoCode: 'TN', name: 'Tunisia' },
];

function Picker() {
  const [value, setValue] = useState<readonly CountryOption[]>([]);
  return <CountrySelect countries={countries} loading={false} value={value} onChange={setValue} inputId="country" />;
}

// react-select's live region is a screen reader's only news of what the combobox did.
const liveText = () => [...document.querySelectorAll('[aria-live]')].map((n) => n.textContent).join(' ');

const cases: { locale: Locale; query: string; results: string; label: string; picked: string; removed: string }[] = [
  { locale: 'en', query: 'tu', results: '2 results available for search term tu.', label: 'Turkey', picked: 'option Turkey, selected.', removed: 'option Turkey, deselected.' },
  { locale: 'fr', query: 'tu', results: '2 résultats disponibles pour « tu ».', label: 'Turquie', picked: 'Turquie ajouté.', removed: 'Turquie retiré.' },
  { locale: 'ar', query: 'تو', results: 'نتيجة واحدة متاحة لعبارة البحث «تو».', label: 'تونس', picked: 'تمت إضافة تونس.', removed: 'تمت إزالة تونس.' },
];

describe('CountrySelect announcements', () => {
  it.each(cases)('says the results of a search in $locale', async ({ locale, query, results }) => {
    render(
      <AppProviders locale={locale}>
        <Picker />
      </AppProviders>,
    );
    await userEvent.setup().type(screen.getByRole('combobox'), query);
    expect(liveText()).toContain(results);
  });

  // A pick is announced while the input keeps focus (jsdom counts as a touch device, where
  // react-select blurs after a pick, so the messages are checked on their own).
  it.each(cases)('says a pick and a removal in $locale', ({ locale, label, picked, removed }) => {
    const t = createI18n({ locale, namespaces: NAMESPACES }).getFixedT(locale, 'plans') as TFunction<'plans'>;
    const { ariaLiveMessages } = selectAnnouncements<CountryOption, GroupBase<CountryOption>>(t);
    const change = (action: string) => ariaLiveMessages.onChange?.({ action, label, labels: [label], isDisabled: false } as unknown as AriaOnChangeProps<CountryOption, true>);
    expect(change('select-option')).toBe(picked);
    expect(change('remove-value')).toBe(removed);
    expect(change('pop-value')).toBe(removed);
  });
});
