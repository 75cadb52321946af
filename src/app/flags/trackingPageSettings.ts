// The TrackingPageSettings flag (SPEC.md §6): an object variation saying what the public tracking page
// shows. Each field is read on its own, so a partial or mistyped variation keeps the other defaults.
import type { TrackingPageSettings } from '../../../domain/types';
import type { FlagReader } from './flagReader';

export const TRACKING_PAGE_SETTINGS_FLAG = 'TrackingPageSettings';

/** What the page shows when the flag is missing: the map, not the rider's phone (privacy by default;
 * server/flags/flag-defaults.ts agrees). */
export const DEFAULT_TRACKING_PAGE_SETTINGS: Readonly<TrackingPageSettings> = Object.freeze({ showRiderPhone: false, showMap: true });

export function trackingPageSettings(flags: FlagReader): TrackingPageSettings {
  const settings = flags.object(TRACKING_PAGE_SETTINGS_FLAG);
  const field = (name: keyof TrackingPageSettings): boolean => {
    const chosen = settings[name];
    return typeof chosen === 'boolean' ? chosen : DEFAULT_TRACKING_PAGE_SETTINGS[name];
  };
  return { showRiderPhone: field('showRiderPhone'), showMap: field('showMap') };
}
