import type { WhatsAppTemplates } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { WhatsAppTemplatesCard } from './whatsapp-templates-card';

afterEach(() => vi.unstubAllGlobals());

const PLACEHOLDERS = [
  { name: 'cliente', description: 'Nome do cliente' },
  { name: 'codigo', description: 'Código do pedido' },
];
const FINISHED_DEFAULT = 'Olá, {cliente}! Obrigado pela compra!';

/** Two statuses: 'Finalizado' with its default, 'Cancelado' with a message the shop saved. */
function templates(finished: string | null, canceled: string | null): WhatsAppTemplates {
  return {
    placeholders: PLACEHOLDERS,
    templates: [
      {
        status: 13,
        label: 'Finalizado',
        template: finished ?? FINISHED_DEFAULT,
        isDefault: finished === null,
        defaultTemplate: FINISHED_DEFAULT,
      },
      {
        status: 14,
        label: 'Cancelado',
        template: canceled ?? 'Olá, {cliente}.',
        isDefault: canceled === null,
        defaultTemplate: 'Olá, {cliente}.',
      },
    ],
  };
}

/**
 * The statuses' defaults and a message of a kind of its own (the quotes', the repairs'): `template` as saved, or
 * its default while null.
 */
function withOwnMessage(
  kind: 'quote' | 'repair',
  defaultTemplate: string,
  placeholders: WhatsAppTemplates['placeholders'],
): (template: string | null) => WhatsAppTemplates {
  return (template) => ({
    ...templates(null, null),
    [kind]: { template: template ?? defaultTemplate, isDefault: template === null, defaultTemplate, placeholders },
  });
}

/** Empties the message field and pastes `text` in it, as a person replacing the message would. */
async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const item = (label: string) => screen.getByRole('listitem', { name: label });

