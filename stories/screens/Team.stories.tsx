import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STEP_TIMEOUT } from '../support/playContext';
import { storyScreen } from '../support/storyScreen';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** Settings → Team: members with their role and status, pending invitations, the invite dialog. */
const meta = {
  title: 'Screens/Team',
  component: ScreenAt,
  args: { path: '/settings/team', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An owner, a manager, a suspended dispatcher and a viewer at an outlet; the only owner's controls are disabled with the reason. */
export const Members: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const owner = (await canvas.findByRole('rowheader', { name: 'vendor@example.com' }, STEP_TIMEOUT)).closest('tr') as HTMLElement;
    await expect(within(owner).getByText(textOf('team.error.last-owner'))).toBeVisible();
    await expect(canvas.getAllByTestId('team-invitation-row')).toHaveLength(1);
  },
};
export const Loading: Story = { args: { world: worldWith({ pending: ['getTeam'] }) } };
export const CouldNotLoad: Story = { args: { world: worldWith({ failures: { getTeam: 'error.forbidden' } }) } };

/** The server refuses the invitation: its reason inside the dialog, in the user's language. */
export const InviteRefused: Story = {
  args: { world: worldWith({ failures: { inviteMember: { key: 'team.error.already-member', status: 409 } } }) },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    await userEvent.click(await canvas.findByRole('button', { name: textOf('team.invite') }, STEP_TIMEOUT));
    const dialog = within(await within(document.body).findByRole('dialog', {}, STEP_TIMEOUT));
    await userEvent.type(dialog.getByLabelText(textOf('team.invite.email')), 'layla.manager@example.com');
    await userEvent.click(dialog.getByRole('button', { name: textOf('team.invite.send') }));
    await expect(await dialog.findByText(textOf('team.error.already-member'), {}, STEP_TIMEOUT)).toBeVisible();
  },
};

/** A pending invitation sent again: a fresh 72 h link, and the page says to whom it went. */
export const InvitationSentAgain: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const row = (await canvas.findByRole('rowheader', { name: 'new.dispatcher@example.com' }, STEP_TIMEOUT)).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: textOf('team.invitation.resend') }));
    await expect(await canvas.findByText(textOf('team.invitation.resent', { email: 'new.dispatcher@example.com' }), {}, STEP_TIMEOUT)).toBeVisible();
  },
};

/** A pending invitation withdrawn after the confirmation: it leaves the list. */
export const InvitationWithdrawn: Story = {
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const row = (await canvas.findByRole('rowheader', { name: 'new.dispatcher@example.com' }, STEP_TIMEOUT)).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: textOf('team.invitation.revoke') }));
    const dialog = within(await within(document.body).findByRole('dialog', {}, STEP_TIMEOUT));
    await userEvent.click(dialog.getByRole('button', { name: textOf('team.invitation.revoke') }));
    await waitFor(() => expect(canvas.queryByTestId('team-invitation-row')).toBeNull(), STEP_TIMEOUT);
  },
};

/** On a phone each member and invitation is a card: the e-mail as its title, each value under its column's name, the actions across the
 * card (the Storybook e2e shows it in English and in Arabic, right to left; a story that set Arabic itself failed its English run). */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    const { canvas, textOf } = storyScreen(context);
    const row = (await canvas.findByRole('rowheader', { name: 'new.dispatcher@example.com' }, STEP_TIMEOUT)).closest('tr') as HTMLElement;
    const labels = [...row.querySelectorAll('td[data-label]')].map((cell) => cell.getAttribute('data-label') ?? '');
    await expect(labels[2]).toMatch(textOf('team.expires'));
    const withdraw = (name: string) => textOf('team.invitation.revoke').test(name) && name.endsWith(' new.dispatcher@example.com');
    await expect(within(row).getByRole('button', { name: withdraw })).toBeEnabled();
  },
};
