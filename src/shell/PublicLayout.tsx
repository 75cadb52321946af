import { Link, Outlet, useLocation } from '@tanstack/react-router';
import styled from 'styled-components';
import { isOn, useFlags } from '../app/flags/FlagsContext';
import { useSession } from '../app/session/SessionContext';
import { useT } from '../i18n/useT';
import { ResponsiveLogo } from '../theme/logos/ResponsiveLogo';
import { tokens } from '../theme/theme';
import { Footer } from './Footer';
import { LanguageMenu } from './LanguageMenu';

/** Header and footer of the public pages: landing, login, registration, terms, tracking... */
export function PublicLayout() {
  const t = useT();
  const session = useSession();
  const flags = useFlags();
  // Under maintenance every other route comes back here, so links to them would only confuse.
  const maintenance = useLocation({ select: (location) => location.pathname === '/maintenance' });
  return (
    <Column>
      <Header>
        <Link to="/" aria-label={t('nav.home')}>
          <ResponsiveLogo height={32} />
        </Link>
        <Actions>
          <LanguageMenu />
          {maintenance ? null : session.isAuthenticated ? (
            <HeaderLink to="/request-a-rider" $primary>
              {t('nav.request')}
            </HeaderLink>
          ) : (
            <>
              <HeaderLink to="/connect">{t('auth.login.submit')}</HeaderLink>
              {!isOn(flags, 'DeactivateSignUpButton') && (
                <HeaderLink to="/register" $primary $hideOnSmall>
                  {t('auth.register.title')}
                </HeaderLink>
              )}
            </>
          )}
        </Actions>
      </Header>
      <div id="main" tabIndex={-1}>
        <Outlet />
      </div>
      {!maintenance && <Footer />}
    </Column>
  );
}

const Column = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > div#main { flex: 1; outline: none; }
`;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  min-height: 64px;
  padding: 0 ${tokens.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (min-width: ${tokens.desktop}) { padding: 0 ${tokens.space(8)}; }
  > a { display: inline-flex; border-radius: ${tokens.radius.sm}; }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space(2)};
`;

export const HeaderLink = styled(Link)<{ $primary?: boolean; $hideOnSmall?: boolean }>`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  color: ${({ $primary, theme }) => ($primary ? theme.colors.onPrimary : theme.colors.text)};
  background: ${({ $primary, theme }) => ($primary ? theme.colors.primary : 'transparent')};
  &:hover { background: ${({ $primary, theme }) => ($primary ? theme.colors.primaryHover : theme.colors.primarySoft)}; }
  @media (max-width: ${tokens.smallScreen}) { display: ${({ $hideOnSmall }) => ($hideOnSmall ? 'none' : 'inline-flex')}; }
`;
