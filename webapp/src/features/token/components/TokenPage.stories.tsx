import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { problemResponse } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { fixtureConfig } from '@/test/fixtureConfig';
import { unsignedToken } from '@/test/sessions';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { TokenPage } from './TokenPage';

const meta = {
  title: 'token/TokenPage',
  component: TokenPage,
  parameters: shopParameters({ app: { path: '/token/:token?', url: '/token' }, fixtures: { 'token.guest': 'success' } }),
} satisfies Meta<typeof TokenPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const CHECK = `${FIXTURE_BASES.api}users/actions/verify-email-token/:token`;
const customer = unsignedToken({ sub: 'a470c1b3-781d-50d9-89e2-da2d07e0d0bd', email: 'rana.haddad@example.com', is_guest: false });

/** The check never answers: the page says what it is doing (a status and a heading, in the page's language). */
export const Loading: Story = {
  parameters: shopParameters({
    app: { url: '/token/abc' },
    handlers: [http.get(CHECK, async () => { await delay('infinite'); return HttpResponse.json({}); })],
  }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const checking = storyText(ctx, 'token')('checkingLink');
    await expect(c.getByRole('status')).toHaveTextContent(checking);
    await expect(c.getByRole('heading', { level: 1, name: checking })).toBeInTheDocument();
    await expect(c.queryByTestId('landed')).not.toBeInTheDocument();
  },
};

export const Mobile: Story = { ...Loading, globals: { viewport: { value: 'mobile', isRotated: false } } };

/**
 * A confirmed e-mail (the answer docs/contract.md decides; the fixtures record none): the
 * customer is logged in with the link's token, then home.
 */
const services = createApiServices(fixtureConfig(), memoryStorage());
export const Filled: Story = {
  parameters: shopParameters({
    app: { url: `/token/${customer}`, services },
    handlers: [http.get(CHECK, () => HttpResponse.json({ data: { data: { emailConfirmed: true } } }))],
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('landed')).toHaveTextContent('Navigated to /');
  },
};

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
    await expect(services.client.store.load()).toMatchObject({ token: customer, isGuest: 'false' });
  },
};
