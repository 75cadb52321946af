/**
 * The colours of the order outcomes in charts (History's trend, Insights' trend and heat map), from
 * Okabe and Ito's palette for colour-blind readers ("Color Universal Design", 2008): bluish green,
 * vermillion and blue stay apart with every common colour-vision deficiency, where the theme's green
 * and red do not. Brand-independent, so a brand's primary never makes two series look alike. Each is
 * at least 3:1 against every brand's surface and background (WCAG 2.2, 1.4.11 non-text contrast),
 * and the charts still separate segments with a surface line and name every series in a legend.
 */
export const chartPalette = {
  delivered: '#009E73',
  cancelled: '#D55E00',
  inProgress: '#0072B2',
  /** The heat map's busiest cell; quieter cells mix it with the surface. */
  heat: '#0072B2',
} as const;

export type ChartSeries = keyof typeof chartPalette;
