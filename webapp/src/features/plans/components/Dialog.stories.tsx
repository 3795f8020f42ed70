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

/** Opened: focus stays inside until Escape or Close. */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    // The opener, title and action are this story's own; Close is the dialog's.
    const open = c.getByRole('button', { name: 'Open' });
    await userEvent.click(open);
    const dialog = await c.findByRole('dialog', { name: 'Example popup' });
    const yes = within(dialog).getByRole('button', { name: 'Yes, continue' });
    const close = within(dialog).getByRole('button', { name: storyText(ctx, 'shared')('close') });
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
