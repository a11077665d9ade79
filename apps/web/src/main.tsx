import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// Pages load their code on first visit; after a release the old chunks are
// gone, so a tab opened before it reloads once to get the new ones (not again
// within a minute, so a chunk that is really missing shows the error screen).
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(window.sessionStorage.getItem('gets.chunkReloadAt') ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  window.sessionStorage.setItem('gets.chunkReloadAt', String(Date.now()));
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
