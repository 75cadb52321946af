import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * From the Webhooks page to the app-wide failing-endpoint banner: "the account's endpoints may have
 * changed, read them again". The shell holds one channel for the pages under it.
 */
export interface WebhookChanges {
  announce(): void;
  /** Calls `listener` on each announcement; the answer stops it. */
  subscribe(listener: () => void): () => void;
}

export function createWebhookChanges(): WebhookChanges {
  const target = new EventTarget();
  return {
    announce: () => void target.dispatchEvent(new Event('changed')),
    subscribe(listener) {
      target.addEventListener('changed', listener);
      return () => target.removeEventListener('changed', listener);
    },
  };
}

// Outside a shell (a screen rendered alone), announcements reach nobody.
const WebhookChangesContext = createContext<WebhookChanges>(createWebhookChanges());

export function WebhookChangesProvider({ children }: { children: ReactNode }) {
  const [changes] = useState(createWebhookChanges);
  return <WebhookChangesContext.Provider value={changes}>{children}</WebhookChangesContext.Provider>;
}

export function useWebhookChanges(): WebhookChanges {
  return useContext(WebhookChangesContext);
}
