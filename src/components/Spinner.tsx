import styled, { keyframes } from 'styled-components';

/** A spinning ring. `label` is announced; a decorative spinner (inside a busy button) is hidden. */
export function Spinner({ size = 24, label, decorative = false }: { size?: number; label?: string; decorative?: boolean }) {
  return (
    <Ring
      $size={size}
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : label}
    />
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid currentColor;
  border-inline-end-color: transparent;
  animation: ${spin} 0.8s linear infinite;
  flex: none;
  /* Still a ring with a gap, so still says "busy", without endless motion (WCAG 2.3.3). */
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
