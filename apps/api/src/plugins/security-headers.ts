import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every answer (docs/decisions/0002-security-headers.md). Scripts only
 * from our own files; styles also inline, because MUI/emotion inject <style> elements at run time and
 * MUI X sets style attributes; pictures also from data: and blob: (image previews before upload); frames
 * also from blob: (the order's PDF built in the browser); WebAssembly may compile ('wasm-unsafe-eval', not
 * JavaScript eval: the PDF library's layout engine, yoga, is WebAssembly, which it reads with a fetch of
 * its data: URL, hence connect-src data:).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-src': ["'self'", 'blob:'],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
} as const;

/**
 * Security headers on every answer (web app, /api, /api/files, errors and 404s alike) through helmet:
 * the CSP above, nosniff, no Referer, no framing, HSTS for when a TLS proxy serves it, and helmet's
 * cross-origin isolation defaults. No `upgrade-insecure-requests`: the app is also reached over plain
 * HTTP on a shop's own network, where upgrading its own requests would break every page.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]),
      ),
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  });
});
