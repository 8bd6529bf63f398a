import { CSV_BOM } from '@backoffice/contract';
import { ApiError, connectionLost, isCurrent, type QueryValue, signOut } from './api-client';
import { getSession } from './session';

/**
 * Downloads a file the API builds (e.g. `GET /customers/export.csv`) with the bearer token, and saves it
 * under `fileName`. A 401 ends the session; no answer throws `connectionLost()` (the session stays); another
 * failure throws `ApiError` with the server's message.
 */
export async function downloadFile(
  path: string,
  options: { query?: Record<string, QueryValue>; fileName: string },
): Promise<void> {
  saveBlob(await fetchFile(path, options.query), options.fileName);
}

/**
 * Opens a PDF the API builds (a receipt to print) in a new tab, the browser's viewer printing it; saved as
 * `fileName` instead when the browser blocks the tab. Failures as `downloadFile`'s.
 */
export async function openFile(path: string, options: { fileName: string }): Promise<void> {
  const blob = await fetchFile(path);
  const href = URL.createObjectURL(blob);
  if (!window.open(href, '_blank')) saveBlob(blob, options.fileName);
  // The tab has read it by then; a minute keeps it for a slow printer dialog.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The file at `path` with the bearer token (see `downloadFile`). */
async function fetchFile(path: string, query: Record<string, QueryValue> = {}): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  const qs = params.toString();
  const session = getSession();
  let response: Response;
  try {
    response = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, {
      headers: session ? { Authorization: `Bearer ${session.token}` } : {},
    });
  } catch {
    throw connectionLost();
  }
  if (response.status === 401 && isCurrent(session)) signOut();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: unknown } | null;
    const errors = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : [];
    throw new ApiError(response.status, errors);
  }
  return response.blob();
}

/** Saves `blob` as a file named `fileName` (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Saves CSV `text` (built with the contract's `csvText`, which neutralises formulas) as a UTF-8 file with a
 * BOM (spreadsheets in pt-BR read the accents).
 */
export function saveCsvText(fileName: string, text: string): void {
  saveBlob(new Blob([CSV_BOM, text], { type: 'text/csv;charset=utf-8' }), fileName);
}
