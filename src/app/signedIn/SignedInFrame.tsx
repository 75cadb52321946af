import { useContext } from 'react';
import { RequestServicesProvider } from '../../screens/request/RequestServicesContext';
import { AppShell } from '../../shell/AppShell';
import { HelpCentreRoot } from '../helpCentre/HelpCentreRoot';
import { SignedInServicesContext } from './SignedInServicesContext';

/**
 * The signed-in pages' layout (AppShell) with the providers only they read: the help-centre opener
 * (the widget and the help-centre page) and the request flow's adapters. Loaded as one lazy chunk with
 * the frame (src/app/routes.tsx), so landing, sign-in and public tracking do not load them.
 */
export function SignedInFrame() {
  const services = useContext(SignedInServicesContext);
  // Without the root's adapters (tests), the page's test harness provides these contexts itself.
  if (!services) return <AppShell />;
  return (
    <HelpCentreRoot api={services.api}>
      <RequestServicesProvider services={services}>
        <AppShell />
      </RequestServicesProvider>
    </HelpCentreRoot>
  );
}
