import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { CopyButton } from './CopyButton';

/** A clipboard whose writeText the story controls; the real one is put back afterwards. */
const writeText = fn<(text: string) => Promise<void>>();

const meta = {
  title: 'profile/CopyButton',
  component: CopyButton,
  args: { label: 'SM-DP+ address', value: 'smdp.cedarsim.example' },
  argTypes: { label: { control: 'text' }, value: { control: 'text' } },
  decorators: [(Story) => <dl>{Story()}</dl>],
  // The label is the catalogue's, as the eSIM card passes it, so the button reads in the story's locale.
  render: (args, ctx) => <CopyButton {...args} label={storyText(ctx, 'profile')('smdpAddress')} />,
  beforeEach: () => {
    writeText.mockReset();
    writeText.mockResolvedValue(undefined);
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    };
  },
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing copied yet. */
export const Empty: Story = {};

/** Copied: the value went to the clipboard and the status says so. */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t('copyLabel', { label: t('smdpAddress') }) }));
    await expect(writeText).toHaveBeenCalledWith('smdp.cedarsim.example');
    await expect(await c.findByText(t('copied'))).toBeVisible();
  },
};

/** The browser refuses the clipboard: 'Copy failed'. */
export const Error: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    writeText.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t('copyLabel', { label: t('smdpAddress') }) }));
    await expect(await c.findByText(t('copyFailed'))).toBeVisible();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

/** Type any label and value in the Controls panel (the label as given, not the catalogue's): the button copies that value. */
export const Playground: Story = {
  args: { label: 'Activation code', value: 'LPA:1$smdp.cedarsim.example$K2-ABCDEF' },
  render: (args) => <CopyButton {...args} />,
  play: async ({ canvasElement, args, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    const c = within(canvasElement);
    await expect(c.getByText(args.value)).toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: t('copyLabel', { label: args.label }) }));
    await expect(writeText).toHaveBeenCalledWith(args.value);
  },
};
