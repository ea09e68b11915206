import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves /api/v1 and uploaded images; override the target when it runs elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/uploads': apiTarget };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
