import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Country } from '../api/types';
import { fixtureCountries } from '@/test/fixtureData';
import { byName } from '@/shared/i18n/areaNames';
import { localeOfStory, shownText, storyCountry, storyText } from '@/test/storyText';
import { CountrySelect, MENU, OPTION_HEIGHT, type CountryOption } from './CountrySelect';

function Labelled(props: { countries: readonly Country[]; loading: boolean }) {
  const { t } = useTranslation('plans');
  const [value, setValue] = useState<readonly CountryOption[]>([]);
  return (
    <div style={{ maxWidth: 480, padding: 16, minHeight: 420 }}>
      <label htmlFor="story-country">{t('searchLabel')}</label>
      <CountrySelect inputId="story-country" value={value} onChange={setValue} {...props} />
    </div>
  );
}

const meta = {
  title: 'plans/CountrySelect',
  // The docs page's props are CountrySelect's; the stories render it under a label, holding its value.
  component: CountrySelect,
  render: ({ countries, loading }) => <Labelled countries={countries} loading={loading} />,
  args: { countries: fixtureCountries(), loading: false, value: [], onChange: fn() },
  argTypes: {
    loading: { control: 'boolean' },
    countries: { control: 'object' },
    value: { control: false },
    inputId: { control: false },
  },
} satisfies Meta<typeof CountrySelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText(shownText(storyText(ctx, 'plans')('searchLabel')));
    // The English names find their countries in every locale; the options show the locale's.
    const reunion = storyCountry(ctx, 'RE', 'Réunion');
    const italy = storyCountry(ctx, 'IT', 'Italy');
    await userEvent.type(input, 'reun');
    await expect(c.getAllByRole('option').map((o) => o.textContent)).toEqual([reunion]);
    await userEvent.keyboard('{Enter}');
    await userEvent.type(input, 'ITALY');
    await userEvent.keyboard('{Enter}');
    await expect(c.getByText(reunion)).toBeInTheDocument();
    await expect(c.getByText(italy)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { countries: [], loading: true },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await userEvent.click(c.getByLabelText(shownText(t('searchLabel'))));
    await expect(await c.findByText(t('loadingOptions'))).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { countries: [] },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await userEvent.click(c.getByLabelText(shownText(t('searchLabel'))));
    await expect(await c.findByText(t('noOptions'))).toBeInTheDocument();
  },
};

/** The menu renders only the options in view; keyboard moves past them scroll it along. */
export const KeyboardInLongMenu: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByLabelText(shownText(storyText(ctx, 'plans')('searchLabel'))));
    const all = fixtureCountries();
    // The last option in the page's order: the catalogue's in English, alphabetical in Arabic and French.
    const names = byName(all.map((c) => storyCountry(ctx, c.isoCode, c.name)), localeOfStory(ctx), (n) => n);
    const lastName = names[names.length - 1];
    if (!lastName) throw new Error('fixtures changed: no countries');
    await expect(c.getAllByRole('option').length).toBeLessThan(all.length);
    await userEvent.keyboard('{End}');
    const last = await c.findByRole('option', { name: lastName });
    const menu = c.getByRole('listbox');
    const box = last.getBoundingClientRect();
    const view = menu.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(view.top - 1);
    await expect(box.bottom).toBeLessThanOrEqual(view.bottom + 1);
    await userEvent.keyboard('{Enter}');
    await expect(c.getByText(lastName)).toBeInTheDocument();
  },
};

/** Spec section 9: the menu is at most 300 px high and scrolls inside itself, every row drawn. */
export const MenuHeight: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByLabelText(shownText(storyText(ctx, 'plans')('searchLabel'))));
    const menu = c.getByRole('listbox');
    const box = menu.getBoundingClientRect();
    await expect(box.height).toBeLessThanOrEqual(MENU.maxMenuHeight);
    await expect(box.height).toBeGreaterThanOrEqual(MENU.minMenuHeight);
    await expect(menu.scrollHeight).toBe(fixtureCountries().length * OPTION_HEIGHT);
    for (let y = 0; y < menu.scrollHeight - menu.clientHeight; y += 7 * OPTION_HEIGHT) {
      menu.scrollTop = y;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (let row = box.top + OPTION_HEIGHT / 2; row < box.bottom; row += OPTION_HEIGHT) {
        const hit = document.elementFromPoint(box.left + box.width / 2, row)?.closest('[role="option"]');
        await expect(hit?.textContent, `row at ${Math.round(row - box.top + y)} px`).toBeTruthy();
      }
    }
  },
};

/** Text that arrives in one go (paste, autofill) and Enter at once pick the country it names. */
export const PasteThenEnter: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText<HTMLInputElement>(shownText(storyText(ctx, 'plans')('searchLabel')));
    await userEvent.click(input);
    const greece = storyCountry(ctx, 'GR', 'Greece');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, greece);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: greece }));
    // Enter before any task the page scheduled after the paste.
    await Promise.resolve();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await expect(await c.findByRole('button', { name: storyText(ctx, 'plans')('removeCountry', { name: greece }) })).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

/** Choose the countries on offer and whether they are still loading in the Controls panel: the menu follows. */
export const Playground: Story = {
  args: { countries: fixtureCountries().filter((c) => ['CY', 'IT', 'TR'].includes(c.isoCode)) },
  play: async ({ canvasElement, args, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await userEvent.click(c.getByLabelText(shownText(t('searchLabel'))));
    if (args.loading) {
      await expect(await c.findByText(t('loadingOptions'))).toBeInTheDocument();
      return;
    }
    const names = args.countries.map((k) => storyCountry(ctx, k.isoCode, k.name));
    await expect((await c.findAllByRole('option')).map((o) => o.textContent).sort()).toEqual([...names].sort());
  },
};
