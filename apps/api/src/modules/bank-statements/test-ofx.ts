import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** One line of a test statement: day `YYYY-MM-DD`, signed amount in reais as the bank writes it, memo, FITID. */
export interface TestOfxLine {
  day: string;
  amount: string;
  memo: string;
  fitId?: string;
}

const ofxDate = (day: string) => `${day.replaceAll('-', '')}120000[-3:BRT]`;

function transactions(lines: readonly TestOfxLine[], nl: string) {
  return lines
    .map((line) =>
      [
        '<STMTTRN>',
        `<TRNTYPE>${line.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}`,
        `<DTPOSTED>${ofxDate(line.day)}`,
        `<TRNAMT>${line.amount}`,
        ...(line.fitId ? [`<FITID>${line.fitId}`] : []),
        `<MEMO>${line.memo}`,
        '</STMTTRN>',
      ].join(nl),
    )
    .join(nl);
}

/**
 * An OFX 1.02 SGML statement as Brazilian internet banking exports it: the colon header with `CHARSET:1252`, tags
 * left open, CRLF, encoded in Latin-1.
 */
export function sgmlOfx(
  lines: readonly TestOfxLine[],
  balance: { amount: string; day: string },
  from: string,
  to: string,
) {
  const nl = '\r\n';
  const text = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260401080000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1',
    '<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM><BANKID>001<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(from)}`,
    `<DTEND>${ofxDate(to)}`,
    transactions(lines, nl),
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${balance.amount}<DTASOF>${ofxDate(balance.day)}</LEDGERBAL>`,
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join(nl);
  return Buffer.from(text, 'latin1');
}

/** An OFX 2.x XML statement in UTF-8, every tag closed. */
export function xmlOfx(lines: readonly TestOfxLine[], balance: { amount: string; day: string }) {
  const closed = (line: TestOfxLine) =>
    `<STMTTRN><TRNTYPE>OTHER</TRNTYPE><DTPOSTED>${ofxDate(line.day)}</DTPOSTED><TRNAMT>${line.amount}</TRNAMT>${
      line.fitId ? `<FITID>${line.fitId}</FITID>` : ''
    }<MEMO>${line.memo}</MEMO></STMTTRN>`;
  const text = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
    <STMTRS><CURDEF>BRL</CURDEF>
      <BANKACCTFROM><BANKID>341</BANKID><ACCTID>9876-5</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
      <BANKTRANLIST>${lines.map(closed).join('\n')}</BANKTRANLIST>
      <LEDGERBAL><BALAMT>${balance.amount}</BALAMT><DTASOF>${ofxDate(balance.day)}</DTASOF></LEDGERBAL>
    </STMTRS>
  </STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
  return Buffer.from(text, 'utf8');
}

/** POST /api/bank-statements?accountId= with the file as a browser's FormData sends it. */
export function uploadOfx(app: FastifyInstance, token: string, accountId: number, file: Buffer) {
  const boundary = `----ofx${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="extrato.ofx"\r\nContent-Type: application/x-ofx\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/bank-statements?accountId=${accountId}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
