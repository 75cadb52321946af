import styled from 'styled-components';
import { BRANDS } from '../../domain/brands';
import { usePreferences } from '../app/preferences/PreferencesContext';
import { BRAND_KEYS, isBrandKey } from '../theme/brandKey';
import { tokens } from '../theme/theme';

/** Development only: preview every brand's theme and texts without rebuilding. */
export function DevBrandSwitcher() {
  const { brand, setBrand } = usePreferences();
  if (!setBrand) return null;
  return (
    <Floating>
      <label>
        <span className="visually-hidden">Brand (development)</span>
        <select value={brand} onChange={(event) => isBrandKey(event.target.value) && setBrand(event.target.value)}>
          {BRAND_KEYS.map((key) => (
            <option key={key} value={key}>
              {BRANDS[key].productName}
            </option>
          ))}
        </select>
      </label>
    </Floating>
  );
}

const Floating = styled.div`
  position: fixed;
  bottom: ${tokens.space(3)};
  inset-inline-end: ${tokens.space(3)};
  z-index: 70;
  opacity: 0.85;
  select {
    padding: 4px 8px;
    border-radius: ${tokens.radius.sm};
    border: 1px dashed ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surface};
    font-size: 0.8rem;
  }
`;
