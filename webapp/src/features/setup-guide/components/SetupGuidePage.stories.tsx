import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { misaligned, tallerThanANeighbour } from '@/test/rows';
import { shopParameters } from '@/test/storybook';
import { SetupGuidePage } from './SetupGuidePage';

const meta = {
  title: 'setup-guide/SetupGuidePage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: SetupGuidePage,
  parameters: shopParameters({ app: { path: '/setup-guide/:item?', url: '/setup-guide' } }),
} satisfies Meta<typeof SetupGuidePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The iOS guide, then the Android tab. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(11);
    await userEvent.click(c.getByRole('tab', { name: 'Android' }));
    await expect(within(c.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(15);
  },
};
/** The 'Step N' labels of a row at one height, whatever the length of each step's text (top-aligned cards, issue 24). */
export const StepLabelsInLine: Story = {
  play: async ({ canvasElement }) => {
    const steps = within(within(canvasElement).getByRole('tabpanel')).getAllByRole('listitem');
    await expect(tallerThanANeighbour(steps, (s) => s.querySelector('p'))).toBe(true);
    await expect(misaligned(steps, { label: [(s) => s.querySelector('p > span'), 'top'], image: [(s) => s.querySelector('img'), 'top'] })).toEqual([]);
  },
};
export const Android: Story = { parameters: shopParameters({ app: { url: '/setup-guide/android' } }) };
export const Mobile: Story = { ...Android, globals: { viewport: { value: 'mobile', isRotated: false } } };
