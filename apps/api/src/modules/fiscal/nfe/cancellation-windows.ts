/**
 * How long after its authorisation a note may be cancelled (event 110111), by model and by the authorising state —
 * the one table the server's refusal, the screen's 'Cancelável até 14:32' and the SEFAZ double's rejection 501
 * ('Rejeição: Prazo de cancelamento superior ao previsto na Legislação') all read (issue 56 §3, decision 0084).
 *
 * Sources:
 * - NF-e (55): 24 hours in every state. Ajuste SINIEF 07/05, cláusula décima segunda (the deadline set by Ato COTEPE;
 *   24 h since Ato COTEPE/ICMS 13/10, which replaced the 168 h of Ato COTEPE/ICMS 33/08 — the Ato's number as the
 *   consulted pages give it, not checked against the DOU); the MOC's rule of the cancellation event, rejection 501
 *   ("NF-e autorizada a mais de 24 horas (1 dia)", oobj.com.br's text of the rule). Some states (e.g. SP) accept a
 *   late cancellation ('cancelamento extemporâneo') through a request at their portal: that is not the event and
 *   not this table.
 * - NFC-e (65): 30 minutes. Ajuste SINIEF 19/16, cláusula décima quinta, in the wording of Ajuste SINIEF 07/18
 *   (from October 2018): "em prazo não superior a 30 minutos, podendo ser reduzido a critério de cada unidade
 *   federada"; the validation of NT 2015/002 (mod 65: more than 30 minutes is rejection 501). The pages consulted
 *   (blog.nfemais.com.br 'Rejeição 501', oobj.com.br 'Rejeição 501', the MicroUniverso and POSConsumer help pages on
 *   the late cancellation of the NFC-e) give 30 minutes in every state; none names a state that reduced it, and we
 *   found no state still at 24 h for the NFC-e. The older 24 h of some states ended with Ajuste SINIEF 07/18. Where a
 *   state publishes a shorter window, change its line below: each state has its own.
 */
import { BRAZILIAN_STATES } from '@backoffice/contract';
import { ufOfKey } from './states';

export interface CancellationWindow {
  /** Minutes after the authorisation (dhRecbto of the protNFe). */
  minutes: number;
  /** In Portuguese, for the refusal: '24 horas', '30 minutos'. */
  label: string;
  source: string;
}

const NFE_WINDOW: CancellationWindow = {
  minutes: 24 * 60,
  label: '24 horas',
  source: 'Ajuste SINIEF 07/05, cl. 12ª; Ato COTEPE/ICMS 13/10; MOC, rejeição 501',
};

const NFCE_SOURCE = 'Ajuste SINIEF 19/16, cl. 15ª (redação do Ajuste SINIEF 07/18); NT 2015/002, rejeição 501';

/** The NFC-e's window in each state, in minutes (30 in all, as published; see above). */
const NFCE_MINUTES: Readonly<Record<string, number>> = {
  AC: 30,
  AL: 30,
  AM: 30,
  AP: 30,
  BA: 30,
  CE: 30,
  DF: 30,
  ES: 30,
  GO: 30,
  MA: 30,
  MG: 30,
  MS: 30,
  MT: 30,
  PA: 30,
  PB: 30,
  PE: 30,
  PI: 30,
  PR: 30,
  RJ: 30,
  RN: 30,
  RO: 30,
  RR: 30,
  RS: 30,
  SC: 30,
  SE: 30,
  SP: 30,
  TO: 30,
};

const minutesLabel = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}` : `${minutes} minutos`;

/** The window of a note of `model` authorised by the state `uf` ('SP'). */
export function cancellationWindow(model: number, uf: string): CancellationWindow {
  if (model === 55) return NFE_WINDOW;
  const minutes = NFCE_MINUTES[uf] ?? 30;
  return { minutes, label: minutesLabel(minutes), source: NFCE_SOURCE };
}

/** The window of the note `accessKey` (its model and its authorising state are in the key). */
export function cancellationWindowOfKey(accessKey: string): CancellationWindow {
  return cancellationWindow(Number(accessKey.slice(20, 22)), ufOfKey(accessKey));
}

/** The last moment the note `accessKey`, authorised at `authorizedAt`, may be cancelled. */
export function cancellableUntil(accessKey: string, authorizedAt: Date): Date {
  return new Date(authorizedAt.getTime() + cancellationWindowOfKey(accessKey).minutes * 60_000);
}

/** Every state has its NFC-e line (a state added to the contract's table without one is a test failure). */
export const NFCE_WINDOW_STATES = Object.keys(NFCE_MINUTES);
export const ALL_STATES = BRAZILIAN_STATES.map((state) => state.uf);
