// The deployment's country travels in index.html, not in the JavaScript: the build writes it there
// from VITE_COUNTRY, so every country's deployment serves the same script bundle and one build can be
// served for several countries (the brands e2e test does so instead of building once per country).
// The page carries that one country's whole configuration, so the first JavaScript of the public pages
// does not need the table of every country (domain/countries.ts; about 3 kB gzip), which only the
// signed-in pages load, for vendors of other countries.
import { countryConfig, isSupportedCountry, REFERENCE_COUNTRY_CODE, type CountryConfig } from '../../domain/countries';

const ELEMENT_ID = 'portal-country';
const ELEMENT = new RegExp(`<script type="application/json" id="${ELEMENT_ID}">[^<]*</script>`);

/** index.html with the deployment's country configuration; none or an unsupported code means the reference country. */
export function withDeploymentCountry(html: string, country: string | undefined): string {
  const code = (country ?? '').toUpperCase();
  const config = countryConfig(isSupportedCountry(code) ? code : REFERENCE_COUNTRY_CODE);
  // `<` written as \u003c: no value can close the script element.
  const element = `<script type="application/json" id="${ELEMENT_ID}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
  return ELEMENT.test(html) ? html.replace(ELEMENT, element) : html.replace('</head>', `  ${element}\n  </head>`);
}

/** The country configuration written into the page, if any (the build always writes one). */
export function readDeploymentCountry(document: Pick<Document, 'getElementById'>): CountryConfig | undefined {
  const json = document.getElementById(ELEMENT_ID)?.textContent;
  // Written by withDeploymentCountry from domain/countries.ts at build time, not user input.
  return json ? (JSON.parse(json) as CountryConfig) : undefined;
}
