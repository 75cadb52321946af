import { vendorAccess, type Capability } from '../../domain';
import { isOn, useFlags } from '../app/flags/FlagsContext';
import { useSession } from '../app/session/SessionContext';
import { standingOf } from '../app/vendors/standingOf';
import { useVendors } from '../app/vendors/VendorsContext';
import { useCountry } from './useCountry';

/** What the account menu and the mobile drawer offer, decided once for both. */
export function useAccountLinks() {
  const session = useSession();
  const flags = useFlags();
  const vendors = useVendors();
  const { selected } = vendors;
  const country = useCountry();
  // A link waits for the member's role at the selected vendor: absent until it is known (domain/teams).
  const standing = standingOf(vendors);
  const allows = (capability: Capability) => vendorAccess(standing, capability) === 'allowed';
  const signedInVendorUser = !session.isGuest && session.mode !== 'GODROID' && session.user;
  // Not inside the courier app either (SPEC §6: hidden on a native courier app platform).
  const helpCentreVendor = !session.isGuest && session.mode !== 'GODROID' && isOn(flags, 'Helpcenter') && selected ? selected.vendor_id : null;
  return {
    email: session.user?.email ?? null,
    isGuest: session.isGuest,
    partnerUrl: country.links.partnerSignUp,
    /** Help centre: never for guests (SPEC §2) nor in the courier app, only under the Helpcenter flag and with a vendor. */
    helpCentreHref: helpCentreVendor ? `/helpcenter/${encodeURIComponent(helpCentreVendor)}` : null,
    /** The vendor the floating help-centre widget opens for, under the same rule. */
    helpCentreVendorId: helpCentreVendor,
    canRegister: !isOn(flags, 'DeactivateSignUpButton'),
    /** Settings → Developers (API keys, webhooks): a signed-in vendor user's whose role allows either, not a guest's nor the courier app's. */
    developersHref: signedInVendorUser && (allows('apiKeys') || allows('webhooks')) ? '/settings/developers' : null,
    /** The selected outlet's saved order templates: a signed-in vendor user's whose role may place orders. */
    templatesHref: !session.isGuest && session.user && allows('orders.place') ? '/templates' : null,
    /** Settings → Notifications (messages to recipients): as Developers, where the role allows it. */
    notificationSettingsHref: signedInVendorUser && allows('notificationSettings') ? '/settings/notifications' : null,
    /** Settings → Team (members, invitations): a signed-in owner's, not in the courier app. */
    teamHref: signedInVendorUser && allows('team') ? '/settings/team' : null,
    /** Settings → Audit (who did what): owners and managers, as Team. */
    auditHref: signedInVendorUser && allows('audit') ? '/settings/audit' : null,
    /** Some links still wait for the member's role (the vendor list is loading). */
    pending: standing === 'pending',
    logout: session.logout,
  };
}
