import { type TradeIn, tradeInSchema } from '@backoffice/contract';

/**
 * An open trade-in as GET /trade-ins/{id} answers it: an iPhone 12 128 GB, scratched screen, battery at 78 %:
 * R$ 1.500,00 − 150,00 − 150,00 = R$ 1.200,00, not yet checked nor signed.
 */
export const TRADE_IN: TradeIn = tradeInSchema.parse({
  id: 42,
  code: 'AV-00042',
  status: 'OPEN',
  sellerName: 'João Vendedor',
  phone: 'Apple iPhone 12 128 GB',
  imei: '356938035643809',
  offer: 1200,
  value: 1200,
  settlement: null,
  createdAt: '2026-11-20T13:00:00.000Z',
  customer: null,
  sellerCpf: '52998224725',
  brand: 'Apple',
  model: 'iPhone 12',
  storage: 128,
  colour: 'Azul',
  imei2: null,
  checklist: {
    screen: 'SCRATCHED',
    body: 'OK',
    batteryHealth: 78,
    biometrics: true,
    camera: true,
    charging: true,
    accountRemoved: true,
  },
  evaluation: {
    tablePrice: 1500,
    deductions: [
      { defect: 'SCREEN_SCRATCHED', label: 'Tela riscada', amount: 150 },
      { defect: 'BATTERY_LOW', label: 'Bateria abaixo de 80 %', amount: 150 },
    ],
    offer: 1200,
  },
  valueSetBy: 'Beatriz Atendente',
  check: null,
  signedAt: null,
  signature: null,
  photos: [],
  order: null,
  product: null,
  unitStatus: null,
  acceptedAt: null,
  cancelReason: null,
  knownUnit: null,
  missing: [
    'Consulte o IMEI na lista de aparelhos impedidos antes de continuar: sem consulta, sem compra.',
    'Colha a assinatura do vendedor no termo de compra antes de aceitar o aparelho.',
  ],
});
