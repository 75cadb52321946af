import { forwardRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../../theme/theme';

interface Props {
  /** The heading's id, so the section is labelled by it. */
  id: string;
  title: string;
  /** A short line under the heading (the chosen address, a step's state). */
  subtitle?: ReactNode;
  /** Buttons at the heading's end, e.g. "Edit". */
  actions?: ReactNode;
  children?: ReactNode;
  /** A section not reached yet is shown dimmed with its title only. */
  pending?: boolean;
}

/** One card of the request form: collection point, drop-off, customer, delivery time, payment. */
export const RequestSection = forwardRef<HTMLElement, Props>(function RequestSection(
  { id, title, subtitle, actions, children, pending = false },
  ref,
) {
  return (
    <Frame ref={ref} aria-labelledby={id} $pending={pending}>
      <Header>
        <div>
          <Title id={id}>{title}</Title>
          {subtitle && <Subtitle>{subtitle}</Subtitle>}
        </div>
        {actions && <Actions>{actions}</Actions>}
      </Header>
      {!pending && children && <Body>{children}</Body>}
    </Frame>
  );
});

const Frame = styled.section<{ $pending: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(5)} ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};
  opacity: ${({ $pending }) => ($pending ? 0.6 : 1)};
  @media (max-width: ${tokens.smallScreen}) { padding: ${tokens.space(4)}; }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  > div:first-child { flex: 1 1 220px; min-width: 0; }
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.1rem;
  font-weight: 700;
`;

const Subtitle = styled.p`
  margin: ${tokens.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  gap: ${tokens.space(2)};
  flex-shrink: 0;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  margin-top: ${tokens.space(4)};
`;

/** Two fields side by side on wide screens, stacked on small ones. */
export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${tokens.space(4)};
`;
