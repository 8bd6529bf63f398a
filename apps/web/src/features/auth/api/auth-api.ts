import { api } from '../../../lib/api-client';

/** Step 1 of recovery: e-mails a code (always 200 for a well-formed e-mail). */
export function requestRecoveryCode(email: string) {
  return api<unknown>(`/accounts/users/forgotpassword/${encodeURIComponent(email)}`, { method: 'PATCH' });
}

/** Step 2 of recovery: sets the new password with the code. */
export function activate(body: { email: string; newPassword: string; code: string }) {
  return api<unknown>('/accounts/users/activate', { method: 'PATCH', body });
}

/** Ends every session of the signed-in employee on the server (their tokens stop working). */
export function signOutEverywhere() {
  return api<void>('/accounts/signout', { method: 'POST' });
}
