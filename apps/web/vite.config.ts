import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHARE_TARGET } from './src/app/share-target/share-target.ts';

// Development: Vite on 5173 with the API proxied to the server on 8080, and no service worker (it
// would cache what is being edited). Production: `vite build` writes apps/web/dist with
// content-hashed files under /assets/, which the server serves with a long immutable cache, and
// sw.js, which precaches the app shell (see src/sw.ts).
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // A new version waits until the user reloads (src/app/UpdatePrompt.tsx), never mid-task.
      registerType: 'prompt',
      injectRegister: false,
      devOptions: { enabled: false },
      injectManifest: {
        // Every script, style and translation of the app: all of it opens without a connection.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Voxpress',
        short_name: 'Voxpress',
        description:
          'Record or upload audio and get transcripts and finished writing, with speech engines that run on your own server.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#7048e8',
        background_color: '#ffffff',
        categories: ['productivity', 'utilities'],
        // The phone's share sheet offers Voxpress for sound and video (src/sw.ts takes them).
        share_target: SHARE_TARGET,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    // The oldest browsers the app supports (src/lib/browser-compat.ts): newer syntax is lowered.
    target: ['chrome108', 'edge108', 'firefox101', 'safari15.4'],
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
