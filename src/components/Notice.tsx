import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/theme';

type Kind = 'info' | 'success' | 'warning' | 'error';

/** An inline message inside a page (not a toast): verification results, form-level errors. */
export function Notice({ kind, children }: { kind: Kind; children: ReactNode }) {
  return (
    <Box role={kind === 'error' ? 'alert' : 'status'} $kind={kind}>
      {children}
    </Box>
  );
}

const Box = styled.div<{ $kind: Kind }>`
  margin-bottom: ${tokens.space(4)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  border-inline-start: 4px solid ${({ $kind, theme }) => theme.colors[$kind]};
  background: ${({ theme }) => theme.colors.background};
`;
