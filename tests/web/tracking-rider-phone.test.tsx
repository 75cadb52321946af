// @vitest-environment jsdom
// The public tracking page's "Call the rider" link: shown exactly when the server's view carries the
// rider's phone (the server applies TrackingPageSettings.showRiderPhone for the order's vendor).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSession } from './renderApp';
import { aTrackingView, NOW, renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const rider = { first_name: 'Ahmed', latitude: 24.705, longitude: 46.63, updated_at: NOW - 5 };

describe('public tracking: the rider phone', () => {
  it('offers a tel: link with the number read left to right when the view has the phone', async () => {
    renderOrdersScreen('/tracking/v-1-x?t=secret', { api: { getTracking: async () => aTrackingView({ rider: { ...rider, phone: '+966501112233' } }) }, session: fakeSession() });
    const link = await screen.findByRole('link', { name: /Call the rider/ });
    expect(link.getAttribute('href')).toBe('tel:+966501112233');
    const number = screen.getByText('+966501112233');
    expect(link.contains(number)).toBe(true);
    expect(number.getAttribute('dir')).toBe('ltr');
  });

  it('shows no link and no number without the phone', async () => {
    renderOrdersScreen('/tracking/v-1-x?t=secret', { api: { getTracking: async () => aTrackingView({ rider }) }, session: fakeSession() });
    await screen.findByText('Your rider: Ahmed');
    expect(screen.queryByRole('link', { name: /Call the rider/ })).toBeNull();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('shows no link before a rider is assigned', async () => {
    renderOrdersScreen('/tracking/v-1-x?t=secret', { api: { getTracking: async () => aTrackingView({ rider: null, status: 'NEW', stage: 'preparing' }) }, session: fakeSession() });
    await screen.findByRole('heading', { name: 'Hi Sara, your order from Riyadh Bakery' });
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });
});
