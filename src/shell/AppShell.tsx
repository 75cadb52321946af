import { Outlet } from '@tanstack/react-router';
import styled from 'styled-components';
import { TopNav } from './TopNav';

/** Layout of the signed-in (and guest) pages: the top navigation over the page. */
export function AppShell() {
  return (
    <Column>
      <TopNav />
      <div id="main" tabIndex={-1}>
        <Outlet />
      </div>
    </Column>
  );
}

const Column = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > div#main { flex: 1; outline: none; }
`;
