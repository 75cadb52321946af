import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenAt } from '../support/ScreenAt';

/** Pages a recipient or sender opens from a link, without signing in (SPEC §2). */
const meta = {
  title: 'Screens/Public tracking',
  component: ScreenAt,
  args: { session: 'signedOut' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RiderOnTheWay: Story = { args: { path: '/tracking/sa-1000-0104?t=token-0104' } };
export const WaitingForRider: Story = { args: { path: '/tracking/sa-1000-0101?t=token-0101' } };
export const DeliveryReceipt: Story = { args: { path: '/delivery-receipt/sa-1000-0105?t=token-0105' } };
export const ConsumerToConsumer: Story = { args: { path: '/tracking-c2c/sa-1000-0102?t=token-0102' } };
