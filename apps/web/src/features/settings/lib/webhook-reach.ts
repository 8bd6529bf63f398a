import { WEBHOOK_REACH_TEXTS as T } from '../texts';

/** Hosts only this machine or its local network answers: a bank on the internet cannot call them. */
const LOCAL_HOST =
  /^(localhost|.*\.localhost|.*\.local|127(\.\d+){3}|0\.0\.0\.0|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|\[::1\])$/i;

/**
 * Why a bank could not deliver its Pix notices to this webhook URL (issue 35 §10), or null when it can: an
 * address of this machine or its local network (`PUBLIC_URL` left at http://localhost:3000), or one without
 * https (the banks' Pix APIs call only https).
 */
export function webhookReachProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (LOCAL_HOST.test(parsed.hostname)) return T.local(parsed.host);
  if (parsed.protocol !== 'https:') return T.notHttps;
  return null;
}
