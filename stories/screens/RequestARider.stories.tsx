import type { Meta, StoryObj } from '@storybook/react-vite';
import { TODAYS_ORDERS } from '../support/demoOrders';
import { guestDevice } from '../support/guestDevice';
import { GUEST_VENDOR, OUTLET_VENDOR, PARENT_VENDOR, VENDOR_WITHOUT_ADDRESS } from '../support/demoVendors';
import { requestSteps } from '../support/requestSteps';
import { ScreenAt } from '../support/ScreenAt';
import { DEMO_WORLD, worldWith } from '../support/storyWorld';

/**
 * Request a rider (SPEC §2, §4), in each step of the request machine. The screen runs its real
 * machines over the in-memory API; later steps are reached the way a vendor reaches them (the play
 * function types and clicks), so what is shown is what the machine really does.
 */
const meta = {
  title: 'Screens/Request a rider',
  component: ScreenAt,
  args: { path: `/request-a-rider/${PARENT_VENDOR.vendor_id}`, session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The vendor has a collection point: the flow asks where to deliver. */
export const AskForDropOff: Story = {};

/** The vendor has no collection point yet: its address comes first. */
export const AskForCollectionPoint: Story = {
  args: { path: `/request-a-rider/${VENDOR_WITHOUT_ADDRESS.vendor_id}`, selectedVendorId: VENDOR_WITHOUT_ADDRESS.vendor_id },
};

/** Outside the vendor's service hours (13:00 to 14:00; the story's clock says 15:06). */
export const ServiceClosed: Story = { args: { world: worldWith({ parameters: { serviceHours: '1300:1400' } }) } };

/** A drop-off is chosen and priced: the order details come next. */
export const OrderDetails: Story = {
  play: async (context) => {
    const steps = requestSteps(context);
    await steps.chooseDropOff();
    await steps.waitForDetails();
  },
};

/** The drop-off is outside the delivery area: the typed address stays, with the reason. */
export const UndeliverableAddress: Story = {
  args: { world: worldWith({ deliveryArea: 'UNDELIVERABLE' }) },
  play: async (context) => {
    await requestSteps(context).chooseDropOff();
  },
};

/** Continue without a customer: only the first failing rule shows, on its field (SPEC §5). */
export const ValidationErrors: Story = {
  play: async (context) => {
    await requestSteps(context).reachPayment(null);
  },
};

/** Details done: payment method, voucher and the order summary. */
export const Payment: Story = {
  play: async (context) => {
    await requestSteps(context).reachPayment();
  },
};

/** The order value is above the country's limit: the vendor is asked to confirm it. */
export const HighValueConfirmation: Story = {
  args: { world: worldWith({ parameters: { orderItemValueExceedLimit: '1000' } }) },
  play: async (context) => {
    const steps = requestSteps(context);
    await steps.reachPayment({ amount: '5000' });
    await steps.expectDialog();
  },
};

/** The fee's signature expired while placing the order and the new quote is higher: the vendor
 * confirms the new fee or abandons (SPEC §4 signature expiry). */
export const SignatureChanged: Story = {
  args: { world: worldWith({ failures: { createOrder: 'SignatureExpired' }, renewedFee: 14 }) },
  play: async (context) => {
    const steps = requestSteps(context);
    await steps.reachPayment();
    await steps.placeOrder();
    await steps.expectDialog();
  },
};

/** Placing the order fails for another reason: the vendor may try again. */
export const SubmitFailed: Story = {
  args: { world: worldWith({ failures: { createOrder: 'error.offline' } }) },
  play: async (context) => {
    const steps = requestSteps(context);
    await steps.reachPayment();
    await steps.placeOrder();
  },
};

/** The collection-point dialog, adding a new outlet under the parent vendor (SPEC §2). */
export const AddCollectionPoint: Story = {
  play: async (context) => {
    const steps = requestSteps(context);
    await steps.openCollectionPoint('add');
    await steps.expectDialog();
  },
};

/** The collection-point dialog, editing the selected outlet. */
export const EditCollectionPoint: Story = {
  args: { path: `/request-a-rider/${OUTLET_VENDOR.vendor_id}`, selectedVendorId: OUTLET_VENDOR.vendor_id },
  play: async (context) => {
    const steps = requestSteps(context);
    await steps.openCollectionPoint('edit');
    await steps.expectDialog();
  },
};

/** On a phone the summary follows the form. */
export const Phone: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };

/** ?orderID= edits an existing order: the flow starts from the order's details. */
export const UpdateOrder: Story = { args: { path: `/request-a-rider/${PARENT_VENDOR.vendor_id}?orderID=sa-1000-0101` } };

const guestWorld = worldWith({ vendors: [...DEMO_WORLD.vendors, GUEST_VENDOR], storedItems: guestDevice() });

/** A guest requests for the placeholder vendor built from the guest's country; the collection
 * point is the sender's address kept from the guest's checkout. */
export const Guest: Story = { args: { path: '/request-a-rider', session: 'guest', world: guestWorld } };

/** A guest who ordered before is invited to create an account. */
export const GuestWhoOrderedBefore: Story = {
  args: { path: '/request-a-rider', session: 'guest', world: { ...guestWorld, storedItems: guestDevice(TODAYS_ORDERS.slice(0, 2)) } },
};

/** Online payment is off in the country: cash and prepaid only. */
export const OnlinePaymentOff: Story = { args: { world: worldWith({ parameters: { onlinePaymentActivated: 'false' } }) } };
