import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BRAND_THEMES } from '../../src/theme/brands';
import { BRAND_KEYS } from '../../src/theme/brandKey';
import { chartPalette, type ChartSeries } from '../../src/theme/chartPalette';
import { contrastRatio } from '../../src/theme/contrast';

const SERIES = Object.keys(chartPalette) as ChartSeries[];
/** WCAG 2.2, 1.4.11: a chart's marks need 3:1 against what they are drawn on. */
const NON_TEXT_MINIMUM = 3;

/** One chart colour drawn as a bar on one surface, with its token, value and contrast. */
function Swatch({ series, on }: { series: ChartSeries; on: string }) {
  const colour = chartPalette[series];
  const ratio = contrastRatio(colour, on);
  return (
    <figure data-testid="chart-swatch" data-ratio={ratio.toFixed(2)} style={{ margin: 0, display: 'grid', gap: 4, justifyItems: 'start' }}>
      <svg width="96" height="32" aria-hidden="true">
        <rect x="0" y="4" width="96" height="24" rx="3" fill={colour} />
      </svg>
      <figcaption style={{ fontSize: 12, color: '#1d1d1f' }}>
        <code>{series}</code> <code>{colour}</code> {ratio.toFixed(1)}:1
      </figcaption>
    </figure>
  );
}

/**
 * The chart palette (Okabe–Ito, src/theme/chartPalette.ts: History's trend, Insights' trend and
 * heat map): each series colour on each brand's surface and page background, with its contrast,
 * every one at least 3:1 (tests/web/theme.test.ts checks the same figures).
 */
function PaletteOnBrands() {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {BRAND_KEYS.map((key) => {
        const { colors, productName } = BRAND_THEMES[key];
        return (
          <section key={key} aria-label={productName} style={{ display: 'grid', gap: 8 }}>
            <h2 style={{ margin: 0, fontSize: 16 }}>{productName}</h2>
            {(['surface', 'background'] as const).map((place) => (
              <div key={place} data-testid={`palette-${key}-${place}`} style={{ display: 'flex', flexWrap: 'wrap', gap: 16, padding: 12, background: colors[place], border: `1px solid ${colors.border}` }}>
                <code style={{ alignSelf: 'center', minWidth: 96, color: colors.text }}>{place}</code>
                {SERIES.map((series) => <Swatch key={series} series={series} on={colors[place]} />)}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}

const meta = {
  title: 'Components/Chart palette',
  component: PaletteOnBrands,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PaletteOnBrands>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every series colour on every brand's surface and background. */
export const OnEveryBrand: Story = {
  play: async ({ canvas }) => {
    const swatches = canvas.getAllByTestId('chart-swatch');
    await expect(swatches).toHaveLength(BRAND_KEYS.length * 2 * SERIES.length);
    for (const swatch of swatches) await expect(Number(swatch.dataset.ratio)).toBeGreaterThanOrEqual(NON_TEXT_MINIMUM);
  },
};
