// @vitest-environment jsdom
// Loading indicators that animate forever stop when the user asks for reduced motion (WCAG 2.3.3).
// The global reduced-motion rule only shortens animations to 0.01 ms: an endless one then flickers at
// frame rate, so each endless animation must switch itself off. jsdom does not evaluate media queries,
// so the test reads the style sheet the component injected: the element's own class must have an
// `animation: none` rule inside `@media (prefers-reduced-motion: reduce)`, and an animation outside it.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skeleton } from '../../src/components/Skeleton';
import { Spinner } from '../../src/components/Spinner';
import { Providers } from './renderApp';

afterEach(cleanup);

/** The declarations of the rules whose selector names one of `element`'s classes, grouped by media query ('' for none). */
function rulesFor(element: Element): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const classes = [...element.classList].map((name) => `.${name}`);
  const visit = (rules: CSSRuleList, media: string) => {
    for (const rule of [...rules]) {
      if (rule instanceof CSSMediaRule) visit(rule.cssRules, rule.media.mediaText);
      else if (rule instanceof CSSStyleRule && classes.some((name) => rule.selectorText.split(/[\s,>+~:]/).includes(name))) {
        found.set(media, [...(found.get(media) ?? []), rule.style.cssText]);
      }
    }
  };
  for (const sheet of [...document.styleSheets]) visit(sheet.cssRules, '');
  return found;
}

const REDUCE = '(prefers-reduced-motion: reduce)';

describe('loading indicators under prefers-reduced-motion', () => {
  it.each([
    ['Spinner', () => <Spinner label="Loading" />, (container: HTMLElement) => container.querySelector('[role="status"]')],
    ['Skeleton', () => <Skeleton />, (container: HTMLElement) => container.querySelector('[aria-hidden="true"]')],
  ])('%s animates, and not at all when the user asks for reduced motion', (_, element, find) => {
    const { container } = render(<Providers>{element()}</Providers>);
    const indicator = find(container);
    expect(indicator).not.toBeNull();
    const rules = rulesFor(indicator!);
    expect(rules.get('')?.join(';')).toMatch(/animation:[^;]*infinite/);
    expect(rules.get(REDUCE)?.join(';')).toMatch(/animation:\s*none/);
  });
});
