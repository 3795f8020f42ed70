import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { containing, storyText } from '@/test/storyText';
import { ContactInfo } from './ContactInfo';

const meta = { title: 'contact/ContactInfo', component: ContactInfo } satisfies Meta<typeof ContactInfo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  parameters: shopParameters({ app: { config: { liveChatUrl: 'https://chat.cedarsim.example/' } } }),
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: containing(storyText(ctx, 'contact')('chatNow')) })).toHaveAttribute('href', 'https://chat.cedarsim.example/');
    const t = storyText(ctx, 'shared');
    const wa = c.getByRole('link', { name: new RegExp(t('whatsappChat')) });
    await expect(new URL(wa.getAttribute('href') ?? '').searchParams.get('text')).toBe(t('whatsappHelp'));
  },
};
/** No live chat and no WhatsApp configured: those lines are left out. */
export const WithoutLiveChat: Story = {
  parameters: shopParameters({ app: { config: { whatsapp: '' } } }),
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    // The region is there (so the absence below is not vacuous), without the chat link.
    await expect(c.getByRole('region', { name: storyText(ctx, 'contact')('reachUs') })).toBeInTheDocument();
    await expect(c.queryByRole('link', { name: containing(storyText(ctx, 'contact')('chatNow')) })).not.toBeInTheDocument();
    await expect(c.queryByRole('link', { name: new RegExp(storyText(ctx, 'shared')('whatsappChat')) })).not.toBeInTheDocument();
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
