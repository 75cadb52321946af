import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { MenuPanel } from './MenuPanel';
import { MenuTrigger } from './MenuTrigger';
import { useAccountLinks } from './useAccountLinks';

/** Desktop account menu: email, login/register for guests, become a partner, help centre, logout. */
export function AccountMenu() {
  const t = useT();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <MenuTrigger type="button" aria-label={t('nav.account')}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </MenuTrigger>
      </Popover.Trigger>
      <Popover.Portal>
        <MenuPanel align="end" sideOffset={8} aria-label={t('nav.account')}>
          <AccountItems />
        </MenuPanel>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The account entries, shared by the desktop menu and the mobile drawer. */
export function AccountItems() {
  const t = useT();
  const account = useAccountLinks();
  return (
    // Busy while the links that depend on the member's role wait for it.
    <Items aria-busy={account.pending || undefined}>
      {account.isGuest ? (
        <>
          <li>
            <Muted>{t('nav.guest')}</Muted>
          </li>
          <li>
            <ItemLink to="/connect">{t('auth.login.submit')}</ItemLink>
          </li>
          {account.canRegister && (
            <li>
              <ItemLink to="/register">{t('auth.register.title')}</ItemLink>
            </li>
          )}
        </>
      ) : (
        account.email && (
          <li>
            <Muted>
              <bdi>{account.email}</bdi>
            </Muted>
          </li>
        )
      )}
      <li>
        <ItemAnchor href={account.partnerUrl} target="_blank" rel="noreferrer">
          {t('nav.become-partner')}
        </ItemAnchor>
      </li>
      {account.templatesHref && (
        <li>
          <ItemLink to={account.templatesHref}>{t('nav.templates')}</ItemLink>
        </li>
      )}
      {account.notificationSettingsHref && (
        <li>
          <ItemLink to={account.notificationSettingsHref}>{t('nav.notification-settings')}</ItemLink>
        </li>
      )}
      {account.teamHref && (
        <li>
          <ItemLink to={account.teamHref}>{t('nav.team')}</ItemLink>
        </li>
      )}
      {account.auditHref && (
        <li>
          <ItemLink to={account.auditHref}>{t('nav.audit')}</ItemLink>
        </li>
      )}
      {account.developersHref && (
        <li>
          <ItemLink to={account.developersHref}>{t('nav.developers')}</ItemLink>
        </li>
      )}
      {account.helpCentreHref && (
        <li>
          <ItemLink to={account.helpCentreHref}>{t('nav.help-centre')}</ItemLink>
        </li>
      )}
      <li>
        <ItemButton type="button" onClick={account.logout}>
          {t('auth.logout')}
        </ItemButton>
      </li>
    </Items>
  );
}

const Items = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Muted = styled.p`
  margin: 0 0 ${tokens.space(1)};
  padding: ${tokens.space(2)} ${tokens.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
  text-align: start;
`;

const itemStyle = `
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 44px;
  padding: 0 ${tokens.space(3)};
  border: 0;
  border-radius: ${tokens.radius.sm};
  background: transparent;
  text-decoration: none;
  text-align: start;
  cursor: pointer;
  font-weight: 500;
`;

const ItemLink = styled(Link)`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

const ItemAnchor = styled.a`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

const ItemButton = styled.button`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.error};
  &:hover { background: ${({ theme }) => theme.colors.background}; }
`;
