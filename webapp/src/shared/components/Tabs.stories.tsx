import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from '@/shared/components/Tabs';

type Key = 'a' | 'b' | 'c';
function Demo() {
  const [k, setK] = useState<Key>('a');
  const items = (['a', 'b', 'c'] as const).map((key) => ({ key, label: `Tab ${key.toUpperCase()}`, panel: () => <p>Panel {key.toUpperCase()}</p> }));
  return <Tabs label="Demo" items={items} selected={k} onSelect={setK} />;
}

const meta = { title: 'shared/Tabs', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard: Tab in, End, then wrap around with the arrow keys. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.tab();
    await expect(c.getByRole('tab', { name: 'Tab A' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(c.getByRole('tab', { name: 'Tab C' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(c.getByRole('tabpanel')).toHaveTextContent('Panel A');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
