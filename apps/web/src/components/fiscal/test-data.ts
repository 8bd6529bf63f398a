import { type FiscalNote, type FiscalNotePage, fiscalNotePageSchema, fiscalNoteSchema } from '@backoffice/contract';

/** A note as the API answers it; fixtures go through the contract's schema, so they cannot drift. */
export function makeNote(overrides: Partial<FiscalNote> = {}): FiscalNote {
  return fiscalNoteSchema.parse({
    id: 7,
    order: { id: 41, code: 'K7M-2Q9' },
    model: 55,
    series: 1,
    number: 12,
    environment: 2,
    contingency: false,
    accessKey: '35261111222333000181550010000000121234567890',
    status: 'AUTHORIZED',
    statusCode: 100,
    statusReason: 'Autorizado o uso da NF-e',
    protocol: '135260000000001',
    authorizedAt: '2026-11-24T17:21:00.000Z',
    // 24 hours after the authorisation (an NF-e's window).
    cancellableUntil: '2026-11-25T17:21:00.000Z',
    issuedAt: '2026-11-24T17:20:00.000Z',
    total: 2030,
    recipient: { document: '44555666000181', name: 'Loja de Celulares Carioca Ltda' },
    createdBy: { id: 5, name: 'Carla Gerente' },
    events: [],
    ...overrides,
  });
}

/** The authorised NF-e nº 12 of order K7M-2Q9: R$ 2.030,00 to a company in Rio de Janeiro, in homologação. */
export const AUTHORIZED = makeNote();

/** NF-e nº 13 rejected by the SEFAZ (539: a key already used), its number kept for the corrected note. */
export const REJECTED = makeNote({
  id: 8,
  number: 13,
  order: { id: 42, code: 'P3R-8TX' },
  accessKey: '35261111222333000181550010000000131234567891',
  status: 'REJECTED',
  statusCode: 539,
  statusReason: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
  protocol: null,
  authorizedAt: null,
  cancellableUntil: null,
  recipient: { document: '52998224725', name: 'Maria Souza' },
});

/** NFC-e nº 3 issued in offline contingency (the SEFAZ did not answer): sent when it comes back. */
export const CONTINGENT = makeNote({
  id: 9,
  model: 65,
  number: 3,
  order: { id: 43, code: 'BAL-003' },
  accessKey: '35261111222333000181650010000000039234567892',
  status: 'CONTINGENCY',
  contingency: true,
  statusCode: null,
  statusReason: null,
  protocol: null,
  authorizedAt: null,
  cancellableUntil: null,
  total: 59.9,
  recipient: { document: null, name: null },
});

/** NF-e nº 11 cancelled with its event's protocol. */
export const CANCELLED = makeNote({
  id: 6,
  number: 11,
  accessKey: '35261111222333000181550010000000111234567893',
  status: 'CANCELLED',
  cancellableUntil: null,
  events: [
    {
      id: 1,
      type: 'CANCEL',
      sequence: 1,
      text: 'Cliente desistiu da compra antes da entrega',
      statusCode: 135,
      statusReason: 'Evento registrado e vinculado a NF-e',
      protocol: '135260000000009',
      registeredAt: '2026-11-24T18:00:00.000Z',
      createdAt: '2026-11-24T18:00:00.000Z',
      createdBy: { id: 5, name: 'Carla Gerente' },
    },
  ],
});

/** A row of the list: the note without its events. */
export const rowOf = ({ events: _events, ...row }: FiscalNote): FiscalNotePage['items'][number] => row;

/** A page of the list as GET /fiscal/notes answers it. */
export const pageOf = (notes: FiscalNote[], total = notes.length) => ({
  data: fiscalNotePageSchema.parse({ items: notes.map(rowOf), total, page: 0, pageSize: 25 }),
});
