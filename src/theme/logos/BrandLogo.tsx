import { useTheme } from 'styled-components';
import { BRAND_GLYPHS } from './glyphs';

/** The brand's wordmark: its glyph and product name (the portal is the product, e.g. "pandasend",
 * not the platform "foodpanda"), sized by height. The accessible name is the same product name, so a
 * logo inside a link reads as what it shows. */
export function BrandLogo({ height = 32, showName = true }: { height?: number; showName?: boolean }) {
  const theme = useTheme();
  const glyph = BRAND_GLYPHS[theme.brand];
  const name = theme.productName;
  // A wordmark wide enough for the name in a bold 18px face; SVG text then scales with height.
  const width = showName ? 40 + name.length * 11 : 32;
  return (
    <svg role="img" aria-label={theme.productName} height={height} viewBox={`0 0 ${width} 32`} width={(height / 32) * width}>
      {glyph(theme.colors.primary, theme.colors.onPrimary)}
      {showName && (
        <text x="40" y="23" fontFamily="system-ui, sans-serif" fontSize="19" fontWeight="800" letterSpacing="-0.3" fill={theme.colors.text} direction="ltr">
          {name}
        </text>
      )}
    </svg>
  );
}
