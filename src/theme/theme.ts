import { chartPalette } from './chartPalette';
import type { BrandKey } from './brandKey';

/** Everything a component may know about the brand: colours, names, logo. Components read it through
 * styled-components' ThemeProvider and never hard-code a brand colour or name. */
export interface BrandTheme {
  brand: BrandKey;
  /** Shown in titles and injected into texts as {productName}. */
  productName: string;
  /** The delivery platform, injected into texts as {platformName}. */
  platformName: string;
  colors: {
    primary: string;
    /** Text and icons drawn on `primary`; chosen for at least 4.5:1 contrast. */
    onPrimary: string;
    primaryHover: string;
    /** The brand colour as text or a mark on white surfaces (4.5:1 there); the primary itself unless that is too light. */
    primaryOnSurface: string;
    /** A tint of the primary colour for selected rows and chips. */
    primarySoft: string;
    accent: string;
    text: string;
    textMuted: string;
    background: string;
    surface: string;
    border: string;
    focus: string;
    error: string;
    warning: string;
    success: string;
    info: string;
  };
}

/** Brand-independent scales. */
export const tokens = {
  /** Chart series colours, safe for colour-blind readers (chartPalette.ts). */
  chart: chartPalette,
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number): string => `${n * 4}px`,
  font: {
    family:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Arabic Variable', 'Noto Sans Arabic', sans-serif",
    arabicFamily: "'Noto Sans Arabic Variable', 'Noto Sans Arabic', system-ui, sans-serif",
  },
  /** Breakpoint under which the layout switches to its small-screen form (SPEC: drawer full width). */
  smallScreen: '600px',
  desktop: '960px',
  drawerWidth: '384px',
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1)',
    popover: '0 12px 24px -4px rgba(16, 24, 40, 0.16), 0 4px 8px -2px rgba(16, 24, 40, 0.08)',
  },
} as const;
