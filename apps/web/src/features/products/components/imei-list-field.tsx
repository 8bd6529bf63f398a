import type { UnitInput } from '@backoffice/contract';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { useUnitChecks } from '../api/products-api';
import { goodUnits, type ImeiLine, type ImeiProblem, imeisToCheck, readImeiLines } from '../lib/imei-lines';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.imei;

export interface ImeiList {
  lines: ImeiLine[];
  /** The units of the good lines: what is sent. */
  units: UnitInput[];
  /** Lines that cannot be sent as they are. */
  problems: number;
}

/**
 * The list as typed, each line checked at once: its check digits and repeats here, its registration by
 * the server (POST /units/check, once the list rests). `productId`: the product the units come into (a
 * RETURNED unit of it may come in again); none for a product being created.
 */
export function useImeiList(text: string, productId?: number): ImeiList {
  const imeis = useMemo(() => imeisToCheck(text), [text]);
  const checks = useUnitChecks(imeis);
  return useMemo(() => {
    const lines = readImeiLines(text, checks, productId);
    return { lines, units: goodUnits(lines), problems: lines.filter((line) => line.problem).length };
  }, [text, checks, productId]);
}

function problemText(problem: ImeiProblem): string {
  switch (problem.kind) {
    case 'format':
      return T.format;
    case 'invalid':
      return T.invalid(problem.imeis);
    case 'repeated':
      return T.repeated(problem.imeis);
    case 'registered':
      return T.registered(problem.imei, problem.productName, problem.productCode);
  }
}

interface Props {
  value: string;
  onChange: (text: string) => void;
  list: ImeiList;
  autoFocus?: boolean;
  /** Beside the summary (the 'Escanear' button). */
  action?: ReactNode;
}

/** A textarea of IMEIs, one unit a line, and below it each line's verdict (valid, invalid, repeated, registered). */
export function ImeiListField({ value, onChange, list, autoFocus, action }: Props) {
  const { lines, units, problems } = list;
  return (
    <Box>
      <TextField
        label={T.label}
        multiline
        minRows={3}
        maxRows={8}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText={T.help}
        slotProps={{
          htmlInput: { inputMode: 'numeric', spellCheck: false, autoComplete: 'off', sx: { fontFamily: 'monospace' } },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status" sx={{ flex: 1, fontWeight: 500 }}>
          {T.summary(units.length, problems)}
        </Typography>
        {action}
      </Box>
      {lines.length > 0 && (
        <Box
          component="ul"
          aria-label={T.listLabel}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 1,
            p: 0,
            maxHeight: 200,
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {lines.map((line) => (
            <Box
              component="li"
              key={line.number}
              aria-label={T.line(line.number)}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
                px: 1,
                py: 0.5,
                '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
              }}
            >
              {line.problem ? (
                <ErrorOutlineIcon fontSize="small" color="error" sx={{ mt: 0.25 }} />
              ) : (
                <CheckCircleOutlineIcon fontSize="small" color="success" sx={{ mt: 0.25 }} />
              )}
              <Box sx={{ minWidth: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {line.text}
                </Typography>
                <Typography variant="caption" sx={{ color: line.problem ? 'error.main' : 'success.main' }}>
                  {line.problem ? problemText(line.problem) : T.valid}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
