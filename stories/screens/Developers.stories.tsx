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
