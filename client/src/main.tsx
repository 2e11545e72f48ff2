import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { readInitialData, seedQueryClient } from './lib/initial-data';
import { queryClient } from './lib/query-client';
import { followSystemTheme } from './lib/theme';
import './index.css';

// The server sends each page rendered, with the data it rendered from: start from the same data
// and hydrate that HTML. A page the server could not render arrives empty and is rendered here.
seedQueryClient(queryClient, readInitialData(document));
followSystemTheme();
const root = document.getElementById('root')!;
const hydrating = root.firstElementChild !== null;
const app = (
  <StrictMode>
    <App queryClient={queryClient} hydrating={hydrating} />
  </StrictMode>
);
// Hydrating as a transition lets React yield to the browser every few milliseconds: the page is
// already painted and readable, so a tap or a key during hydration is not held behind one long task
// (React replays it once the part it hit has hydrated).
if (hydrating) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
