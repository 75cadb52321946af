import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../../theme/theme';

/** A chart's card: a region named by its title, busy while its figures load. */
export function ChartCard({ title, busy = false, children, testId }: { title: string; busy?: boolean; children: ReactNode; testId?: string }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} aria-busy={busy} data-testid={testId}>
      <ChartTitle id={titleId}>{title}</ChartTitle>
      {children}
    </Card>
  );
}

const Card = styled.section`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
  min-width: 0;
  padding: ${tokens.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const ChartTitle = styled.h2`
  margin: 0;
  font-size: 1rem;
`;

/** A chart's failure or empty line: the text, and an action (retry) at its end. */
export const ChartMessage = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  min-height: ${tokens.space(12)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
