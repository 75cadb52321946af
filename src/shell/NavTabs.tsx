import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { useNavLinks } from './useNavLinks';

/** Request, Tracking, History and (when enabled) Bulk order. `vertical` for the mobile drawer. */
export function NavTabs({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const t = useT();
  const { links, pending } = useNavLinks();
  return (
    // Busy while tabs wait for the member's role: they appear once it is known.
    <nav aria-label={t('nav.main')} aria-busy={pending || undefined}>
      <List $vertical={vertical}>
        {links.map((link) => (
          <li key={link.section}>
            <Tab to={link.href} aria-current={link.active ? 'page' : undefined} $active={link.active} $vertical={vertical} onClick={onNavigate}>
              {t(link.labelKey)}
            </Tab>
          </li>
        ))}
      </List>
    </nav>
  );
}

const List = styled.ul<{ $vertical: boolean }>`
  display: flex;
  flex-direction: ${({ $vertical }) => ($vertical ? 'column' : 'row')};
  gap: ${tokens.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Tab = styled(Link)<{ $active: boolean; $vertical: boolean }>`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${tokens.space(3)};
  border-radius: ${tokens.radius.sm};
  text-decoration: none;
  white-space: nowrap;
  font-weight: ${({ $active }) => ($active ? 700 : 500)};
  color: ${({ $active, theme }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  background: ${({ $active, $vertical, theme }) => ($active && $vertical ? theme.colors.primarySoft : 'transparent')};
  box-shadow: ${({ $active, $vertical, theme }) => ($active && !$vertical ? `inset 0 -3px 0 ${theme.colors.primary}` : 'none')};
  &:hover { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.primarySoft}; }
`;