describe('Mensagens do WhatsApp', () => {
  it('edits a message: the exact body is sent, the list shows the saved one without "Padrão"', async () => {
    signInAs(['bo:manage:settings'], 'Ana Administradora', 1);
    const calls = mockFetch({
      'GET /api/settings/whatsapp-templates': { body: { data: templates(null, 'Pedido {codigo} cancelado.') } },
      'PUT /api/settings/whatsapp-templates/13': (call) => ({
        body: { data: templates((call.body as { template: string }).template, 'Pedido {codigo} cancelado.') },
      }),
    });
    const user = userEvent.setup();
    renderPage(<WhatsAppTemplatesCard />);
    expect(await screen.findByText('Olá, {cliente}! Obrigado pela compra!')).toBeTruthy();
    expect(screen.getByText('{codigo}')).toBeTruthy();
    expect(screen.getByText('Código do pedido')).toBeTruthy();
    expect(within(item('Finalizado')).getByText('Padrão')).toBeTruthy();
    expect(within(item('Cancelado')).queryByText('Padrão')).toBeNull();
    // The default has nothing to restore.
    expect(within(item('Finalizado')).queryByRole('button', { name: /Restaurar padrão/ })).toBeNull();

    await user.click(within(item('Finalizado')).getByRole('button', { name: 'Editar: Finalizado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensagem do status "Finalizado"' });
    const field = within(dialog).getByRole('textbox', { name: 'Mensagem' });
    await user.clear(field);
    // user.type reads braces as key names; paste the text.
    await user.click(field);
    await user.paste('Valeu, {cliente}!\nPedido {codigo}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Mensagem salva com sucesso.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({ template: 'Valeu, {cliente}!\nPedido {codigo}' });
    expect(within(item('Finalizado')).queryByText('Padrão')).toBeNull();
  });

  it('refuses an unknown placeholder as it is typed: the Portuguese error, Salvar disabled, nothing sent', async () => {
    signInAs(['bo:manage:settings'], 'Ana Administradora', 1);
    const calls = mockFetch({
      'GET /api/settings/whatsapp-templates': { body: { data: templates(null, null) } },
    });
    const user = userEvent.setup();
    renderPage(<WhatsAppTemplatesCard />);
    await user.click(await screen.findByRole('button', { name: 'Editar: Cancelado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensagem do status "Cancelado"' });
    const field = within(dialog).getByRole('textbox', { name: 'Mensagem' });
    await retype(user, field, 'Olá, {nome}!');
    expect(
      within(dialog).getByText(/^Marcador desconhecido: \{nome\}\. Use apenas \{cliente\}, \{codigo\}/),
    ).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(field);
    expect(within(dialog).getByText('Escreva a mensagem.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('restores the default after "Confirma operação?": a DELETE, and the default is shown as "Padrão"', async () => {
    signInAs(['bo:manage:settings'], 'Ana Administradora', 1);
    const calls = mockFetch({
      'GET /api/settings/whatsapp-templates': { body: { data: templates(null, 'Pedido {codigo} cancelado.') } },
      'DELETE /api/settings/whatsapp-templates/14': { body: { data: templates(null, null) } },
    });
    const user = userEvent.setup();
    renderPage(<WhatsAppTemplatesCard />);
    await user.click(await screen.findByRole('button', { name: 'Restaurar padrão: Cancelado' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(confirm).getByText('Confirma operação?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Mensagem padrão restaurada.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/settings/whatsapp-templates/14',
    ]);
    await waitFor(() => expect(within(item('Cancelado')).getByText('Padrão')).toBeTruthy());
    expect(within(item('Cancelado')).getByText('Olá, {cliente}.')).toBeTruthy();
  });

  it('is read-only for an employee with orders but not settings', async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    mockFetch({
      'GET /api/settings/whatsapp-templates': { body: { data: templates(null, 'Pedido {codigo} cancelado.') } },
    });
    renderPage(<WhatsAppTemplatesCard />);
    expect(await screen.findByText('Pedido {codigo} cancelado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restaurar padrão/ })).toBeNull();
  });
});

describe("Mensagens do WhatsApp: the quotes' message (decision 0043)", () => {
  const QUOTE_DEFAULT = 'Olá, {cliente}! Segue o orçamento nº {numero}:\n{itens}\nTotal: {total}';
  const withQuote = withOwnMessage('quote', QUOTE_DEFAULT, [
    { name: 'cliente', description: 'Nome do cliente' },
    { name: 'numero', description: 'Número do orçamento' },
  ]);

  it("is edited beside the statuses' with its own placeholders: an order's {codigo} refused, PUT …/quote sent", async () => {
    signInAs(['bo:manage:settings'], 'Ana Administradora', 1);
    const calls = mockFetch({
      'GET /api/settings/whatsapp-templates': { body: { data: withQuote(null) } },
      'PUT /api/settings/whatsapp-templates/quote': (call) => ({
        body: { data: withQuote((call.body as { template: string }).template) },
      }),
    });
    const user = userEvent.setup();
    renderPage(<WhatsAppTemplatesCard />);
    const quote = await screen.findByRole('listitem', { name: 'Orçamento' });
    expect(within(quote).getByText('Número do orçamento')).toBeTruthy();
    expect(within(quote).getByText('Padrão')).toBeTruthy();

    await user.click(within(quote).getByRole('button', { name: 'Editar: Orçamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensagem do orçamento' });
    const field = within(dialog).getByRole('textbox', { name: 'Mensagem' });
    await retype(user, field, 'Pedido {codigo}');
    expect(
      within(dialog).getByText(/^Marcador desconhecido: \{codigo\}\. Use apenas \{cliente\}, \{numero\}/),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);

    await retype(user, field, 'Oi {cliente}, orçamento {numero}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.url, call.body])).toEqual([
      ['/api/settings/whatsapp-templates/quote', { template: 'Oi {cliente}, orçamento {numero}' }],
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Orçamento' })).queryByText('Padrão')).toBeNull();
  });
});

describe("Mensagens do WhatsApp: the repairs' message (issue 42 §2)", () => {
  const REPAIR_DEFAULT = 'Olá, {cliente}!\nOrdem de serviço OS {os} ({aparelho}): {situacao}';
  const withRepair = withOwnMessage('repair', REPAIR_DEFAULT, [
    { name: 'os', description: 'Número da ordem de serviço' },
    { name: 'aparelho', description: 'Modelo do aparelho' },
  ]);

  it("is edited with the repairs' placeholders: a quote's {numero} refused, PUT …/repair sent, 'Restaurar padrão' a DELETE", async () => {
    signInAs(['bo:manage:settings'], 'Ana Administradora', 1);
    const calls = mockFetch({
      'GET /api/settings/whatsapp-templates': { body: { data: withRepair(null) } },
      'PUT /api/settings/whatsapp-templates/repair': (call) => ({
        body: { data: withRepair((call.body as { template: string }).template) },
      }),
      'DELETE /api/settings/whatsapp-templates/repair': { body: { data: withRepair(null) } },
    });
    const user = userEvent.setup();
    renderPage(<WhatsAppTemplatesCard />);
    const repair = await screen.findByRole('listitem', { name: 'Ordem de serviço' });
    expect(within(repair).getByText('Número da ordem de serviço')).toBeTruthy();
    expect(within(repair).getByText('Padrão')).toBeTruthy();

    await user.click(within(repair).getByRole('button', { name: 'Editar: Ordem de serviço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensagem da ordem de serviço' });
    const field = within(dialog).getByRole('textbox', { name: 'Mensagem' });
    await retype(user, field, 'Orçamento {numero}');
    expect(
      within(dialog).getByText(
        'Marcador desconhecido: {numero}. Use apenas {cliente}, {os}, {aparelho}, {situacao}, {total}, {previsao}, {link}.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);

    await retype(user, field, 'OS {os}: {situacao}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = screen.getByRole('listitem', { name: 'Ordem de serviço' });
    expect(within(saved).getByText('OS {os}: {situacao}')).toBeTruthy();
    expect(within(saved).queryByText('Padrão')).toBeNull();

    await user.click(within(saved).getByRole('button', { name: 'Restaurar padrão: Ordem de serviço' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'Ordem de serviço' })).getByText('Padrão')).toBeTruthy(),
    );
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url, call.body])).toEqual([
      ['PUT', '/api/settings/whatsapp-templates/repair', { template: 'OS {os}: {situacao}' }],
      ['DELETE', '/api/settings/whatsapp-templates/repair', undefined],
    ]);
  });
});
