// @vitest-environment jsdom
// tests/setup/testing-library.ts loads Testing Library only in files with a DOM; those must still get
// its longer waiting ceiling (a cold first render on a busy machine outlasts the default 1 s).
import { getConfig } from '@testing-library/dom';
import { expect, it } from 'vitest';

it('gives files with a DOM the 5 s ceiling for waitFor and findBy*', () => {
  expect(getConfig().asyncUtilTimeout).toBe(5000);
});
