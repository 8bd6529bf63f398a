import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links to private files (order pictures: receipts, signatures, packaging photos),
 * so that an <img> tag, which sends no bearer token, can show them to someone allowed to (issue 15,
 * part 4). A link names the file's key, the employee it was handed to and when it expires; its
 * signature is an HMAC-SHA256 of those and of the employee's token version, with a key derived from
 * JWT_SECRET. The file route checks the signature, the expiry, and that the employee is still active
 * with the same token version: a block, a sign-out or a password change ends their links at once.
 *
 * Expiries are rounded up to the next `STEP`, so the same picture keeps one URL for a few minutes (the
 * browser's cache and the screens' queries see a stable address) and every link lives between
 * `TTL` and `TTL + STEP`.
 */
export const FILE_LINK_TTL_SECONDS = 10 * 60;
const STEP_SECONDS = 5 * 60;

export interface LinkHolder {
  employeeId: number;
  tokenVersion: number;
}

/** The query parameters of a signed link. */
export interface LinkParams {
  by: number;
  expires: number;
  signature: string;
}

export interface FileLinks {
  /** The URL of `key` for `holder`, valid for about `FILE_LINK_TTL_SECONDS`. */
  sign(url: string, key: string, holder: LinkHolder, now?: number): string;
  /** True when `params` sign `key` for `holder` and have not expired. */
  verify(key: string, params: LinkParams, holder: LinkHolder, now?: number): boolean;
}

export function createFileLinks(jwtSecret: string): FileLinks {
  // A key of its own, so a link signature can never be mistaken for a token's (or the other way round).
  const secret = createHmac('sha256', jwtSecret).update('backoffice file links').digest();
  const mac = (key: string, holder: LinkHolder, expires: number) =>
    createHmac('sha256', secret)
      .update(`${key}\n${holder.employeeId}\n${holder.tokenVersion}\n${expires}`)
      .digest('base64url');
  return {
    sign(url, key, holder, now = Date.now()) {
      const seconds = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
      const expires = Math.ceil(seconds / STEP_SECONDS) * STEP_SECONDS;
      return `${url}?by=${holder.employeeId}&expires=${expires}&signature=${mac(key, holder, expires)}`;
    },
    verify(key, params, holder, now = Date.now()) {
      if (params.by !== holder.employeeId || params.expires * 1000 <= now) return false;
      const expected = Buffer.from(mac(key, holder, params.expires));
      const given = Buffer.from(params.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
