// A screen story: the app's real route tree (guards, shell, screen) at one address, with the story's
// session and in-memory world. The screen's machines start from what the world answers.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { routeAccess } from '../../src/app/access';
import { staticFlagReader } from '../../src/app/flags/staticFlagReader';
import { createAppRouter } from '../../src/app/routes';
import { StoryProviders, storySession, type StorySessionKind } from './StoryProviders';
import { createStoryServices } from './storyServices';
import { DEMO_WORLD, type StoryWorld } from './storyWorld';

export interface ScreenAtProps {
  /** The address the story opens, e.g. '/order-tracking/sa-1000'. */
  path: string;
  session?: StorySessionKind;
  world?: StoryWorld;
  selectedVendorId?: string;
}

/** Editing the address, session or branch in Storybook's controls starts the screen afresh. */
export function ScreenAt(props: ScreenAtProps) {
  return <ScreenFromStart key={`${props.path}|${props.session ?? ''}|${props.selectedVendorId ?? ''}`} {...props} />;
}

function ScreenFromStart({ path, session = 'vendor', world = DEMO_WORLD, selectedVendorId }: ScreenAtProps) {
  const [services] = useState(() => createStoryServices(world));
  const [router] = useState(() =>
    createAppRouter(routeAccess(storySession(session), staticFlagReader(world.flags)), createMemoryHistory({ initialEntries: [path] })),
  );
  return (
    <StoryProviders session={session} world={world} services={services} selectedVendorId={selectedVendorId}>
      <RouterProvider router={router} />
    </StoryProviders>
  );
}
