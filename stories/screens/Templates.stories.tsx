import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Saved templates of the selected outlet (issue #27): use, rename, delete; empty until one is saved. */
const meta = {
  title: 'Screens/Templates',
  component: ScreenAt,
  args: { path: '/templates', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoTemplates: Story = {};
export const Loading: Story = { args: { world: worldWith({ pending: ['listOrderTemplates'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { listOrderTemplates: 'error.forbidden' } }) } };
