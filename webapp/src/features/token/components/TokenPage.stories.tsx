import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { handlersFor } from '@/mocks/handlers';
import { withAccount } from '@/shared/testing/AccountProviders';
import { TokenPage } from './TokenPage';

const meta = {
  title: 'token/TokenPage',
  component: TokenPage,
  parameters: { msw: { handlers: handlersFor({ 'identity.token.guest': 'success' }) } },
} satisfies Meta<typeof TokenPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without a token the page goes home at once. */
export const NoToken: Story = {
  decorators: [withAccount({ path: '/token/:token?', url: '/token' })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('landed')).toHaveTextContent('Navigated to /');
  },
};

/** No fixture answers the check (the spec does not show it): logged, then home. */
export const CheckFails: Story = {
  decorators: [withAccount({ path: '/token/:token?', url: '/token/abc' })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('landed')).toHaveTextContent('Navigated to /');
  },
};
