import type { Meta, StoryObj } from '@storybook/react-vite';
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
