import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from '@/shared/components/Tabs';
import { dirOf } from '@/shared/i18n/locales';
import { storyLocale } from '@/test/storybook';

type Key = 'a' | 'b' | 'c';
function Demo() {
  const [k, setK] = useState<Key>('a');
  const items = (['a', 'b', 'c'] as const).map((key) => ({ key, label: `Tab ${key.toUpperCase()}`, panel: () => <p>Panel {key.toUpperCase()}</p> }));
  return <Tabs label="Demo" items={items} selected={k} onSelect={setK} />;
}

const meta = { title: 'shared/Tabs', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Keyboard: Tab in, End, then wrap around with the arrow keys. The next tab is the one the
 * arrow points at: to the right in English and French, to the left in Arabic (right to left).
 */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const [next, previous] = dirOf(storyLocale(ctx)) === 'rtl' ? ['{ArrowLeft}', '{ArrowRight}'] : ['{ArrowRight}', '{ArrowLeft}'];
    await userEvent.tab();
    await expect(c.getByRole('tab', { name: 'Tab A' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(c.getByRole('tab', { name: 'Tab C' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard(next);
    await expect(c.getByRole('tabpanel')).toHaveTextContent('Panel A');
    await userEvent.keyboard(previous);
    await expect(c.getByRole('tab', { name: 'Tab C' })).toHaveFocus();
    await expect(c.getByRole('tabpanel')).toHaveTextContent('Panel C');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
