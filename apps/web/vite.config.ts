import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Development: Vite on 5173 with the API proxied to the server on 8080.
// Production: `vite build` writes apps/web/dist with content-hashed files under /assets/,
// which the server serves with a long immutable cache.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
