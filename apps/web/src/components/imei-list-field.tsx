import type { UnitInput } from '@backoffice/contract';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { goodUnits, type ImeiLine, type ImeiProblem } from '../lib/imei-lines';
import { IMEI_LIST_TEXTS as T } from './imei-list-texts';

export interface ImeiList {
  lines: ImeiLine[];
  /** The units of the good lines: what is sent. */
  units: UnitInput[];
  /** Lines that cannot be sent as they are. */
  problems: number;
}

/** The list of lines read (`readImeiLines`): its good units and how many lines are wrong. */
export const imeiListOf = (lines: ImeiLine[]): ImeiList => ({
  lines,
  units: goodUnits(lines),
  problems: lines.filter((line) => line.problem).length,
});

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
  /** The field's label (default: 'IMEIs (um por linha)'). */
  label?: string;
  /** The units wanted, when known (a note's item): the summary reads "2 de 3 unidades válidas". */
  expected?: number | null;
}

/** A textarea of IMEIs, one unit a line, and below it each line's verdict (valid, invalid, repeated, registered). */
export function ImeiListField({ value, onChange, list, autoFocus, action, label = T.label, expected }: Props) {
  const { lines, units, problems } = list;
  return (
    <Box>
      <TextField
        label={label}
        multiline
        minRows={3}
        maxRows={8}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText={T.help}
        slotProps={{
          // One unit one visual line ('IMEI;IMEI2' is 31 characters): never wrapped, so a phone's screen does not
          // show a dual-SIM's second IMEI as a line of its own; the field scrolls sideways instead.
          htmlInput: {
            inputMode: 'numeric',
            spellCheck: false,
            autoComplete: 'off',
            wrap: 'off',
            sx: { fontFamily: 'monospace', fontSize: { xs: '0.875rem', sm: '1rem' } },
          },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status" sx={{ flex: 1, fontWeight: 500 }}>
          {T.summary(units.length, problems, expected)}
        </Typography>
        {action}
      </Box>
      {lines.length > 0 && (
        // Focusable: a long list scrolls with the keyboard too.
        <Box
          component="ul"
          aria-label={T.listLabel}
          tabIndex={0}
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
