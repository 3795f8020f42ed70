import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_BASES } from '@/mocks/har';
import { dirOf, LOCALE_NAMES, LOCALE_STORAGE_KEY, type Locale } from '@/shared/i18n/locales';
import { pinLocale, shopParameters, storyLocale } from '@/test/storybook';
import { containing, storyText } from '@/test/storyText';
import { Header } from './Layout';

// A fixed clock: the date line is part of what the stories show.
const NOW = new Date('2026-11-22T10:00:00Z');
const meta = {
  title: 'layout/Header',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual', 'visual-rtl'],
  component: Header,
  args: { now: NOW },
  parameters: shopParameters({ app: { path: '*', url: '/' }, fixtures: { 'getCurrentUser': 'success' } }),
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The date line of NOW in Beirut per locale, written out: Latin digits in every locale, the
 * Levantine month names in Arabic (the formatter must give these, not a copy of itself).
 */
const DATE_LINE: Record<Locale, RegExp> = {
  en: /^Sunday, November 22, 2026$/,
  ar: /^الأحد، 22 تشرين الثاني 2026$/,
  fr: /^dimanche 22 novembre 2026$/,
};

/** A visitor's header. */
export const Empty: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'layout');
    await expect(c.getByText(DATE_LINE[storyLocale(ctx)])).toBeVisible();
    await expect(c.getByRole('link', { name: t('myAccount') })).toHaveAttribute('href', '/login');
    await expect(c.getByRole('link', { name: t('buyNow') })).toHaveAttribute('href', '/plans');
    for (const key of ['navPlans', 'navSetupGuide', 'navFaq', 'navContact'] as const) await expect(c.getByRole('link', { name: t(key) })).toBeVisible();
  },
};

/** A customer's header with the account menu open. */
export const Filled: Story = {
  parameters: shopParameters({ app: { session: 'customer' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'layout');
    const button = await c.findByRole('button', { name: /Rana Haddad/ });
    await userEvent.click(button);
    await expect(c.getByText('rana.haddad@example.com')).toBeVisible();
    await expect(c.getByRole('link', { name: t('myEsims') })).toHaveAttribute('href', '/profile');
    await expect(c.getByRole('link', { name: t('buyNewEsim') })).toHaveAttribute('href', '/plans');
    await expect(c.getByRole('link', { name: t('logout') })).toHaveAttribute('href', '/login');
  },
};

export const NameMissing: Story = {
  parameters: shopParameters({
    app: { session: 'customer' },
    handlers: [
      http.get(`${FIXTURE_BASES.api}users/actions/get-current-user`, () =>
        HttpResponse.json({ data: { data: { email: 'rana.haddad@example.com', firstName: '', lastName: 'Haddad' } } }),
      ),
    ],
  }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: containing(storyText(ctx, 'layout')('myAccount')) }));
    await expect(await c.findByText('rana.haddad@example.com')).toBeVisible();
  },
};

/** The current-user lookup fails (500 problem+json): ignored, the menu has no name (section 8). */
export const Error: Story = {
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'getCurrentUser': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const name = containing(storyText(ctx, 'layout')('myAccount'));
    await expect(await within(canvasElement).findByRole('button', { name })).toBeVisible();
  },
};

export const FaqActive: Story = {
  parameters: shopParameters({ app: { url: '/faq/esim-trabouleshooting' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const name = storyText(ctx, 'layout')('navFaq');
    await expect(within(canvasElement).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  },
};

export const Mobile: Story = {
  parameters: shopParameters({ app: { session: 'customer' } }),
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'layout');
    const toggle = c.getByRole('button', { name: t('menu') });
    await expect(toggle).toBeVisible();
    await expect(c.queryByRole('link', { name: t('navPlans') })).toBeNull();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(c.getByRole('link', { name: t('navPlans') })).toBeVisible();
    await expect(await c.findByRole('button', { name: /Rana Haddad/ })).toBeVisible();
  },
};

/**
 * The switcher in the top bar: picking another language re-renders the header in it and turns
 * the page's direction (Arabic right to left); picking the first one again turns it back.
 * The choice is remembered for the next visit (localStorage).
 */
export const SwitchLanguage: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const from = storyLocale(ctx);
    const to: Locale = from === 'ar' ? 'fr' : 'ar';
    const switcher = c.getByRole('combobox', { name: storyText(ctx, 'shared')('language') });
    await expect(switcher).toHaveValue(from);
    try {
      await userEvent.selectOptions(switcher, LOCALE_NAMES[to]);
      const there = storyText({ parameters: {}, globals: { locale: to } }, 'layout');
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', to));
      await expect(document.documentElement).toHaveAttribute('dir', dirOf(to));
      await expect(await c.findByRole('link', { name: there('navPlans') })).toBeVisible();
      await expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe(to);
      await userEvent.selectOptions(switcher, LOCALE_NAMES[from]);
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', from));
      await expect(document.documentElement).toHaveAttribute('dir', dirOf(from));
      await expect(c.getByRole('link', { name: storyText(ctx, 'layout')('navPlans') })).toBeVisible();
    } finally {
      localStorage.removeItem(LOCALE_STORAGE_KEY);
    }
  },
};

/** The header in Arabic on a phone, the menu open: right to left, whatever the toolbar says. */
export const ArabicMobile: Story = {
  ...pinLocale('ar'),
  parameters: shopParameters({ app: { session: 'customer' } }),
  globals: { ...pinLocale('ar').globals, viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'layout');
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await userEvent.click(c.getByRole('button', { name: t('menu') }));
    await expect(c.getByRole('link', { name: t('navPlans') })).toBeVisible();
    await expect(c.getByText(DATE_LINE.ar)).toBeVisible();
  },
};

/** The header in French, a visitor: the longest texts of the three locales on one line. */
export const French: Story = {
  ...pinLocale('fr'),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'layout');
    await expect(c.getByRole('combobox', { name: storyText(ctx, 'shared')('language') })).toHaveValue('fr');
    for (const key of ['navPlans', 'navSetupGuide', 'navFaq', 'navContact', 'buyNow', 'myAccount'] as const) await expect(c.getByRole('link', { name: t(key) })).toBeVisible();
  },
};
