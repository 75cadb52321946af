import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Settings → Notifications: per branch, which order events reach the recipient by e-mail and SMS. */
const meta = {
  title: 'Screens/Notification settings',
  component: ScreenAt,
  args: { path: '/settings/notifications', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo parent sends an SMS when the rider sets off; the preview shows that message. */
export const Settings: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const sms = within(await canvas.findByRole('group', { name: textOf('notification-settings.sms') }, STEP_TIMEOUT));
    await expect(sms.getByRole('checkbox', { name: textOf('notification-settings.event.on_the_way') })).toBeChecked();
    await expect(canvas.getByTestId('notification-preview')).toBeVisible();
    // The e-mail preview: the rider-on-the-way e-mail first, another event on choosing it.
    await expect(await canvas.findByTestId('email-preview-subject', {}, STEP_TIMEOUT)).toHaveTextContent(/is on its way$/);
    await userEvent.selectOptions(canvas.getByLabelText(textOf('notification-settings.email-preview.event')), 'delivered');
    await expect(await canvas.findByText(/has been delivered$/, {}, STEP_TIMEOUT)).toBeVisible();
  },
};
export const Loading: Story = { args: { world: worldWith({ pending: ['getNotificationSettings', 'getEmailPreview'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { getNotificationSettings: 'error.forbidden' } }) } };
/** The settings load, the e-mail preview does not: it says so, with the server's reason and Retry. */
export const EmailPreviewFailed: Story = {
  args: { world: worldWith({ failures: { getEmailPreview: 'error.forbidden' } }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await expect(await canvas.findByText(textOf('notification-settings.email-preview.failed'), {}, STEP_TIMEOUT)).toBeVisible();
  },
};

/** E-mail on delivery ticked and saved: the page says so and the save button rests until the next change. */
export const Saved: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const email = within(await canvas.findByRole('group', { name: textOf('notification-settings.email') }, STEP_TIMEOUT));
    await userEvent.click(email.getByRole('checkbox', { name: textOf('notification-settings.event.delivered') }));
    await userEvent.click(canvas.getByRole('button', { name: textOf('notification-settings.save') }));
    await expect(await canvas.findByText(textOf('notification-settings.saved'), {}, STEP_TIMEOUT)).toBeVisible();
    await expect(canvas.getByRole('button', { name: textOf('notification-settings.save') })).toBeDisabled();
  },
};

/** The server refuses the save: its reason in the user's language, the ticks kept. */
export const SaveRefused: Story = {
  args: { world: worldWith({ failures: { saveNotificationSettings: { key: 'error.forbidden', status: 403 } } }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const sms = within(await canvas.findByRole('group', { name: textOf('notification-settings.sms') }, STEP_TIMEOUT));
    const near = sms.getByRole('checkbox', { name: textOf('notification-settings.event.near') });
    await userEvent.click(near);
    await userEvent.click(canvas.getByRole('button', { name: textOf('notification-settings.save') }));
    await expect(await canvas.findByText(textOf('error.forbidden'), {}, STEP_TIMEOUT)).toBeVisible();
    await expect(near).toBeChecked();
  },
};
