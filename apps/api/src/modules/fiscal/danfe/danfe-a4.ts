/**
 * The DANFE of an NF-e (model 55) on A4, portrait, after the Manual de Orientação do Contribuinte's Anexo II: the
 * canhoto (receipt stub), the issuer's identification with 'DANFE', entrada/saída, number, series and sheet, the
 * access key's Code 128C barcode and its digits in groups of four, the nature of the operation and the protocol, the
 * issuer's IE and CNPJ; the recipient, the invoice's instalments (or the payments), the tax totals (with IBS/CBS when
 * the note has them), the transport, the items and the additional data. The items flow onto as many sheets as they
 * need: each sheet repeats the issuer's identification and the items' header (react-pdf's `fixed`), and says
 * 'FOLHA x/y'. In homologação, or when the note has no authorisation, 'SEM VALOR FISCAL' is printed across each
 * sheet.
 */
import { Document, Page, Svg, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { APPROXIMATE_TAXES_OPENING } from '../nfe/approximate-taxes';
import { itemRow, itemsHeader } from './danfe-a4-items';
import {
  DANFE_WIDTH,
  field,
  grid,
  ISSUER_WIDTH,
  KEY_WIDTH,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  row,
  s,
  section,
} from './danfe-a4-layout';
import {
  cep,
  dateOnly,
  dateTime,
  day,
  document,
  FREIGHT_MODES,
  formatAccessKey,
  formatNoteNumber,
  formatSeries,
  fullAddress,
  inContingency,
  money,
  paymentName,
  phone,
  protocolText,
  streetLine,
  DANFE_TEXTS as T,
  timeOnly,
  wholeWords,
  withoutFiscalValue,
  xmlDecimal,
} from './danfe-format';
import { code128Svg } from './danfe-graphics';
import type { DanfeNote } from './danfe-note';

function stub(note: DanfeNote): ReactElement {
  const recipient = note.recipient
    ? `${note.recipient.name} - ${fullAddress(note.recipient.address)}`.replace(/ - $/, '')
    : '';
  return h(
    View,
    { wrap: false },
    grid(
      row(
        h(
          View,
          { style: [s.column, { flexGrow: 1, flexBasis: 0 }] },
          h(
            View,
            { style: [s.cell, { minHeight: 26 }] },
            h(Text, { hyphenationCallback: wholeWords, style: s.stub }, T.receipt(note.issuer.name)),
            h(
              Text,
              { hyphenationCallback: wholeWords, style: s.stub },
              T.receiptSummary(dateOnly(note.issuedAt), money(note.totals.total), recipient),
            ),
          ),
          row(
            h(
              View,
              { style: [s.cell, { width: 110, minHeight: 24 }] },
              h(Text, { hyphenationCallback: wholeWords, style: s.label }, T.receivedOn),
            ),
            h(
              View,
              { style: [s.cell, { flexGrow: 1, flexBasis: 0, minHeight: 24 }] },
              h(Text, { hyphenationCallback: wholeWords, style: s.label }, T.receiverSignature),
            ),
          ),
        ),
        h(
          View,
          { style: [s.cell, s.center, { width: 112 }] },
          h(Text, { hyphenationCallback: wholeWords, style: [s.bold, { fontSize: 12 }] }, 'NF-e'),
          h(Text, { hyphenationCallback: wholeWords, style: s.numbers }, T.number(formatNoteNumber(note.number))),
          h(Text, { hyphenationCallback: wholeWords, style: s.numbers }, T.series(formatSeries(note.series))),
        ),
      ),
    ),
    h(View, { style: s.cut }),
  );
}

/** The issuer's identification, 'DANFE', the key and the protocol: repeated on every sheet. */
function header(note: DanfeNote): ReactElement {
  const issuer = note.issuer;
  const address = issuer.address;
  const place = address ? `${address.city} - ${address.uf}` : '';
  const contingency = inContingency(note) && note.contingency;
  return h(
    View,
    { fixed: true },
    grid(
      row(
        h(
          View,
          { style: [s.cell, { width: ISSUER_WIDTH, minHeight: 96 }] },
          h(Text, { hyphenationCallback: wholeWords, style: s.label }, T.issuerBlock),
          h(Text, { hyphenationCallback: wholeWords, style: s.issuerName }, issuer.name),
          h(Text, { hyphenationCallback: wholeWords, style: s.issuerLine }, streetLine(address)),
          h(
            Text,
            { hyphenationCallback: wholeWords, style: s.issuerLine },
            [address?.district, cep(address?.cep ?? '')].filter(Boolean).join(' - '),
          ),
          h(
            Text,
            { hyphenationCallback: wholeWords, style: s.issuerLine },
            [place, address?.phone ? `Fone: ${phone(address.phone)}` : ''].filter(Boolean).join(' - '),
          ),
        ),
        h(
          View,
          { style: [s.cell, { width: DANFE_WIDTH, alignItems: 'center', paddingTop: 4 }] },
          h(Text, { hyphenationCallback: wholeWords, style: s.danfe }, T.danfe),
          h(Text, { hyphenationCallback: wholeWords, style: s.danfeSubtitle }, T.danfeSubtitle),
          h(
            View,
            { style: [s.row, { alignItems: 'center', marginBottom: 4 }] },
            h(
              View,
              null,
              ...T.direction.map((text) =>
                h(Text, { hyphenationCallback: wholeWords, key: text, style: { fontSize: 6.5 } }, text),
              ),
            ),
            h(
              View,
              { style: s.directionBox },
              h(Text, { hyphenationCallback: wholeWords, style: [s.bold, { fontSize: 11 }] }, note.direction),
            ),
          ),
          h(Text, { hyphenationCallback: wholeWords, style: s.numbers }, T.number(formatNoteNumber(note.number))),
          h(Text, { hyphenationCallback: wholeWords, style: s.numbers }, T.series(formatSeries(note.series))),
          h(Text, {
            hyphenationCallback: wholeWords,
            style: [s.numbers, { fontFamily: 'Helvetica', fontSize: 7.5 }],
            render: ({ pageNumber, totalPages }) => T.sheet(pageNumber, totalPages ?? pageNumber),
          }),
        ),
        h(
          View,
          { style: [s.column, { width: KEY_WIDTH }] },
          h(
            View,
            { style: [s.cell, s.center, { paddingVertical: 4 }] },
            code128Svg(note.accessKey, KEY_WIDTH - 12, 34),
          ),
          h(
            View,
            { style: s.cell },
            h(Text, { hyphenationCallback: wholeWords, style: s.label }, T.accessKey),
            h(Text, { hyphenationCallback: wholeWords, style: s.key }, formatAccessKey(note.accessKey)),
          ),
          h(
            View,
            { style: [s.cell, s.center, { flexGrow: 1 }] },
            contingency
              ? h(
                  View,
                  null,
                  h(Text, { hyphenationCallback: wholeWords, style: [s.notice, s.centered] }, T.contingency),
                  h(
                    Text,
                    { hyphenationCallback: wholeWords, style: [s.consult, { fontSize: 6.5 }] },
                    T.contingencySince(dateTime(contingency.since), contingency.reason),
                  ),
                )
              : h(
                  View,
                  null,
                  ...T.consult.map((line) =>
                    h(Text, { hyphenationCallback: wholeWords, key: line, style: s.consult }, line),
                  ),
                ),
          ),
        ),
      ),
      row(
        field(T.natureOfOperation, note.natureOfOperation, { flex: 1 }),
        field(T.protocol, protocolText(note), { width: KEY_WIDTH }, 'center'),
      ),
      row(
        field(T.ie, issuer.ie, { flex: 1 }),
        field(T.iest, issuer.iest, { flex: 1 }),
        field(T.cnpj, document(issuer.document), { flex: 1 }),
      ),
    ),
  );
}

function recipientBlock(note: DanfeNote): ReactElement | null {
  const recipient = note.recipient;
  if (!recipient) return null;
  const address = recipient.address;
  return section(
    T.recipient,
    grid(
      row(
        field(T.name, recipient.name, { flex: 1 }),
        field(T.document, document(recipient.document), { width: 112 }),
        field(T.issuedOn, dateOnly(note.issuedAt), { width: 82 }, 'center'),
      ),
      row(
        field(T.address, streetLine(address), { flex: 1 }),
        field(T.district, address?.district ?? '', { width: 110 }),
        field(T.cep, cep(address?.cep ?? ''), { width: 56 }),
        field(T.leavesOn, dateOnly(note.leavesAt), { width: 82 }, 'center'),
      ),
      row(
        field(T.city, address?.city ?? '', { flex: 1 }),
        field(T.uf, address?.uf ?? '', { width: 24 }, 'center'),
        field(T.phone, phone(address?.phone ?? ''), { width: 86 }),
        field(T.ie, recipient.ie, { width: 112 }),
        field(T.leavesAt, timeOnly(note.leavesAt), { width: 82 }, 'center'),
      ),
    ),
  );
}

/** The instalments (cobr/dup), else the payments (pag): four to a row. */
function billingBlock(note: DanfeNote): ReactElement | null {
  const boxes = note.instalments.length
    ? note.instalments.map((dup) => [
        `${T.instalment} ${dup.number}`,
        `${T.dueDate} ${day(dup.dueDate)}`,
        `${T.value} ${money(dup.amount)}`,
      ])
    : note.payments.map((pay) => [paymentName(pay.type, pay.description), money(pay.amount)]);
  if (note.change > 0) boxes.push([T.change, money(note.change)]);
  if (!boxes.length) return null;
  const rows: string[][][] = [];
  for (let i = 0; i < boxes.length; i += 4) rows.push(boxes.slice(i, i + 4));
  return section(
    note.instalments.length ? T.billing : T.payment,
    grid(
      ...(note.invoice && note.instalments.length
        ? [
            row(
              h(
                View,
                { style: [s.cell, { flexGrow: 1, minHeight: 12 }] },
                h(
                  Text,
                  { hyphenationCallback: wholeWords },
                  T.invoice(
                    note.invoice.number,
                    money(note.invoice.original),
                    money(note.invoice.discount),
                    money(note.invoice.net),
                  ),
                ),
              ),
            ),
          ]
        : []),
      ...rows.map((boxesOfRow, r) =>
        row(
          ...Array.from({ length: 4 }, (_, i) =>
            h(
              View,
              { key: `${r}-${i}`, style: [s.cell, { flexGrow: 1, flexBasis: 0, minHeight: 12 }] },
              ...(boxesOfRow[i] ?? [' ']).map((text, j) =>
                h(Text, { hyphenationCallback: wholeWords, key: j, style: j === 0 ? s.bold : undefined }, text),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function taxBlock(note: DanfeNote): ReactElement {
  const t = note.totals;
  const amount = (label: string, value: number) => field(label, money(value), { flex: 1 }, 'right');
  return section(
    T.taxes,
    grid(
      row(
        amount(T.icmsBase, t.icmsBase),
        amount(T.icms, t.icms),
        amount(T.icmsStBase, t.icmsStBase),
        amount(T.icmsSt, t.icmsSt),
        amount(T.pis, t.pis),
        amount(T.products, t.products),
      ),
      row(
        amount(T.freight, t.freight),
        amount(T.insurance, t.insurance),
        amount(T.discount, t.discount),
        amount(T.other, t.other),
        amount(T.ipi, t.ipi),
        amount(T.cofins, t.cofins),
        h(
          View,
          { style: [s.cell, { flexGrow: 1, flexBasis: 0, backgroundColor: '#eeeeee' }] },
          h(Text, { hyphenationCallback: wholeWords, style: [s.label, s.bold] }, T.total),
          h(Text, { hyphenationCallback: wholeWords, style: [s.value, s.bold, s.right] }, money(t.total)),
        ),
      ),
      note.ibsCbs
        ? row(
            amount(T.ibsCbsBase, note.ibsCbs.base),
            amount(T.ibsUf, note.ibsCbs.ibsUf),
            amount(T.ibsMun, note.ibsCbs.ibsMun),
            amount(T.ibs, note.ibsCbs.ibs),
            amount(T.cbs, note.ibsCbs.cbs),
          )
        : null,
    ),
  );
}

function transportBlock(note: DanfeNote): ReactElement {
  const carrier = note.carrier;
  const volumes = note.volumes;
  return section(
    T.transport,
    grid(
      row(
        field(T.name, carrier?.name ?? '', { flex: 1 }),
        field(T.freightMode, FREIGHT_MODES[note.freightMode] ?? note.freightMode, { width: 110 }),
        field(T.antt, carrier?.antt ?? '', { width: 56 }),
        field(T.plate, carrier?.plate ?? '', { width: 60 }),
        field(T.uf, carrier?.plateUf ?? '', { width: 24 }, 'center'),
        field(T.document, document(carrier?.document ?? ''), { width: 100 }),
      ),
      carrier
        ? row(
            field(T.address, carrier.address, { flex: 1 }),
            field(T.city, carrier.city, { width: 170 }),
            field(T.uf, carrier.uf, { width: 24 }, 'center'),
            field(T.ie, carrier.ie, { width: 100 }),
          )
        : null,
      ...volumes.map((vol, i) =>
        h(
          View,
          { key: i, style: s.row },
          field(T.quantity, vol.quantity, { flex: 1 }, 'right'),
          field(T.kind, vol.kind, { flex: 1 }),
          field(T.brand, vol.brand, { flex: 1 }),
          field(T.numbering, vol.numbering, { flex: 1 }),
          field(T.grossWeight, xmlDecimal(vol.grossWeight, 3, 3), { flex: 1 }, 'right'),
          field(T.netWeight, xmlDecimal(vol.netWeight, 3, 3), { flex: 1 }, 'right'),
        ),
      ),
    ),
  );
}

function additionalBlock(note: DanfeNote): ReactElement {
  const lines: { text: string; bold?: boolean }[] = [];
  if (note.environment === 2) lines.push({ text: T.homologation, bold: true });
  if (inContingency(note)) {
    lines.push({ text: T.contingency, bold: true });
    if (note.contingency)
      lines.push({ text: T.contingencySince(dateTime(note.contingency.since), note.contingency.reason) });
  }
  if (note.additionalInfo) lines.push({ text: note.additionalInfo });
  // The approximate taxes' line, unless infCpl already says them with their parts (ours do: approximate-taxes.ts).
  if (note.totals.approximateTaxes > 0 && !note.additionalInfo.includes(APPROXIMATE_TAXES_OPENING))
    lines.push({ text: T.approximateTaxes(money(note.totals.approximateTaxes)) });
  return section(
    T.additional,
    grid(
      row(
        h(
          View,
          { style: [s.cell, { flexGrow: 1, flexBasis: 0, minHeight: 70 }] },
          h(Text, { hyphenationCallback: wholeWords, style: s.label }, T.complementary),
          ...lines.map((line, i) =>
            h(
              Text,
              {
                hyphenationCallback: wholeWords,
                key: i,
                style: [{ fontSize: 7, marginTop: 2 }, line.bold ? s.bold : {}],
              },
              line.text,
            ),
          ),
        ),
        h(
          View,
          { style: [s.cell, { width: 150 }] },
          h(Text, { hyphenationCallback: wholeWords, style: s.label }, T.fisco),
          note.fiscoInfo
            ? h(Text, { hyphenationCallback: wholeWords, style: { fontSize: 7, marginTop: 2 } }, note.fiscoInfo)
            : null,
        ),
      ),
    ),
  );
}

/** 'SEM VALOR FISCAL' across the sheet, in light grey under the content: an Svg as large as the page. */
function watermark(): ReactElement {
  return h(
    Svg,
    { fixed: true, width: PAGE_WIDTH, height: PAGE_HEIGHT, style: { position: 'absolute', top: 0, left: 0 } },
    h(
      Text,
      {
        x: PAGE_WIDTH / 2,
        y: PAGE_HEIGHT / 2 + 20,
        textAnchor: 'middle',
        fill: '#d4d4d4',
        transform: `rotate(-35 ${PAGE_WIDTH / 2} ${PAGE_HEIGHT / 2})`,
        style: { fontFamily: 'Helvetica-Bold', fontSize: 56 },
      },
      T.withoutValue,
    ),
  );
}

/** The DANFE of an NF-e as a react-pdf document (see the module's comment). */
export function danfeA4(note: DanfeNote): ReactElement {
  return h(
    Document,
    { title: `DANFE ${note.accessKey}`, language: 'pt-BR', author: note.issuer.name },
    h(
      Page,
      { size: 'A4', style: s.page },
      withoutFiscalValue(note) ? watermark() : null,
      stub(note),
      header(note),
      recipientBlock(note),
      billingBlock(note),
      taxBlock(note),
      transportBlock(note),
      itemsHeader(note),
      ...note.items.map(itemRow),
      additionalBlock(note),
    ),
  );
}
