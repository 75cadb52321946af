import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Settings → Audit: who did what and when, filtered by member, action and period, with a CSV download. */
const meta = {
  title: 'Screens/Audit',
  component: ScreenAt,
  args: { path: '/settings/audit', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A dispatcher placed and cancelled an order; the owner suspended them; an invitation; an export. */
export const Trail: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const rows = await canvas.findAllByTestId('audit-row', {}, STEP_TIMEOUT);
    await expect(rows).toHaveLength(5);
    await expect(within(rows[0] as HTMLElement).getByText(textOf('audit.action.order.cancelled'))).toBeVisible();
  },
};
export const Loading: Story = { args: { world: worldWith({ pending: ['listAuditEvents'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listAuditEvents: 'error.forbidden' } }) } };

/** On a phone each event is a card, its time as the title, each value under its column's name (the
 * Storybook e2e shows it in English and in Arabic, right to left). */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const [row] = await canvas.findAllByTestId('audit-row', {}, STEP_TIMEOUT);
    await expect(within(row as HTMLElement).getByRole('rowheader')).toBeVisible();
    const labels = [...(row as HTMLElement).querySelectorAll('td')].map((cell) => cell.getAttribute('data-label') ?? '');
    await expect(labels).toHaveLength(3);
    await expect(labels[0]).toMatch(textOf('team.member'));
    await expect(labels[2]).toMatch(textOf('audit.details'));
  },
};
