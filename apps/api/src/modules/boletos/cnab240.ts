import { toBusinessTimestamp } from '@backoffice/contract';

/*
 * CNAB 240 for cobrança at Banco do Brasil (decision 0092): the remessa (file header, lot header, segments P, Q
 * and R per boleto, lot trailer, file trailer) and the retorno's segments T and U. Each field is written at the
 * positions of FEBRABAN's "Layout Padrão de Arquivos CNAB 240", version 10.x (the 'Cobrança' service, G/C field
 * codes), with Banco do Brasil's own choices where the layout leaves them to the bank, from BB's "Leiaute de
 * Arquivo – Padrão CNAB 240 – Cobrança" (layout version 083/lot 042; the convênio field of 20 positions:
 * convênio 9, '0014', carteira 2, variação 3, 2 blank; carteira 17 simples is code '7'; nosso número of a
 * 7-digit convênio: convênio and 10 digits of sequence, no DV, left-aligned in 20). A record is built from its
 * fields in order; `record` refuses one that does not start where the layout says or does not end at 240.
 */

export const CNAB_LINE = 240;

/** A numeric field: digits, zeros on the left, `size` long (a longer value is refused, never cut). */
export function num(value: number | string, size: number): string {
  const text = String(value);
  if (!/^\d*$/.test(text) || text.length > size) throw new Error(`CNAB: ${text} não cabe em ${size} dígitos.`);
  return text.padStart(size, '0');
}

/** An alphanumeric field: upper case without accents or symbols outside the layout's set, blanks on the right, cut at `size`. */
export function alpha(value: string | null | undefined, size: number): string {
  const plain = (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,/\-&()]/g, ' ');
  return plain.slice(0, size).padEnd(size, ' ');
}

const blank = (size: number) => ' '.repeat(size);
const zeros = (size: number) => '0'.repeat(size);

/** `YYYY-MM-DD` as CNAB's DDMMAAAA. */
export const cnabDate = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

/** CNAB's DDMMAAAA as `YYYY-MM-DD`; null for zeros or blanks. */
export function fromCnabDate(text: string): string | null {
  if (!/^\d{8}$/.test(text) || text === '00000000') return null;
  return `${text.slice(4, 8)}-${text.slice(2, 4)}-${text.slice(0, 2)}`;
}

/** One record from its fields, each `[start position (1-based), text]`: each must start where the one before ends. */
export function record(fields: [number, string][]): string {
  let line = '';
  for (const [start, text] of fields) {
    if (line.length + 1 !== start) throw new Error(`CNAB: campo na posição ${line.length + 1}, esperado ${start}.`);
    line += text;
  }
  if (line.length !== CNAB_LINE) throw new Error(`CNAB: registro de ${line.length} posições.`);
  return line;
}

/** The shop's account and convênio as the files write them. */
export interface CnabAccount {
  bankCode: string;
  agency: string;
  agencyDv: string;
  account: string;
  accountDv: string;
  convenio: string;
  carteira: string;
  variacao: string;
  /** CNPJ (14 digits) or CPF (11). */
  companyDocument: string;
  companyName: string;
}

export interface RemessaTitle {
  /** 17 digits: the convênio and the sequence. */
  nossoNumero: string;
  /** 'Seu número' (nº do documento, 15). */
  documentNumber: string;
  dueDate: string;
  amountCents: number;
  issuedOn: string;
  /** The fine (percent in hundredths: 200 = 2 %) from the day after the due day, and the monthly interest. */
  fineHundredths: number;
  monthlyInterestHundredths: number;
  payer: {
    document: string;
    name: string;
    address: string;
    neighborhood: string;
    zipCode: string;
    city: string;
    state: string;
  };
}

