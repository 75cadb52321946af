import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Past orders (SPEC §2): the all-orders table with date and status filters and export. */
const meta = {
  title: 'Screens/History',
  component: ScreenAt,
  args: { path: '/history/sa-1000', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PastOrders: Story = {};
export const NoPastOrders: Story = { args: { world: worldWith({ orders: [] }) } };
export const Loading: Story = { args: { world: worldWith({ pending: ['listOrders'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listOrders: 'error.cant-retrieve-past-orders' } }) } };
/** The orders-per-day chart above the table while its two columns load, and when they cannot. */
export const TrendLoading: Story = { args: { world: worldWith({ pending: ['getOrderTrend'] }) } };
export const TrendCouldNotLoad: Story = { args: { world: worldWith({ failures: { getOrderTrend: 'error.cant-retrieve-past-orders' } }) } };
/** The period's proof ZIP beside the export, refused by the server: its reason translated, with "Try again". */
export const ProofsDownloadFailed: Story = {
  args: { world: worldWith({ failures: { exportProofs: { key: 'export.error.range-too-long', status: 422 } } }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await userEvent.click(await canvas.findByRole('button', { name: textOf('history.export.proofs') }, STEP_TIMEOUT));
    await canvas.findByText(textOf('proofs.download.failed'), { exact: false }, STEP_TIMEOUT);
  },
};
/** Guests search their orders kept on the device by phone number; history needs an account. */
export const Guest: Story = { args: { path: '/history', session: 'guest' } };
