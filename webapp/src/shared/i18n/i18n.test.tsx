import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/test/AppProviders';
import { createI18n } from './i18n';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LOCALE_STORAGE_KEY } from './locales';

function Probe() {
  const { t } = useTranslation('shared');
  return <p>{t('language')}</p>;
}

describe('createI18n', () => {
  it('starts synchronously in the given locale and keeps <html lang dir> in sync', async () => {
    const i18n = createI18n({ locale: 'ar', document });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('shared:language')).toBe('اللغة');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await act(() => i18n.changeLanguage('fr'));
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('shared:language')).toBe('Langue');
  });

  it('falls back to English for a text missing in the locale', () => {
    const i18n = createI18n({ locale: 'fr' });
    i18n.addResource('en', 'shared', 'onlyInEnglish', 'Only in English');
    expect(i18n.t('shared:onlyInEnglish' as 'shared:language')).toBe('Only in English');
  });
});

describe('AppProviders locale', () => {
  it('renders the given locale on the first render', () => {
    render(
      <AppProviders locale="fr">
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText('Langue')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('LanguageSwitcher', () => {
  it('names each language in itself, switches, remembers and flips the direction', async () => {
    render(
      <AppProviders locale="en">
        <LanguageSwitcher />
        <Probe />
      </AppProviders>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'العربية', 'Français']);
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    await userEvent.selectOptions(select, 'ar');
    expect(await screen.findByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
  });

  it('a ?lang= in the address follows the choice', async () => {
    render(
      <AppProviders locale="fr" url="/plans?lang=fr" path="/plans">
        <LanguageSwitcher />
      </AppProviders>,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'en');
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});
