// What a vendor does on the request screen, for the play functions that bring a request story to a
// later step. Elements are found by their accessible names in the story's language.
import { expect, userEvent, waitFor } from 'storybook/test';
import { STEP_TIMEOUT, type PlayContext } from './playContext';
import { storyScreen } from './storyScreen';

/** What the vendor types for the customer; each field has a valid default. */
interface CustomerDetails {
  name?: string;
  phone?: string;
  amount?: string;
}

export function requestSteps(context: PlayContext) {
  const { canvas, page, textOf } = storyScreen(context);

  async function chooseDropOff(query = 'Olaya') {
    const input = await canvas.findByRole('combobox', { name: textOf('request.dropoff.address') }, STEP_TIMEOUT);
    await userEvent.type(input, query);
    await userEvent.click(await canvas.findByRole('option', { name: /Olaya Street/ }, STEP_TIMEOUT));
  }
  /** The drop-off is deliverable and priced: the customer's details open. */
  async function waitForDetails() {
    await canvas.findByLabelText(textOf('request.customer.name'), {}, STEP_TIMEOUT);
  }
  async function fillCustomer({ name = 'Sara Ali', phone = '0501234567', amount = '85' }: CustomerDetails = {}) {
    await userEvent.type(canvas.getByLabelText(textOf('request.customer.name')), name);
    await userEvent.type(canvas.getByLabelText(textOf('request.customer.phone')), phone);
    await userEvent.type(canvas.getByLabelText(textOf('request.customer.amount', { currency: 'SAR' })), amount);
  }
  async function continueToPayment() {
    await userEvent.click(canvas.getByRole('button', { name: textOf('request.action.continue') }));
  }

  return {
    chooseDropOff,
    waitForDetails,
    /** A priced drop-off, then on to payment: with the customer's details, or without (`null`) to
     * see the form's validation. */
    async reachPayment(customer: CustomerDetails | null = {}) {
      await chooseDropOff();
      await waitForDetails();
      if (customer) await fillCustomer(customer);
      await continueToPayment();
    },
    async placeOrder() {
      const submit = await canvas.findByRole('button', { name: textOf('request.action.submit') }, STEP_TIMEOUT);
      await waitFor(() => expect(submit).toBeEnabled());
      await userEvent.click(submit);
    },
    /** 'add' a new collection point or 'edit' the selected outlet, in the collection-point dialog. */
    async openCollectionPoint(action: 'add' | 'edit') {
      await userEvent.click(await canvas.findByRole('button', { name: textOf(`request.collection.${action}`) }, STEP_TIMEOUT));
    },
    async expectDialog() {
      await expect(await page.findByRole('dialog', {}, STEP_TIMEOUT)).toBeVisible();
    },
  };
}
