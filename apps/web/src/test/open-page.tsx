import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { mockApi } from './contract';
import { renderPage, signInAs } from './render';

type User = ReturnType<typeof userEvent.setup>;

/**
 * An administrator's page (every permission) at `path`, the API answering `routes` checked against the contract
 * (`mockApi`): the user who acts on it and the calls the page made.
 */
export function openAdminPage(page: ReactElement, path: string, routes: Parameters<typeof mockApi>[0]) {
  signInAs();
  const calls = mockApi(routes);
  const user = userEvent.setup();
  renderPage(page, { path });
  return { user, calls };
}

/** Clicks the page's button `name` and finds the dialog it opens, named as the button ('Cadastrar Regra'). */
export async function openDialogOf(user: User, name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}
