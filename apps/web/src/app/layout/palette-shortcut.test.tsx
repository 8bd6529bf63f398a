import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signInAs } from '../../test/render';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../query-client';
import { appRoutes } from '../routes';
import { KEPT_PRESS_MS, listenForPaletteShortcut, onPaletteShortcut, takeTypedKeys } from './palette-shortcut';

const pressCtrlK = () => {
  const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
  window.dispatchEvent(event);
  return event;
};

/** Keys typed where the page has the focus (nothing focused: the body), as a person types them, at once. */
const typeOnPage = (text: string) =>
  [...text].map((key) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event;
  });

// isolated-modules: this file's module registry is its own (apps/web/vitest.config.ts), the shortcut's
// listener not yet set up by another file.
describe('Ctrl+K pressed before the palette can open (issue 34 §6)', () => {
  afterEach(() => vi.useRealTimers());

  it('the first press, made while the page was still loading, opens the palette once the top bar is drawn', async () => {
    mockFetch({});
    signInAs(['full:access']);
    // As the app's entry does, before anything is drawn; then the press, with no top bar yet.
    listenForPaletteShortcut();
    const press = pressCtrlK();
    expect(press.defaultPrevented).toBe(true);
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/dashboard'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // No second press: the palette's code arrives and it opens.
    expect(await screen.findByRole('dialog', { name: 'Pesquisar' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('keeps one press for the opener to come, runs every later press at once, forgets an old one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const open = vi.fn();
    pressCtrlK();
    pressCtrlK();
    const stop = onPaletteShortcut(open);
    expect(open).toHaveBeenCalledTimes(1);
    pressCtrlK();
    expect(open).toHaveBeenCalledTimes(2);
    // Other keys are not the shortcut.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, altKey: true, bubbles: true }));
    expect(open).toHaveBeenCalledTimes(2);
    stop();

    // A press on a page without the top bar, long before one is drawn, opens nothing later.
    pressCtrlK();
    vi.advanceTimersByTime(KEPT_PRESS_MS + 1);
    const later = vi.fn();
    onPaletteShortcut(later)();
    expect(later).not.toHaveBeenCalled();
  });

  it("keeps what is typed right after Ctrl+K, before the palette's input has the focus, for it (issue 54: 'GRE-GVY' arrived as 'E-GVY')", () => {
    takeTypedKeys();
    listenForPaletteShortcut();
    pressCtrlK();
    const events = typeOnPage('GRE-GVX');
    // Kept for the palette, not typed into the page.
    expect(events.every((event) => event.defaultPrevented)).toBe(true);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true }));
    typeOnPage('Y');
    expect(takeTypedKeys()).toBe('GRE-GVY');
    // Handed over once; without a new Ctrl+K the page's keys are its own.
    expect(takeTypedKeys()).toBe('');
    expect(typeOnPage('a')[0]?.defaultPrevented).toBe(false);
  });

  it('the palette opened by a Ctrl+K pressed while loading shows the whole text typed at once after it', async () => {
    takeTypedKeys();
    mockFetch({ 'GET /api/search': { body: { data: [] } } });
    signInAs(['full:access']);
    listenForPaletteShortcut();
    pressCtrlK();
    typeOnPage('GRE-GVY');
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/dashboard'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const input = await screen.findByRole('combobox', { name: /^Pesquisar pedidos/ }, { timeout: 15_000 });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('GRE-GVY'));
  });
});
