import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
/**
 * Banco do Brasil's CNAB 240 retorno as the bank writes it, built by hand for the tests (boletos.test.ts) and the
 * journeys (e2e/bank-collection.spec.ts), each field at FEBRABAN's CNAB 240 v10 position: header 0 (banco 1-3,
 * convênio 33-41, '2' retorno at 143, generated on 144-151, NSA 158-163); per occurrence a T (movement 16-17, nosso
 * número 38-57, nominal 82-96, tarifa 199-213) and its U (juros/multa 18-32, pago 78-92, líquido 93-107, data da
 * ocorrência 138-145, crédito 146-153); the lot and file trailers. The reader under test is read-retorno.ts.
 */

export interface RetornoOccurrence {
  nossoNumero: string;
  /** '06' liquidação, '09' baixa, … */
  movement: string;
  feeCents: number;
  paidCents: number;
  chargesCents: number;
  /** The occurrence's day, YYYY-MM-DD. */
  day: string;
  /** The boleto's nominal value (T 82-96); R$ 150,00 unless given. */
  nominalCents?: number;
  /** The day the bank credits the account (U 146-153), YYYY-MM-DD; blank unless given. */
  creditedOn?: string;
}

/** A 240-position line of blanks with `fields` written at their 1-based positions. */
export function cnabLine(fields: [number, string][]): string {
  const line = Array.from(' '.repeat(240));
  for (const [start, text] of fields) for (let i = 0; i < text.length; i++) line[start - 1 + i] = text[i] as string;
  return line.join('');
}

/** `value` in `size` digits, zeros on the left. */
export const cnabDigits = (value: number | string, size: number) => String(value).padStart(size, '0');

/** YYYY-MM-DD as CNAB's DDMMAAAA. */
export const cnabDay = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

const n = cnabDigits;

/** The retorno file numbered `nsa` of the convênio, its occurrences in order; `writtenOn` fills the header's day. */
export function bbRetornoFile({
  convenio,
  nsa,
  writtenOn,
  occurrences,
}: {
  convenio: string;
  nsa: number;
  writtenOn?: string;
  occurrences: RetornoOccurrence[];
}): Buffer {
  const lines = [
    cnabLine([
      [1, '0010000'],
      [8, '0'],
      [18, '2'],
      [19, n('12345678000195', 14)],
      [33, n(convenio, 9)],
      [143, '2'],
      ...(writtenOn ? [[144, cnabDay(writtenOn)] as [number, string]] : []),
      [158, n(nsa, 6)],
      [164, '083'],
    ]),
    cnabLine([
      [1, '0010001'],
      [8, '1'],
      [9, 'T'],
      [10, '01'],
      [14, '042'],
    ]),
  ];
  let seq = 0;
  for (const o of occurrences) {
    lines.push(
      cnabLine([
        [1, '0010001'],
        [8, '3'],
        [9, n(++seq, 5)],
        [14, 'T'],
        [16, o.movement],
        [38, o.nossoNumero],
        [82, n(o.nominalCents ?? 15_000, 15)],
        [199, n(o.feeCents, 15)],
      ]),
      cnabLine([
        [1, '0010001'],
        [8, '3'],
        [9, n(++seq, 5)],
        [14, 'U'],
        [16, o.movement],
        [18, n(o.chargesCents, 15)],
        [33, n(0, 15)],
        [48, n(0, 15)],
        [63, n(0, 15)],
        [78, n(o.paidCents, 15)],
        [93, n(Math.max(0, o.paidCents - o.feeCents), 15)],
        [138, cnabDay(o.day)],
        ...(o.creditedOn ? [[146, cnabDay(o.creditedOn)] as [number, string]] : []),
      ]),
    );
  }
  lines.push(
    cnabLine([
      [1, '0010001'],
      [8, '5'],
      [18, n(seq + 2, 6)],
    ]),
    cnabLine([
      [1, '0019999'],
      [8, '9'],
      [18, '000001'],
      [24, n(seq + 4, 6)],
    ]),
  );
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** POST /boletos/retornos of `file` (multipart, as 'Ler retorno' sends it) by `token`, through `app.inject`. */
export function uploadRetorno(app: FastifyInstance, token: string, file: Buffer) {
  const boundary = `----retorno${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IEDCBR.ret"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/boletos/retornos',
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
