import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/** Any path the router does not know (SPEC §2 fallback). */
export function NotFoundScreen() {
  const t = useT();
  return (
    <Page $narrow id="main">
      <Centre>
        <Code aria-hidden="true">404</Code>
        <h1>{t('not-found.title')}</h1>
        <p>{t('not-found.body')}</p>
        <Link to="/">{t('not-found.home')}</Link>
      </Centre>
    </Page>
  );
}

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
