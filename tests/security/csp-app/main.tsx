// A tiny app built with the real toolchain (Vite + React + styled-components), served by the real
// server under its Content-Security-Policy: tests/security/csp.test.ts checks it runs unblocked.
import { createRoot } from 'react-dom/client';
import styled from 'styled-components';

const Banner = styled.p`
  color: rgb(1, 2, 3);
`;

async function start(): Promise<void> {
  // A lazy chunk, as the app loads its map library.
  const { greeting } = await import('./lazy');
  createRoot(document.getElementById('root') as HTMLElement).render(<Banner id="banner">{greeting}</Banner>);
}

void start();
