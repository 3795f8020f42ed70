import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { shopParameters } from '@/test/storybook';
import { FaqIndexPage } from './FaqIndexPage';
import { FaqItemPage } from './FaqItemPage';

const meta = { title: 'faq/Faq', tags: ['visual'] } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The index page. */
export const Filled: Story = { render: () => <FaqIndexPage />, parameters: shopParameters({ app: { path: '/faq' } }) };
export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };

const item = (slug: string): Story => ({ render: () => <FaqItemPage />, parameters: shopParameters({ app: { path: '/faq/:item', url: `/faq/${slug}` } }) });

export const GeneralInfo = item('general-info');
export const InstallingIos = item('installing-esims-ios');
export const InstallingAndroid = item('installing-esims-android');
export const AutostartAutorenew = item('autostart-autorenew');
export const RemovingEsims = item('removing-esims');
export const Troubleshooting: Story = {
  ...item('esim-trabouleshooting'),
  play: async (ctx) => {
    await expect(within(ctx.canvasElement).getByRole('link', { current: 'page' })).toHaveTextContent(storyText(ctx, 'faq')('troubleTitle'));
  },
};
export const TroubleshootingMobile: Story = { ...item('esim-trabouleshooting'), globals: { viewport: { value: 'mobile', isRotated: false } } };
/** An unknown item: the page asks to pick one. */
export const Empty: Story = {
  ...item('nothing-here'),
  play: async (ctx) => {
    await expect(within(ctx.canvasElement).getByText(storyText(ctx, 'shared')('selectItem'))).toBeInTheDocument();
  },
};
