import { ApiError, type QueryValue, signOut } from './api-client';
import { getSession } from './session';

/**
 * Downloads a file the API builds (e.g. `GET /customers/export.csv`) with the bearer token, and saves it
 * under `fileName`. A 401 ends the session; another failure throws `ApiError` with the server's message.
 */
export async function downloadFile(
  path: string,
  options: { query?: Record<string, QueryValue>; fileName: string },
): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  const qs = params.toString();
  const session = getSession();
  const response = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  });
  if (response.status === 401 && session) signOut();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: unknown } | null;
    const errors = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : [];
    throw new ApiError(response.status, errors);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = options.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
