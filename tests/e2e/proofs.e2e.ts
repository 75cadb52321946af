// The proof archive (issue #27) in a real Chromium against the real server serving dist/ or
// E2E_DIST_DIR: a delivered order's drawer shows its receiver and signature and downloads its proofs, and History downloads the period's,
// each a ZIP whose index.csv lists the order. Screenshot: test-results/screenshots/proofs-history.png.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { countryConfig, localDateAt } from '../../domain';
import { DESKTOP, launchBrowser, screenshot, type LaunchedBrowser } from './support/browser';
import { signedInStorage } from './support/session';
import { distDir } from './support/e2eServer';
import { startServer, type TestServer } from '../server/harness';
import { moveOrder, placeOrder, SA_PARENT } from '../server/orders-fixtures';

let server: TestServer;
let browser: LaunchedBrowser;
let orderId: string;

/** The names and texts of a ZIP's entries, read as a vendor's unzip tool would. */
function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, string>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no entry stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

beforeAll(async () => {
  // COURIER_SIM_SPEED 0: the simulated fleet stays still, so /ops alone decides the statuses.
  server = await startServer({ DIST_DIR: distDir(), COURIER_SIM_SPEED: '0' });
  browser = await launchBrowser();
  const auth = await server.login('vendor@example.com');
  orderId = await placeOrder(server, auth, SA_PARENT);
  for (const status of ['PICKED_UP', 'DELIVERED']) await moveOrder(server, orderId, status);
  // The proofs are copied into the archive through the order outbox: wait until the order's ZIP is there.
  await vi.waitFor(async () => expect((await server.call('GET', `/order/${encodeURIComponent(orderId)}/proofs`, { auth })).status).toBe(200), { timeout: 20_000, interval: 200 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(): Promise<Page> {
  const storage = await signedInStorage(server, 'vendor@example.com', { selectedVendor: SA_PARENT });
  return (await browser.newPage({ viewport: DESKTOP, storage })).page;
}

/** Clicks `button` and reads the ZIP the browser saves. */
async function downloadedZip(page: Page, name: string): Promise<Map<string, string>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return unzip(readFileSync(await download.path()));
}

describe('proof archive', () => {
  it("downloads a delivered order's proofs from its drawer, and the period's from History, each with index.csv", async () => {
    const page = await signedIn();
    await page.goto(`${server.baseUrl}/history/${SA_PARENT}`);
    const today = localDateAt(Math.floor(Date.now() / 1000), countryConfig('SA').timeZone).toString();
    await page.getByLabel('Period').selectOption('Custom');
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator(`[data-order-id="${orderId}"]`).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    // The proof of delivery shows who received the item and the signature the rider collected.
    await drawer.getByText('Received by Sara Al-Harbi').waitFor();
    expect(await drawer.getByRole('img', { name: "Receiver's signature" }).getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const one = await downloadedZip(page, 'Download proof');
    expect(one.get('index.csv')).toContain(orderId);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    const period = await downloadedZip(page, 'Download proofs (ZIP)');
    expect(period.get('index.csv')).toContain(orderId);
    expect([...period.keys()].some((name) => name.startsWith(`${orderId}/`))).toBe(true);
    await screenshot(page, 'proofs-history');
  });
});
