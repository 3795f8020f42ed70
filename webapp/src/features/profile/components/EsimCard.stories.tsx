import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { shopParameters } from '@/test/storybook';
import { consumption } from '@/shared/format/format';
import { localeOfStory, storyText } from '@/test/storyText';
import { androidLink, fromIPhoneLink } from '../api/lpa';
import { EsimCard } from './EsimCard';

const esims = (JSON.parse(findScenario('listEsimsByEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims;
const [first, , third] = esims as [Esim, Esim, Esim];

/** Mid-plan for the fixture's Active bundle (2025-06-12 to 2025-07-12): no notice. */
const MID_PLAN = Date.parse('2025-06-20T08:00:00Z');
/** The Active bundle with 90% of its 5 GB used. */
const lowData: Esim = { ...first, bundles: first.bundles.map((b) => (b.bundleState === 'Active' ? { ...b, remainingQuantity: 500_000_000 } : b)) };

const meta = {
  title: 'profile/EsimCard',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: EsimCard,
  args: { esim: first, bundles: first.bundles, platform: 'other', fetchedAt: MID_PLAN },
  argTypes: {
    platform: { control: 'radio', options: ['ios', 'android', 'other'] },
    fetchedAt: { control: 'date' },
    esim: { control: 'object' },
    bundles: { control: 'object' },
  },
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'getEsimInfo': 'success', 'getQrCode': 'success' } }),
} satisfies Meta<typeof EsimCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: t('usageTopUp') })).toBeInTheDocument();
    // Not a phone: both one-tap links, next to the QR code.
    await expect(c.getByRole('link', { name: t('installOnAnIphone') })).toHaveAttribute('href', first.linkOnIphone);
    await expect(c.getByRole('link', { name: t('installOnAnAndroid') })).toHaveAttribute('href', androidLink(fromIPhoneLink(first.linkOnIphone)));
    const wa = c.getByRole('link', { name: new RegExp(storyText(ctx, 'shared')('whatsappChat')) });
    await expect(new URL(wa.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      t('whatsappAboutEsim', { iccid: first.iccid, plans: 'Turkey 5GB, Turkey 1GB' }),
    );
  },
};

export const OnIPhone: Story = {
  args: { platform: 'ios' },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: t('installOnThisIphone') })).toHaveAttribute('href', first.linkOnIphone);
    await expect(c.queryByRole('link', { name: t('installOnAnAndroid') })).not.toBeInTheDocument();
    await expect(c.queryByRole('link', { name: t('installOnThisAndroid') })).not.toBeInTheDocument();
  },
};

export const OnAndroid: Story = {
  args: { platform: 'android' },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: t('installOnThisAndroid') })).toHaveAttribute('href', androidLink(fromIPhoneLink(first.linkOnIphone)));
    await expect(c.queryByRole('link', { name: t('installOnThisIphone') })).not.toBeInTheDocument();
    await expect(c.queryByRole('link', { name: t('installOnAnIphone') })).not.toBeInTheDocument();
  },
};

/** 90% of the data used: the notice with its top-up button (the plain one goes). */
export const LowData: Story = {
  args: { esim: lowData, bundles: lowData.bundles },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    // 90% used, written as the locale writes it (French: '90 %').
    const percent = consumption(5_000_000_000, 500_000_000, false, localeOfStory(ctx)).text;
    // Testing Library compares the text with its spaces collapsed (the narrow no-break space too).
    await expect(c.getByText(t('usageUsedShare', { percent }).replace(/\s+/g, ' '))).toBeInTheDocument();
    await expect(c.getAllByRole('link', { name: t('usageTopUp') })).toHaveLength(1);
  },
};

/** 18 hours before the plan ends. */
export const EndingSoon: Story = {
  args: { fetchedAt: Date.parse('2025-07-11T12:00:00Z') },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    await expect(within(ctx.canvasElement).getByText(t('usageEndsSoon').replace(/\.$/, ''), { exact: false })).toBeInTheDocument();
  },
};

/** No WhatsApp number in the runtime configuration: no WhatsApp button. */
export const WithoutWhatsApp: Story = {
  parameters: shopParameters({ app: { config: { whatsapp: '' } } }),
  play: async (ctx) => {
    const chat = storyText(ctx, 'shared')('whatsappChat');
    await expect(within(ctx.canvasElement).queryByRole('link', { name: new RegExp(chat) })).not.toBeInTheDocument();
  },
};

/** The list carried no QR code: it loads 500 ms later. */
export const Loading: Story = {
  args: { esim: third, bundles: third.bundles },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    await expect(await within(ctx.canvasElement).findByRole('img', { name: t('qrAlt', { iccid: third.iccid }) })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Pick the device family (and the rest) in the Controls panel: on a phone the card offers that phone's one-tap install. */
export const Playground: Story = {
  args: { platform: 'ios' },
  play: async ({ canvasElement, args, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    const c = within(canvasElement);
    const own = { ios: t('installOnThisIphone'), android: t('installOnThisAndroid'), other: t('installOnAnIphone') }[args.platform ?? 'other'];
    await expect(c.getByRole('link', { name: own })).toBeInTheDocument();
    if (args.platform === 'ios') await expect(c.queryByRole('link', { name: t('installOnAnAndroid') })).not.toBeInTheDocument();
    await expect(c.getByRole('heading', { level: 2 })).toHaveTextContent(args.esim.iccid);
  },
};
