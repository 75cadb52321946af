import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/** Confirm dialog: title, optional description, cancel and submit, and a loading state (SPEC §2). */
const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Cancel this order?',
    description: 'The rider will be told at once. This cannot be undone.',
    cancelLabel: 'Keep the order',
    submitLabel: 'Cancel order',
    onCancel: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const WithoutDescription: Story = { args: { description: undefined, title: 'Place 2 orders now?', submitLabel: 'Place orders', cancelLabel: 'Not yet' } };
export const Destructive: Story = { args: { destructive: true } };
export const Submitting: Story = { args: { loading: true, destructive: true } };
