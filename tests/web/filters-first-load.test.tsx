// @vitest-environment jsdom
// What a user types into the period filters of History and Insights while the page is still loading
// survives the first load: the user picks "Custom" and types the first date, then the vendors arrive
// and the router re-checks its guards with the selected vendor's role (src/app/AppRouter.tsx). The
// form must be the same one, with what was typed in it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAGE, PAGE_CALLS, renderAppRouter } from './appRouterHarness';
import { catalogue } from './renderApp';

afterEach(cleanup);

const INCLUDE_OUTLETS = catalogue('en')['nav.include-all-outlets'] as string;

describe.each([
  ['Insights', '/insights/v-1'],
  ['History', '/history/v-1'],
])('%s filters during the first load', (_page, path) => {
  it('keep the custom period being typed when the vendors arrive', async () => {
    const { vendorsArrive } = renderAppRouter(path, PAGE_CALLS);
    const period = await screen.findByLabelText('Period', {}, FIRST_PAGE);
    fireEvent.change(period, { target: { value: 'Custom' } });
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2025-12-01' } });

    await vendorsArrive();
    // The vendors' answer has reached the shell: a parent's outlets toggle is offered.
    await waitFor(() => expect(screen.getAllByText(INCLUDE_OUTLETS).length).toBeGreaterThan(0));

    expect(period.isConnected).toBe(true);
    expect(from.isConnected).toBe(true);
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('Custom');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-12-01');
  });
});
