import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, within } from 'storybook/test';
import { problemResponse } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { shopParameters } from '@/shared/testing/storybook';
import { TokenPage } from './TokenPage';

const meta = {
  title: 'token/TokenPage',
  component: TokenPage,
  parameters: shopParameters({ app: { path: '/token/:token?', url: '/token' }, fixtures: { 'identity.token.guest': 'success' } }),
} satisfies Meta<typeof TokenPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without a token the page goes home at once. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('landed')).toHaveTextContent('Navigated to /');
  },
};

/**
 * The check fails (500 problem+json; the fixtures record no answer for this call, which
 * the spec does not show, so the story answers it itself): logged, then home.
 */
export const Error: Story = {
  parameters: shopParameters({
    app: { url: '/token/abc' },
    handlers: [http.get(`${FIXTURE_BASES.api}users/actions/verify-email-token/:token`, () => problemResponse(500, 'The token could not be checked.'))],
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('landed')).toHaveTextContent('Navigated to /');
  },
};
