import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `vite` (dev) proxies /api: the API's port, API_PORT (default 3000). */
const apiPort = process.env.API_PORT ?? '3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz twin beside every text file of the build above 1 KB, and the scanner's .wasm (1 MB,
 * less than half compressed), at the highest levels (the cost is paid once here, not per request): the API
 * serves them with `preCompressed` (@fastify/static).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backoffice:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < 1024) return;
          const data = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Writes the app page's own style sheets (the entry's: components/theme/base.css, the loader's) into index.html as `<style>`
 * instead of `<link rel="stylesheet">`: two small files that would each hold the first paint for a round trip on
 * a phone (decision 0028). The files stay in the build for the sign-in page, which loads them with the app.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'backoffice:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !context.filename.endsWith('index.html')) return html;
        return html.replace(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * What every screen drawn with MUI loads first (components/theme/mui-scope.tsx): MUI's theme, its styling core and
 * the date adapter. The courier's first screen ('Minhas tarefas') draws no MUI at all (decision 0028).
 */
const MUI_BASE_ROOTS = [/\/src\/components\/theme\/mui-providers\.tsx$/];
type ModuleInfo = (id: string) => { importers: readonly string[] } | null;
const inMuiBase = new Map<string, boolean>();

/**
 * Whether one of those roots imports `id` statically, directly or through other modules: MUI's base goes in one
 * file ('mui'); the rest of MUI (each screen's components) is split with the screens that use it.
 */
function muiBase(id: string, getModuleInfo: ModuleInfo): boolean {
  const known = inMuiBase.get(id);
  if (known !== undefined) return known;
  const seen = new Set<string>([id]);
  const queue = [id];
  let found = false;
  while (queue.length > 0 && !found) {
    const current = queue.pop() as string;
    if (MUI_BASE_ROOTS.some((root) => root.test(current)) || inMuiBase.get(current) === true) found = true;
    for (const importer of getModuleInfo(current)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  inMuiBase.set(id, found);
  return found;
}

export default defineConfig({
  plugins: [
    react(),
    // 'Minhas tarefas' installs on a phone and opens without a connection (issue 19 §5, decision 0009): a
    // web app manifest and a service worker that keeps the app's own files (not the API's answers: the
    // last task list is kept by the screen itself, per employee, in IndexedDB).
    VitePWA({
      registerType: 'autoUpdate',
      // registerSW.js, a file of the app: the strict CSP (script-src 'self') forbids an inline script.
      // Deferred: it only waits for 'load' to register the worker, and must not hold the first paint.
      injectRegister: 'script-defer',
      includeAssets: ['icons/*.png'],
      manifest: {
        id: '/admin/tasks',
        name: 'BackOffice — Minhas tarefas',
        short_name: 'Tarefas',
        description: 'As tarefas do estoquista e do motoboy: separar, embalar, retirar e entregar.',
        lang: 'pt-BR',
        start_url: '/admin/tasks',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1d4ed8',
        background_color: '#f1f5f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
        // Kept out of the first download (a phone's data): the password-strength dictionaries and the PDF
        // builder load when a screen needs them, online.
        globIgnores: ['**/zxcvbn-*.js', '**/order-pdf-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    inlineEntryCss(),
    precompress(),
    // muiBase's answers belong to one build's module graph (a watch rebuild starts again).
    { name: 'backoffice:mui-base-reset', apply: 'build', buildStart: () => inMuiBase.clear() },
  ],
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Two pages: the app (index.html) and the sign-in (login.html, served at `/` and `/login`: the form
      // without React nor MUI, decision 0025).
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        login: path.resolve(import.meta.dirname, 'login.html'),
      },
      output: {
        // Named groups, in order of priority: a module goes to the first group that captures it (each group also
        // takes the modules its own import, unless a group of higher priority has them: React never ends up in
        // 'mui'). The rest is split by Rolldown along the dynamic imports (each screen's code).
        codeSplitting: {
          groups: [
            {
              // What every screen runs first in one file instead of four (the server speaks HTTP/1.1: a phone
              // opens 6 connections and pays a round trip per file; decision 0021): React, its DOM client and the
              // router. Not react-dom/server nor the copies nested under @react-pdf (the PDF builder's own).
              name: 'react',
              priority: 4,
              test: (id) =>
                !id.includes('@react-pdf') &&
                /\/node_modules\/(react|react-dom(?!\/server)|scheduler|react-router)\//.test(id) &&
                !/react-dom-server/.test(id),
            },
            {
              // zod in one file, loaded with the first screen that builds a schema. It is eval-free from the start
              // (lib/strict-csp.ts, run by start.tsx before anything else, sets zod's global setting ahead of it),
              // so the courier's first screen, which builds none, does not load it (decision 0026).
              name: 'zod',
              priority: 3,
              test: /\/node_modules\/zod\//,
            },
            {
              // The password-strength estimator and its ~3 MB of dictionaries, only imported dynamically
              // (lib/password-strength.ts): loaded where a new password is typed, never on the sign-in page.
              name: 'zxcvbn',
              priority: 2,
              test: /\/node_modules\/(@zxcvbn-ts|fastest-levenshtein)\//,
            },
            {
              // MUI's theme, its styling core and what they import, in one file (decisions 0025, 0028): what any
              // screen drawn with MUI needs first. Neither the sign-in page nor 'Minhas tarefas' loads MUI at all.
              name: (id, context) => (muiBase(id, (module) => context.getModuleInfo(module)) ? 'mui' : null),
              priority: 1,
              test: /\/node_modules\/(@mui\/(material|system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|@babel\/runtime|stylis|hoist-non-react-statics)\//,
            },
          ],
        },
      },
    },
  },
});
