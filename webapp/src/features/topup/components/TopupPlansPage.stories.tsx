import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, within } from 'storybook/test';
import { FIXTURE_BASES } from '@/mocks/har';
import { shopParameters } from '@/test/storybook';
import { storyText, storyTitle } from '@/test/storyText';
import { TopupPlansPage } from './TopupPlansPage';

const meta = {
  title: 'topup/TopupPlansPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual', 'visual-rtl'],
  component: TopupPlansPage,
  // window.alert would block the story; the inline alert carries the same text.
  beforeEach: () => {
    spyOn(window, 'alert').mockImplementation(() => undefined);
  },
  parameters: shopParameters({
    app: {
      path: '/topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid',
      url: '/topup-plans/TR/89961010025061000016/cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4/0',
      session: 'customer',
    },
    fixtures: { 'listAreaBundles.topup': 'success', 'checkEsim': 'can-continue', 'topupBundleSelected': 'success' },
  }),
} satisfies Meta<typeof TopupPlansPage>;
export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<typeof storyText>[0] & { canvasElement: HTMLElement };

/** A Turkish plan's title as the page shows it (the provider's, composed in the page's language). */
const turkish = (ctx: Ctx, title: string) => storyTitle(ctx, title, { countryCode: 'TR' });

/** Clicks the buy button of the plan the provider titles `title`. */
const buy = async (ctx: Ctx, title: string) => {
  const c = within(ctx.canvasElement);
  await userEvent.click(await c.findByRole('button', { name: `${storyText(ctx, 'topup')('buyNow')} ${turkish(ctx, title)}` }));
  return c;
};

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const list = await within(canvasElement).findByRole('list', { name: storyText(ctx, 'topup')('plansLabel') });
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
  },
};

export const BoughtGoesToCart: Story = {
  play: async (ctx) => {
    const c = await buy(ctx, 'Turkey 5GB 30 Days');
    await expect(await c.findByTestId('landed')).toHaveTextContent('/cart/5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6/cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4');
  },
};

/** The eSIM check never answers: the button stays busy. */
export const Busy: Story = {
  parameters: shopParameters({ fixtures: { 'checkEsim': 'pending' } }),
  play: async (ctx) => {
    const c = await buy(ctx, 'Turkey 5GB 30 Days');
    const checking = storyText(ctx, 'topup')('checking');
    const button = await c.findByRole('button', { name: `${checking} ${turkish(ctx, 'Turkey 5GB 30 Days')}` });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // A second press while busy does nothing; the focus stays on the button.
    await userEvent.click(button);
    await expect(button).toHaveFocus();
  },
};

export const InvalidPlan: Story = {
  parameters: shopParameters({ fixtures: { 'checkEsim': 'cannot-continue' } }),
  play: async (ctx) => {
    const c = await buy(ctx, 'Turkey 1GB 7 Days');
    await expect(await c.findByRole('alert')).toHaveTextContent(storyText(ctx, 'shared')('invalidPlan'));
  },
};

/** The eSIM check fails on the server (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'checkEsim': 500 } }),
  play: async (ctx) => {
    const c = await buy(ctx, 'Turkey 10GB 30 Days');
    await expect(await c.findByRole('alert')).toHaveTextContent(storyText(ctx, 'shared')('somethingWentWrong'));
    // The focus is still on the button pressed (it was busy, never disabled): a keyboard user
    // tries again from where they were.
    await expect(c.getByRole('button', { name: `${storyText(ctx, 'topup')('buyNow')} ${turkish(ctx, 'Turkey 10GB 30 Days')}` })).toHaveFocus();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'listAreaBundles.topup': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(storyText(ctx, 'topup')('loadingPlans'));
  },
};

/** The list fails to load (500 problem+json): logged, and an error with Retry, not 'Nothing to show' (issue 12). */
export const ListError: Story = {
  parameters: shopParameters({ fixtures: { 'listAreaBundles.topup': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent(storyText(ctx, 'topup')('topupFailed'));
    await expect(c.getByRole('button', { name: storyText(ctx, 'shared')('retry') })).toBeInTheDocument();
    await expect(c.queryByText(storyText(ctx, 'shared')('nothingToShow'))).not.toBeInTheDocument();
  },
};

/** The provider has no top-up for this eSIM (the fixtures record none; the story answers an empty list). */
export const Empty: Story = {
  parameters: shopParameters({ handlers: [http.get(`${FIXTURE_BASES.api}catalog/bundles/:origin`, () => HttpResponse.json({ data: [] }))] }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(storyText(ctx, 'shared')('nothingToShow'))).toBeInTheDocument();
    await expect(c.queryByRole('list', { name: storyText(ctx, 'topup')('plansLabel') })).not.toBeInTheDocument();
  },
};

/** A link without the provider id: said at once, nothing is loaded. */
export const IncompleteLink: Story = {
  parameters: shopParameters({ app: { url: '/topup-plans/TR/89961010025061000016/cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4/x' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(storyText(ctx, 'topup')('incompleteLink'));
    await expect(c.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, ...ctx }) => {
    await expect(await within(canvasElement).findByRole('list', { name: storyText(ctx, 'topup')('plansLabel') })).toBeInTheDocument();
  },
};
