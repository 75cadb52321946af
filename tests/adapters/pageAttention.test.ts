// @vitest-environment jsdom
// The user coming back to the page (adapters/pageAttention.ts): the window focused again or the tab
// shown again is a return; a tab being hidden is not; once stopped, nothing more is told.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPageAttention } from '../../adapters/pageAttention';

let visibility: DocumentVisibilityState = 'visible';
vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
afterEach(() => { visibility = 'visible'; });

const showTab = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('page attention', () => {
  it('tells each return: the window focused, the tab shown again; not the tab hidden', () => {
    const returned = vi.fn();
    const stop = createBrowserPageAttention(window).onReturn(returned);
    window.dispatchEvent(new Event('focus'));
    expect(returned).toHaveBeenCalledTimes(1);
    showTab('hidden');
    expect(returned).toHaveBeenCalledTimes(1);
    showTab('visible');
    expect(returned).toHaveBeenCalledTimes(2);
    stop();
  });

  it('tells nothing once stopped', () => {
    const returned = vi.fn();
    createBrowserPageAttention(window).onReturn(returned)();
    window.dispatchEvent(new Event('focus'));
    showTab('visible');
    expect(returned).not.toHaveBeenCalled();
  });
});
