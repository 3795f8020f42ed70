import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, within } from 'storybook/test';
import { handlersFor } from '@/mocks/handlers';
import { pendingHandlers } from '@/shared/testing/stories';
import { withPage } from '@/shared/testing/PageProviders';
import { LokiPage } from './LokiPage';

const meta = {
  title: 'loki/LokiPage',
  component: LokiPage,
  args: { now: () => new Date('2026-01-02T03:04:05.678Z') },
  decorators: [withPage({ path: '/loki', config: { logPushEnabled: true } })],
  parameters: { msw: { handlers: handlersFor({ 'logs.push': 'success' }) } },
} satisfies Meta<typeof LokiPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Sent one test log line.')).toBeInTheDocument();
  },
};

export const Sending: Story = {
  parameters: {
    msw: {
      handlers: [
        // The push never answers: the sending state (no data, so no fixture involved).
        http.post('https://logs.provider.test/loki/api/v1/push', async () => {
          await delay('infinite');
        }),
        ...pendingHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Sending one test log line...');
  },
};

export const Disabled: Story = {
  parameters: { page: { config: { logPushEnabled: false } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Log push is disabled');
  },
};

/** The push fails (no fixture answers): the page says so, the detail goes to the console. */
export const Failed: Story = {
  parameters: { msw: { handlers: handlersFor({ 'identity.token.guest': 'success' }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Tried to send one test log line/)).toBeInTheDocument();
  },
};
