import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { WebhookEndpoint } from '../../adapters/ports';
import { STEP_TIMEOUT } from '../support/playContext';
import { STORY_NOW } from '../support/storyClock';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

function endpoint(id: string, failingSince: number | null): WebhookEndpoint {
  return {
    endpoint_id: id, vendor_id: 'sa-1000', url: `https://shop.example.com/hooks/${id}`, events: ['order.created', 'order.status_changed'],
    created_by: 'vendor@example.com', created_at: STORY_NOW - 86_400 * 7, previous_secret_expires_at: null, failing_since: failingSince,
  };
}

/** The app-wide banner while a webhook endpoint of the account is failing (a delivery ran out of its
 * 24 h of retries), over any signed-in page, linking to Settings → Developers → Webhooks. */
const meta = {
  title: 'Screens/Failing webhooks banner',
  component: ScreenAt,
  args: { path: '/helpcenter/sa-1000', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One endpoint of two is failing. */
export const FailingOne: Story = {
  args: { world: worldWith({ webhooks: [endpoint('we_1', STORY_NOW - 3600), endpoint('we_2', null)] }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await expect(await canvas.findByTestId('failing-webhooks-banner', {}, STEP_TIMEOUT)).toHaveTextContent(textOf('webhooks.failing-banner.count', { count: 1 }));
    await expect(canvas.getByRole('link', { name: textOf('webhooks.failing-banner.link') })).toHaveAttribute('href', '/settings/developers#webhooks-heading');
  },
};

/** Several endpoints failing: still one banner, not one per endpoint, saying how many. */
export const FailingSeveral: Story = {
  args: { world: worldWith({ webhooks: [endpoint('we_1', STORY_NOW - 3600), endpoint('we_2', STORY_NOW - 7200), endpoint('we_3', STORY_NOW - 60)] }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await expect(await canvas.findByTestId('failing-webhooks-banner', {}, STEP_TIMEOUT)).toHaveTextContent(textOf('webhooks.failing-banner.count', { count: 3 }));
    await expect(canvas.getAllByTestId('failing-webhooks-banner')).toHaveLength(1);
  },
};

/** Every endpoint delivers: no banner (shown over the Developers page, which lists them). */
export const NoneFailing: Story = {
  args: { path: '/settings/developers', world: worldWith({ webhooks: [endpoint('we_1', null), endpoint('we_2', null)] }) },
  play: async (context) => {
    const { canvas } = storyScreen(context);
    // The page's own list has answered, so the banner's (asked for first, by the shell) has too.
    await expect(await canvas.findAllByTestId('webhook-endpoint', {}, STEP_TIMEOUT)).toHaveLength(2);
    await expect(canvas.queryByTestId('failing-webhooks-banner')).toBeNull();
  },
};
