import type { ImportColumn, ImportError, ImportResult } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatMoney } from '../lib/format';
import { IMPORT_DIALOG_TEXTS as T } from './import-dialog-texts';

/**
 * A small table with a sticky header, scrolling past a few lines (and sideways on a phone): the scrolling
 * region takes the keyboard's focus, so it can be scrolled without a mouse.
 */
function ScrollTable({
  label,
  head,
  rows,
  wraps,
}: {
  label: string;
  head: string[];
  rows: { key: string; cells: string[] }[];
  /** The column whose text wraps (the others stay on one line): a message, a name. */
  wraps: number;
}) {
  return (
    <TableContainer sx={{ maxHeight: 280 }} tabIndex={0} role="region" aria-label={label}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                <TableCell key={index} sx={index === wraps ? undefined : { whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Errors or warnings by line and column ('Erros encontrados', 'Avisos'), with how many are listed. */
export function ImportIssues({ title, issues, total }: { title: string; issues: ImportError[]; total: number }) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      {total > issues.length ? <Typography variant="caption">{T.truncated(issues.length, total)}</Typography> : null}
      <ScrollTable
        label={title}
        head={[T.line, T.column, T.message]}
        wraps={2}
        rows={issues.map((issue) => ({
          key: `${issue.line}-${issue.column}-${issue.message}`,
          cells: [String(issue.line), issue.column, issue.message],
        }))}
      />
    </Box>
  );
}

/** 'Preços por linha': what each good line's customers will pay (Ouro, Prata, Bronze = cost + %; Varejo). */
export function LinePrices({ prices, total }: { prices: NonNullable<ImportResult['prices']>; total: number }) {
  return (
    <Box>
      <Typography variant="subtitle2">{T.pricesTitle}</Typography>
      <Typography variant="body2" color="text.secondary">
        {T.pricesHelp}
      </Typography>
      {total > prices.length ? <Typography variant="caption">{T.pricesTruncated(prices.length)}</Typography> : null}
      <ScrollTable
        label={T.pricesTitle}
        head={[...T.priceColumns]}
        wraps={1}
        rows={prices.map((p) => ({
          key: String(p.line),
          cells: [
            String(p.line),
            p.name,
            formatMoney(p.cost),
            formatMoney(p.gold),
            formatMoney(p.silver),
            formatMoney(p.bronze),
            formatMoney(p.retail),
          ],
        }))}
      />
    </Box>
  );
}

/**
 * 'O que cada coluna significa': the columns of the kind, each with its meaning, shown on demand: a list
 * (a header above its meaning), which reads on a phone as on a desktop.
 */
export function ColumnMeanings({ columns }: { columns: readonly ImportColumn[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <Button size="small" onClick={() => setOpen((shown) => !shown)} aria-expanded={open} aria-controls={id}>
        {open ? T.hideMeanings : T.showMeanings}
      </Button>
      {open ? (
        <Box
          id={id}
          role="region"
          aria-label={T.meaningsTitle}
          tabIndex={0}
          sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 2 }}
        >
          <Box component="ul" aria-label={T.meaningsTitle} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {columns.map((column) => (
              <Box component="li" key={column.key} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="subtitle2" component="p">
                  {column.required ? T.requiredColumn(column.header) : column.header}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {column.meaning}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
