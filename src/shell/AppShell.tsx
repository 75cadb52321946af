import { Outlet } from '@tanstack/react-router';
import styled from 'styled-components';
import { isOn, useFlags } from '../app/flags/FlagsContext';
import { useSession } from '../app/session/SessionContext';
import { WebhookChangesProvider } from '../app/webhooks/WebhookChangesContext';
import { FailingWebhooksBanner } from './FailingWebhooksBanner';
import { GodroidTerms } from './GodroidTerms';
import { GodroidWelcome } from './GodroidWelcome';
import { HelpCentreWidget } from './HelpCentreWidget';
import { TopNav } from './TopNav';
import { useAccountLinks } from './useAccountLinks';
import { useLeavingPage } from './useLeavingPage';
import { useSelectionFollowsUrl } from './useSelectionFollowsUrl';

/** Layout of the signed-in (and guest) pages: the top navigation over the page, and the floating
 * help-centre button where the help centre is offered. */
export function AppShell() {
  const { helpCentreVendorId, developersHref } = useAccountLinks();
  const session = useSession();
  const flags = useFlags();
  useSelectionFollowsUrl();
  const leaving = useLeavingPage();
  return (
    // The Webhooks page (under the outlet) tells the failing-endpoint banner when endpoints change.
    <WebhookChangesProvider>
      <Column $roomForHelp={helpCentreVendorId !== null}>
        <TopNav />
        {/* Webhooks are the Developers page's: the same users see its failing endpoints, keyed per user. */}
        {developersHref && <FailingWebhooksBanner key={session.user?.id ?? ''} />}
        {/* A page being left takes no more input (it would be lost with it) and says it is busy. */}
        <div id="main" tabIndex={-1} inert={leaving} aria-busy={leaving}>
          <Outlet />
        </div>
        {/* Keyed by vendor: a branch change closes a widget opened for the previous branch. */}
        {session.mode === 'GODROID' && <GodroidTerms />}
        {session.mode === 'GODROID' && isOn(flags, 'GodroidPopup') && <GodroidWelcome />}
        {helpCentreVendorId && <HelpCentreWidget key={helpCentreVendorId} vendorId={helpCentreVendorId} />}
      </Column>
    </WebhookChangesProvider>
  );
}

const Column = styled.div<{ $roomForHelp: boolean }>`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  /* Room under the page so the floating help-centre button never covers its last line. */
  > div#main {
    flex: 1;
    outline: none;
    padding-bottom: ${({ $roomForHelp }) => ($roomForHelp ? '88px' : '0')};
    /* Dimmed only when the next page is slow to come (the delay), so quick changes of page do not
       flicker; the next page shows at full strength at once (no transition back). */
    &[inert] { opacity: 0.6; transition: opacity 0.2s ease 0.3s; }
  }
`;
