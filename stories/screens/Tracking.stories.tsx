import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Order } from '../../domain/types';
import { ALL_DEMO_ORDERS, TODAYS_ORDERS } from '../support/demoOrders';
import { STORY_NOW } from '../support/storyClock';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';

/** A small drawn photo standing for the rider's picture (a data URL, as the server sends proofs). */
const PROOF_PHOTO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#e8e4dc"/><rect x="45" y="35" width="70" height="55" fill="#b98b5a"/><path d="M20 100c30-25 50 10 80-15s30 5 45-5" stroke="#223" stroke-width="3" fill="none"/></svg>')}`;

/** The receiver's signature the rider collects on delivery (as the courier simulator draws one). */
const SIGNATURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect width="300" height="120" fill="#fff"/><path d="M20 70 T55 50 T90 82 T125 44 T160 76 T195 58 T230 66 T265 48" fill="none" stroke="#1e293b" stroke-width="3" stroke-linecap="round"/><line x1="20" y1="100" x2="280" y2="100" stroke="#94a3b8"/></svg>')}`;

/** The demo orders, the one given carrying photos of pickup and delivery. */
function withProofs(orderId: string): Order[] {
  return ALL_DEMO_ORDERS.map((order) => (order.order_id === orderId ? { ...order, proofs: { pickup: PROOF_PHOTO, delivery: PROOF_PHOTO } } : order));
}

/** Order tracking (SPEC §2, §4): today's orders by list (new, scheduled, collected, delivered,
 * cancelled), live over the in-memory socket, the order detail in a side drawer. */
const meta = {
  title: 'Screens/Order tracking',
  component: ScreenAt,
  args: { path: '/order-tracking/sa-1000', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One order in each list. */
export const FullLists: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Sara Ali', {}, { timeout: 5000 });
  },
};
export const NoOrdersToday: Story = { args: { world: worldWith({ orders: [] }) } };
export const Loading: Story = { args: { world: worldWith({ pending: ['listOrders'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listOrders: 'error.cant-retrieve-current-orders' } }) } };
/** After a successful request the new order opens (query order_id). */
export const OrderDetailWithRider: Story = { args: { path: '/order-tracking/sa-1000?order_id=sa-1000-0102' } };
export const OrderDetailNew: Story = { args: { path: '/order-tracking/sa-1000?order_id=sa-1000-0101' } };
export const OrderDetailCancelled: Story = { args: { path: '/order-tracking/sa-1000?order_id=sa-1000-0106' } };
/** A delivered order with the rider's proofs: the drawer offers them as a ZIP (the proof archive). */
export const OrderDetailProofs: Story = { args: { path: '/order-tracking/sa-1000?order_id=sa-1000-0105', world: worldWith({ orders: withProofs('sa-1000-0105') }) } };
/** The proof of delivery with the name the receiver gave the rider and their signature. */
export const OrderDetailProofOfDeliverySigned: Story = {
  args: {
    path: '/order-tracking/sa-1000?order_id=sa-1000-0105',
    world: worldWith({
      orders: withProofs('sa-1000-0105').map((order) => (order.order_id === 'sa-1000-0105'
        ? { ...order, proofs: { ...order.proofs, signatures: { delivery: SIGNATURE }, received_by: { delivery: 'Omar (neighbour)' } } }
        : order)),
    }),
  },
  play: async (context) => {
    const { page: drawer, textOf } = storyScreen(context);
    await drawer.findByRole('img', { name: textOf('order.proof.signature') }, STEP_TIMEOUT);
    await drawer.findByText(textOf('order.proof.received-by', { name: 'Omar (neighbour)' }), {}, STEP_TIMEOUT);
  },
};
/** The proof ZIP refused by the server: its reason translated, with "Try again". */
export const OrderDetailProofsDownloadFailed: Story = {
  args: {
    path: '/order-tracking/sa-1000?order_id=sa-1000-0105',
    world: worldWith({ orders: withProofs('sa-1000-0105'), failures: { downloadOrderProofs: { key: 'error.not-found', status: 404 } } }),
  },
  play: async (context) => {
    // The drawer is portalled to the body, outside the story's root.
    const { page: drawer, textOf } = storyScreen(context);
    await userEvent.click(await drawer.findByRole('button', { name: textOf('order.proof.download') }, STEP_TIMEOUT));
    await drawer.findByText(textOf('proofs.download.failed'), { exact: false }, STEP_TIMEOUT);
  },
};
/** A search by the customer's phone number lists the matches instead of the groups. */
export const SearchResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sara Ali', {}, { timeout: 5000 });
    // The search box offers the recent searches, so it is a combobox inside the search landmark.
    const box = within(await canvas.findByRole('search')).getByRole('combobox');
    await userEvent.type(box, '+966 50 123 4567{enter}');
    await waitFor(() => expect(canvas.queryByText('Omar Khalid')).toBeNull(), { timeout: 5000 });
  },
};
/** A link to an order of an earlier day (a recurring run's): in none of today's lists, fetched into the drawer. */
export const OrderOfAnEarlierDay: Story = {
  args: { path: '/order-tracking/sa-1000?order_id=sa-1000-0091' },
  play: async (context) => {
    const { page } = storyScreen(context);
    const drawer = await page.findByRole('dialog', {}, STEP_TIMEOUT);
    await within(drawer).findByText('Reem Faisal', {}, STEP_TIMEOUT);
  },
};
/** The earlier day's order on its way. */
export const OrderOfAnEarlierDayLoading: Story = { args: { path: '/order-tracking/sa-1000?order_id=sa-1000-0091', world: worldWith({ pending: ['getOrder'] }) } };
/** A link to an order that is not the branch's: the server answers a foreign order like a missing one. */
export const OrderNotFound: Story = {
  args: { path: '/order-tracking/sa-1000?order_id=sa-2000-0001', world: worldWith({ failures: { getOrder: { status: 403, key: 'error.forbidden' } } }) },
  play: async (context) => {
    const { page, textOf } = storyScreen(context);
    const drawer = await page.findByRole('dialog', {}, STEP_TIMEOUT);
    await within(drawer).findByText(textOf('error.order-not-found'), {}, STEP_TIMEOUT);
    await expect(within(drawer).getByRole('button', { name: textOf('common.retry') })).toBeTruthy();
  },
};
/** A rider accepts Sara Ali's order: the live socket's update moves it without a reload. */
export const LiveUpdateArrives: Story = {
  args: { world: worldWith({ liveUpdates: [riderAccepted(TODAYS_ORDERS[0])] }) },
};
export const Phone: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
export const Guest: Story = { args: { path: '/order-tracking', session: 'guest', world: worldWith({ orders: TODAYS_ORDERS.map((order) => ({ ...order, vendor_id: 'vendorID' })) }) } };

function riderAccepted(order: Order | undefined): Order {
  if (!order) throw new Error('the demo has orders today');
  return {
    ...order,
    status: 'COURIER_ACCEPTED_DELIVERY',
    updated_at: STORY_NOW,
    status_history: [...order.status_history, { status: 'COURIER_ACCEPTED_DELIVERY', created_at: STORY_NOW }],
  };
}

