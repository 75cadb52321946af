import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { FieldError, FieldStack } from './fieldParts';

interface Props {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The label may hold links (e.g. "I agree to the terms"). */
  label: ReactNode;
  error?: string | null;
  disabled?: boolean;
  name?: string;
}

export function Checkbox({ checked, onCheckedChange, label, error, disabled, name }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldStack>
      <Row>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </Row>
      <FieldError id={errorId} error={error} />
    </FieldStack>
  );
}

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(2)};
  input { width: 20px; height: 20px; margin: 2px 0 0; accent-color: ${({ theme }) => theme.colors.primary}; flex: none; }
`;
