import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
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
    outDir: path.resolve(import.meta.dirname, process.env.DIST_DIR ?? 'dist', 'public'),
    emptyOutDir: true,
    sourcemap: false,
  },
});
