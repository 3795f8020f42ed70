import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { contract } from '@/shared/contract/contract';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { WhatsAppButton } from './WhatsAppButton';

const meta = {
  title: 'shared/WhatsAppButton',
  component: WhatsAppButton,
  parameters: { layout: 'padded' },
  argTypes: { message: { control: 'text' }, context: { control: 'text' } },
} satisfies Meta<typeof WhatsAppButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The general request for help, in the reader's language, to the configured number. */
export const Filled: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'shared');
    const link = within(ctx.canvasElement).getByRole('link', { name: new RegExp(t('whatsappChat')) });
    const url = new URL(link.getAttribute('href') ?? '');
    await expect(url.origin + url.pathname).toBe(`https://wa.me/${contract.fixture.whatsapp}`);
    await expect(url.searchParams.get('text')).toBe(t('whatsappHelp'));
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

/** About one eSIM: the message and the screen-reader context name it. */
export const AboutAnEsim: Story = {
  args: { message: 'ICCID: 89961010025061000016', context: 'eSIM 89961010025061000016' },
  play: async (ctx) => {
    const link = within(ctx.canvasElement).getByRole('link', { name: /eSIM 89961010025061000016/ });
    await expect(new URL(link.getAttribute('href') ?? '').searchParams.get('text')).toBe('ICCID: 89961010025061000016');
  },
};

/** No WhatsApp number configured: nothing is shown. */
export const Empty: Story = {
  parameters: shopParameters({ app: { config: { whatsapp: '' } } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).not.toBeInTheDocument();
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };

/** Write the message and the screen-reader context in the Controls panel: the link carries them. */
export const Playground: Story = {
  args: { message: 'Hello, my eSIM shows no signal in Cyprus.', context: 'about my Cyprus plan' },
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole('link', { name: new RegExp(args.context ?? '') });
    await expect(new URL(link.getAttribute('href') ?? '').searchParams.get('text')).toBe(args.message);
  },
};
