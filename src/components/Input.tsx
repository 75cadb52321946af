import styled from 'styled-components';
import { controlStyles } from './FormField';

/** The bare styled input used inside form fields. */
export const Input = styled.input`
  ${controlStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.error}; }
  &:disabled { background: ${({ theme }) => theme.colors.background}; color: ${({ theme }) => theme.colors.textMuted}; }
`;
