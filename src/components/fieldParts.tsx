import styled from 'styled-components';
import { tokens } from '../theme/theme';

// The pieces every form control's field is made of (FormField, Checkbox): one column, and an error
// text the control names in aria-describedby.

export const FieldStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(1)};
  min-width: 0;
`;

/** A field's translated error, announced when it appears; nothing when there is none. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <ErrorText id={id} role="alert">
      {error}
    </ErrorText>
  );
}

const ErrorText = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.error};
`;
