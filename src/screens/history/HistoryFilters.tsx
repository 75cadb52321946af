import { useState } from 'react';
import styled from 'styled-components';
import { DATE_RANGE_CATEGORIES, type DateRangeCategory } from '../../../domain/dateRange';
import { STATUS_FILTERS, type StatusFilter } from '../../../domain/statuses';
import type { OrderListFilters } from '../../../machines/ordersList';
import type { PeriodFilters } from '../../../machines/periodFigures';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

interface Props {
  /** Without a status the status filter is left out (the Insights page: its figures cover every status). */
  filters: PeriodFilters & { status?: StatusFilter };
  /** The machine's refusal of a custom range (a date-range.* key). */
  rangeError: string | null;
  onChange: (filters: Partial<OrderListFilters>) => void;
}

/** Date range (Yesterday by default, Past week, Past month, Custom) and status (Any by default). */
export function HistoryFilters({ filters, rangeError, onChange }: Props) {
  const t = useT();
  // Custom waits for both dates and Apply; the other ranges apply at once.
  const [category, setCategory] = useState<DateRangeCategory>(filters.category);
  const [startDate, setStartDate] = useState(filters.custom?.startDate ?? '');
  const [endDate, setEndDate] = useState(filters.custom?.endDate ?? '');
  const chooseCategory = (value: string) => {
    const next = value as DateRangeCategory;
    setCategory(next);
    if (next !== 'Custom') onChange({ category: next, custom: null });
  };
  return (
    <Bar aria-label={t('history.filters')}>
      <Select
        label={t('history.filter.date')}
        value={category}
        options={DATE_RANGE_CATEGORIES.map((value) => ({ value, label: t(`history.date.${value}`) }))}
        onValueChange={chooseCategory}
      />
      {category === 'Custom' && (
        <Custom
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ category: 'Custom', custom: { startDate, endDate } });
          }}
        >
          <TextField type="date" label={t('history.filter.start')} value={startDate} onValueChange={setStartDate} required />
          <TextField
            type="date"
            label={t('history.filter.end')}
            value={endDate}
            onValueChange={setEndDate}
            required
            error={rangeError ? t(rangeError) : null}
          />
          <Button type="submit" variant="secondary">
            {t('history.filter.apply')}
          </Button>
        </Custom>
      )}
      {filters.status !== undefined && (
        <Select
          label={t('history.filter.status')}
          value={filters.status}
          options={STATUS_FILTERS.map((value) => ({ value, label: t(`history.status.${value}`) }))}
          onValueChange={(value) => onChange({ status: value as StatusFilter })}
        />
      )}
    </Bar>
  );
}

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${tokens.space(3)};
  > * { min-width: 180px; }
`;

const Custom = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${tokens.space(3)};
  > div { min-width: 160px; }
`;
