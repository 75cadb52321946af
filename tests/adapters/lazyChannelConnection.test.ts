// The live connection loaded with the first subscription (adapters/websocket/lazyChannelConnection.ts).
import { describe, expect, it, vi } from 'vitest';
import type { LiveClientMessage } from '../../domain/api';
import { lazyChannelConnection } from '../../adapters/websocket/lazyChannelConnection';
import type { ChannelSignals, StartChannelConnection } from '../../adapters/websocket/sharedLiveChannel';

const vendorA: LiveClientMessage = { action: 'subscribeToVendor', vendor_id: 'a' } as LiveClientMessage;
const vendorB: LiveClientMessage = { action: 'subscribeToVendor', vendor_id: 'b' } as LiveClientMessage;
const settle = () => new Promise((resolve) => setImmediate(resolve));
const signals = (): ChannelSignals => ({ opened: vi.fn(), closed: vi.fn(), message: vi.fn() });

function realConnection() {
  const connection = { setRequests: vi.fn(), renew: vi.fn(), stop: vi.fn() };
  const start = vi.fn<StartChannelConnection>(() => connection);
  return { connection, start };
}

describe('lazyChannelConnection', () => {
  it('loads nothing until a connection starts, then starts the loaded one with what was asked meanwhile', async () => {
    const { connection, start } = realConnection();
    const load = vi.fn(async () => start);
    const startLazily = lazyChannelConnection(load);
    expect(load).not.toHaveBeenCalled();

    const channel = signals();
    const lazy = startLazily({ requests: [vendorA] }, channel);
    lazy.setRequests([vendorA, vendorB]);
    lazy.renew('Bearer fresh');
    expect(start).not.toHaveBeenCalled();
    await settle();
    expect(start).toHaveBeenCalledWith({ requests: [vendorA, vendorB], authorization: 'Bearer fresh' }, channel);

    lazy.setRequests([vendorB]);
    lazy.renew(null);
    lazy.stop();
    expect(connection.setRequests).toHaveBeenCalledWith([vendorB]);
    expect(connection.renew).toHaveBeenCalledWith(null);
    expect(connection.stop).toHaveBeenCalledOnce();

    startLazily({ requests: [vendorA] }, signals());
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('never opens a connection stopped while loading', async () => {
    const { start } = realConnection();
    const lazy = lazyChannelConnection(async () => start)({ requests: [vendorA] }, signals());
    lazy.stop();
    await settle();
    expect(start).not.toHaveBeenCalled();
  });

  it('reads a failed load as a closed socket and loads again for the next connection', async () => {
    const { start } = realConnection();
    const load = vi.fn<() => Promise<StartChannelConnection>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(start);
    const startLazily = lazyChannelConnection(load);
    const first = signals();
    startLazily({ requests: [vendorA] }, first);
    await settle();
    expect(first.closed).toHaveBeenCalledWith(1006);

    startLazily({ requests: [vendorA] }, signals());
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(start).toHaveBeenCalledOnce();
  });
});
