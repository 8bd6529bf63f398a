import { z } from 'zod';

// The Content-Security-Policy forbids eval (docs/decisions/0002-security-headers.md). zod compiles fast
// parsers with `new Function` unless told not to, and even its failed probe is reported as a violation;
// this must run before any schema is built, so main.tsx imports this module first.
z.config({ jitless: true });
