// @vitest-environment jsdom
// The app's flag root: the feature-flag machine asks the sources, publishes the answer to OpenFeature,
// and views read flags through OpenFeature's client (isOn), not from a plain map.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlagSource } from '../../adapters/flags/flagSources';
import type { FlagContext, FlagMap } from '../../adapters/ports';
import { FlagsRoot } from '../../src/app/flags/FlagsRoot';
import { isOn, useFlags } from '../../src/app/flags/FlagsContext';
import { trackingPageSettings } from '../../src/app/flags/trackingPageSettings';

afterEach(cleanup);

const context: FlagContext = { country: 'SA', brand: 'HUNGER_STATION', vendorId: null };
const answering = (name: FlagSource['name'], flags: FlagMap): FlagSource => ({ name, fetchFlags: async () => flags });
const failing = (name: FlagSource['name']): FlagSource => ({ name, fetchFlags: async () => Promise.reject(new Error('down')) });

function FlagProbe() {
  const flags = useFlags();
  return (
    <ul>
      <li>Voucher {String(isOn(flags, 'Voucher'))}</li>
      <li>Helpcenter {String(isOn(flags, 'Helpcenter'))}</li>
      <li>showMap {String(trackingPageSettings(flags).showMap)}</li>
    </ul>
  );
}

function renderRoot(flagSources: FlagSource[]) {
  return render(
    <FlagsRoot services={{ flagSources }} context={context} loading={<p>loading flags</p>}>
      <FlagProbe />
    </FlagsRoot>,
  );
}

describe('FlagsRoot', () => {
  it('shows the loading element until the first answer, then the flag service answer through OpenFeature', async () => {
    renderRoot([answering('server', { Voucher: true, Helpcenter: false, TrackingPageSettings: { showMap: false } }), answering('file', {})]);
    expect(screen.getByText('loading flags')).toBeTruthy();
    expect(await screen.findByText('Voucher true')).toBeTruthy();
    expect(screen.getByText('Helpcenter false')).toBeTruthy();
    expect(screen.getByText('showMap false')).toBeTruthy();
  });

  it('reads the fallback file when the flag service fails, and SPEC §6 values when both do', async () => {
    renderRoot([failing('server'), answering('file', { Voucher: 'on' })]);
    expect(await screen.findByText('Voucher true')).toBeTruthy();
    cleanup();
    renderRoot([failing('server'), failing('file')]);
    expect(await screen.findByText('Helpcenter true')).toBeTruthy();
    expect(screen.getByText('Voucher false')).toBeTruthy();
  });

  it('keeps two roots apart: each reads its own OpenFeature domain', async () => {
    render(
      <>
        <FlagsRoot services={{ flagSources: [answering('server', { Voucher: true }), answering('file', {})] }} context={context} loading={null}>
          <section aria-label="first"><FlagProbe /></section>
        </FlagsRoot>
        <FlagsRoot services={{ flagSources: [answering('server', { Voucher: false }), answering('file', {})] }} context={context} loading={null}>
          <section aria-label="second"><FlagProbe /></section>
        </FlagsRoot>
      </>,
    );
    expect(await screen.findByText('Voucher true')).toBeTruthy();
    expect(await screen.findByText('Voucher false')).toBeTruthy();
  });
});
