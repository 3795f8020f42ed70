import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { androidLink, iPhoneLink } from '../api/lpa';
import { InstallLinks } from './InstallLinks';

const code = { smdp: 'smdp.cedarsim.example', matchingId: '10326-D64AD-97847-DDE82' };

const meta = {
  title: 'profile/InstallLinks',
  component: InstallLinks,
  args: { platform: 'other', code, iPhoneLink: iPhoneLink(code) },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof InstallLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not a phone (a computer): both one-tap links, to open on the phone. */
export const Filled: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: t('installOnAnIphone') })).toHaveAttribute('href', iPhoneLink(code));
    await expect(c.getByRole('link', { name: t('installOnAnAndroid') })).toHaveAttribute('href', androidLink(code));
  },
};

export const OnIPhone: Story = {
  args: { platform: 'ios' },
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: storyText(ctx, 'profile')('installOnThisIphone') })).toHaveAttribute('href', iPhoneLink(code));
    await expect(c.getAllByRole('link')).toHaveLength(1);
  },
};

export const OnAndroid: Story = {
  args: { platform: 'android' },
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('link', { name: storyText(ctx, 'profile')('installOnThisAndroid') })).toHaveAttribute('href', androidLink(code));
    await expect(c.getAllByRole('link')).toHaveLength(1);
  },
};

export const Mobile: Story = { ...OnAndroid, globals: { viewport: { value: 'mobile', isRotated: false } } };
