import { Outlet } from '@tanstack/react-router';
import styled, { useTheme } from 'styled-components';
import { ToastViewport } from '../components/toast/ToastViewport';
import { useT } from '../i18n/useT';
import { DevBrandSwitcher } from './DevBrandSwitcher';

/** Frame of every page: skip link, the page, toasts, and the brand switcher in development. */
export function RootLayout() {
  const t = useT();
  const theme = useTheme();
  return (
    <>
      {/* React 19 hoists this into <head>: the tab shows the brand's product. */}
      <title>{theme.productName}</title>
      <SkipLink href="#main">{t('common.skip-to-content')}</SkipLink>
      <Outlet />
      <ToastViewport />
      {/* Read from import.meta.env (as app/config.ts's `development`), so the production build drops the switcher. */}
      {import.meta.env.DEV && <DevBrandSwitcher />}
    </>
  );
}

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: 8px;
  top: -48px;
  z-index: 100;
  padding: 8px 12px;
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &:focus { top: 8px; }
`;
