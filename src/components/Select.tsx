import type { SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FormField, controlStyles } from './FormField';

export interface SelectOption {
  value: string;
  label: string;
}

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  error?: string | null;
  hideLabel?: boolean;
}

/** A native select: keyboard and screen-reader behaviour for free. */
export function Select({ label, value, options, onValueChange, error, hideLabel, ...rest }: Props) {
  return (
    <FormField label={label} error={error} hideLabel={hideLabel}>
      {({ inputId, describedBy, invalid }) => (
        <StyledSelect
          {...rest}
          id={inputId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      )}
    </FormField>
  );
}

const StyledSelect = styled.select`
  ${controlStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.error}; }
`;
