import { vi } from 'vitest';

/** What a multipart part held: a text field as it is, a file by its name, size and type. */
export type SentPart = string | { name: string; size: number; type: string };

/**
 * Replaces XMLHttpRequest (lib/upload.ts sends multipart with it, for its progress) by one that hands each upload to
 * `fetch` (the tests' `mockFetch`): the FormData described as JSON (`{ password: '…', file: { name, size, type } }`),
 * so a test sees the call, its answer or its failure (no answer: `onerror`) as the app's other writes. Returns the
 * FormData objects sent, in order. Unstubbed after each test (src/test/setup.ts).
 */
export function uploadsThroughFetch(): FormData[] {
  const sent: FormData[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: unknown) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    send(body: FormData) {
      sent.push(body);
      const parts: Record<string, SentPart> = {};
      for (const [name, value] of body.entries()) {
        parts[name] = typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
      }
      fetch(this.url, { method: this.method, headers: this.headers, body: JSON.stringify(parts) }).then(
        async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.upload.onload?.();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
