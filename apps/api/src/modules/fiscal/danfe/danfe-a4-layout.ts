/**
 * The A4 DANFE's page and grid (danfe-a4.ts): its measures, its styles, and the labelled boxes, rows, grids and
 * sections every block of the sheet is made of.
 */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { wholeWords } from './danfe-format';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
const MARGIN = 20;
export const CONTENT = PAGE_WIDTH - 2 * MARGIN;
export const ISSUER_WIDTH = 222;
export const DANFE_WIDTH = 102;
export const KEY_WIDTH = CONTENT - ISSUER_WIDTH - DANFE_WIDTH;
export const LINE = '#000000';

export const s = StyleSheet.create({
  page: { paddingTop: 18, paddingBottom: 22, paddingHorizontal: MARGIN, fontFamily: 'Helvetica', fontSize: 7 },
  grid: { borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: LINE },
  row: { flexDirection: 'row' },
  column: { flexDirection: 'column' },
  cell: {
    borderRightWidth: 0.75,
    borderBottomWidth: 0.75,
    borderColor: LINE,
    paddingHorizontal: 2.5,
    paddingTop: 1.5,
    paddingBottom: 2,
    minHeight: 20,
  },
  label: { fontSize: 5.5 },
  value: { fontSize: 8, marginTop: 1.5 },
  bold: { fontFamily: 'Helvetica-Bold' },
  section: { fontFamily: 'Helvetica-Bold', fontSize: 6.5, marginTop: 5, marginBottom: 1.5 },
  stub: { fontSize: 6.5, marginBottom: 0.8 },
  cut: { borderBottomWidth: 0.75, borderStyle: 'dashed', borderColor: '#555555', marginTop: 6, marginBottom: 6 },
  center: { alignItems: 'center', justifyContent: 'center' },
  issuerName: { fontFamily: 'Helvetica-Bold', fontSize: 10, textAlign: 'center', marginTop: 4, marginBottom: 4 },
  issuerLine: { fontSize: 7.5, textAlign: 'center', marginBottom: 1 },
  danfe: { fontFamily: 'Helvetica-Bold', fontSize: 15, textAlign: 'center' },
  danfeSubtitle: { fontSize: 6.5, textAlign: 'center', marginTop: 1, marginBottom: 4 },
  directionBox: {
    borderWidth: 0.75,
    borderColor: LINE,
    width: 16,
    height: 16,
    marginLeft: 6,
    alignItems: 'center',
    justifyContent: 'center',
  },
  numbers: { fontFamily: 'Helvetica-Bold', fontSize: 8.5, textAlign: 'center', marginTop: 1.5 },
  key: { fontFamily: 'Helvetica-Bold', fontSize: 8.5, textAlign: 'center', marginTop: 2.5 },
  consult: { fontSize: 7.5, textAlign: 'center', marginBottom: 0.8 },
  header: { fontSize: 5, fontFamily: 'Helvetica-Bold', textAlign: 'center' },
  itemCell: {
    borderRightWidth: 0.75,
    borderColor: LINE,
    borderBottomWidth: 0.3,
    borderBottomColor: '#9a9a9a',
    paddingHorizontal: 1.5,
    paddingVertical: 1.5,
    fontSize: 6.5,
  },
  extra: { fontSize: 5.5, color: '#333333', marginTop: 1 },
  right: { textAlign: 'right' },
  centered: { textAlign: 'center' },
  notice: { fontFamily: 'Helvetica-Bold', fontSize: 7.5 },
});

type Width = { width: number } | { flex: number };
const sized = (width: Width) => ('width' in width ? { width: width.width } : { flexGrow: width.flex, flexBasis: 0 });

/** A labelled box of the grid: its label in small capitals above the value. */
export function field(
  label: string,
  value: string,
  width: Width,
  align: 'left' | 'right' | 'center' = 'left',
): ReactElement {
  return h(
    View,
    { style: [s.cell, sized(width)] },
    h(Text, { hyphenationCallback: wholeWords, style: s.label }, label),
    h(Text, { hyphenationCallback: wholeWords, style: [s.value, { textAlign: align }] }, value || ' '),
  );
}

export const row = (...cells: ReactNode[]) => h(View, { style: s.row }, ...cells);
export const grid = (...rows: ReactNode[]) => h(View, { style: s.grid }, ...rows);
export const section = (title: string, ...content: ReactNode[]) =>
  h(View, { wrap: false }, h(Text, { hyphenationCallback: wholeWords, style: s.section }, title), ...content);
