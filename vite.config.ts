import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'client/src'),
      '@shared': path.resolve(import.meta.dirname, 'shared'),
    },
  },
  // @vapi-ai/web is CommonJS with a default export; Vite 8 otherwise hands back the namespace.
  legacy: { inconsistentCjsInterop: true },
  build: {
    // DIST_DIR lets parallel builds (e.g. several worktrees' e2e runs) use separate folders.
    // The server's render entry (`vite build --ssr`) goes beside the client, in dist/ssr.
    outDir: path.resolve(import.meta.dirname, process.env.DIST_DIR ?? 'dist', isSsrBuild ? 'ssr' : 'public'),
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload the chunks of the page it renders.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
}));
