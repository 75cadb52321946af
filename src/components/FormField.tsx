import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { FieldError, FieldStack } from './fieldParts';

export interface FieldIds {
  inputId: string;
  /** Ids of the helper and error texts, for aria-describedby; undefined when there is none. */
  describedBy: string | undefined;
  invalid: boolean;
}

interface Props {
  label: string;
  /** Translated error text; when set the control is aria-invalid and the text is announced. */
  error?: string | null;
  helperText?: string;
  hideLabel?: boolean;
  children: (ids: FieldIds) => ReactNode;
}

/** Label, control, helper and error text wired together for assistive technology. */
export function FormField({ label, error, helperText, hideLabel = false, children }: Props) {
  const inputId = useId();
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;
  const describedBy = [helperText ? helperId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldStack>
      <Label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </Label>
      {children({ inputId, describedBy, invalid: Boolean(error) })}
      {helperText && <Helper id={helperId}>{helperText}</Helper>}
      <FieldError id={errorId} error={error} />
    </FieldStack>
  );
}

const Label = styled.label`
  font-weight: 600;
  font-size: 0.9rem;
`;

const Helper = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The look shared by text inputs, selects and text areas. */
export const controlStyles = `
  width: 100%;
  min-height: 44px;
  padding: ${tokens.space(2)} ${tokens.space(3)};
  border-radius: ${tokens.radius.md};
  font-size: 1rem;
`;
