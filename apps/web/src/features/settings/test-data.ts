import type { BankSetting, PixReceived, SetupStatus } from '@backoffice/contract';

/** The settings screens' test data, shared by their tests and the walk of the writing dialogs. */

export const PIX: BankSetting = {
  id: 1,
  bankSettingsType: 'Pix',
  name: 'Pix CNPJ Conecta Cell',
  bank: 'Banco Inter (077)',
  account: null,
  agency: null,
  cnpj: '11.222.333/0001-81',
  pixType: 'CNPJ',
  pixKey: '11222333000181',
  disabled: false,
};

export const COMPANY = {
  companyId: 1,
  name: 'Conecta Cell',
  pixAuto: false,
  merchantName: 'CONECTA CELL',
  merchantCity: 'SAO PAULO',
};

export const UNMATCHED: PixReceived = {
  endToEndId: 'E18236120202611221010XyZ98765432',
  txid: null,
  amount: 80,
  paidAt: '2026-11-22T13:10:00.000Z',
  payer: 'Maria',
  state: 'unmatched',
  order: null,
  reason: 'NO_TXID',
  confirmedAt: null,
  receivedAt: '2026-11-22T13:10:02.000Z',
};

export /** Section 9's week as the server answers it (Sunday first), written by hand. */
const SECTION_9 = [
  [],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['12:00'],
];

export const REQUIRED: SetupStatus = {
  required: true,
  completedAt: null,
  companyName: '',
  cnpj: null,
  merchantCity: '',
  hasPixKey: false,
  departures: SECTION_9,
  pixAuto: false,
};
