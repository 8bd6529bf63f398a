import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { describe, expect, it } from 'vitest';
import { cellText, type ReportColumn, sumMoney, toCsv } from './columns';
import { reportById } from './report-definitions';

interface Row {
  name: string;
  total: number;
  at: string;
  level: number;
}

const COLUMNS: ReportColumn<Row>[] = [
  { field: 'name', header: 'Cliente' },
  { field: 'total', header: 'Total', kind: 'money' },
  { field: 'at', header: 'Data', kind: 'date' },
  { field: 'level', header: 'Nível', kind: 'level' },
];

describe('report CSV', () => {
  it("writes a header and each row with ';', money as a number Excel sums, quoting what needs it", () => {
    const csv = toCsv(COLUMNS, [
      { name: 'Maria; Souza', total: 1234.5, at: '2026-04-02T13:00:00', level: 1 },
      { name: 'José "Zé" Lima', total: 0, at: '2026-04-20T12:00:00', level: 0 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Cliente;Total;Data;Nível',
      '"Maria; Souza";1234,50;02/04/2026;Ouro',
      '"José ""Zé"" Lima";0,00;20/04/2026;—',
      '',
    ]);
  });

  it('a customer named like a formula comes out inert in a report relatorio.csv (every OWASP payload)', () => {
    const rows = CSV_INJECTION_PAYLOADS.map((name) => ({ name, total: -1234.5, at: '2026-04-02T13:00:00', level: 2 }));
    const [, ...lines] = parseCsv(toCsv(COLUMNS, rows));
    // a negative amount stays a number Excel sums: no quote mark, no R$, no thousands dot
    expect(lines).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => [`'${payload}`, '-1234,50', '02/04/2026', 'Prata']));
  });

  it('writes counts as plain integers and money with two decimals', () => {
    const columns: ReportColumn<{ n: number; v: number }>[] = [
      { field: 'n', header: 'Pedidos', kind: 'int' },
      { field: 'v', header: 'Valor', kind: 'money' },
    ];
    expect(parseCsv(toCsv(columns, [{ n: 12345, v: 0.1 + 0.2 }]))).toEqual([
      ['Pedidos', 'Valor'],
      ['12345', '0,30'],
    ]);
  });

  it('sums money in cents', () => {
    expect(sumMoney([{ v: 0.1 }, { v: 0.2 }], (r) => r.v)).toBe(0.3);
  });
});

describe("report 13 'Clientes por motoboy' (issue 15: the phone showed as raw digits)", () => {
  it('shows and exports the phone formatted', () => {
    const report = reportById(13);
    expect(report?.label).toBe('Clientes por motoboy');
    const columns = report?.columns({} as never) as ReportColumn<{ phone: string }>[];
    const phone = columns.find((column) => column.field === 'phone') as ReportColumn<{ phone: string }>;
    expect(cellText(phone, { phone: '11987654321' })).toBe('(11) 98765-4321');
    expect(toCsv([phone], [{ phone: '1134567890' }]).split('\r\n')[1]).toBe('(11) 3456-7890');
  });
});
