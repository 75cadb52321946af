import styled from 'styled-components';
import { BULK_PREPROCESS_FILTERS, type BulkPreprocessFilter } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

interface Props {
  value: BulkPreprocessFilter;
  disabled: boolean;
  onChange: (filter: BulkPreprocessFilter) => void;
}

/** The preprocess filter of the row table (SPEC §4): valid rows, rows with errors, or all. */
export function RowFilter({ value, disabled, onChange }: Props) {
  const t = useT();
  return (
    <Group role="radiogroup" aria-label={t('bulk-order-upload.filter.label')}>
      {BULK_PREPROCESS_FILTERS.map((filter) => (
        <Option key={filter} $checked={filter === value}>
          <input
            type="radio"
            name="bulk-row-filter"
            value={filter}
            checked={filter === value}
            disabled={disabled}
            onChange={() => onChange(filter)}
          />
          {t(`bulk-order-upload.filter.${filter}`)}
        </Option>
      ))}
    </Group>
  );
}

const Group = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${tokens.space(1)};
  padding: ${tokens.space(1)};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Option = styled.label<{ $checked: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${tokens.space(3)};
  border-radius: ${tokens.radius.sm};
  font-weight: 600;
  cursor: pointer;
  background: ${({ theme, $checked }) => ($checked ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ $checked }) => ($checked ? tokens.shadow.card : 'none')};
  color: ${({ theme, $checked }) => ($checked ? theme.colors.text : theme.colors.textMuted)};
  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    margin: 0;
    cursor: pointer;
  }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;
