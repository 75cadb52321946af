import type { InputHTMLAttributes } from 'react';
import { FormField } from './FormField';
import { Input } from './Input';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  helperText?: string;
}

export function TextField({ label, value, onValueChange, error, helperText, ...inputProps }: Props) {
  return (
    <FormField label={label} error={error} helperText={helperText}>
      {({ inputId, describedBy, invalid }) => (
        <Input
          {...inputProps}
          id={inputId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}
