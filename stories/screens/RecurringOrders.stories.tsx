import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { OrderTemplate, RecurringScheduleView } from '../../domain/api';
import { STEP_TIMEOUT } from '../support/playContext';
import { ScreenAt } from '../support/ScreenAt';
import { STORY_NOW } from '../support/storyClock';
import { storyScreen } from '../support/storyScreen';
import { worldWith } from '../support/storyWorld';

/** Recurring orders of the selected vendor (issue #27): rule, next run, status, latest runs; empty until a template repeats. */
const meta = {
  title: 'Screens/Recurring orders',
  component: ScreenAt,
  args: { path: '/recurring-orders', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const DAY = 86_400;
const template = (id: string, name: string): OrderTemplate => ({
  id, vendor_id: 'sa-1000', name, customer_name: 'Huda Nasser', phone_number: '+966502223344', latitude: 24.6636, longitude: 46.7369,
  address: '3, Villa 8, Al Malaz Street, Riyadh', notes: '', amount: 45, description: 'Bread basket', payment_method: 'CASH_ON_DELIVERY',
  created_at: STORY_NOW - 30 * DAY, updated_at: STORY_NOW - 30 * DAY,
});
/** Weekdays at 09:30 (05:30 UTC in Asia/Dubai) with a placed, a refused and a skipped run; and a paused monthly one. */
const SCHEDULES: RecurringScheduleView[] = [
  {
    schedule_id: 'schedule-bread', vendor_id: 'sa-1000', template_id: 'tpl-bread', template_name: 'Morning bread', repeat: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5] },
    time: '09:30', time_zone: 'Asia/Dubai', starts_on: '2026-11-01', until: '2026-12-31', status: 'active', next_run_at: 1_795_066_200,
    created_by: 'vendor@example.com', created_at: STORY_NOW - 20 * DAY, updated_at: STORY_NOW - 20 * DAY,
    last_runs: [
      { planned_at: 1_794_979_800, outcome: 'placed', reason: null, order_id: 'SA-ORD-1042', ran_at: 1_794_979_802 },
      { planned_at: 1_794_893_400, outcome: 'refused', reason: 'validation.fill-payment-method', order_id: null, ran_at: 1_794_893_401 },
      { planned_at: 1_794_807_000, outcome: 'skipped', reason: 'recurring.skipped.service-hours', order_id: null, ran_at: 1_794_807_001 },
    ],
  },
  {
    schedule_id: 'schedule-flowers', vendor_id: 'sa-1000', template_id: 'tpl-flowers', template_name: 'Month-end flowers', repeat: { kind: 'monthly', day_of_month: 31 },
    time: '16:00', time_zone: 'Asia/Dubai', starts_on: '2026-10-01', until: null, status: 'paused', next_run_at: null,
    created_by: 'vendor@example.com', created_at: STORY_NOW - 50 * DAY, updated_at: STORY_NOW - 2 * DAY, last_runs: [],
  },
];
const WITH_SCHEDULES = worldWith({ templates: [template('tpl-bread', 'Morning bread'), template('tpl-flowers', 'Month-end flowers')], recurringOrders: SCHEDULES });

export const NoRecurringOrders: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    // The way to where schedules are made.
    await expect(await canvas.findByRole('link', { name: textOf('nav.templates') }, STEP_TIMEOUT)).toHaveAttribute('href', '/templates');
  },
};
export const Loading: Story = { args: { world: worldWith({ pending: ['listRecurringOrders'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listRecurringOrders: 'error.forbidden' } }) } };

/** A weekday schedule with its latest runs (placed, refused, skipped) and a paused one on day 31 of each month. */
export const Schedules: Story = {
  args: { world: WITH_SCHEDULES },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const bread = within(await canvas.findByRole('listitem', { name: 'Morning bread' }, STEP_TIMEOUT));
    await expect(bread.getAllByRole('listitem')).toHaveLength(3);
    await expect(bread.getByRole('button', { name: textOf('recurring.edit') })).toBeEnabled();
  },
};

/** Editing the weekday schedule: the dialog opens filled from it, switched here to day 31 of each month. */
export const EditingToMonthly: Story = {
  args: { world: WITH_SCHEDULES },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const bread = within(await canvas.findByRole('listitem', { name: 'Morning bread' }, STEP_TIMEOUT));
    await userEvent.click(bread.getByRole('button', { name: textOf('recurring.edit') }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: textOf('recurring.edit') }, STEP_TIMEOUT));
    await expect(dialog.getByLabelText(textOf('recurring.form.until'))).toHaveValue('2026-12-31');
    await userEvent.click(dialog.getByRole('radio', { name: textOf('recurring.form.monthly') }));
    const day = dialog.getByLabelText(textOf('recurring.form.day-of-month'));
    await userEvent.clear(day);
    await userEvent.type(day, '31');
    await expect(dialog.getByText(textOf('recurring.form.day-of-month.hint'))).toBeVisible();
  },
};
