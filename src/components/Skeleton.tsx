import styled, { keyframes } from 'styled-components';
import { tokens } from '../theme/theme';

const shimmer = keyframes`
  0% { opacity: 0.55; }
  50% { opacity: 1; }
  100% { opacity: 0.55; }
`;

/** A grey placeholder block while content loads; hidden from assistive technology. */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '1em'};
  border-radius: ${tokens.radius.sm};
  background: ${({ theme }) => theme.colors.border};
  animation: ${shimmer} 1.4s ease-in-out infinite;
  /* A still grey block: the global reduced-motion rule only shortens animations, an endless one keeps flickering. */
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
