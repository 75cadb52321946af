import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { composedFlows, flowMachines } from '../../scripts/flows/machines';
import { FlowPage } from '../support/FlowPage';

/**
 * Flows: every machine's statechart, its transitions with the model tests' coverage and its walked
 * paths, each linking the story of the state it ends in (docs/qa.md "Flow pages"). One story per
 * machine exported from machines/; tests/e2e/storybook.e2e.ts fails when a machine has none.
 */
const meta = {
  title: 'Flows',
  component: FlowPage,
  // Framed static pages of the build (flows/): jsdom (tests/stories) loads no frame.
  tags: ['needs-static-build'],
  play: async ({ canvasElement, args }) => {
    const frame = canvasElement.querySelector('iframe');
    const page = () => frame?.contentDocument;
    // The frame holds about:blank (complete) first: wait for the page itself, parsed to its end.
    await waitFor(
      () => {
        expect(page()?.location.pathname.endsWith(`/flows/${args.page}.html`)).toBe(true);
        expect(page()?.readyState).toBe('complete');
      },
      { timeout: 15_000 },
    );
    const machine = flowMachines.find(([name]) => name === args.page)?.[1];
    const composed = composedFlows.find((flow) => flow.name === args.page);
    if (!machine && !composed) {
      // The index lists every machine and composed flow.
      for (const name of [...flowMachines.map(([name]) => name), ...composedFlows.map((flow) => flow.name)]) {
        await expect(page()?.querySelector(`a[href="${name}.html"]`)).not.toBeNull();
      }
      return;
    }
    await expect(page()?.querySelector('h1')?.textContent).toBe(args.page);
    // A composed flow's page shows the chart of each of its machines.
    for (const charted of machine ? [machine] : (composed?.parts.map((part) => part.machine) ?? [])) {
      for (const state of Object.keys(charted.states)) {
        await expect(page()?.querySelector(`.chart [data-state="${charted.id}.${state}"]`), `${state} in the chart`).not.toBeNull();
      }
    }
    await expect(page()?.querySelector('h2 + .coverage, h2 + p')).not.toBeNull();
  },
} satisfies Meta<typeof FlowPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllMachines: Story = { args: { page: 'index' } };
export const AddressSearch: Story = { args: { page: 'addressSearch' } };
export const ApiKeys: Story = { args: { page: 'apiKeys' } };
export const AuditTrail: Story = { args: { page: 'auditTrail' } };
export const AppLoad: Story = { args: { page: 'appLoad' } };
export const BulkJob: Story = { args: { page: 'bulkJob' } };
export const CollectionPointForm: Story = { args: { page: 'collectionPointForm' } };
export const DestinationCheck: Story = { args: { page: 'destinationCheck' } };
export const EmailPreview: Story = { args: { page: 'emailPreview' } };
export const Export: Story = { args: { page: 'export' } };
export const FailingWebhooks: Story = { args: { page: 'failingWebhooks' } };
export const FeatureFlags: Story = { args: { page: 'featureFlags' } };
export const HelpCentre: Story = { args: { page: 'helpCentre' } };
export const Insights: Story = { args: { page: 'insights' } };
export const Invitation: Story = { args: { page: 'invitation' } };
export const LiveChannel: Story = { args: { page: 'liveChannel' } };
export const LiveOrders: Story = { args: { page: 'liveOrders' } };
export const OnlinePayment: Story = { args: { page: 'onlinePayment' } };
export const NotificationSettings: Story = { args: { page: 'notificationSettings' } };
export const OrderCancel: Story = { args: { page: 'orderCancel' } };
export const OrderDrawer: Story = { args: { page: 'orderDrawer' } };
export const OrdersList: Story = { args: { page: 'ordersList' } };
export const OrderTemplates: Story = { args: { page: 'orderTemplates' } };
export const OrderTrend: Story = { args: { page: 'orderTrend' } };
export const Payment: Story = { args: { page: 'payment' } };
export const PublicTracking: Story = { args: { page: 'publicTracking' } };
export const Receipt: Story = { args: { page: 'receipt' } };
export const RecurringOrders: Story = { args: { page: 'recurringOrders' } };
export const RequestPrefill: Story = { args: { page: 'requestPrefill' } };
export const RecipientMessages: Story = { args: { page: 'recipientMessages' } };
export const ProofDownload: Story = { args: { page: 'proofDownload' } };
export const RequestRider: Story = { args: { page: 'requestRider' } };
export const RiderPolling: Story = { args: { page: 'riderPolling' } };
export const Session: Story = { args: { page: 'session' } };
export const SignatureRetry: Story = { args: { page: 'signatureRetry' } };
export const Submit: Story = { args: { page: 'submit' } };
export const TeamMembers: Story = { args: { page: 'teamMembers' } };
export const ToastTimer: Story = { args: { page: 'toastTimer' } };
export const Vendors: Story = { args: { page: 'vendors' } };
export const VoucherCheck: Story = { args: { page: 'voucherCheck' } };
export const Webhooks: Story = { args: { page: 'webhooks' } };
