import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Settings → Developers: the account's API keys (create, shown once; list; revoke). */
const meta = {
  title: 'Screens/Developers',
  component: ScreenAt,
  args: { path: '/settings/developers', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoKeys: Story = {};
export const Loading: Story = { args: { world: worldWith({ pending: ['listApiKeys'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listApiKeys: 'error.forbidden' } }) } };
/** The server refuses a new key: an error toast in the user's language, the form still there. */
export const CreateRefused: Story = {
  args: { world: worldWith({ failures: { createApiKey: { key: 'error.forbidden', status: 403 } } }) },
  play: async (context) => {
    const { canvas, page, textOf } = storyScreen(context);
    await userEvent.type(await canvas.findByRole('textbox', { name: textOf('developers.keys.name') }, STEP_TIMEOUT), 'Point of sale');
    await userEvent.click((await canvas.findAllByRole('checkbox', {}, STEP_TIMEOUT))[0] as HTMLElement);
    await userEvent.click(canvas.getByRole('button', { name: textOf('developers.keys.create') }));
    await expect(await page.findByText(textOf('error.forbidden'), {}, STEP_TIMEOUT)).toBeVisible();
    expect(canvas.queryByTestId('revealed-api-key')).toBeNull();
  },
};

/** Webhooks: an endpoint added, its signing secret shown once. */
export const WebhookAdded: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await userEvent.type(await canvas.findByRole('textbox', { name: textOf('developers.webhooks.url') }, STEP_TIMEOUT), 'https://shop.example.com/hooks');
    await userEvent.click(canvas.getByRole('button', { name: textOf('developers.webhooks.add') }));
    await expect(await canvas.findByTestId('revealed-webhook-secret', {}, STEP_TIMEOUT)).toBeVisible();
    await expect(await canvas.findByTestId('webhook-endpoint', {}, STEP_TIMEOUT)).toBeVisible();
  },
};

/** Webhooks: an endpoint's delivery log after a test event its receiver refused (attempt, status, excerpt, resend). */
export const WebhookLog: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await userEvent.type(await canvas.findByRole('textbox', { name: textOf('developers.webhooks.url') }, STEP_TIMEOUT), 'https://shop.example.com/hooks');
    await userEvent.click(canvas.getByRole('button', { name: textOf('developers.webhooks.add') }));
    await userEvent.click(await canvas.findByRole('button', { name: textOf('developers.keys.dismiss') }, STEP_TIMEOUT));
    await userEvent.click(await canvas.findByRole('button', { name: textOf('developers.webhooks.log') }, STEP_TIMEOUT));
    await userEvent.click(await canvas.findByRole('button', { name: textOf('developers.webhooks.send-test') }, STEP_TIMEOUT));
    await expect(await canvas.findByTestId('webhook-attempt', {}, STEP_TIMEOUT)).toHaveTextContent('500');
  },
};

/** The delivery log on a phone: each delivery is a card, the event as its title, the result and
 * attempts under their names (the Storybook e2e shows it in English and in Arabic, right to left). */
export const WebhookLogPhone: Story = {
  ...WebhookLog,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** Webhooks: the server refuses a private address; the toast says why in the user's language. */
export const WebhookAddressRefused: Story = {
  args: { world: worldWith({ failures: { createWebhook: { key: 'webhook.url.private-address', status: 422 } } }) },
  play: async (context) => {
    const { canvas, page, textOf } = storyScreen(context);
    await userEvent.type(await canvas.findByRole('textbox', { name: textOf('developers.webhooks.url') }, STEP_TIMEOUT), 'https://10.0.0.5/hooks');
    await userEvent.click(canvas.getByRole('button', { name: textOf('developers.webhooks.add') }));
    await expect(await page.findByText(textOf('webhook.url.private-address'), {}, STEP_TIMEOUT)).toBeVisible();
    expect(canvas.queryByTestId('revealed-webhook-secret')).toBeNull();
  },
};
