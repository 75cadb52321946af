import { createContext, useContext } from 'react';
import type { KeyValueStorage } from '../../../adapters/ports';

/** Whether this browser has been through the welcome carousel (SPEC §2: skip or start ends it for good). */
export interface WelcomeMemory {
  seen: boolean;
  markSeen: () => void;
}

/** Our own key beside adapters/storage/storageKeys.ts's portal.* keys (same prefix, same storage). */
export const WELCOME_SEEN_KEY = 'portal.welcome-seen';

export const readWelcomeSeen = (storage: KeyValueStorage): boolean => storage.getItem(WELCOME_SEEN_KEY) === 'true';
export const writeWelcomeSeen = (storage: KeyValueStorage): void => storage.setItem(WELCOME_SEEN_KEY, 'true');

export const WelcomeMemoryContext = createContext<WelcomeMemory | null>(null);

/** Outside the app (stories, isolated screen tests) nothing is remembered: the carousel always shows. */
const FORGETFUL: WelcomeMemory = { seen: false, markSeen: () => undefined };

export function useWelcomeMemory(): WelcomeMemory {
  return useContext(WelcomeMemoryContext) ?? FORGETFUL;
}