const BANK_NAMES: Record<string, string> = { '001': 'BANCO DO BRASIL S.A.' };
/** G007 convênio at BB: convênio (9), '0014' (cobrança cedente), carteira (2), variação (3), 2 blank. */
const convenioField = (a: CnabAccount) => `${num(a.convenio, 9)}0014${num(a.carteira, 2)}${num(a.variacao, 3)}  `;
const inscriptionType = (document: string) => (document.length === 14 ? '2' : '1');
const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Header de arquivo (registro 0). */
function fileHeader(a: CnabAccount, nsa: number, at: Date, kind: '1' | '2'): string {
  const stamp = toBusinessTimestamp(at);
  return record([
    [1, num(a.bankCode, 3)], // G001 banco
    [4, '0000'], // G002 lote de serviço
    [8, '0'], // G003 tipo de registro: header de arquivo
    [9, blank(9)], // G004 uso FEBRABAN
    [18, inscriptionType(a.companyDocument)], // G005 tipo de inscrição: 1 CPF, 2 CNPJ
    [19, num(a.companyDocument, 14)], // G006 CPF/CNPJ
    [33, convenioField(a)], // G007 convênio (BB)
    [53, num(a.agency, 5)], // G008 agência
    [58, alpha(a.agencyDv, 1)], // G009 DV da agência
    [59, num(a.account, 12)], // G010 conta
    [71, alpha(a.accountDv, 1)], // G011 DV da conta
    [72, blank(1)], // G012 DV agência/conta: BB não usa
    [73, alpha(a.companyName, 30)], // G013 nome da empresa
    [103, alpha(BANK_NAMES[a.bankCode], 30)], // G014 nome do banco
    [133, blank(10)], // G004 uso FEBRABAN
    [143, kind], // G015 código remessa (1) / retorno (2)
    [144, cnabDate(stamp.slice(0, 10))], // G016 data de geração
    [152, stamp.slice(11, 19).replaceAll(':', '')], // G017 hora de geração
    [158, num(nsa, 6)], // G018 NSA
    [164, '083'], // G019 versão do layout do arquivo (BB)
    [167, zeros(5)], // G020 densidade
    [172, blank(20)], // G021 reservado ao banco
    [192, blank(20)], // G022 reservado à empresa
    [212, blank(29)], // G004 uso FEBRABAN
  ]);
}

/** Header de lote (registro 1), cobrança: operação R, serviço 01. */
function lotHeader(a: CnabAccount, nsa: number, at: Date): string {
  return record([
    [1, num(a.bankCode, 3)], // G001
    [4, '0001'], // G002 lote
    [8, '1'], // G003 header de lote
    [9, 'R'], // G028 operação: remessa
    [10, '01'], // G025 serviço: cobrança
    [12, blank(2)], // G004 uso FEBRABAN
    [14, '042'], // G030 versão do layout do lote (BB)
    [17, blank(1)], // G004
    [18, inscriptionType(a.companyDocument)], // G005
    [19, num(a.companyDocument, 15)], // G006
    [34, convenioField(a)], // G007
    [54, num(a.agency, 5)], // G008
    [59, alpha(a.agencyDv, 1)], // G009
    [60, num(a.account, 12)], // G010
    [72, alpha(a.accountDv, 1)], // G011
    [73, blank(1)], // G012
    [74, alpha(a.companyName, 30)], // G013
    [104, blank(40)], // C073 mensagem 1
    [144, blank(40)], // C073 mensagem 2
    [184, num(nsa, 8)], // G079 número remessa/retorno
    [192, cnabDate(toBusinessTimestamp(at).slice(0, 10))], // G068 data de gravação
    [200, zeros(8)], // C003 data do crédito
    [208, blank(33)], // G004
  ]);
}

/** The start of every detail record (segment): banco, lote, tipo 3, sequência, segmento, movimento. */
const detailStart = (a: CnabAccount, seq: number, segment: string, movement: string): [number, string][] => [
  [1, num(a.bankCode, 3)], // G001
  [4, '0001'], // G002
  [8, '3'], // G003 detalhe
  [9, num(seq, 5)], // G038 nº sequencial do registro no lote
  [14, segment], // G039 segmento
  [15, blank(1)], // G004
  [16, movement], // C004 código de movimento: 01 entrada de títulos
];

