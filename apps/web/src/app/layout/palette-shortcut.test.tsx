import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signInAs } from '../../test/render';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../query-client';
import { appRoutes } from '../routes';
import { KEPT_PRESS_MS, listenForPaletteShortcut, onPaletteShortcut } from './palette-shortcut';

const pressCtrlK = () => {
  const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
  window.dispatchEvent(event);
  return event;
};

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
});
