import { ApiError, connectionLost, isCurrent, signOut } from './api-client';
import { getSession } from './session';

/** How far an upload is: the bytes sent of the total, then `sent` true while the server works. */
export interface UploadProgress {
  loaded: number;
  total: number;
  sent: boolean;
}

/**
 * POSTs `form` (multipart) to `/api{path}` with the bearer token, by XMLHttpRequest so that the upload's
 * progress can be shown (fetch has no upload progress); `headers` go with it (an `Idempotency-Key`). Answers the JSON body; a 401 ends the session, no
 * answer throws `connectionLost()`, another failure `ApiError` with the server's messages.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  const session = getSession();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    if (session) request.setRequestHeader('Authorization', `Bearer ${session.token}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total, sent: false });
    };
    request.upload.onload = () => onProgress?.({ loaded: 1, total: 1, sent: true });
    request.onerror = () => reject(connectionLost());
    request.onload = () => {
      let body: { errors?: unknown } | null;
      try {
        body = JSON.parse(request.responseText) as { errors?: unknown } | null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      if (request.status === 401 && isCurrent(session)) signOut();
      const listed: unknown = body?.errors;
      const errors = Array.isArray(listed) ? listed.filter((e): e is string => typeof e === 'string') : [];
      reject(new ApiError(request.status, errors));
    };
    request.send(form);
  });
}
