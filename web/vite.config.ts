import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves /api/v1 and uploaded images; override the target when it runs elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/uploads': apiTarget };

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every text asset of the build, once, at the best level, so
 * the gateway (@fastify/static's preCompressed) sends them by Accept-Encoding without compressing
 * on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let serverBuild = false;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
      ),
    );
    return nested.flat();
  };
  return {
    name: 'spa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The server render's bundle is read from disk by the gateway, never sent to a browser.
      if (serverBuild) return;
      const files = (await walk(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const source = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * Preact's compat layer runs the React code as written (the types stay React's): the same hooks,
 * Suspense, lazy and error boundaries that react-router and TanStack Query use, in about a tenth of
 * react-dom's bytes. It is what brings the JavaScript a phone downloads for the home page under
 * issue #19's 90 KB. The server render uses the same runtime (preact-render-to-string), so the markup
 * it sends is the markup the browser hydrates. Order matters: the longer specifiers first.
 */
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: preactCompat, dedupe: ['preact'] },
  // The client build lists each screen's chunk and CSS (dist/.vite/manifest.json) so the server
  // render can preload the screen it rendered; the server build (entry-server.tsx, for the gateway)
  // bundles its dependencies so dist-ssr runs on its own.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true }
    : // Every browser the app supports preloads modules itself: no polyfill in the entry.
      { outDir: 'dist', emptyOutDir: true, manifest: true, modulePreload: { polyfill: false } },
  ssr: { noExternal: true },
  // React's production build on the server too: the markup the browser's production build hydrates.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
}));
