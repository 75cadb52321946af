// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createActor, SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { MAX_VISIBLE_TOASTS, toastQueue, TOAST_DEFAULT_MS, type Toast } from '../../src/app/toasts/toastQueue';
import { useToasts } from '../../src/app/toasts/ToastContext';
import { toastTimerMachine } from '../../machines/toastTimer';
import { ToastViewport } from '../../src/components/toast/ToastViewport';
import { Providers } from './renderApp';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const toast = (id: string, message = `m-${id}`): Toast => ({ id, kind: 'info', message, durationMs: TOAST_DEFAULT_MS });

describe('toast queue', () => {
  it('does not stack the same message twice and keeps at most the newest few', () => {
    let state: readonly Toast[] = [];
    state = toastQueue(state, { type: 'show', toast: toast('a', 'same') });
    state = toastQueue(state, { type: 'show', toast: toast('b', 'same') });
    expect(state.map((t) => t.id)).toEqual(['b']);
    for (const id of ['c', 'd', 'e', 'f', 'g']) state = toastQueue(state, { type: 'show', toast: toast(id) });
    expect(state).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(state.at(-1)!.id).toBe('g');
    expect(toastQueue(state, { type: 'dismiss', id: 'g' }).map((t) => t.id)).not.toContain('g');
  });

  it('replaces the last toast of a topic (attempting gives way to done) and leaves other toasts alone', () => {
    let state: readonly Toast[] = [toast('other')];
    state = toastQueue(state, { type: 'show', toast: { ...toast('a', 'action.attempt-cancel'), topic: 'order-cancel' } });
    state = toastQueue(state, { type: 'show', toast: { ...toast('b', 'cancel.done'), kind: 'success', topic: 'order-cancel' } });
    expect(state.map((t) => t.message)).toEqual(['m-other', 'cancel.done']);
  });
});

describe('toast timer machine', () => {
  it('expires after its duration and not while paused', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastTimerMachine, { input: { durationMs: 3500 }, clock }).start();
    clock.increment(3000);
    actor.send({ type: 'pause' });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('paused');
    actor.send({ type: 'resume' });
    clock.increment(3499);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
  });
});

function Show({ message, values, durationMs }: { message: string; values?: Record<string, string>; durationMs?: number }) {
  const { show } = useToasts();
  useEffect(() => show({ kind: 'error', message, values, durationMs }), [show, message, values, durationMs]);
  return <ToastViewport />;
}

describe('ToastViewport', () => {
  it('announces a translated toast and removes it after the default 3500 ms', () => {
    vi.useFakeTimers();
    render(
      <Providers locale="ar-SA">
        <Show message="You are now disconnected." />
      </Providers>,
    );
    expect(screen.getByRole('alert').textContent).toContain('لقد تم قطع اتصالك.');
    act(() => vi.advanceTimersByTime(3499));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message that is not a catalogue key as it came, and closes on demand', () => {
    render(
      <Providers>
        <Show message="Server said no" durationMs={5000} />
      </Providers>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Server said no');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('translates a server error key passed inside a message, and keeps other text as it came', () => {
    const values = { message: 'error.forbidden' };
    render(
      <Providers>
        <Show message="error.cant-retrieve-current-orders" values={values} />
      </Providers>,
    );
    expect(screen.getByRole('alert').textContent).toContain('We could not load current orders. You do not have access to this.');
    cleanup();
    const plain = { message: 'Gateway timeout' };
    render(
      <Providers>
        <Show message="error.cant-retrieve-current-orders" values={plain} />
      </Providers>,
    );
    expect(screen.getByRole('alert').textContent).toContain('We could not load current orders. Gateway timeout');
  });
});
