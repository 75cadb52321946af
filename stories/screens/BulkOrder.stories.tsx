import type { Meta, StoryObj } from '@storybook/react-vite';
import { CHECKED_BULK_JOB } from '../support/demoBulkJobs';
import { bulkSteps } from '../support/bulkSteps';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Bulk order upload (SPEC §2): template, upload, job summary, history, details, placement. Shown
 * only with the bulk-upload flag on; otherwise the route sends the user home. */
const meta = {
  title: 'Screens/Bulk order',
  component: ScreenAt,
  args: { path: '/bulk-order/sa-1000', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Template download, the drop zone and the vendor's earlier jobs. */
export const JobHistory: Story = {};
export const NoJobsYet: Story = { args: { world: worldWith({ bulkJobs: [] }) } };
export const HistoryCouldNotLoad: Story = { args: { world: worldWith({ failures: { listBulkJobs: 'bulk-order-upload.job-history-error' } }) } };
/** A spreadsheet was uploaded and checked: two rows to place, one with an error. */
export const UploadedAndChecked: Story = {
  play: async (context) => {
    await bulkSteps(context).uploadSpreadsheet();
  },
};
/** The server refuses the file (not a spreadsheet it can read). */
export const UploadRefused: Story = {
  args: { world: worldWith({ failures: { createBulkJob: { key: 'bulk-order-upload.invalid-file-format', status: 422 } } }) },
  play: async (context) => {
    await bulkSteps(context).uploadSpreadsheet();
  },
};
/** Job details from the address bar (/bulk-order/{vendorID}/{bulkJobID}). */
export const CheckedJobDetails: Story = { args: { path: '/bulk-order/sa-1000/bulk-0002' } };
/** Placing the checked rows asks for a confirmation first. */
export const PlaceOrdersConfirmation: Story = {
  args: { path: '/bulk-order/sa-1000/bulk-0002' },
  play: async (context) => {
    await bulkSteps(context).requestPlacement(CHECKED_BULK_JOB.totals.orders_to_be_placed);
  },
};
export const PlacedJobDetails: Story = { args: { path: '/bulk-order/sa-1000/bulk-0001' } };
/** Guests are asked to sign in: bulk jobs belong to a vendor account. */
export const Guest: Story = { args: { path: '/bulk-order', session: 'guest' } };
export const FlagOffRedirectsHome: Story = { args: { world: worldWith({ flags: { BulkOrderUpload: false } }) } };
