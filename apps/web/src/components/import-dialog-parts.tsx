import type { ImportColumn, ImportError, ImportKind, ImportResult } from '@backoffice/contract';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { downloadFile } from '../lib/download';
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

/**
 * 'Escolher arquivo' (a CSV or XLSX), the file chosen, and the two templates to download ('Baixar modelo' in
 * XLSX, and in CSV).
 */
export function ImportFileRow({
  kind,
  fileName,
  busy,
  onChoose,
}: {
  kind: ImportKind;
  fileName: string | undefined;
  busy: boolean;
  onChoose: (chosen: File | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy}>
        {T.chooseFile}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="import-file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
        {fileName ?? T.noFile}
      </Typography>
      <Button
        startIcon={<DownloadIcon />}
        onClick={() =>
          void downloadFile(`/imports/${kind}/template`, {
            query: { format: 'xlsx' },
            fileName: `modelo-${kind === 'products' ? 'produtos' : 'clientes'}.xlsx`,
          })
        }
      >
        {T.template}
      </Button>
      <Button
        size="small"
        onClick={() =>
          void downloadFile(`/imports/${kind}/template`, {
            query: { format: 'csv' },
            fileName: `modelo-${kind === 'products' ? 'produtos' : 'clientes'}.csv`,
          })
        }
      >
        {T.templateCsv}
      </Button>
    </Stack>
  );
}

/**
 * The file's headers no column was recognised for (or that were mapped here): a select each, the columns a new
 * line needs and no header fills offered first.
 */
export function ColumnMapping({
  columns,
  unmatched,
  missing,
  usedKeys,
  mapping,
  busy,
  onMap,
}: {
  columns: readonly ImportColumn[];
  unmatched: ImportResult['columns'];
  missing: readonly ImportColumn[];
  usedKeys: ReadonlySet<string | null>;
  mapping: Record<string, string>;
  busy: boolean;
  onMap: (header: string, key: string) => void;
}) {
  return (
    <Box>
      <Typography variant="subtitle2">{T.mappingTitle}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.mappingHelp}
      </Typography>
      {missing.length > 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {T.missingColumns(missing.map((c) => c.header))}
        </Typography>
      ) : null}
      <Stack spacing={1.5}>
        {unmatched.map((column) => (
          <TextField
            key={column.header}
            select
            size="small"
            label={T.columnLabel(column.header)}
            value={mapping[column.header] ?? column.key ?? ''}
            onChange={(event) => onMap(column.header, event.target.value)}
            sx={{ maxWidth: 360 }}
            disabled={busy}
          >
            <MenuItem value="">{T.ignoreColumn}</MenuItem>
            {/* The columns no other header fills: the ones a new line needs first. */}
            {[...missing, ...columns.filter((c) => !missing.includes(c))]
              .filter((c) => !usedKeys.has(c.key) || column.key === c.key)
              .map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {c.header}
                </MenuItem>
              ))}
          </TextField>
        ))}
      </Stack>
    </Box>
  );
}
