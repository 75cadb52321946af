import '@fontsource-variable/noto-sans-arabic';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserStorage } from '../adapters/storage/keyValueStorage';
import { readBrand } from '../adapters/storage/preferencesStorage';
import { App } from './app/App';
import { readAppConfig } from './app/config';
import { readDeploymentCountry } from './app/deploymentCountry';
import { withFirstScreen } from './app/firstScreen';
import { firstScreenAt, signedInScreensAt } from './app/routes';
import { createServices } from './app/services';

const country = readDeploymentCountry(document);
if (!country) throw new Error('index.html has no deployment country (vite.config.ts writes it)');
const config = readAppConfig({
  env: { VITE_BRAND: import.meta.env.VITE_BRAND, DEV: import.meta.env.DEV },
  country,
  location: window.location,
  storedBrand: readBrand(createBrowserStorage()),
});
const appServices = createServices(config, { VITE_ENVIRONMENT: import.meta.env.VITE_ENVIRONMENT }, window.location.origin);
// Any other page may be a signed-in one: the importers of its frame and screen start loading now too.
void signedInScreensAt(window.location.pathname);
// The opened page's screen chunk starts downloading now, beside the translations, not after them.
const services = { ...appServices, translations: withFirstScreen(appServices.translations, firstScreenAt(window.location.pathname)) };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App config={config} services={services} />
  </StrictMode>,
);
