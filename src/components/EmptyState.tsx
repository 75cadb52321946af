import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/theme';

interface Props {
  title: string;
  description?: string;
  action?: ReactNode;
  /** A picture that says what kind of emptiness this is; an empty box by default. */
  icon?: ReactNode;
  /** 1 when the message is the whole page (maintenance), so the page still has its main heading. */
  level?: 1 | 2;
}

/** A centred message for an empty list or page, with an optional action. */
export function EmptyState({ title, description, action, icon, level = 2 }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Wrapper>
      {icon ?? (
        <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
          <rect x="8" y="14" width="40" height="30" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M8 24h40" stroke="currentColor" strokeWidth="3" />
        </svg>
      )}
      <Heading>{title}</Heading>
      {description && <p>{description}</p>}
      {action}
    </Wrapper>
  );
}

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${tokens.space(2)};
  padding: ${tokens.space(10)} ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  h1, h2 { color: ${({ theme }) => theme.colors.text}; font-size: 1.25rem; margin: 0; }
  p { margin: 0; max-width: 36ch; }
`;
