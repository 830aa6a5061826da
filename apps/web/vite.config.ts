// Vite build and dev server of the web app. In development the API and the WebSocket are proxied to
// the server on :3000; in production the server serves dist/ on the same origin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/ws': { target: apiOrigin, changeOrigin: true, ws: true },
      // The medias' uploaded builds, served by the server beside the API.
      '/media-builds': { target: apiOrigin, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          // A group holds what it matches, not what that imports (a shared helper stays where it is used).
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            // The back office's editor and calendar load with the back office only.
            {
              name: 'admin-vendor',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|@daypicker|react-day-picker|date-fns|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it|@types[\\/]markdown-it)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
