// @vitest-environment jsdom
// The `web` project's files share one jsdom per worker; tests/setup/sharedDom.ts resets the page between
// them with pageReset.ts. What one file leaves must be gone for the next, and what the next renders
// must still be styled.
import { cleanup, render } from '@testing-library/react';
import styled from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordListeners, removeLeftListeners, resetPage } from '../setup/pageReset';

afterEach(cleanup);

const Marked = styled.div`
  outline-offset: 7px;
`;

/** The rules of the page's style sheets that name `outline-offset: 7px` (Marked's). */
const markedRules = () =>
  [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule.cssText.includes('outline-offset: 7px'));

describe('resetting the shared page between two test files', () => {
  it('empties storage, the page, <html> and <body> attributes, the title, and brings the URL back', () => {
    const startUrl = window.location.href;
    resetPage();
    localStorage.setItem('godroid-token', 'left');
    sessionStorage.setItem('guest', 'left');
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
    document.body.setAttribute('inert', '');
    document.body.append(document.createElement('dialog'));
    document.title = 'History';
    window.history.pushState({ key: 'k' }, '', '/history/v-1?period=custom#rows');

    resetPage();

    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
    expect(document.documentElement.getAttributeNames()).toEqual([]);
    expect(document.body.getAttributeNames()).toEqual([]);
    expect(document.body.childNodes).toHaveLength(0);
    expect(document.title).toBe('');
    expect(window.location.href).toBe(startUrl);
    expect(window.history.state).toBeNull();
  });

  it("removes a router's wrappers of pushState and replaceState, so the next file's calls reach only the page", () => {
    const notified = vi.fn();
    const original = window.history.replaceState;
    window.history.replaceState = function (...args: Parameters<History['replaceState']>) {
      notified();
      return original.apply(window.history, args);
    };
    resetPage();
    window.history.replaceState(null, '', '/next-file');
    expect(notified).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/next-file');
  });

  it("drops the last file's style tags, and the next file's components are styled again", () => {
    render(<Marked>first file</Marked>);
    expect(markedRules()).toHaveLength(1);
    cleanup();

    resetPage();
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(markedRules()).toHaveLength(0);

    render(<Marked>next file</Marked>);
    expect(markedRules()).toHaveLength(1);
  });

  it('removes the window and document listeners a file added and left, and keeps those from before', () => {
    const before = vi.fn();
    window.addEventListener('popstate', before);
    recordListeners();
    const left = vi.fn();
    const removed = vi.fn();
    window.addEventListener('popstate', left);
    document.addEventListener('keydown', left, { capture: true });
    window.addEventListener('popstate', removed);
    window.removeEventListener('popstate', removed);

    removeLeftListeners();
    window.dispatchEvent(new PopStateEvent('popstate'));
    document.dispatchEvent(new KeyboardEvent('keydown'));

    expect(left).not.toHaveBeenCalled();
    expect(before).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', before);
  });
});
