// Bundles a service (run from its folder) into dist/main.js: our workspace packages (TypeScript
// source) are compiled in; third-party packages stay imports from the root node_modules. A package
// that npm had to nest under a workspace (another major version than the hoisted one) is bundled in,
// because from dist/ a plain import would find the hoisted version instead.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { rememberIsAnswers } from './build/drizzle-is-memo.mjs';

const rootModules = path.resolve(import.meta.dirname, '..', 'node_modules');

/** @type {import('esbuild').Plugin} */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@spa/') || args.pluginData?.resolving) return undefined;
      // Compiled in, with its is() remembering answers (drizzle-memo below).
      if (args.path === 'drizzle-orm' || args.path.startsWith('drizzle-orm/')) return undefined;
      const resolved = await context.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0 || !resolved.path) return { path: args.path, external: true };
      if (!resolved.path.includes('node_modules') || resolved.path.startsWith(`${rootModules}/`)) {
        return resolved.path.includes('node_modules') || args.path.startsWith('node:') || resolved.external
          ? { path: args.path, external: true }
          : undefined;
      }
      return { path: resolved.path };
    });
  },
};

/**
 * drizzle-orm is bundled (not imported from node_modules at run time) so that its entity.js can be the
 * one whose is() remembers its answers: see build/drizzle-is-memo.mjs.
 * @type {import('esbuild').Plugin}
 */
const drizzleMemo = {
  name: 'drizzle-is-memo',
  setup(context) {
    context.onLoad({ filter: /[\\/]node_modules[\\/]drizzle-orm[\\/]entity\.js$/ }, async (args) => ({
      contents: rememberIsAnswers(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

if (!existsSync('src/main.ts')) {
  console.log(`skipped ${path.basename(process.cwd())}: no src/main.ts yet`);
  process.exit(0);
}

await build({
  entryPoints: ['./src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [thirdPartyExternal, drizzleMemo],
  // Bundled CommonJS code may call require(); give the ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`built ${path.relative(path.resolve(rootModules, '..'), process.cwd())}/dist/main.js`);
