import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vite` (dev) proxies /api: the API's port, API_PORT (default 3000). */
const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
