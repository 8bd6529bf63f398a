import { businessDay, luhnCheckDigit, shiftDay } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer } from '../selling/test-selling';

let t: TestApp;
let admin: string;
let attendant: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
  attendant = await signIn(t.app, DEMO.attendant);
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as object });
type Row = { status: number; label: string; template: string; isDefault: boolean };
const rowOf = (body: { data: { templates: Row[] } }, status: number) =>
  body.data.templates.find((row) => row.status === status);

describe('WhatsApp templates in Configurações (issue 20 §6)', () => {
  it('ships a default per status with the placeholders listed', async () => {
    const answer = await call('GET', '/settings/whatsapp-templates', attendant);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    // The spec's 15 statuses and 17, a sale on credit waiting for approval (issue 40).
    expect(body.data.templates).toHaveLength(16);
    expect(rowOf(body, 4)).toMatchObject({
      label: 'Em entrega',
      isDefault: true,
      template:
        'Olá, {cliente}! {situacao}\nPedido {codigo} · Total: {total}.\nO motoboy {entregador} saiu com ele em {saida}.',
    });
    expect(body.data.placeholders.map((p: { name: string }) => p.name)).toEqual([
      'cliente',
      'codigo',
      'situacao',
      'status',
      'total',
      'pix',
      'entregador',
      'saida',
    ]);
  });

  it('saves a message, refuses an unknown placeholder in Portuguese, and restores the default', async () => {
    const saved = await call('PUT', '/settings/whatsapp-templates/13', admin, {
      template: 'Pedido {codigo} finalizado. Volte sempre!',
    });
    expect(saved.statusCode).toBe(200);
    expect(rowOf(saved.json(), 13)).toMatchObject({
      template: 'Pedido {codigo} finalizado. Volte sempre!',
      isDefault: false,
    });
    const bad = await call('PUT', '/settings/whatsapp-templates/FINALIZADOS', admin, { template: 'Oi {nome}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Marcador desconhecido: {nome}.');
    // nothing changed by the refused call
    const read = (await call('GET', '/settings/whatsapp-templates', admin)).json();
    expect(rowOf(read, 13)?.template).toBe('Pedido {codigo} finalizado. Volte sempre!');
    const restored = await call('DELETE', '/settings/whatsapp-templates/13', admin);
    expect(restored.statusCode).toBe(200);
    expect(rowOf(restored.json(), 13)).toMatchObject({
      template: 'Olá, {cliente}! {situacao}\nPedido {codigo} · Total: {total}.\nObrigado pela compra!',
      isDefault: true,
    });
  });

  it('lets only Configurações bancárias change them, and refuses an unknown status', async () => {
    const refused = await call('PUT', '/settings/whatsapp-templates/13', attendant, { template: 'Oi {cliente}' });
    expect(refused.statusCode).toBe(403);
    expect((await call('DELETE', '/settings/whatsapp-templates/13', attendant)).statusCode).toBe(403);
    const unknown = await call('PUT', '/settings/whatsapp-templates/14', admin, { template: 'Oi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Status de pedido inválido.');
  });

  it("keeps the repairs' message with its own placeholders: a service order's 'Enviar pelo WhatsApp' sends the edited text", async () => {
    const shipped = (await call('GET', '/settings/whatsapp-templates', attendant)).json().data.repair;
    expect(shipped).toMatchObject({ isDefault: true });
    expect(shipped.placeholders.map((p: { name: string }) => p.name)).toEqual([
      'cliente',
      'os',
      'aparelho',
      'situacao',
      'total',
      'previsao',
      'link',
    ]);
    // An order's placeholder is not a repair's: refused, the repairs' own listed, nothing saved.
    const bad = await call('PUT', '/settings/whatsapp-templates/repair', admin, { template: 'Pedido {codigo}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(
      'Marcador desconhecido: {codigo}. Use apenas {cliente}, {os}, {aparelho}, {situacao}, {total}, {previsao}, {link}.',
    );
    expect(
      (await call('PUT', '/settings/whatsapp-templates/repair', attendant, { template: 'OS {os}' })).statusCode,
    ).toBe(403);
    const saved = await call('PUT', '/settings/whatsapp-templates/repair', admin, {
      template: 'Oi, {cliente}! A OS {os} do seu {aparelho}: {situacao}',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.repair).toMatchObject({
      template: 'Oi, {cliente}! A OS {os} do seu {aparelho}: {situacao}',
      isDefault: false,
    });

    const customer = await createCustomer(t.db, { name: 'Rui Mensagem' });
    const body = `35${String(Date.now() % 1_000_000).padStart(12, '0')}`;
    const opened = await call('POST', '/repairs', admin, {
      customerId: customer.id,
      imei: `${body}${luhnCheckDigit(body)}`,
      model: 'Galaxy S21',
      problem: 'Não carrega',
      checklist: [],
      photos: [await picture()],
      estimatedDate: shiftDay(businessDay(new Date()), 2),
    });
    expect(opened.statusCode).toBe(201);
    const { id, whatsAppLink } = opened.json().data as { id: number; whatsAppLink: string };
    // The customer's phone (11) 98888-7777 and the edited text, filled: 'Recebemos o seu aparelho.' at RECEIVED.
    expect(whatsAppLink).toBe(
      `https://wa.me/5511988887777?text=${encodeURIComponent(`Oi, Rui Mensagem! A OS ${id} do seu Galaxy S21: Recebemos o seu aparelho.`)}`,
    );

    // 'Restaurar padrão': the shipped text again.
    const restored = await call('DELETE', '/settings/whatsapp-templates/repair', admin);
    expect(restored.json().data.repair).toMatchObject({ isDefault: true, template: shipped.template });
  });
});
