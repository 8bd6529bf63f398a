import { formatBusinessDateTimeMinutes, IBPT_MAX_BYTES, type IbptTable, UFS } from '@backoffice/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ibptSummaryQuery, refusalMessages, uploadIbptTable } from '../api/fiscal-api';
import { IBPT_CARD_TEXTS as T } from '../ibpt-texts';
import { DetailList } from './fiscal-parts';
import { SettingsCard } from './settings-card';

/** A day 'YYYY-MM-DD' as the screen writes it, '31/12/2026' (no time zone involved). */
const day = (value: string) => value.split('-').reverse().join('/');

function TableDetails({ table }: { table: IbptTable }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h4">
        {T.table(table.uf)}
      </Typography>
      {table.expired ? (
        <Alert severity="warning" role="alert">
          {T.expired(day(table.validUntil))}
        </Alert>
      ) : null}
      <DetailList
        label={T.table(table.uf)}
        details={[
          { label: T.fields.version, value: table.version },
          { label: T.fields.validity, value: T.validity(day(table.validFrom), day(table.validUntil)) },
          { label: T.fields.rows, value: table.rows.toLocaleString('pt-BR') },
          { label: T.fields.key, value: table.key },
          { label: T.fields.source, value: table.source },
          {
            label: T.fields.imported,
            value: T.importedBy(formatBusinessDateTimeMinutes(new Date(table.importedAt)), table.importedBy),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * 'Tabela IBPT' (issue 55 §2, decision 0077): the tables imported (version, validity, rows, key, source, who and
 * when; a warning once a validity has ended, and when the issuer's state has none), and the import: the state
 * (the issuer's by default) and the CSV, refused here above the size limit, else sent whole to the server.
 */
export function IbptCard() {
  const summary = useQuery(ibptSummaryQuery);
  const input = useRef<HTMLInputElement>(null);
  const [chosenUf, setChosenUf] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const data = summary.data;
  const uf = chosenUf ?? data?.issuerUf ?? 'SP';
  const send = useApiMutation({
    mutationFn: uploadIbptTable,
    success: (table) => T.imported(table.rows, table.uf),
    failure: T.importFailed,
    message: refusalMessages,
    invalidate: [ibptSummaryQuery.queryKey],
    onError: (_error, message) => setProblem(message),
  });
  const issuerTable = data?.issuerUf ? data.tables.find((table) => table.uf === data.issuerUf) : undefined;
  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > IBPT_MAX_BYTES) {
      setProblem(T.tooLarge);
      return;
    }
    setProblem(null);
    send.mutate({ file, uf });
  };
  return (
    <SettingsCard
      id="fiscal-ibpt-title"
      level="h3"
      title={T.title}
      text={T.text}
      loadFailed={summary.isError ? T.loadFailed : null}
    >
      {data && data.tables.length === 0 ? (
        <Alert severity="info" role="status">
          {T.none}
        </Alert>
      ) : null}
      {data && data.tables.length > 0 && data.issuerUf && !issuerTable ? (
        <Alert severity="warning" role="status">
          {T.noneForIssuer(data.issuerUf)}
        </Alert>
      ) : null}
      {data?.tables.map((table) => (
        <TableDetails key={table.uf} table={table} />
      ))}
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={T.uf}
          value={uf}
          onChange={(event) => setChosenUf(event.target.value)}
          sx={{ minWidth: 120 }}
        >
          {UFS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={send.isPending || !summary.isSuccess}
          onClick={() => input.current?.click()}
        >
          {send.isPending ? T.importing : T.choose}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {T.maxSize}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="ibpt-file"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
      </Stack>
    </SettingsCard>
  );
}
