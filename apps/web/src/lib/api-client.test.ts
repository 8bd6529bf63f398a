import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signInAs } from '../test/render';
import { ApiError, api, firstError, isNoAnswer, refusalMessage, setSignedOutHandler } from './api-client';
import { clearSession, getSession, hasPermission, saveSession } from './session';

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

  it('a 401 answering a request sent before signing out does not sign out again (the user stays where he went)', async () => {
    signInAs();
    // The request is in flight when the user signs out: its 401 arrives after.
    mockFetch({
      'GET /api/x': () => {
        clearSession();
        return { status: 401, body: { errors: ['Sessão encerrada.'] } };
      },
    });
    await expect(api('/x')).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it("a 401 answering another session's request leaves the new session signed in", async () => {
    signInAs();
    mockFetch({
      'GET /api/x': () => {
        signInAs(['orders'], 'Bruno Atendente');
        return { status: 401, body: { errors: ['Sessão encerrada.'] } };
      },
    });
    await expect(api('/x')).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).not.toHaveBeenCalled();
    expect(getSession()?.permissions).toEqual(['orders']);
  });

  it('a lost connection does not sign anyone out: no answer keeps the session and says "Sem conexão com o servidor"', async () => {
    const session = signInAs();
    mockFetch({ 'POST /api/x': 'network-error' });
    const error = await api('/x', { method: 'POST', body: { a: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(isNoAnswer(error)).toBe(true);
    expect(firstError(error, 'fallback')).toBe('Sem conexão com o servidor. Tente novamente.');
    expect(refusalMessage(error, 'fallback')).toBe('Sem conexão com o servidor. Tente novamente.');
    expect(signedOut).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe(session.token);
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it('a call the screen aborted neither signs out nor counts as a lost connection', async () => {
    signInAs();
    const abort = new AbortController();
    abort.abort();
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await api('/x', { signal: abort.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(isNoAnswer(error)).toBe(false);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('a refusal names the server message for a 4xx, the fallback for a 5xx', async () => {
    signInAs();
    mockFetch({
      'GET /api/refused': { status: 409, body: { errors: ['Pedido alterado por outra pessoa.'], code: 'CONFLICT' } },
      'GET /api/broken': { status: 500, body: { errors: ['stack'], code: 'INTERNAL' } },
    });
    const refused = await api('/refused').catch((e: unknown) => e);
    const broken = await api('/broken').catch((e: unknown) => e);
    expect(refusalMessage(refused, 'Tente mais tarde')).toBe('Pedido alterado por outra pessoa.');
    expect(refusalMessage(broken, 'Tente mais tarde')).toBe('Tente mais tarde');
    expect(isNoAnswer(refused)).toBe(false);
    expect(signedOut).not.toHaveBeenCalled();
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
