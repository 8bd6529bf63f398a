import GlobalStyles from '@mui/material/GlobalStyles';
import { cellText, type ReportColumn } from '../lib/columns';
import type { FooterItem, FooterTable } from '../lib/report-definitions';
import { REPORTS_TEXTS } from '../texts';

export const PRINT_ID = 'report-print';

/**
 * What 'Imprimir' puts on paper (window.print): only this block — the report's title, the filters it was
 * generated with, every row and the totals; the app's menus, form and paging are hidden by the print styles.
 */
export function ReportPrint<R>({
  title,
  filters,
  columns,
  rows,
  totals,
  table,
}: {
  title: string;
  filters: FooterItem[];
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  totals: FooterItem[];
  /** Totals broken down (each day's), printed whole after the totals. */
  table?: FooterTable;
}) {
  return (
    <>
      <GlobalStyles
        styles={{
          [`#${PRINT_ID}`]: { display: 'none' },
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`#${PRINT_ID}, #${PRINT_ID} *`]: { visibility: 'visible' },
            [`#${PRINT_ID}`]: {
              display: 'block',
              position: 'absolute',
              left: 0,
              top: 0,
              width: '100%',
              fontFamily: 'Roboto, Arial, sans-serif',
              fontSize: '10pt',
              color: '#000',
            },
            [`#${PRINT_ID} table`]: { borderCollapse: 'collapse', width: '100%' },
            [`#${PRINT_ID} th, #${PRINT_ID} td`]: { border: '1px solid #999', padding: '3px 5px', textAlign: 'left' },
            [`#${PRINT_ID} th`]: { background: '#eee' },
            '@page': { size: 'A4 landscape', margin: '12mm' },
          },
        }}
      />
      <div id={PRINT_ID} aria-hidden>
        <h1 style={{ fontSize: '16pt', margin: '0 0 6pt' }}>{title}</h1>
        <p style={{ margin: '0 0 8pt' }}>
          {filters.map((item) => (
            <span key={item.label} style={{ marginRight: '14pt' }}>
              <strong>{item.label}:</strong> {item.value}
            </span>
          ))}
        </p>
        {rows.length === 0 ? (
          <p>{REPORTS_TEXTS.empty}</p>
        ) : (
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.field}>{column.header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: printed rows never move
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.field}>{cellText(column, row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {totals.length > 0 ? (
          <p style={{ marginTop: '8pt' }}>
            {totals.map((item) => (
              <span key={item.label} style={{ marginRight: '14pt' }}>
                <strong>{item.label}:</strong> {item.value}
              </span>
            ))}
          </p>
        ) : null}
        {table && table.rows.length > 0 ? (
          <>
            <p style={{ margin: '8pt 0 4pt' }}>
              <strong>{table.title}:</strong>
            </p>
            <table style={{ width: 'auto' }}>
              <thead>
                <tr>
                  {table.headers.map((header) => (
                    <th key={header}>{header}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row[0]}>
                    {row.map((cell, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move
                      <td key={index}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </div>
    </>
  );
}
