// @vitest-environment jsdom
// Drawers and dialogs opened from state (an order row, a button inside the drawer) give focus back to
// what opened them when they close (keyboard users keep their place in the list).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { SideDrawer } from '../../src/components/SideDrawer';
import { Providers } from './renderApp';

afterEach(cleanup);

function DrawerWithConfirm() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <Providers>
      <button type="button" onClick={() => setDrawerOpen(true)}>Order 42</button>
      <button type="button">Order 43</button>
      <SideDrawer open={drawerOpen} onOpenChange={setDrawerOpen} title="Order" closeLabel="Close">
        <button type="button" onClick={() => setConfirmOpen(true)}>Cancel order</button>
        <ConfirmDialog open={confirmOpen} title="Cancel?" cancelLabel="Keep" submitLabel="Cancel it" onCancel={() => setConfirmOpen(false)} onSubmit={() => setConfirmOpen(false)} />
      </SideDrawer>
    </Providers>
  );
}

describe('focus after a drawer or dialog closes', () => {
  it('goes back to the row that opened the drawer, and to the button that opened a dialog inside it', async () => {
    render(<DrawerWithConfirm />);
    const row = screen.getByRole('button', { name: 'Order 42' });
    row.focus();
    fireEvent.click(row);
    const drawer = await screen.findByRole('dialog', { name: 'Order' });
    const cancel = screen.getByRole('button', { name: 'Cancel order' });
    cancel.focus();
    fireEvent.click(cancel);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel order' })));

    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Order 42' }));
  });
});
