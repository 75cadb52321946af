import type { TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FormField, controlStyles } from './FormField';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'rows'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  helperText?: string;
}

const MIN_ROWS = 2;
const MAX_ROWS = 4;

/** Multiline text of 2 to 4 rows (SPEC §2): grows with its content, then scrolls. */
export function TextArea({ label, value, onValueChange, error, helperText, ...rest }: Props) {
  const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, value.split('\n').length));
  return (
    <FormField label={label} error={error} helperText={helperText}>
      {({ inputId, describedBy, invalid }) => (
        <StyledTextArea
          {...rest}
          id={inputId}
          rows={rows}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}

const StyledTextArea = styled.textarea`
  ${controlStyles}
  resize: none;
  /* Long lines wrap, so grow by content height too, within the 4-row cap. */
  field-sizing: content;
  min-height: calc(${MIN_ROWS}lh + 18px);
  max-height: calc(${MAX_ROWS}lh + 18px);
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.error}; }
`;
