// Test harness: the real route tree and providers with in-memory doubles for the session, flags and
// account calls, so screens are exercised as users meet them.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { formattingLocale } from '../../src/i18n/bcp47';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { countryConfig } from '../../domain/countries';
import type { ApiClient, FlagMap, LiveChannel } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { AccountContext, type AccountActions } from '../../src/app/account/AccountContext';
import { routeAccess } from '../../src/app/access';
import { FALLBACK_FLAGS } from '../../src/app/flags/FlagsContext';
import { StaticFlags } from '../../src/app/flags/StaticFlags';
import { staticFlagReader } from '../../src/app/flags/staticFlagReader';
import { HelpCentreContext, type OpenHelpCentre } from '../../src/app/helpCentre/HelpCentreContext';
import { PreferencesContext, type Preferences } from '../../src/app/preferences/PreferencesContext';
import { createAppRouter } from '../../src/app/routes';
import { SessionContext, SIGNED_OUT, type SessionApi } from '../../src/app/session/SessionContext';
import { ToastProvider } from '../../src/app/toasts/ToastContext';
import { NO_VENDORS, VendorsContext, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider, type OrdersServices } from '../../src/components/orders/OrdersServicesContext';
import { BRAND_THEMES } from '../../src/theme/brands';
import { routerUnderTest } from './routerLoads';
// Lazy route chunks in the app; loaded with the harness, so their first transform counts in the file's
// import time, not in the first test's (as when they were part of the route table).
import '../../src/screens/landing/LandingScreen';
import '../../src/screens/login/LoginScreen';

export function catalogue(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(join(__dirname, '../../public/locales', `${locale}.json`), 'utf8')) as Record<string, string>;
}

export const PREFERENCES: Preferences = {
  countryConfig: countryConfig('SA'),
  locale: 'en',
  locales: ['en', 'ar-SA'],
  setLocale: () => undefined,
  brand: 'HUNGER_STATION',
  setBrand: null,
  timeZone: 'Asia/Dubai',
  currency: 'SAR',
};

export function fakeSession(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    ...SIGNED_OUT,
    login: () => undefined,
    logout: () => undefined,
    startGuest: async () => undefined,
    sessionEnded: () => undefined,
    adoptLogin: () => undefined,
    ...overrides,
  };
}

export const NO_ACCOUNT_CALLS: AccountActions = {
  getInvitation: async () => {
    throw new Error('getInvitation not expected');
  },
  acceptInvitation: async () => {
    throw new Error('acceptInvitation not expected');
  },
  register: async () => {
    throw new Error('register not expected');
  },
  requestPasswordReset: async () => {
    throw new Error('requestPasswordReset not expected');
  },
  resetPassword: async () => {
    throw new Error('resetPassword not expected');
  },
  resendVerification: async () => {
    throw new Error('resendVerification not expected');
  },
};

export interface AppOptions {
  session?: SessionApi;
  flags?: FlagMap;
  vendors?: VendorsApi;
  account?: AccountActions;
  locale?: string;
  openHelpCentre?: OpenHelpCentre;
}

/** Providers without a router, for components. */
export function Providers({ children, locale = 'en' }: { children: ReactNode; locale?: string }) {
  return (
    <ThemeProvider theme={BRAND_THEMES.HUNGER_STATION}>
      <PreferencesContext.Provider value={{ ...PREFERENCES, locale }}>
        <IntlProvider locale={formattingLocale(locale)} messages={catalogue(locale)}>
          <ToastProvider>{children}</ToastProvider>
        </IntlProvider>
      </PreferencesContext.Provider>
    </ThemeProvider>
  );
}

/** The app's router at `path`, its guards judging on the given session and flags. */
export function appRouterAt(path: string, session: SessionApi, flags: FlagMap) {
  return routerUnderTest(createAppRouter(routeAccess(session, staticFlagReader(flags)), createMemoryHistory({ initialEntries: [path] })));
}

const NO_HELP_CENTRE: OpenHelpCentre = async () => Promise.reject(new Error('help centre not expected'));

/** An ApiClient whose every method fails unless the test gives it. */
export function fakeApi(methods: Partial<ApiClient>): ApiClient {
  return new Proxy(methods as ApiClient, {
    get(target, name: string) {
      const method = target[name as keyof ApiClient];
      if (method) return method;
      return () => Promise.reject(new Error(`api.${name} not expected`));
    },
  });
}

const NO_LIVE_UPDATES: LiveChannel = {
  subscribe: () => {
    throw new Error('live updates not expected');
  },
  renew: () => undefined,
};

/** The order services App.tsx provides (the shell's webhook banner reads the API through them), none
 * expected; a screen test that needs them gives its own provider inside this one. */
const UNEXPECTED_ORDERS_SERVICES: OrdersServices = {
  api: fakeApi({}), live: NO_LIVE_UPDATES, storage: createMemoryStorage(), clock: { nowUnix: () => Math.floor(Date.now() / 1000) }, saveFile: () => undefined,
};

/** Everything src/app/App.tsx provides around the routes, from the test's doubles: no vendors unless
 * given, and account or help-centre calls the test did not give fail when they are made. */
export function AppContexts({ children, ...options }: AppOptions & { session: SessionApi; flags: FlagMap; children: ReactNode }) {
  return (
    <Providers locale={options.locale}>
      <SessionContext.Provider value={options.session}>
        <StaticFlags flags={options.flags}>
          <VendorsContext.Provider value={options.vendors ?? NO_VENDORS}>
            <AccountContext.Provider value={options.account ?? NO_ACCOUNT_CALLS}>
              <HelpCentreContext.Provider value={options.openHelpCentre ?? NO_HELP_CENTRE}>
                <OrdersServicesProvider services={UNEXPECTED_ORDERS_SERVICES}>{children}</OrdersServicesProvider>
              </HelpCentreContext.Provider>
            </AccountContext.Provider>
          </VendorsContext.Provider>
        </StaticFlags>
      </SessionContext.Provider>
    </Providers>
  );
}

/** The whole app at `path`, with the route guards judging on the given session and flags. */
export function renderApp(path: string, options: AppOptions = {}) {
  const session = options.session ?? fakeSession();
  const flags = options.flags ?? FALLBACK_FLAGS;
  const router = appRouterAt(path, session, flags);
  const view = render(
    <AppContexts {...options} session={session} flags={flags}>
      <RouterProvider router={router} />
    </AppContexts>,
  );
  return { ...view, router };
}
