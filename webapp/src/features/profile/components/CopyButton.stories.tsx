import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CopyButton } from './CopyButton';

const meta = {
  title: 'profile/CopyButton',
  component: CopyButton,
  args: { label: 'SM-DP+ address', value: 'smdp.cedarsim.example' },
  decorators: [(Story) => <dl>{Story()}</dl>],
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

/** Clicking shows a status: 'Copied', or 'Copy failed' where the browser refuses. */
export const Clicked: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Copy SM-DP+ address' }));
    await expect(await c.findByText(/^(Copied|Copy failed)$/)).toBeVisible();
  },
};
