import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Fonts stay files (never inlined) so they cache independently and can be preloaded.
    assetsInlineLimit: 0,
  },
  server: { port: 5173 },
});
