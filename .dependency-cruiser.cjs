const { moduleLoopRules } = require('./scripts/module-cycles.cjs');

/**
 * The boundaries of the codebase, checked by `npm run lint` (dependency-cruiser).
 * See docs/architecture.md, "Boundaries".
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: modules that import each other cannot be understood, tested or split apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-apart',
      comment:
        'A web feature never imports another feature: what two features share lives in components/, lib/ or the contract.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment:
        "The web's one-way direction (app → features → components/lib, as bulletproof-react has): the shared components/ and lib/ never import a feature or the app shell.",
      severity: 'error',
      // A test may render its component inside the app's own providers (app/app-providers.tsx, app/query-client.ts),
      // as the app does: that is the test standing in for the shell, not the component reaching up.
      from: { path: '^apps/web/src/(components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment:
        "The web's one-way direction (app → features → components/lib): a feature never imports the app shell (router, layout, guard); the shell passes what a page needs down.",
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'api-modules-through-services',
      comment: "An api module reaches another module only through that module's service (its exported functions).",
      severity: 'error',
      // A module's tests and their helpers (test-*.ts) are held to 'api-tests-through-services' below.
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: ['\\.test\\.ts$', '^apps/api/src/modules/[^/]+/test-[^/]+\\.ts$'],
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/[^/]+\\.service\\.ts$'],
      },
    },
    {
      name: 'api-tests-through-services',
      comment:
        "A module's tests and their helpers (test-*.ts) reach another module through its service or its test helpers.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/([^/]+\\.test|test-[^/]+)\\.ts$' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: [
          '^apps/api/src/modules/$1/',
          '^apps/api/src/modules/[^/]+/[^/]+\\.service\\.ts$',
          // Its test helpers, also those of a folder of its own (purchases/nfe/test-nfe.ts).
          '^apps/api/src/modules/[^/]+/test-[^/]+\\.ts$',
          '^apps/api/src/modules/[^/]+/[^/]+/test-[^/]+\\.ts$',
        ],
      },
    },
    {
      name: 'api-ground-floor-below-modules',
      comment:
        "The api's ground floor (db/, lib/, plugins/) never imports a module nor the demo: the modules stand on it, and the demo business (src/demo) drives the modules from above, as a user would.",
      severity: 'error',
      from: { path: '^apps/api/src/(db|lib|plugins)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/(modules|demo)/' },
    },
    {
      name: 'api-modules-below-demo',
      comment: 'No module imports the demo business: the demo is built from the modules, never the other way.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/demo/' },
    },
    // No two api modules import each other, directly or round a loop (issue 60 §3): computed from the modules'
    // imports, one rule per import inside a loop, none while there is none (scripts/module-cycles.cjs).
    ...moduleLoopRules(),
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by both sides: it imports neither of them.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'apps-apart',
      comment: 'The web and the api meet only through the contract and HTTP.',
      severity: 'error',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
