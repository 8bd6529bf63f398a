import { REPAIR_TEXTS } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { parseWarrantyDays, RepairWarrantyCard } from './repair-warranty-card';

describe("'Garantia de reparo'", () => {
  it('takes 1 to 730 whole days, as the server does', () => {
    expect(parseWarrantyDays('90')).toEqual({ days: 90, error: null });
    expect(parseWarrantyDays(' 730 ')).toEqual({ days: 730, error: null });
    expect(parseWarrantyDays('0')).toEqual({ days: null, error: REPAIR_TEXTS.warrantyDaysInvalid });
    expect(parseWarrantyDays('731')).toEqual({ days: null, error: REPAIR_TEXTS.warrantyDaysInvalid });
    expect(parseWarrantyDays('9,5')).toEqual({ days: null, error: REPAIR_TEXTS.warrantyDaysInvalid });
  });

  it('shows the 90 days and saves 120 for whoever holds Assistência técnica', async () => {
    signInAs(['bo:manage:repairs']);
    const calls = mockFetch({
      'GET /api/repairs/settings': { body: { data: { warrantyDays: 90 } } },
      'PUT /api/repairs/settings': { body: { data: { warrantyDays: 120 } } },
    });
    renderPage(<RepairWarrantyCard canChange />);
    const user = userEvent.setup();
    const field = (await screen.findByDisplayValue('90')) as HTMLInputElement;
    expect(screen.getByText('Um reparo entregue hoje fica 90 dias na garantia.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '120');
    await user.click(screen.getByRole('button', { name: 'Salvar garantia' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ warrantyDays: 120 });
  });

  it('is read-only without the permission', async () => {
    signInAs([], 'Gustavo Técnico', 4);
    mockFetch({ 'GET /api/repairs/settings': { body: { data: { warrantyDays: 90 } } } });
    renderPage(<RepairWarrantyCard canChange={false} />);
    expect(await screen.findByText(/Só quem tem a permissão Assistência técnica/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar garantia' })).toBeNull();
    expect(((await screen.findByDisplayValue('90')) as HTMLInputElement).disabled).toBe(true);
  });
});
