import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../../theme/theme';

/** A titled band of the landing page with cards under it. */
export function LandingSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Band aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <Intro>{intro}</Intro>}
      <Grid>{children}</Grid>
    </Band>
  );
}

export function FeatureCard({ title, body, marker }: { title: string; body: string; marker?: string }) {
  return (
    <Feature>
      {marker && <Marker aria-hidden="true">{marker}</Marker>}
      <h3>{title}</h3>
      <p>{body}</p>
    </Feature>
  );
}

const Band = styled.section`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${tokens.space(12)} ${tokens.space(4)} 0;
  h2 { font-size: clamp(1.4rem, 1.1rem + 1vw, 1.9rem); }
  @media (min-width: ${tokens.desktop}) { padding: ${tokens.space(16)} ${tokens.space(8)} 0; }
`;

const Intro = styled.p`
  margin: 0 0 ${tokens.space(6)};
  max-width: 60ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.div`
  display: grid;
  gap: ${tokens.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
`;

const Feature = styled.article`
  padding: ${tokens.space(6)};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h3 { font-size: 1.1rem; margin: 0 0 ${tokens.space(2)}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Marker = styled.span`
  display: inline-grid;
  place-items: center;
  width: 36px;
  height: 36px;
  margin-bottom: ${tokens.space(3)};
  border-radius: ${tokens.radius.md};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.primarySoft};
`;
