import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { tokens } from '../theme/theme';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and blocks clicks while an action runs; the label stays for screen readers. */
  loading?: boolean;
  fullWidth?: boolean;
}

export function Button({ variant = 'primary', loading = false, fullWidth = false, disabled, children, type = 'button', ...rest }: Props) {
  return (
    <StyledButton type={type} $variant={variant} $fullWidth={fullWidth} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner size={16} decorative />}
      <span>{children}</span>
    </StyledButton>
  );
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.background}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primarySoft}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.error};
    color: #ffffff;
    border-color: ${({ theme }) => theme.colors.error};
  `,
};

const StyledButton = styled.button<{ $variant: Variant; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${tokens.space(2)};
  min-height: 44px;
  padding: 0 ${tokens.space(5)};
  border: 1px solid transparent;
  border-radius: ${tokens.radius.md};
  font-weight: 600;
  cursor: pointer;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  transition: background-color 120ms ease;
  ${({ $variant }) => variants[$variant]}
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;