function segmentP(a: CnabAccount, seq: number, t: RemessaTitle): string {
  // Interest as a monthly rate (code 2) from the day after the due day; none (3, isento) at 0 %.
  const interest = t.monthlyInterestHundredths > 0;
  return record([
    ...detailStart(a, seq, 'P', '01'),
    [18, num(a.agency, 5)], // G008
    [23, alpha(a.agencyDv, 1)], // G009
    [24, num(a.account, 12)], // G010
    [36, alpha(a.accountDv, 1)], // G011
    [37, blank(1)], // G012
    [38, alpha(t.nossoNumero, 20)], // G069 nosso número (BB: 17 à esquerda)
    [58, a.carteira === '17' ? '7' : '1'], // C006 carteira (BB: 7 = carteira 17 simples)
    [59, '1'], // C007 forma de cadastramento: com cadastramento (registrada)
    [60, '1'], // C008 tipo de documento: tradicional
    [61, '2'], // C009 emissão do boleto: pelo cliente (beneficiário)
    [62, '2'], // C010 distribuição: pelo cliente
    [63, alpha(t.documentNumber, 15)], // C011 nº do documento (seu número)
    [78, cnabDate(t.dueDate)], // C012 vencimento
    [86, num(t.amountCents, 15)], // G070 valor nominal (13 inteiros, 2 decimais)
    [101, zeros(5)], // C014 agência cobradora: o banco escolhe
    [106, blank(1)], // C014 DV
    [107, '02'], // C015 espécie: DM, duplicata mercantil
    [109, 'N'], // C016 aceite: não
    [110, cnabDate(t.issuedOn)], // G071 data de emissão
    [118, interest ? '2' : '3'], // C018 juros: 2 taxa mensal, 3 isento
    [119, interest ? cnabDate(dayAfter(t.dueDate)) : zeros(8)], // C019 data dos juros
    [127, num(interest ? t.monthlyInterestHundredths : 0, 15)], // C020 taxa ao mês (13,2)
    [142, '0'], // C021 desconto 1: sem
    [143, zeros(8)], // C022
    [151, zeros(15)], // C023
    [166, zeros(15)], // C024 IOF
    [181, zeros(15)], // G045 abatimento
    [196, alpha(t.documentNumber, 25)], // G072 uso da empresa: volta no retorno
    [221, '3'], // C026 protesto: não protestar
    [222, '00'], // C027 prazo de protesto
    [224, '0'], // C028 baixa/devolução: a regra do convênio (BB)
    [225, '000'], // C029 prazo de baixa
    [228, '09'], // G065 moeda: real
    [230, zeros(10)], // C030 nº do contrato
    [240, blank(1)], // G004
  ]);
}

function segmentQ(a: CnabAccount, seq: number, t: RemessaTitle): string {
  const zip = num(t.payer.zipCode.replace(/\D/g, '') || '0', 8);
  return record([
    ...detailStart(a, seq, 'Q', '01'),
    [18, inscriptionType(t.payer.document)], // G005 pagador: 1 CPF, 2 CNPJ
    [19, num(t.payer.document, 15)], // G006
    [34, alpha(t.payer.name, 40)], // G013 nome
    [74, alpha(t.payer.address, 40)], // G032 endereço
    [114, alpha(t.payer.neighborhood, 15)], // G032 bairro
    [129, zip.slice(0, 5)], // G034 CEP
    [134, zip.slice(5)], // G035 sufixo do CEP
    [137, alpha(t.payer.city, 15)], // G033 cidade
    [152, alpha(t.payer.state, 2)], // G036 UF
    [154, '0'], // G005 sacador/avalista: nenhum
    [155, zeros(15)], // G006
    [170, blank(40)], // G013
    [210, '000'], // C031 banco correspondente
    [213, blank(20)], // C032 nosso número no correspondente
    [233, blank(8)], // G004
  ]);
}

function segmentR(a: CnabAccount, seq: number, t: RemessaTitle): string {
  const fine = t.fineHundredths > 0;
  return record([
    ...detailStart(a, seq, 'R', '01'),
    [18, '0'], // C021 desconto 2
    [19, zeros(8)],
    [27, zeros(15)],
    [42, '0'], // C021 desconto 3
    [43, zeros(8)],
    [51, zeros(15)],
    [66, fine ? '2' : '0'], // G073 multa: 2 percentual, 0 sem
    [67, fine ? cnabDate(dayAfter(t.dueDate)) : zeros(8)], // G074 data da multa
    [75, num(fine ? t.fineHundredths : 0, 15)], // G075 percentual (13,2)
    [90, blank(10)], // C036 informação ao pagador
    [100, blank(40)], // C037 mensagem 3
    [140, blank(40)], // C037 mensagem 4
    [180, blank(20)], // G004
    [200, zeros(8)], // C038 ocorrência do pagador
    [208, '000'], // G001 banco do débito
    [211, zeros(5)], // G008
    [216, blank(1)], // G009
    [217, zeros(12)], // G010
    [229, blank(1)], // G011
    [230, blank(1)], // G012
    [231, '0'], // C039 aviso de débito
    [232, blank(9)], // G004
  ]);
}

/**
 * The remessa of `titles` (entrada de títulos, movement 01), numbered `nsa`: a file of CRLF-ended 240-position
 * lines — header, lot header, P/Q/R per title, lot trailer (its record count, the rest zeros as BB asks), trailer.
 */
