import { FISCAL_NOTE_STATUS_LABELS, type FiscalNoteStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { StatusChip } from '../status-chip';
import type { StatusTone } from '../status-tone';
import { FISCAL_TEXTS as T } from './texts';

/**
 * A note's situation in the orders' chip colours: waiting for the SEFAZ (an unanswered NFC-e too, its fate to be
 * settled), refused (red), authorised, cancelled or its number voided.
 */
const TONES: Record<FiscalNoteStatus, StatusTone> = {
  SIGNED: 'waiting',
  PROCESSING: 'moving',
  CONTINGENCY: 'waiting',
  AUTHORIZED: 'done',
  REJECTED: 'stopped',
  DENIED: 'stopped',
  CANCELLED: 'neutral',
  UNKNOWN: 'waiting',
  VOIDED: 'neutral',
};

export function FiscalNoteStatusChip({ status }: { status: FiscalNoteStatus }) {
  return <StatusChip status={status} labels={FISCAL_NOTE_STATUS_LABELS} tones={TONES} />;
}

/** 'Homologação' beside a note of the test environment (environment 2): it has no fiscal value. */
export function HomologationChip({ environment }: { environment: 1 | 2 }) {
  if (environment !== 2) return null;
  return <Chip size="small" variant="outlined" label={T.homologation} title={T.homologationHint} />;
}
