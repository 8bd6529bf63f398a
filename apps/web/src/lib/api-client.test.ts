import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signInAs } from '../test/render';
import { ApiError, api, firstError, setSignedOutHandler } from './api-client';
import { getSession, hasPermission, saveSession } from './session';

describe('api()', () => {
  const signedOut = vi.fn();
  setSignedOutHandler(signedOut);
  afterEach(() => signedOut.mockReset());

  it('adds /api, the bearer token, JSON and the query string', async () => {
    const session = signInAs();
    const calls = mockFetch({ 'POST /api/things': { body: { ok: true } } });
    const answer = await api<{ ok: boolean }>('/things', {
      method: 'POST',
      body: { a: 1 },
      query: { q: 'x y', n: null },
    });
    expect(answer).toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/things?q=x+y');
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('throws ApiError with the errors of the envelope', async () => {
    signInAs();
    mockFetch({
      'GET /api/x': {
        status: 409,
        body: { errors: ['Estoque insuficiente.'], code: 'STOCK_INSUFFICIENT', details: { productId: 7 } },
      },
    });
    const error = await api('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe('STOCK_INSUFFICIENT');
    expect((error as ApiError).details).toEqual({ productId: 7 });
    expect(firstError(error, 'fallback')).toBe('Estoque insuficiente.');
    expect(firstError(new Error('boom'), 'fallback')).toBe('fallback');
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('a 401 clears the session and signs out', async () => {
    signInAs();
    mockFetch({ 'GET /api/x': { status: 401, body: { errors: ['Sessão expirada.'] } } });
    await expect(api('/x')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('no answer at all while signed in signs out too', async () => {
    signInAs();
    mockFetch({ 'GET /api/x': 'network-error' });
    await expect(api('/x')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('an expired session signs out without calling the API', async () => {
    // A fake clock moved past the expiry, instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      saveSession({ accessToken: 'a.b.c', expires: Date.now() + 50, permissions: ['full:access'] });
      vi.setSystemTime(Date.now() + 60);
      const calls = mockFetch({});
      await expect(api('/x')).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(0);
      expect(signedOut).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session', () => {
  it('accepts any one of the keys, and full:access for all', () => {
    signInAs(['bo:manage:orders']);
    expect(hasPermission('bo:manage:products', 'bo:manage:orders')).toBe(true);
    expect(hasPermission('bo:manage:products')).toBe(false);
    signInAs(['full:access']);
    expect(hasPermission('bo:manage:roles')).toBe(true);
  });
});
