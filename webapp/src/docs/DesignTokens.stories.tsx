import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import globalCss from '../app/global.css?raw';
import { rootTokens } from './designTokens';
import { FocusRings, OtherTokens } from './DesignTokens';

function TokensPage() {
  return (
    <div style={{ padding: 16 }}>
      <FocusRings />
      <OtherTokens css={globalCss} />
    </div>
  );
}

// The blocks of "Guides/Design tokens" (the colour palette needs the docs page's theme, so not
// here), as a story test: the tokens they read from the CSS are what the browser applies.
const meta = {
  title: 'Guides/Design tokens blocks',
  component: TokensPage,
  tags: ['!autodocs'],
} satisfies Meta<typeof TokensPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every token the page lists has the value the loaded stylesheet gives it; --focus-ring included. */
export const Tokens: Story = {
  play: async ({ canvasElement }) => {
    const computed = getComputedStyle(document.documentElement);
    const tokens = rootTokens(globalCss);
    await expect(tokens.map((t) => t.name)).toContain('--focus-ring');
    for (const t of tokens) {
      // The browser's computed custom property, var() substituted; colours compared lower-case.
      await expect(computed.getPropertyValue(t.name).trim().toLowerCase(), t.name).toBe(t.resolved.toLowerCase());
    }
    const c = within(canvasElement);
    await expect(c.getByText('--focus-ring')).toBeInTheDocument();
    await expect(c.getByText('--focus-ring-width')).toBeInTheDocument();
  },
};
