import styled from 'styled-components';
import { tokens } from '../theme';
import { BrandLogo } from './BrandLogo';

/** The wordmark, reduced to its glyph on small screens where the header has no room for the name. */
export function ResponsiveLogo({ height = 32 }: { height?: number }) {
  return (
    <>
      <Full>
        <BrandLogo height={height} />
      </Full>
      <Compact>
        <BrandLogo height={height} showName={false} />
      </Compact>
    </>
  );
}

const Full = styled.span`
  display: inline-flex;
  @media (max-width: ${tokens.smallScreen}) { display: none; }
`;

const Compact = styled.span`
  display: none;
  @media (max-width: ${tokens.smallScreen}) { display: inline-flex; }
`;
