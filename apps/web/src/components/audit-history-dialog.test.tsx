import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/contract';
import { renderPage } from '../test/render';
import { AuditHistoryDialog } from './audit-history-dialog';

const EDIT = {
  id: 41,
  at: '2026-11-20T13:05:09.000Z',
  employee: { id: 1, name: 'Ana Administradora' },
  action: 'Edição',
  changes: [
    { field: 'Nível', from: 'Bronze', to: 'Ouro' },
    { field: 'Frete', from: 'R$ 12,50', to: 'R$ 1.234,56' },
  ],
};
const PASSWORD = { id: 40, at: '2026-11-19T12:00:00.000Z', employee: null, action: 'Troca de senha', changes: [] };

describe('Histórico de alterações', () => {
  it("shows who, when, the action and each field from → to, and asks the next page's entries", async () => {
    const calls = mockApi({
      'GET /api/audit': (call) => {
        const page = new URL(call.url, 'http://x').searchParams.get('page');
        return { body: { data: page === '1' ? [PASSWORD] : [EDIT], total: 11 } };
      },
    });
    renderPage(<AuditHistoryDialog target={{ entity: 'customer', id: 7, name: 'Maria' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de alterações: Maria' });
    const list = await within(dialog).findByRole('list', { name: 'Alterações' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('Edição')).toBeTruthy();
    expect(within(card).getByText('Ana Administradora')).toBeTruthy();
    // The hour depends on the machine's time zone; the day, minutes and seconds do not.
    expect(within(card).getByText(/20\/11\/2026 \d\d:05:09/)).toBeTruthy();
    const text = card.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('Nível: Bronze → para Ouro');
    expect(text).toContain('Frete: R$ 12,50 → para R$ 1.234,56');
    expect(within(dialog).getByText('11 alterações')).toBeTruthy();
    const first = calls.find((c) => c.url.includes('/api/audit'));
    expect(first?.url).toContain('entity=customer');
    expect(first?.url).toContain('id=7');
    expect(first?.url).toContain('page=0');

    await userEvent.click(within(dialog).getByRole('button', { name: /página 2|page 2/i }));
    await waitFor(() => expect(within(dialog).getByText('Troca de senha')).toBeTruthy());
    expect(within(dialog).getByText('Sistema')).toBeTruthy();
    expect(within(dialog).getByText('Sem campos alterados.')).toBeTruthy();
  });

  it('says so when nothing was recorded, or when the history cannot be read', async () => {
    mockApi({ 'GET /api/audit': { body: { data: [], total: 0 } } });
    const { unmount } = renderPage(
      <AuditHistoryDialog target={{ entity: 'role', id: 3, name: 'Estoque' }} onClose={() => {}} />,
    );
    expect(await screen.findByText('Nenhuma alteração registrada.')).toBeTruthy();
    unmount();
    mockApi({
      'GET /api/audit': {
        status: 403,
        body: { errors: ['Você não tem permissão para ver o histórico deste registro.'], code: 'FORBIDDEN' },
      },
    });
    renderPage(<AuditHistoryDialog target={{ entity: 'role', id: 3, name: 'Estoque' }} onClose={() => {}} />);
    expect(await screen.findByText('Não foi possível carregar o histórico de alterações.')).toBeTruthy();
  });
});
