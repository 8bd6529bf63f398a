/** The A4 DANFE's items (danfe-a4.ts): their columns, the header repeated on every sheet, and a row per item. */
import { Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { CONTENT, LINE, s } from './danfe-a4-layout';
import { decimal, DANFE_TEXTS as T, wholeWords, xmlDecimal } from './danfe-format';
import type { DanfeItem, DanfeNote } from './danfe-note';

/** The items' columns: width in points (the description takes the rest). */
const COLUMNS = {
  code: 42,
  ncm: 36,
  cst: 26,
  cfop: 22,
  unit: 18,
  quantity: 30,
  unitValue: 42,
  total: 44,
  discount: 34,
  icmsBase: 42,
  icms: 36,
  icmsRate: 24,
} as const;
const DESCRIPTION_WIDTH = CONTENT - Object.values(COLUMNS).reduce((a, b) => a + b, 0);

type ColumnKey = keyof typeof COLUMNS | 'description';
const columnWidth = (key: ColumnKey) => (key === 'description' ? DESCRIPTION_WIDTH : COLUMNS[key]);
const COLUMN_ORDER: ColumnKey[] = [
  'code',
  'description',
  'ncm',
  'cst',
  'cfop',
  'unit',
  'quantity',
  'unitValue',
  'total',
  'discount',
  'icmsBase',
  'icms',
  'icmsRate',
];

/** The items' header: the section's title and the columns, repeated on every sheet the items reach. */
export function itemsHeader(note: DanfeNote): ReactElement {
  const csosn = note.items.some((item) => item.cst.length === 4);
  return h(
    View,
    { fixed: true },
    h(Text, { hyphenationCallback: wholeWords, style: s.section }, T.items),
    h(
      View,
      { style: [s.row, { borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: LINE }] },
      ...COLUMN_ORDER.map((key) =>
        h(
          View,
          {
            key,
            style: [
              s.itemCell,
              s.center,
              { width: columnWidth(key), borderBottomWidth: 0.75, borderBottomColor: LINE, minHeight: 14 },
            ],
          },
          h(
            Text,
            { hyphenationCallback: wholeWords, style: s.header },
            key === 'cst' ? (csosn ? T.columns.csosn : T.columns.cst) : T.columns[key],
          ),
        ),
      ),
    ),
  );
}

export function itemRow(item: DanfeItem): ReactElement {
  const cell = (key: ColumnKey, content: ReactNode, align: 'left' | 'right' | 'center' = 'right') =>
    h(View, { key, style: [s.itemCell, { width: columnWidth(key), textAlign: align }] }, content);
  const textCell = (key: ColumnKey, value: string, align: 'left' | 'right' | 'center' = 'right') =>
    cell(key, h(Text, { hyphenationCallback: wholeWords, style: { textAlign: align } }, value), align);
  return h(
    View,
    { key: item.number, style: [s.row, { borderLeftWidth: 0.75, borderColor: LINE }], wrap: false },
    textCell('code', item.code, 'left'),
    cell(
      'description',
      h(
        View,
        null,
        h(Text, { hyphenationCallback: wholeWords }, item.description),
        item.extra ? h(Text, { hyphenationCallback: wholeWords, style: s.extra }, item.extra) : null,
      ),
      'left',
    ),
    textCell('ncm', item.ncm, 'center'),
    textCell('cst', item.cst, 'center'),
    textCell('cfop', item.cfop, 'center'),
    textCell('unit', item.unit, 'center'),
    textCell('quantity', xmlDecimal(item.quantity, 0, 4)),
    textCell('unitValue', xmlDecimal(item.unitValue, 2, 4)),
    textCell('total', decimal(item.total)),
    textCell('discount', decimal(item.discount)),
    textCell('icmsBase', decimal(item.icmsBase)),
    textCell('icms', decimal(item.icms)),
    textCell('icmsRate', item.icmsRate ? xmlDecimal(item.icmsRate, 0, 2) : ''),
  );
}
