import { type Repair, repairSchema } from '@backoffice/contract';

/** A service order in diagnosis, as GET /repairs/{id} answers it (parsed by the contract's schema). */
export const IN_DIAGNOSIS: Repair = repairSchema.parse({
  id: 12,
  number: 12,
  status: 'DIAGNOSIS',
  statusLabel: 'Em diagnóstico',
  customer: { id: 7, name: 'Rita Reparo' },
  imei: '490154203237518',
  model: 'iPhone 12 64 GB',
  problem: 'Tela quebrada',
  technician: { id: 9, name: 'Gustavo Técnico' },
  estimatedDate: '2027-03-13',
  late: false,
  total: 0,
  underWarranty: false,
  createdAt: '2027-03-10T15:00:00.000Z',
  updatedAt: '2027-03-10T15:10:00.000Z',
  hasDevicePassword: true,
  checklist: [
    { item: 'Tela', ok: false },
    { item: 'Câmera', ok: true },
  ],
  conditionNotes: null,
  accessories: 'Capinha',
  photos: [],
  signature: null,
  diagnosis: null,
  parts: [],
  labour: 0,
  partsTotal: 0,
  warranty: null,
  order: null,
  deliveredAt: null,
  repairWarrantyEndsAt: null,
  statusUrl: 'http://localhost:3000/os/abcdefghijklmnopqrstuvwxyz012345',
  whatsAppLink: 'https://wa.me/5511987654321?text=Ol%C3%A1',
  actions: ['sendEstimate', 'returnDevice'],
  history: [
    {
      status: 'RECEIVED',
      statusLabel: 'Recebido',
      at: '2027-03-10T15:00:00.000Z',
      employee: 'Ana Administradora',
      note: null,
    },
    {
      status: 'DIAGNOSIS',
      statusLabel: 'Em diagnóstico',
      at: '2027-03-10T15:10:00.000Z',
      employee: 'Gustavo Técnico',
      note: null,
    },
  ],
});

/** The same order once its estimate of a screen (R$ 350,00) and R$ 120,00 of labour was sent. */
export const AWAITING_APPROVAL: Repair = repairSchema.parse({
  ...IN_DIAGNOSIS,
  status: 'AWAITING_APPROVAL',
  statusLabel: 'Aguardando aprovação',
  diagnosis: 'Display trincado',
  parts: [
    { productId: 31, code: 'TEL-IP12', name: 'Tela iPhone 12', quantity: 1, unitPrice: 350, unitCost: 180, total: 350 },
  ],
  labour: 120,
  partsTotal: 350,
  total: 470,
  actions: ['approve', 'refuse'],
});

/** A part as GET /repairs/parts answers it: the screen, R$ 350,00, 5 in stock. */
export const SCREEN_PART = { id: 31, code: 'TEL-IP12', name: 'Tela iPhone 12', price: 350, stock: 5 };
