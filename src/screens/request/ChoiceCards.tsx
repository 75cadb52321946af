import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../../theme/theme';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
}

interface Props<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  error?: string | null;
}

/** A radio group drawn as cards: native radios, so arrows and screen readers work as expected. */
export function ChoiceCards<T extends string>({ legend, choices, value, onChange, disabled = false, error }: Props<T>) {
  const name = useId();
  return (
    <Fieldset disabled={disabled} aria-invalid={error ? true : undefined}>
      <Legend>{legend}</Legend>
      <Cards>
        {choices.map((choice) => (
          <Card key={choice.value} $checked={choice.value === value}>
            <input type="radio" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} />
            <span>
              <strong>{choice.label}</strong>
              {choice.description && <small>{choice.description}</small>}
            </span>
          </Card>
        ))}
      </Cards>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  font-weight: 600;
  font-size: 0.9rem;
  margin-bottom: ${tokens.space(2)};
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${tokens.space(3)};
`;

const Card = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  border: 2px solid ${({ $checked, theme }) => ($checked ? theme.colors.primary : theme.colors.border)};
  background: ${({ $checked, theme }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  cursor: pointer;
  input { margin-top: 3px; accent-color: ${({ theme }) => theme.colors.primary}; }
  span { display: flex; flex-direction: column; gap: 2px; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
  fieldset:disabled & { cursor: not-allowed; opacity: 0.7; }
`;

const ErrorText = styled.p`
  margin: ${tokens.space(1)} 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.error};
`;
