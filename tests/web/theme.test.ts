import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../domain/brands';
import { BRAND_THEMES } from '../../src/theme/brands';
import { BRAND_KEYS } from '../../src/theme/brandKey';
import { chooseBrand } from '../../src/theme/chooseBrand';
import { contrastRatio } from '../../src/theme/contrast';
import { tokens } from '../../src/theme/theme';

const contrast = contrastRatio;

describe('brand themes', () => {
  it.each(BRAND_KEYS)('%s has readable text on its primary colour and on surfaces', (key) => {
    const { colors } = BRAND_THEMES[key];
    expect(contrast(colors.primary, colors.onPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.text, colors.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.primaryOnSurface, colors.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.textMuted, colors.background)).toBeGreaterThanOrEqual(4.5);
    for (const kind of ['error', 'warning', 'success', 'info'] as const) expect(contrast(colors[kind], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(BRAND_KEYS)('%s takes its names from the domain', (key) => {
    expect(BRAND_THEMES[key].productName).toBe(BRANDS[key].productName);
    expect(BRAND_THEMES[key].platformName).toBe(BRANDS[key].platformName);
  });
});

describe('chooseBrand', () => {
  const base = { hostname: 'portal.example.com', countryBrand: 'HUNGER_STATION' as const };
  it('prefers the switcher override, then VITE_BRAND, then the host, then the country', () => {
    expect(chooseBrand({ ...base, override: 'glovo', configured: 'TALABAT' })).toBe('GLOVO');
    expect(chooseBrand({ ...base, override: 'nonsense', configured: 'talabat' })).toBe('TALABAT');
    expect(chooseBrand({ ...base, hostname: 'send.foodpanda.sg' })).toBe('FOODPANDA');
    expect(chooseBrand({ ...base, hostname: 'go.pandasend.com' })).toBe('PANDASEND');
    expect(chooseBrand(base)).toBe('HUNGER_STATION');
  });
});

describe('chart palette (colour-blind safe, Okabe–Ito)', () => {
  const series = Object.entries(tokens.chart);

  it.each(BRAND_KEYS)('every series stands out at 3:1 or more against the %s surface and background (WCAG 1.4.11)', (key) => {
    const { colors } = BRAND_THEMES[key];
    for (const [name, colour] of series) {
      expect({ name, surface: contrast(colour, colors.surface) >= 3, background: contrast(colour, colors.background) >= 3 }).toEqual({ name, surface: true, background: true });
    }
  });

  it('gives the outcomes three different colours, none of them the theme red and green that red-green colour blindness merges', () => {
    const { delivered, cancelled, inProgress } = tokens.chart;
    expect(new Set([delivered, cancelled, inProgress]).size).toBe(3);
    for (const key of BRAND_KEYS) expect([delivered, cancelled]).not.toContain(BRAND_THEMES[key].colors.success);
  });
});

