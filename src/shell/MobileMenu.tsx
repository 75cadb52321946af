import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useSession } from '../app/session/SessionContext';
import { useVendors } from '../app/vendors/VendorsContext';
import { SideDrawer } from '../components/SideDrawer';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { AccountItems } from './AccountMenu';
import { BranchSelector } from './BranchSelector';
import { LanguageMenu } from './LanguageMenu';
import { NavTabs } from './NavTabs';
import { OutletsToggle } from './OutletsToggle';

/** The small-screen menu: vendor name and id, branch selector, the tabs, and the account entries. */
export function MobileMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The drawer is opened by this button, not by a Radix trigger, so Radix has nowhere to return focus
  // on close: do it here, once the drawer has let go of the focus trap.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) menuButton.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const { selected } = useVendors();
  const session = useSession();
  return (
    <>
      <MenuButton ref={menuButton} type="button" aria-label={t('nav.menu')} aria-expanded={open} onClick={() => setOpen(true)}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </MenuButton>
      <SideDrawer open={open} onOpenChange={setOpen} title={t('nav.menu')} closeLabel={t('common.close')}>
        <Sections>
          {selected && !session.isGuest && (
            <VendorCard>
              <strong>{selected.name}</strong>
              <span>{t('nav.vendor-id', { id: selected.vendor_id })}</span>
            </VendorCard>
          )}
          {!session.isGuest && <BranchSelector />}
          <NavTabs vertical onNavigate={() => setOpen(false)} />
          <OutletsToggle />
          <Divider />
          <LanguageMenu labelled />
          <AccountItems />
        </Sections>
      </SideDrawer>
    </>
  );
}

const MenuButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${tokens.radius.pill};
  background: transparent;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  align-items: stretch;
  > button { align-self: flex-start; }
`;

const VendorCard = styled.div`
  display: flex;
  flex-direction: column;
  padding: ${tokens.space(3)};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

const Divider = styled.hr`
  width: 100%;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin: 0;
`;
