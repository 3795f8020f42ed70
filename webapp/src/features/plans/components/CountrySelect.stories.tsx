import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { fixtureCountries } from '@/shared/testing/fixtureData';
import { CountrySelect, type CountryOption } from './CountrySelect';

function Labelled(props: { countries: ReturnType<typeof fixtureCountries>; loading: boolean }) {
  const [value, setValue] = useState<readonly CountryOption[]>([]);
  return (
    <div style={{ maxWidth: 480, padding: 16, minHeight: 420 }}>
      <label htmlFor="story-country">Where are you travelling?</label>
      <CountrySelect inputId="story-country" value={value} onChange={setValue} {...props} />
    </div>
  );
}

const meta = {
  title: 'plans/CountrySelect',
  component: Labelled,
  args: { countries: fixtureCountries(), loading: false },
} satisfies Meta<typeof Labelled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Where are you travelling?');
    await userEvent.type(input, 'reun');
    await expect(c.getAllByRole('option').map((o) => o.textContent)).toEqual(['Réunion']);
    await userEvent.keyboard('{Enter}');
    await userEvent.type(input, 'ITALY');
    await userEvent.keyboard('{Enter}');
    await expect(c.getByText('Réunion')).toBeInTheDocument();
    await expect(c.getByText('Italy')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { countries: [], loading: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByLabelText('Where are you travelling?'));
    await expect(await c.findByText('Loading...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { countries: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByLabelText('Where are you travelling?'));
    await expect(await c.findByText('No options')).toBeInTheDocument();
  },
};

/** The menu renders only the options in view; keyboard moves past them scroll it along. */
export const KeyboardInLongMenu: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByLabelText('Where are you travelling?'));
    const all = fixtureCountries();
    await expect(c.getAllByRole('option').length).toBeLessThan(all.length);
    await userEvent.keyboard('{End}');
    const last = await c.findByRole('option', { name: all[all.length - 1]?.name });
    const menu = c.getByRole('listbox');
    const box = last.getBoundingClientRect();
    const view = menu.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(view.top - 1);
    await expect(box.bottom).toBeLessThanOrEqual(view.bottom + 1);
    await userEvent.keyboard('{Enter}');
    await expect(c.getByText(all[all.length - 1]?.name ?? '')).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