export function buildRemessa(a: CnabAccount, nsa: number, at: Date, titles: RemessaTitle[]): string {
  const lines = [fileHeader(a, nsa, at, '1'), lotHeader(a, nsa, at)];
  let seq = 0;
  for (const t of titles) {
    lines.push(segmentP(a, ++seq, t), segmentQ(a, ++seq, t), segmentR(a, ++seq, t));
  }
  const lotRecords = seq + 2;
  lines.push(
    record([
      [1, num(a.bankCode, 3)], // G001
      [4, '0001'], // G002
      [8, '5'], // G003 trailer de lote
      [9, blank(9)], // G004
      [18, num(lotRecords, 6)], // G057 registros no lote (header e trailer incluídos)
      [24, zeros(217)], // C070-C072 totais por carteira: o banco informa no retorno (BB: zeros)
    ]),
  );
  lines.push(
    record([
      [1, num(a.bankCode, 3)], // G001
      [4, '9999'], // G002
      [8, '9'], // G003 trailer de arquivo
      [9, blank(9)], // G004
      [18, num(1, 6)], // G049 lotes
      [24, num(lotRecords + 2, 6)], // G056 registros no arquivo
      [30, zeros(6)], // G037 contas para conciliação
      [36, blank(205)], // G004
    ]),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** One occurrence of a retorno: a segment T and its segment U. */
export interface RetornoEvent {
  line: number;
  nossoNumero: string;
  /** C044 código de movimento retorno: 02 entrada confirmada, 03 rejeitada, 06 liquidação, 09 baixa, 17 liquidação após baixa, 28 débito de tarifas. */
  movement: string;
  nominalCents: number;
  /** T 199-213: tarifa/custas. */
  feeCents: number;
  /** U 18-32: juros, multa e encargos. */
  chargesCents: number;
  /** U 78-92: valor pago pelo pagador. */
  paidCents: number;
  /** U 93-107: valor líquido creditado. */
  creditedCents: number;
  /** U 138-145: data da ocorrência. */
  occurredOn: string | null;
}

export interface Retorno {
  bankCode: string;
  convenio: string;
  nsa: number;
  events: RetornoEvent[];
}

export class RetornoError extends Error {
  constructor(
    readonly line: number,
    why: string,
  ) {
    super(why);
  }
}

const field = (line: string, start: number, end: number) => line.slice(start - 1, end);
const cents = (line: string, start: number, end: number) => Number(field(line, start, end));

/**
 * Reads a retorno: its header (banco 1-3, convênio 33-41, código 2 = retorno at 143, NSA 158-163) and each T
 * (nosso número 38-57, movimento 16-17, valor nominal 82-96, tarifa 199-213) with the U that follows it (juros e
 * multa 18-32, valor pago 78-92, líquido 93-107, data da ocorrência 138-145). A line not of 240 positions, a U
 * not after its T, a figure not of digits: RetornoError with the line's number.
 */
export function parseRetorno(text: string): Retorno {
  const lines = text.split(/\r?\n/).filter((line, index, all) => line.length > 0 || index < all.length - 1);
  if (lines.length === 0) throw new RetornoError(1, 'arquivo vazio');
  lines.forEach((line, index) => {
    if (line.length !== CNAB_LINE) throw new RetornoError(index + 1, `${line.length} posições em vez de 240`);
  });
  const header = lines[0] as string;
  if (field(header, 8, 8) !== '0') throw new RetornoError(1, 'a primeira linha não é o header de arquivo');
  if (field(header, 143, 143) !== '2') throw new RetornoError(1, 'não é um retorno (posição 143)');
  const events: RetornoEvent[] = [];
  let pending: Omit<RetornoEvent, 'chargesCents' | 'paidCents' | 'creditedCents' | 'occurredOn'> | null = null;
  for (const [index, line] of lines.entries()) {
    if (field(line, 8, 8) !== '3') continue;
    const segment = field(line, 14, 14);
    const number = index + 1;
    if (segment === 'T') {
      const figures = [field(line, 82, 96), field(line, 199, 213)];
      if (figures.some((f) => !/^\d+$/.test(f))) throw new RetornoError(number, 'valor não numérico no segmento T');
      pending = {
        line: number,
        nossoNumero: field(line, 38, 57).trim(),
        movement: field(line, 16, 17),
        nominalCents: cents(line, 82, 96),
        feeCents: cents(line, 199, 213),
      };
    } else if (segment === 'U') {
      if (!pending) throw new RetornoError(number, 'segmento U sem o segmento T antes');
      const figures = [field(line, 18, 32), field(line, 78, 92), field(line, 93, 107)];
      if (figures.some((f) => !/^\d+$/.test(f))) throw new RetornoError(number, 'valor não numérico no segmento U');
      events.push({
        ...pending,
        chargesCents: cents(line, 18, 32),
        paidCents: cents(line, 78, 92),
        creditedCents: cents(line, 93, 107),
        occurredOn: fromCnabDate(field(line, 138, 145)),
      });
      pending = null;
    }
  }
  return {
    bankCode: field(header, 1, 3),
    convenio: field(header, 33, 41).replace(/^0+/, ''),
    nsa: Number(field(header, 158, 163)) || 0,
    events,
  };
}
