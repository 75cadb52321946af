import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Recurring orders of the selected vendor (issue #27): rule, next run, status, latest runs; empty until a template repeats. */
const meta = {
  title: 'Screens/Recurring orders',
  component: ScreenAt,
  args: { path: '/recurring-orders', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoRecurringOrders: Story = {};
export const Loading: Story = { args: { world: worldWith({ pending: ['listRecurringOrders'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listRecurringOrders: 'error.forbidden' } }) } };
