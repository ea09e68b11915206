import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { PUBLIC_PAGE_MODULES } from './src/app/public-pages';

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
 * The chunks of the public pages (the server renders them, entry-server.tsx). A phone loads the first
 * script (boot.ts), the app (main.tsx: React, the router, TanStack Query and the layout), one chunk of
 * what the public pages share and the page's own chunk: four requests. Left to itself the bundler
 * makes a chunk of every set of screens that share a module: 14 to 18 requests on a public page, each
 * with ~1 KB of response headers, more than the code of most of those chunks.
 *
 * - `main`: everything main.tsx imports.
 * - `public`: what two or more public pages import, and what one imports that other screens (staff,
 *   account) import too, so those never load a public page's own chunk.
 * - the page's chunk: the page and what only it (and the later steps it loads) imports.
 * - `index`: the first script (boot.ts and what it imports). Grouped like the others, it is no longer
 *   the manifest's `index.html` entry: entry-server.tsx finds its stylesheets by this name.
 */
function publicPageChunks(): Rollup.GetManualChunk {
  const webRoot = import.meta.dirname;
  const boot = resolve(webRoot, 'src/boot.ts');
  const main = resolve(webRoot, 'src/main.tsx');
  const pages = Object.values(PUBLIC_PAGE_MODULES).map((file) => resolve(webRoot, file));
  const chunkName = (file: string) => file.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  let chunkOf: Map<string, string> | undefined;

  const assign = ({ getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta) => {
    const staticImports = (from: string) => {
      const seen = new Set<string>();
      const queue = [from];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push(...(getModuleInfo(id)?.importedIds ?? []));
      }
      return seen;
    };
    const assigned = new Map<string, string>();
    const importedBy = new Map<string, string[]>();
    for (const page of pages)
      for (const id of staticImports(page)) importedBy.set(id, [...(importedBy.get(id) ?? []), page]);
    // The public pages and the screens they load later themselves (the booking wizard's steps).
    const family = new Set(pages);
    for (const member of family)
      for (const id of staticImports(member))
        for (const lazy of getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          if (lazy !== main) family.add(lazy);
    const elsewhere = new Set<string>();
    for (const id of getModuleIds())
      if (id !== main && !family.has(id) && (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0)
        for (const imported of staticImports(id)) elsewhere.add(imported);
    for (const [id, by] of importedBy)
      assigned.set(id, by.length > 1 || elsewhere.has(id) ? 'public' : chunkName(by[0]!));
    for (const id of staticImports(main)) assigned.set(id, 'main');
    // Last: what the first script imports is in it, also what the app shares with it (the app then
    // imports it from the first script, already loaded, never the other way round).
    for (const id of staticImports(boot)) assigned.set(id, 'index');
    return assigned;
  };
  return (id, meta) => (chunkOf ??= assign(meta)).get(id);
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  // The client build lists each screen's chunk and CSS (dist/.vite/manifest.json) so the server
  // render can preload the screen it rendered; the server build (entry-server.tsx, for the gateway)
  // bundles its dependencies so dist-ssr runs on its own.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true }
    : // Every browser the app supports preloads modules itself: no polyfill in the entry.
      {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        modulePreload: { polyfill: false },
        rollupOptions: { output: { manualChunks: publicPageChunks() } },
        // Terser's two passes make React's code ~4 KB (compressed) smaller than esbuild's minifier.
        minify: 'terser',
        terserOptions: { compress: { passes: 2 } },
      },
  ssr: { noExternal: true },
  // React's production build on the server too: the markup the browser's production build hydrates.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
}));
