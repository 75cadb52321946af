// @vitest-environment jsdom
// A page being left takes no more input. After a click on the Insights tab the URL names Insights at
// once, but the router keeps History on screen until the Insights page's code has arrived; History's
// period filter looks the same as Insights', and what a user picked or typed there was lost when
// Insights replaced it (CI's e2e filled History's form and then found it detached). Until the next
// page is there, the page being left is inert and busy; then the next page takes the input.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE, LOADED_VENDORS, PAGE_CALLS, renderAppRouter } from './appRouterHarness';

afterEach(cleanup);

/** The Insights page's code is held back until the test lets it arrive (a slow network). */
const insightsCode = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../../src/screens/insights/InsightsScreen', async (importOriginal) => {
  await insightsCode.arrived;
  return importOriginal();
});

const main = () => document.getElementById('main') as HTMLElement;

describe('leaving History for Insights', () => {
  it("keeps History inert and busy until Insights is there, whose filters then take what is typed", async () => {
    renderAppRouter('/history/v-1', PAGE_CALLS, LOADED_VENDORS);
    const historyPeriod = await screen.findByLabelText('Period', {}, FIRST_PAGE);
    expect(main().hasAttribute('inert')).toBe(false);

    fireEvent.click(screen.getByRole('link', { name: 'Insights' }));
    await waitFor(() => expect(window.location.pathname).toBe('/insights/v-1'));
    // History is still on screen, but it is on its way out.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('History');
    expect(historyPeriod.isConnected).toBe(true);
    await waitFor(() => expect(main().hasAttribute('inert')).toBe(true));
    expect(main().getAttribute('aria-busy')).toBe('true');

    await act(async () => insightsCode.release());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Insights'));
    expect(main().hasAttribute('inert')).toBe(false);
    expect(main().getAttribute('aria-busy')).toBe('false');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'Custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-12-01' } });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-12-01');
  });
});
