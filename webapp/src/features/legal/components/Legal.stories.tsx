import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { INTL_LOCALES } from '@/shared/i18n/locales';
import { localeOfStory, storyText } from '@/test/storyText';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const meta = { title: 'legal/Legal' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

// The paragraphs that carry the spec's facts (May 31, 2024; Lebanon; 18; USD; LBP; 11%;
// six months; 30 days; Beirut; personal use), as the story's locale writes them.
const factParagraphs = ['terms2P1', 'terms2P2', 'terms3P1', 'terms5P2', 'terms6P1', 'terms7P1'] as const;

export const Terms: Story = {
  render: () => <TermsPage />,
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'legal');
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent(t('termsTitle'));
    const date = new Intl.DateTimeFormat(INTL_LOCALES[localeOfStory(ctx)], { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(Date.UTC(2024, 4, 31));
    const text = canvasElement.textContent ?? '';
    await expect(text).toContain(t('updated', { date }));
    for (const key of factParagraphs) await expect(text).toContain(t(key));
    for (const fact of ['18', 'USD', 'LBP', '30']) await expect(text).toContain(fact);
  },
};
export const TermsMobile: Story = { ...Terms, play: undefined, globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Privacy: Story = {
  render: () => <PrivacyPage />,
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'legal');
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(t('privacyTitle'));
  },
};
