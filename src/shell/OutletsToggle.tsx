import { useLocation } from '@tanstack/react-router';
import styled from 'styled-components';
import { useVendors } from '../app/vendors/VendorsContext';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { sectionOf } from './useNavLinks';

/** 'Include all outlets': shown when the country parameter allows it for a parent vendor; disabled on
 * the request page or when the selected branch is not a parent (SPEC §2). */
export function OutletsToggle() {
  const t = useT();
  const { showToggleOutlet, selected, includeOutlets, setIncludeOutlets } = useVendors();
  const onRequestPage = sectionOf(useLocation().pathname) === 'request-a-rider';
  if (!showToggleOutlet) return null;
  const disabled = onRequestPage || !selected?.is_parent;
  return (
    <Toggle>
      <input
        type="checkbox"
        role="switch"
        checked={includeOutlets && !disabled}
        disabled={disabled}
        onChange={(event) => setIncludeOutlets(event.target.checked)}
      />
      <span>{t('nav.include-all-outlets')}</span>
    </Toggle>
  );
}

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  font-size: 0.9rem;
  line-height: 1.2;
  cursor: pointer;
  /* Long translations (Greek, German) wrap onto two lines instead of widening the bar. */
  span { max-width: 20ch; }
  input { width: 36px; height: 20px; accent-color: ${({ theme }) => theme.colors.primary}; margin: 0; }
  &:has(input:disabled) { color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
`;
