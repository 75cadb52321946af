import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenAt } from '../support/ScreenAt';
import { worldWith } from '../support/storyWorld';

/** The pages anyone can open: landing, sign-in, registration, password reset, help pages, 404 and
 * maintenance. Each is the app's real route at that address. */
const meta = {
  title: 'Screens/Public pages',
  component: ScreenAt,
  args: { session: 'signedOut' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Landing: Story = { args: { path: '/' } };
export const Login: Story = { args: { path: '/connect' } };
export const LoginAfterEmailVerified: Story = { args: { path: '/connect?verified=1' } };
export const Register: Story = { args: { path: '/register' } };
/** With the sign-up-deactivation flag on, /register is not offered. */
export const RegisterWhenSignUpIsOff: Story = { args: { path: '/register', world: worldWith({ flags: { DeactivateSignUpButton: true } }) } };
export const ForgotPassword: Story = { args: { path: '/forgot-password' } };
export const Faq: Story = { args: { path: '/faq' } };
export const Terms: Story = { args: { path: '/termsandconditions' } };
export const ProhibitedItems: Story = { args: { path: '/prohibiteditems-c2c' } };
export const NotFound: Story = { args: { path: '/no-such-page' } };
/** The team invitation e-mail's link: a new person invited to the demo vendor as a Viewer. */
export const Invitation: Story = { args: { path: '/invitation?token=story-token' } };
export const InvitationExpired: Story = {
  args: { path: '/invitation?token=story-token', world: worldWith({ failures: { getInvitation: { key: 'team.error.invitation-expired', status: 422 } } }) },
};
export const PlannedMaintenance: Story = { args: { path: '/', world: worldWith({ flags: { PlannedMaintenance: true } }) } };
export const UnplannedMaintenance: Story = { args: { path: '/request-a-rider', world: worldWith({ flags: { UnplannedMaintenance: true } }) } };
