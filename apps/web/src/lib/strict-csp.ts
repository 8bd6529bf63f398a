// The Content-Security-Policy forbids eval (docs/decisions/0002-security-headers.md). zod compiles fast
// parsers with `new Function` unless told not to, and even its failed probe is reported as a violation; the
// setting must be in force before any schema is built, so start.tsx imports this module first.
//
// Without importing zod (decision 0026: the courier's first screen loads no zod): zod keeps its settings in
// `globalThis.__zod_globalConfig`, adopting the object found there when it loads (zod/v4/core/core.js), and
// reads `jitless` when a schema is built and when it would probe for eval. So this object, set before zod
// loads (or, had zod loaded already, zod's own object, as `z.config` would), makes every schema eval-free,
// in whichever chunk zod arrives later. strict-csp.test.ts checks it against the installed zod.

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
