import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { ResponsiveLogo } from '../../theme/logos/ResponsiveLogo';
import { tokens } from '../../theme/theme';

/** Any path the router does not know (SPEC §2 fallback). */
export function NotFoundScreen() {
  const t = useT();
  return (
    <>
      {/* Rendered outside every layout: the brand mark still says whose site this is. */}
      <Brand>
        <Link to="/" aria-label={t('nav.home')}>
          <ResponsiveLogo height={32} />
        </Link>
      </Brand>
      <Page $narrow id="main">
        <Centre>
          <Code aria-hidden="true">404</Code>
          <h1>{t('not-found.title')}</h1>
          <p>{t('not-found.body')}</p>
          <Link to="/">{t('not-found.home')}</Link>
        </Centre>
      </Page>
    </>
  );
}

const Brand = styled.header`
  display: flex;
  align-items: center;
  min-height: 64px;
  padding: 0 ${tokens.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  > a { display: inline-flex; }
`;

const Centre = styled.div`
  text-align: center;
  padding-top: ${tokens.space(16)};
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Code = styled.p`
  font-size: 4.5rem;
  font-weight: 800;
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryOnSurface} !important;
`;
