import styled, { useTheme } from 'styled-components';
import { BRAND_GLYPHS } from './glyphs';

/** The brand's wordmark: its glyph and product name (the portal is the product, e.g. "pandasend",
 * not the platform "foodpanda"), sized by height. The name is HTML text next to the glyph, so its box
 * is as wide as the font draws it in every brand and locale (an SVG viewBox sized by counting letters
 * clipped "HungerStation Send"). The accessible name is the same product name, so a logo inside a link
 * reads as what it shows. */
export function BrandLogo({ height = 32, showName = true }: { height?: number; showName?: boolean }) {
  const theme = useTheme();
  const glyph = BRAND_GLYPHS[theme.brand];
  const name = theme.productName;
  return (
    <Wordmark role="img" aria-label={name} data-brand-logo="" style={{ height, fontSize: (height * 19) / 32 }}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" width={height} height={height}>
        {glyph(theme.colors.primary, theme.colors.onPrimary)}
      </svg>
      {showName && (
        <Name dir="ltr" data-brand-name="">
          {name}
        </Name>
      )}
    </Wordmark>
  );
}

const Wordmark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.4em;
  flex: none;
  max-width: 100%;
  svg { flex: none; }
`;

// inline-block: a link's underline does not reach into it.
const Name = styled.span`
  display: inline-block;
  font-family: system-ui, sans-serif;
  font-weight: 800;
  letter-spacing: -0.3px;
  white-space: nowrap;
  line-height: 1;
  color: ${({ theme }) => theme.colors.text};
`;
