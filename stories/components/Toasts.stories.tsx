import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, within } from 'storybook/test';
import type { ToastKind } from '../../machines/toasts';
import { useToasts } from '../../src/app/toasts/ToastContext';
import { ToastViewport } from '../../src/components/toast/ToastViewport';

/** Notifications at the bottom-left (bottom-right in right-to-left), auto-dismissing (SPEC §2, §9).
 * The stories keep them up for a minute so they can be looked at. */
function ToastsShowing({ toasts }: { toasts: readonly { kind: ToastKind; message: string }[] }) {
  const { show } = useToasts();
  useEffect(() => {
    for (const toast of toasts) show({ ...toast, durationMs: 60_000 });
  }, [show, toasts]);
  return <ToastViewport />;
}

const meta = {
  title: 'Components/Toasts',
  component: ToastsShowing,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastsShowing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryKind: Story = {
  args: {
    toasts: [
      { kind: 'info', message: 'error.outdated-app' },
      { kind: 'success', message: 'collection-point.saved' },
      { kind: 'warning', message: 'error.fee.changed' },
      { kind: 'error', message: 'error.offline' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('alert')).toHaveLength(1);
    await expect(await canvas.findAllByRole('status')).toHaveLength(3);
  },
};
export const OneError: Story = { args: { toasts: [{ kind: 'error', message: 'error.cant-retrieve-vendors' }] } };
