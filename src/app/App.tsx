import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { isRtl, resolveLocale } from '../../domain/locales';
import { readLocale, writeBrand, writeLocale } from '../../adapters/storage/preferencesStorage';
import { FullScreenError } from '../components/FullScreenError';
import { Spinner } from '../components/Spinner';
import { I18nProvider } from '../i18n/I18nProvider';
import { BRAND_THEMES } from '../theme/brands';
import type { BrandKey } from '../theme/brandKey';
import { GlobalStyle } from '../theme/GlobalStyle';
import { AccountContext, type AccountActions } from './account/AccountContext';
import { saveFileInBrowser } from '../../adapters/browserDownload';
import { OrdersServicesProvider, type OrdersServices } from '../components/orders/OrdersServicesContext';
import { MapPortProvider } from '../components/map/MapPortContext';
import { lazyMapPort } from '../../adapters/map/lazyMapPort';
import { SignedInServicesContext } from './signedIn/SignedInServicesContext';
import { AppLoadWatcher } from './AppLoadWatcher';
import { AppRouter } from './AppRouter';
import type { AppConfig } from './config';
import { FlagsRoot } from './flags/FlagsRoot';
import type { AppEffects } from './machines';
import { PreferencesContext, type Preferences } from './preferences/PreferencesContext';
import { readWelcomeSeen, WelcomeMemoryContext, writeWelcomeSeen, type WelcomeMemory } from './preferences/WelcomeMemoryContext';
import type { Services } from './services';
import { SessionRoot } from './session/SessionRoot';
import { ToastProvider, useToasts } from './toasts/ToastContext';
import { VendorsRoot } from './vendors/VendorsRoot';
import styled from 'styled-components';

/** The composition root: theme, language, toasts, session, flags, vendors, then the routes (the signed-in
 * frame adds its own providers: src/app/signedIn/SignedInFrame.tsx). */
export function App({ config, services }: { config: AppConfig; services: Services }) {
  const country = config.country;
  const [brand, setBrandState] = useState<BrandKey>(config.brand);
  const [requestedLocale, setRequestedLocale] = useState(() => readLocale(services.storage));
  const locale = resolveLocale(requestedLocale, country);

  const setLocale = useCallback(
    (next: string) => {
      writeLocale(services.storage, next);
      setRequestedLocale(next);
    },
    [services.storage],
  );
  const setBrand = useCallback(
    (next: BrandKey) => {
      writeBrand(services.storage, next);
      setBrandState(next);
    },
    [services.storage],
  );
  const preferences = useMemo<Preferences>(
    () => ({
      countryConfig: country,
      locale,
      locales: country.languages,
      setLocale,
      brand,
      setBrand: config.development ? setBrand : null,
      timeZone: country.timeZone,
      currency: country.currency,
    }),
    [country, locale, setLocale, brand, setBrand, config.development],
  );
  const [welcomeSeen, setWelcomeSeen] = useState(() => readWelcomeSeen(services.storage));
  const welcome = useMemo<WelcomeMemory>(
    () => ({
      seen: welcomeSeen,
      markSeen: () => {
        writeWelcomeSeen(services.storage);
        setWelcomeSeen(true);
      },
    }),
    [welcomeSeen, services.storage],
  );
  const loadMessages = useCallback(async (wanted: string) => (await services.translations.load(wanted)).messages, [services.translations]);
  const accountActions = useMemo<AccountActions>(
    () => ({
      register: (body) => services.api.register(body),
      requestPasswordReset: (email) => services.api.forgotPassword(email),
      resendVerification: (email) => services.api.resendVerification(email),
      resetPassword: (email, code, password) => services.api.resetPassword(email, code, password),
      getInvitation: (token) => services.api.getInvitation(token),
      acceptInvitation: (token, password) => services.api.acceptInvitation(token, password),
    }),
    [services.api],
  );
  const ordersServices = useMemo<OrdersServices>(
    () => ({ api: services.api, live: services.live, storage: services.storage, clock: services.clock, saveFile: saveFileInBrowser }),
    [services],
  );
  const flagContext = useMemo(() => ({ country: country.code, brand }), [country.code, brand]);
  // The composition root's port follows the server's map settings; the offline port otherwise.
  const mapPort = useMemo(() => services.mapPort ?? lazyMapPort(async () => (await import('../../adapters/map/loadMap')).createMapPort({})), [services]);

  return (
    <ThemeProvider theme={BRAND_THEMES[brand]}>
      <GlobalStyle />
      <PreferencesContext.Provider value={preferences}>
        <WelcomeMemoryContext.Provider value={welcome}>
          <I18nProvider
            locale={locale}
            rtl={isRtl(locale)}
            loadMessages={loadMessages}
            renderLoading={() => <FullPageSpinner />}
            renderFailure={() => <FullScreenError onClose={services.reload} />}
          >
            <ToastProvider>
              <WithEffects>
                {(effects) => (
                  <SessionRoot services={services} effects={effects}>
                    <AppLoadWatcher services={services} effects={effects} />
                    <FlagsRoot services={services} context={flagContext} loading={<FullPageSpinner />}>
                      <VendorsRoot services={services} effects={effects}>
                        <AccountContext.Provider value={accountActions}>
                          <OrdersServicesProvider services={ordersServices}>
                            <MapPortProvider port={mapPort}>
                              {/* The signed-in frame's own providers (help centre, request flow) are built in its lazy chunk. */}
                              <SignedInServicesContext.Provider value={services}>
                                <AppRouter />
                              </SignedInServicesContext.Provider>
                            </MapPortProvider>
                          </OrdersServicesProvider>
                        </AccountContext.Provider>
                      </VendorsRoot>
                    </FlagsRoot>
                  </SessionRoot>
                )}
              </WithEffects>
            </ToastProvider>
          </I18nProvider>
        </WelcomeMemoryContext.Provider>
      </PreferencesContext.Provider>
    </ThemeProvider>
  );
}

/** Hands the machines a stable toast function. */
function WithEffects({ children }: { children: (effects: AppEffects) => ReactNode }) {
  const { show } = useToasts();
  const effects = useMemo<AppEffects>(() => ({ toast: show }), [show]);
  return <>{children(effects)}</>;
}

function FullPageSpinner() {
  return (
    <Centre>
      <Spinner size={40} label="Loading" />
    </Centre>
  );
}

const Centre = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.primaryOnSurface};
`;
