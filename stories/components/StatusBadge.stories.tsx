import type { Meta, StoryObj } from '@storybook/react-vite';
import { BULK_JOB_STATUSES, ORDER_STATUSES, type BulkJobRow } from '../../domain/types';
import { StatusBadge } from '../../src/components/orders/StatusBadge';

const ROW_STATUSES: readonly BulkJobRow['status'][] = ['PREPROCESS_SUCCESS', 'PREPROCESS_FAIL', 'ORDER_PLACED', 'ORDER_FAILED'];

/** Every status one badge shows, side by side: orders (tracking, history), bulk upload jobs and
 * their rows. One colour an outcome: cancelled and failed red, delivered and placed green. */
function EveryStatus({ kind }: { kind: 'order' | 'job' | 'row' }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxWidth: 720 }}>
      {kind === 'order' && ORDER_STATUSES.map((status) => <StatusBadge key={status} status={status} />)}
      {kind === 'job' && BULK_JOB_STATUSES.map((status) => <StatusBadge key={status} jobStatus={status} />)}
      {kind === 'row' && ROW_STATUSES.map((status) => <StatusBadge key={status} rowStatus={status} />)}
    </div>
  );
}

const meta = {
  title: 'Components/StatusBadge',
  component: EveryStatus,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof EveryStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OrderStatuses: Story = { args: { kind: 'order' } };
export const BulkJobStatuses: Story = { args: { kind: 'job' } };
export const BulkRowStatuses: Story = { args: { kind: 'row' } };
