import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sub: string;
  unique_name: string;
  /** The employee's function when signed in (1 Atendente, 2 Motoboy, 3 Estoquista): the web app's landing page only. */
  func?: number;
  permissions: string[];
  /** The employee's token version when issued: a newer version in the database revokes the token. */
  ver?: number;
  iat: number;
  exp: number;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** Issues an HS256 JWT. */
export function signToken(claims: Omit<TokenClaims, 'iat' | 'exp'>, secret: string, ttlMs: number, now = Date.now()) {
  const payload: TokenClaims = { ...claims, iat: Math.floor(now / 1000), exp: Math.floor((now + ttlMs) / 1000) };
  const body = `${HEADER}.${base64url(JSON.stringify(payload))}`;
  return { token: `${body}.${sign(body, secret)}`, expires: payload.exp * 1000 };
}

/** Verifies an HS256 JWT; any other algorithm (`none` included), a bad signature or an expired token gives null. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const decodedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (decodedHeader?.alg !== 'HS256') return null;
    const expected = Buffer.from(sign(`${header}.${payload}`, secret));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.permissions)) return null;
    if (claims.ver !== undefined && !Number.isInteger(claims.ver)) return null;
    return claims;
  } catch {
    return null;
  }
}
