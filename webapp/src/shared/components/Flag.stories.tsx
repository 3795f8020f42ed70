import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { Flag } from '@/shared/components/Flag';

const meta = { title: 'shared/Flag', component: Flag, args: { code: 'LB', label: 'Lebanon', size: 'lg' } } satisfies Meta<typeof Flag>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A country flag. */
export const Filled: Story = {};
export const Region: Story = { args: { code: 'Middle East', label: 'Middle East' } };
export const Special: Story = { args: { code: 'paris-olympics', label: 'Paris Olympics' } };
export const Unknown: Story = { args: { code: '??', label: 'Unknown area' } };

/** A configured flag service that fails: the placeholder replaces the broken image. */
export const Error: Story = {
  parameters: shopParameters({ app: { config: { flagBaseUrl: '/no-such-flags/' } } }),
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Lebanon' });
    await waitFor(() => expect(img.getAttribute('src')).toMatch(/regions\/placeholder\.svg$/));
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
