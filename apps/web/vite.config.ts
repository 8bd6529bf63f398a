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
 * Writes the app page's own style sheets (the entry's: base.css, the loader's, the plain controls' and the
 * snackbar's) into index.html as `<style>` instead of `<link rel="stylesheet">`: small files that would each hold
 * the first paint for a round trip on a phone (decision 0028). Each keeps a `disabled` link to its file, which the
 * browser does not fetch: Vite's loader of a later chunk finds it and does not ask for the file again (it did:
 * two more requests on 'Minhas tarefas'). The files stay in the build for the sign-in page, which loads them
 * with the app.
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
          return asset?.type === 'asset'
            ? `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`
            : tag;
        });
      },
    },
  };
}

type ModuleInfo = (id: string) => { importers: readonly string[] } | null;

/**
 * Whether a module is imported statically, directly or through other modules, by one of a set of roots: each
 * answer is kept for the build (cleared at its start).
 */
function reachedFrom(roots: readonly RegExp[]) {
  const known = new Map<string, boolean>();
  const test = (id: string, getModuleInfo: ModuleInfo): boolean => {
    const kept = known.get(id);
    if (kept !== undefined) return kept;
    const seen = new Set<string>([id]);
    const queue = [id];
    let found = false;
    while (queue.length > 0 && !found) {
      const current = queue.pop() as string;
      if (roots.some((root) => root.test(current)) || known.get(current) === true) found = true;
      for (const importer of getModuleInfo(current)?.importers ?? []) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    known.set(id, found);
    return found;
  };
  return Object.assign(test, { clear: () => known.clear() });
}

/**
 * What every screen drawn with MUI loads first (components/theme/mui-scope.tsx): MUI's theme, its styling core and
 * the date adapter, in one file ('mui'); the rest of MUI (each screen's components) goes with the screens that use
 * it. The courier's first screen ('Minhas tarefas') draws no MUI at all (decision 0028).
 */
const muiBase = reachedFrom([/\/src\/components\/theme\/mui-providers\.tsx$/]);
/**
 * The app's own modules the page runs first (app/start.tsx's), and those the signed-in layout adds (every admin
 * page has it): each set in one file, 'app' and 'admin-shell', instead of the many small files their sharing
 * with later screens would cut (the server speaks HTTP/1.1: a phone pays a round trip per six files; decision 0028).
 */
const appStart = reachedFrom([/\/src\/app\/start\.tsx$/]);
const adminLayout = reachedFrom([/\/src\/app\/layout\/admin-layout\.tsx$/]);
/** The sign-in page's modules (login.html): never put in those two, or the sign-in page would load them. */
const signInPage = reachedFrom([/\/src\/sign-in\.ts$/]);

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
      includeAssets: ['icons/*.png', 'favicon.ico'],
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
        globIgnores: ['**/zxcvbn-*.js', '**/pdf-builder-*.js', '**/order-pdf-*.js', '**/quote-pdf-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    inlineEntryCss(),
    precompress(),
    // The groups' answers belong to one build's module graph (a watch rebuild starts again).
    {
      name: 'backoffice:groups-reset',
      apply: 'build',
      buildStart: () => {
        muiBase.clear();
        appStart.clear();
        adminLayout.clear();
        signInPage.clear();
      },
    },
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
        // takes the modules its own import, unless a group of higher priority has them or it says otherwise: React
        // never ends up in 'mui'). The rest is split by Rolldown along the dynamic imports (each screen's code).
        codeSplitting: {
          groups: [
            {
              // What every screen runs first in one file instead of four (the server speaks HTTP/1.1: a phone
              // opens 6 connections and pays a round trip per file; decision 0021): React, its DOM client and the
              // router. Not react-dom/server nor the copies nested under @react-pdf (the PDF builder's own).
              name: 'react',
              priority: 6,
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
              priority: 5,
              test: /\/node_modules\/zod\//,
            },
            {
              // The password-strength estimator and its ~3 MB of dictionaries, only imported dynamically
              // (lib/password-strength.ts): loaded where a new password is typed, never on the sign-in page.
              name: 'zxcvbn',
              priority: 4,
              test: /\/node_modules\/(@zxcvbn-ts|fastest-levenshtein)\//,
            },
            {
              // MUI's theme, its styling core and what they import, in one file (decisions 0025, 0028): what any
              // screen drawn with MUI needs first. Neither the sign-in page nor 'Minhas tarefas' loads MUI at all.
              name: (id, context) => (muiBase(id, (module) => context.getModuleInfo(module)) ? 'mui' : null),
              priority: 3,
              test: /\/node_modules\/(@mui\/(material|system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|@babel\/runtime|stylis|hoist-non-react-statics)\//,
            },
            {
              // The page's first modules in one file; not the sign-in page's (it loads this file only once signed in).
              name: (id, context) => {
                const info = (module: string) => context.getModuleInfo(module);
                return appStart(id, info) && !signInPage(id, info) ? 'app' : null;
              },
              priority: 2,
              test: /./,
              // Only the modules the name picks: not their imports shared with the sign-in page.
              includeDependenciesRecursively: false,
            },
            {
              // The PDF builder (@react-pdf and what it imports, ~1.2 MB), shared by the order's and the quote's
              // PDFs, only imported dynamically: one file of its own, named so the service worker leaves it out of
              // the first download (it was named after whichever module of ours imported it first). The lowest
              // priority: a module another group captures (React, MUI's helpers) stays there.
              name: 'pdf-builder',
              priority: 1,
              test: /\/node_modules\/@react-pdf\//,
            },
            {
              // What the signed-in layout imports, in one file ('admin-shell'; every admin page loads it).
              name: (id, context) => {
                const info = (module: string) => context.getModuleInfo(module);
                // Not the layout's own module, which stays the file the router imports (Rolldown cannot export a
                // dynamically imported module's namespace from a group that takes only some modules).
                if (/\/src\/app\/layout\/admin-layout\.tsx$/.test(id)) return null;
                return adminLayout(id, info) && !signInPage(id, info) ? 'admin-shell' : null;
              },
              priority: 1,
              test: /./,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
