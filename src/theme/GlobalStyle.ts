import { createGlobalStyle } from 'styled-components';
import { tokens } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${tokens.font.family};
    font-size: 16px;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  html[lang^='ar'] body, html[lang^='ur'] body { font-family: ${tokens.font.arabicFamily}; }
  h1, h2, h3, h4 { line-height: 1.25; margin: 0 0 ${tokens.space(3)}; }
  a { color: ${({ theme }) => theme.colors.info}; }
  /* A link around the wordmark is the logo, not underlined text. */
  a:has([data-brand-logo]) { text-decoration: none; }
  button, input, select, textarea { font: inherit; color: inherit; }
  /* One visible focus ring for every focusable thing, keyboard only. */
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .link-button {
    border: 0; padding: 0; background: none; cursor: pointer;
    color: ${({ theme }) => theme.colors.info}; text-decoration: underline;
  }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; margin: -1px; padding: 0; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
