import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Insights (issue #26): the vendor's figures for a period, from the story world's orders (memoryInsights.ts). */
const meta = {
  title: 'Screens/Insights',
  component: ScreenAt,
  args: { path: '/insights/sa-1000', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every chart over the demo orders of the past month. */
export const Full: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await expect(await canvas.findByRole('region', { name: textOf('insights.heat.title') }, STEP_TIMEOUT)).toBeVisible();
    await expect(canvas.getByRole('region', { name: textOf('history.trend.title') })).toBeVisible();
    await expect(canvas.getByRole('button', { name: textOf('insights.export') })).toBeVisible();
  },
};
/** A period without orders. */
export const Empty: Story = {
  args: { world: worldWith({ orders: [] }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await expect(await canvas.findByText(textOf('insights.empty.description'), {}, STEP_TIMEOUT)).toBeVisible();
  },
};
/** The page's skeleton while the figures load. */
export const Loading: Story = {
  args: { world: worldWith({ pending: ['getInsights'] }) },
  play: async (context) => {
    const { canvas } = storyScreen(context);
    await expect(await canvas.findByTestId('insights-loading', {}, STEP_TIMEOUT)).toBeVisible();
  },
};
/** The figures could not be loaded: the error and Try again, which asks again (and fails again here). */
export const CouldNotLoad: Story = {
  args: { world: worldWith({ failures: { getInsights: 'error.server' } }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await expect(await canvas.findByText(textOf('insights.error'), {}, STEP_TIMEOUT)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: textOf('common.retry') }));
    await expect(await canvas.findByText(textOf('insights.error'), {}, STEP_TIMEOUT)).toBeVisible();
  },
};
