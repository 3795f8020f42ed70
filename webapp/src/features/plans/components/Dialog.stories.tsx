import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { Dialog } from './Dialog';

function Opener({ withAction }: { withAction: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: 16 }}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Example popup" onClose={() => setOpen(false)} actions={withAction ? <button type="button">Yes, continue</button> : undefined}>
          <p>Popup content.</p>
        </Dialog>
      )}
    </div>
  );
}

const meta = { title: 'plans/Dialog', component: Opener, args: { withAction: true } } satisfies Meta<typeof Opener>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened: the title has the focus, which stays inside until Escape or Close. */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    // The opener, title and action are this story's own; Close is the dialog's.
    const open = c.getByRole('button', { name: 'Open' });
    await userEvent.click(open);
    const dialog = await c.findByRole('dialog', { name: 'Example popup' });
    const yes = within(dialog).getByRole('button', { name: 'Yes, continue' });
    const close = within(dialog).getByRole('button', { name: storyText(ctx, 'shared')('close') });
    await expect(within(dialog).getByRole('heading', { name: 'Example popup' })).toHaveFocus();
    await userEvent.tab();
    await expect(yes).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab();
    await expect(yes).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(c.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(open).toHaveFocus();
  },
};

export const CloseOnly: Story = { args: { withAction: false } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

function LongOpener() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: 16 }}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Many countries" onClose={() => setOpen(false)}>
          <ul>
            {Array.from({ length: 80 }, (_, i) => (
              <li key={i}>Country {i + 1}</li>
            ))}
          </ul>
        </Dialog>
      )}
    </div>
  );
}

/** A popup taller than a phone (the coverage list at 390 px) opens at its top, its title focused. */
export const LongOnPhone: Story = {
  render: () => <LongOpener />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Open' }));
    const dialog = await c.findByRole('dialog', { name: 'Many countries' });
    const title = within(dialog).getByRole('heading', { name: 'Many countries' });
    await expect(title).toHaveFocus();
    await expect(dialog.scrollTop).toBe(0);
    await expect(title.getBoundingClientRect().top).toBeGreaterThanOrEqual(dialog.getBoundingClientRect().top);
  },
};
