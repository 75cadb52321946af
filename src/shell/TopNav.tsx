import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { useSession } from '../app/session/SessionContext';
import { useT } from '../i18n/useT';
import { BrandLogo } from '../theme/logos/BrandLogo';
import { tokens } from '../theme/theme';
import { AccountMenu } from './AccountMenu';
import { BranchSelector } from './BranchSelector';
import { LanguageMenu } from './LanguageMenu';
import { MobileMenu } from './MobileMenu';
import { NavTabs } from './NavTabs';
import { OutletsToggle } from './OutletsToggle';

/** The top navigation of the request, tracking, history and bulk-order pages (SPEC §2). */
export function TopNav() {
  const t = useT();
  const session = useSession();
  return (
    <Bar>
      <Link to="/request-a-rider" aria-label={t('nav.home')}>
        <BrandLogo height={30} />
      </Link>
      <Desktop>
        {!session.isGuest && (
          <BranchSlot>
            <BranchSelector />
          </BranchSlot>
        )}
        <NavTabs />
        <Spacer />
        <OutletsToggle />
        <LanguageMenu />
        <AccountMenu />
      </Desktop>
      <Mobile>
        <MobileMenu />
      </Mobile>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  gap: ${tokens.space(4)};
  min-height: 64px;
  padding: 0 ${tokens.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  > a { display: inline-flex; flex: none; border-radius: ${tokens.radius.sm}; }
  @media (min-width: ${tokens.desktop}) { padding: 0 ${tokens.space(8)}; }
`;

// Each part hides itself on the other's screens (written max-width first so that engines without
// media queries, like jsdom, show both).
const Desktop = styled.div`
  display: flex;
  flex: 1;
  min-width: 0;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(2)} ${tokens.space(4)};
  padding-block: ${tokens.space(2)};
  @media (max-width: calc(${tokens.desktop} - 1px)) { display: none; }
`;

const Mobile = styled.div`
  margin-inline-start: auto;
  @media (min-width: ${tokens.desktop}) { display: none; }
`;

const BranchSlot = styled.div`
  width: 220px;
  flex: none;
`;

const Spacer = styled.div`
  flex: 1;
`;
