import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const meta = { title: 'legal/Legal' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = {
  render: () => <TermsPage />,
  play: async ({ canvasElement }) => {
    const text = canvasElement.textContent ?? '';
    for (const fact of ['May 31, 2024', 'Lebanon', '18', 'USD', 'LBP', '11%', 'six months', '30 days', 'Beirut', 'personal use']) {
      await expect(text).toContain(fact);
    }
  },
};
export const TermsMobile: Story = { ...Terms, play: undefined, globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Privacy: Story = {
  render: () => <PrivacyPage />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
  },
};
