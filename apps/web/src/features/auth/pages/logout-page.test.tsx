import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import LogoutPage from './logout-page';

describe('/logout', () => {
  it('ends the session on the server with the current token, then clears it and goes to /', async () => {
    let tokenWhenCalled: string | null = null;
    const calls = mockFetch({
      'POST /api/accounts/signout': () => {
        tokenWhenCalled = localStorage.getItem('token');
        return { status: 204 };
      },
    });
    const session = signInAs();
    const { router } = renderPage(<LogoutPage />, { path: '/logout', extraPaths: ['/'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/accounts/signout']);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);
    expect(tokenWhenCalled).toBe(session.token); // still signed in while the server is told
    expect(getSession()).toBeNull();
  });

  it('still signs out here when the server cannot be reached', async () => {
    mockFetch({ 'POST /api/accounts/signout': 'network-error' });
    signInAs();
    const { router } = renderPage(<LogoutPage />, { path: '/logout', extraPaths: ['/'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
