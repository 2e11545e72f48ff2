import { StrictMode } from 'react';
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
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
