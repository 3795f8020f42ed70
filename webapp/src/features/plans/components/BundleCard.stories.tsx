import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatPrice } from '@/shared/format/format';
import { fixtureBundles } from '@/test/fixtureData';
import { shopParameters } from '@/test/storybook';
import { containing, localeOfStory, shownText, storyBundleTitle, storyText } from '@/test/storyText';
import { BundleCard } from './BundleCard';

const [turkey1, , , unlimited] = fixtureBundles('listAreaBundles');
const [global] = fixtureBundles('listAreaBundles.global');
const [hajj] = fixtureBundles('listSpecialBundles');
if (!turkey1 || !unlimited || !global || !hajj) throw new Error('fixtures changed: bundles missing');

const meta = {
  title: 'plans/BundleCard',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: BundleCard,
  decorators: [(Story) => <div style={{ maxWidth: 380, padding: 16 }}>{Story()}</div>],
  parameters: shopParameters({ app: { path: '/plans' } }),
  args: { bundle: turkey1 },
  argTypes: { bundle: { control: 'object' } },
} satisfies Meta<typeof BundleCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A country bundle. */
export const Filled: Story = {};

export const MoreInfo: Story = {
  args: { bundle: unlimited },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const close = storyText(ctx, 'shared')('close');
    await userEvent.click(c.getByRole('button', { name: storyText(ctx, 'plans')('moreInfo') }));
    const dialog = await c.findByRole('dialog', { name: storyBundleTitle(ctx, unlimited) });
    await expect(dialog).toHaveTextContent(unlimited.fupMsg);
    // The title has the focus; Tab reaches Close and stays inside the dialog.
    await expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: close })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: close })).toHaveFocus();
  },
};

export const CoverageWithMore: Story = {
  args: { bundle: global },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await userEvent.click(c.getByRole('button', { name: /^\+7/ }));
    const dialog = await c.findByRole('dialog', { name: t('coveredCountries', { title: storyBundleTitle(ctx, global) }) });
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(12);
  },
};

export const Special: Story = { args: { bundle: hajj } };

export const CompatibilityThenCart: Story = {
  args: { bundle: turkey1 },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await userEvent.click(c.getByRole('link', { name: containing(t('buyNow')) }));
    const dialog = await c.findByRole('dialog', { name: t('compatTitle') });
    await expect(dialog).toHaveAttribute('id', `popup1${turkey1.id}`);
    await expect(dialog).toHaveTextContent('*#06#');
    await userEvent.click(within(dialog).getByRole('button', { name: t('yesContinue') }));
    await waitFor(() => expect(c.getByTestId('landed')).toHaveTextContent(`/cart/${turkey1.id}`));
  },
};

/** The popup opens on arrival at #popup1<bundleId>. */
export const OpenedByAnchor: Story = {
  parameters: shopParameters({ app: { url: `/plans#popup1${turkey1.id}` } }),
  play: async ({ canvasElement, ...ctx }) => {
    const name = storyText(ctx, 'plans')('compatTitle');
    await expect(await within(canvasElement).findByRole('dialog', { name })).toBeInTheDocument();
  },
};

export const MissingPrice: Story = { args: { bundle: { ...turkey1, price: null } } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

/** Edit the plan in the Controls panel (title, quota, validity, price, countries): the card follows it. */
export const Playground: Story = {
  args: { bundle: { ...global, businessTitle: 'Global 20GB', price: 49.5, roamingCountries: (global.roamingCountries ?? []).slice(0, 3) } },
  play: async ({ canvasElement, args, ...ctx }) => {
    // The title and price as the story's locale shows them (composed, Intl-formatted).
    const card = within(canvasElement).getByRole('article', { name: shownText(storyBundleTitle(ctx, args.bundle)) });
    await expect(card).toHaveTextContent(shownText(formatPrice(args.bundle.price, localeOfStory(ctx))));
    // Three countries: all shown, no '+N'.
    await expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(card).queryByRole('button', { name: /^\+\d/ })).not.toBeInTheDocument();
  },
};
