import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../../theme/theme';

/** A titled block of the order detail; `rows` become a definition list, empty values are left out. */
export function DetailSection({ title, rows, children }: { title: string; rows?: readonly (readonly [string, ReactNode])[]; children?: ReactNode }) {
  const shown = (rows ?? []).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <Section>
      <h3>{title}</h3>
      {shown.length > 0 && (
        <Fields>
          {shown.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Fields>
      )}
      {children}
    </Section>
  );
}

const Section = styled.section`
  padding: ${tokens.space(4)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0 0 ${tokens.space(2)}; font-size: 0.95rem; }
`;

const Fields = styled.dl`
  margin: 0;
  display: grid;
  gap: ${tokens.space(2)};
  div { display: grid; grid-template-columns: 40% 1fr; gap: ${tokens.space(2)}; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
  dd { margin: 0; font-size: 0.9rem; overflow-wrap: anywhere; }
`;
