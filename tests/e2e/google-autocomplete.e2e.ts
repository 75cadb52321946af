// SPEC §6 GoogleAutocomplete in a real Chromium against the real server started with
// GOOGLE_MAPS_API_KEY=test-key. Google's Places API (the external service) is answered by playwright's
// page.route like Google would; our server, its gazetteer and the built app are the real ones.
// Flag off: the drop-off suggestions are our gazetteer's and Google is never asked. Flag on (set through
// /ops): Google's suggestion shows, credited "powered by Google", and picking it fills the drop-off
// through Google's place details (one session token for the search and the pick).
// Screenshots: google-autocomplete-<off|on>.png and google-autocomplete-picked.png.
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { DESKTOP, screenshot } from './support/browser';
import { ops, signedInPage } from './request-flow';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ GOOGLE_MAPS_API_KEY: 'test-key' });

const SUGGESTION = 'Kingdom Centre, King Fahd Rd, Riyadh, Saudi Arabia';
const DETAILS = {
  id: 'ChIJkingdom',
  formattedAddress: 'Kingdom Centre, King Fahd Rd, Al Olaya, Riyadh 12214, Saudi Arabia',
  location: { latitude: 24.7113, longitude: 46.6744 },
  addressComponents: [{ longText: 'Riyadh', shortText: 'Riyadh', types: ['locality', 'political'], languageCode: 'en' }],
};

/** Answers Places API (New) requests as Google does and keeps every request the page sent. */
async function fakeGoogle(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route('https://places.googleapis.com/**', async (route: Route) => {
    const request = route.request();
    requests.push(request);
    const headers = { 'access-control-allow-origin': '*' };
    // The browser asks first whether it may send the key and field-mask headers (CORS preflight).
    if (request.method() === 'OPTIONS') {
      await route.fulfill({
        status: 204,
        headers: { ...headers, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type, x-goog-api-key, x-goog-fieldmask' },
      });
      return;
    }
    const path = new URL(request.url()).pathname;
    const body =
      path === '/v1/places:autocomplete'
        ? { suggestions: [{ placePrediction: { place: 'places/ChIJkingdom', placeId: 'ChIJkingdom', text: { text: SUGGESTION, matches: [{ endOffset: 7 }] } } }] }
        : DETAILS;
    await route.fulfill({ status: 200, contentType: 'application/json', headers, body: JSON.stringify(body) });
  });
  return requests;
}

async function setGoogleAutocomplete(on: boolean): Promise<void> {
  await ops(e2e.server, 'PUT', '/ops/flags/GoogleAutocomplete', { variation: on });
}

async function requestPage(): Promise<{ page: Page; google: Request[] }> {
  const page = await signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: DESKTOP });
  const google = await fakeGoogle(page);
  await page.goto(`${e2e.server.baseUrl}/request-a-rider/${DEMO_VENDORS.saParent}`);
  await page.getByRole('combobox', { name: 'Customer address' }).waitFor();
  return { page, google };
}

describe('GoogleAutocomplete', () => {
  it('off: drop-off suggestions come from our gazetteer and Google is never asked', async () => {
    await setGoogleAutocomplete(false);
    const { page, google } = await requestPage();
    try {
      const input = page.getByRole('combobox', { name: 'Customer address' });
      await input.fill('Olaya');
      const list = page.getByRole('listbox', { name: 'Customer address' });
      await list.getByRole('option', { name: /Al Olaya/ }).first().waitFor();
      expect(await list.getByText('powered by Google').count()).toBe(0);
      await screenshot(page, 'google-autocomplete-off');
      await list.getByRole('option', { name: /Al Olaya/ }).first().click();
      await page.getByTestId('delivery-fee').waitFor();
      expect(google.map((request) => request.url())).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('on: Google’s suggestion shows with the attribution, and picking it fills the drop-off', async () => {
    await setGoogleAutocomplete(true);
    const { page, google } = await requestPage();
    try {
      const input = page.getByRole('combobox', { name: 'Customer address' });
      await input.fill('Kingdom');
      const list = page.getByRole('listbox', { name: 'Customer address' });
      const option = list.getByRole('option', { name: SUGGESTION });
      await option.waitFor();
      await list.getByText('powered by Google').waitFor();
      await screenshot(page, 'google-autocomplete-on');

      await option.click();
      await expect.poll(() => input.inputValue()).toBe(DETAILS.formattedAddress);
      // The request flow took Google's coordinates: the fee for that drop-off is computed.
      await page.getByTestId('delivery-fee').waitFor();
      await screenshot(page, 'google-autocomplete-picked');

      const sent = google.filter((request) => request.method() !== 'OPTIONS');
      const autocomplete = sent.filter((request) => new URL(request.url()).pathname === '/v1/places:autocomplete');
      const details = sent.filter((request) => new URL(request.url()).pathname === '/v1/places/ChIJkingdom');
      expect(autocomplete.length).toBeGreaterThan(0);
      expect(details).toHaveLength(1);
      const body = autocomplete[0]?.postDataJSON() as { input: string; includedRegionCodes: string[]; sessionToken: string };
      expect(body).toMatchObject({ input: 'Kingdom', includedRegionCodes: ['SA'] });
      expect(await autocomplete[0]?.headerValue('x-goog-api-key')).toBe('test-key');
      expect(await details[0]?.headerValue('x-goog-fieldmask')).toBe('id,formattedAddress,location,addressComponents');
      expect(new URL(details[0]?.url() ?? '').searchParams.get('sessionToken')).toBe(body.sessionToken);
    } finally {
      await page.context().close();
      await setGoogleAutocomplete(false);
    }
  });
});
