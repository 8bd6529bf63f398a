import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import ReportsPage from './reports-page';

/** 'Relatórios gerais' against a mocked API, and how its filters are filled, for reports-page*.test.tsx. */

const COMMON = {
  'GET /api/employees/deliverers': { body: { deliverers: [{ id: 7, name: 'Carlos Motoboy' }] } },
  'GET /api/employees/attendants': { body: { data: { attendants: [{ id: 4, name: 'Paula Atendente' }] } } },
  'GET /api/products/brands': {
    body: {
      data: [
        { name: 'Samsung', references: ['Galaxy A15', 'Galaxy S24'] },
        { name: 'Apple', references: ['iPhone 15'] },
      ],
    },
  },
};

export function open(routes: Parameters<typeof mockApi>[0] = {}) {
  signInAs(['bo:manage:reports']);
  const calls = mockApi({ ...COMMON, ...routes });
  const view = renderPage(<ReportsPage />, { path: '/admin/reports' });
  return { calls, user: userEvent.setup(), ...view };
}

export async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The hidden input of a MUI X date field (it takes a whole DD/MM/YYYY value, like autofill). */
export function typeDate(label: string, value: string) {
  const group = screen.getByRole('group', { name: new RegExp(label) });
  const input = (group.closest('.MuiFormControl-root') as HTMLElement).querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

export const generate = () => screen.getByRole('button', { name: 'Gerar' }) as HTMLButtonElement;
