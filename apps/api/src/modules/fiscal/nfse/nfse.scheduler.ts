import type { AppDeps } from '../../../app-deps';

/**
 * The NFS-e of the repairs delivered, by itself (issue 56 §4, decision 0085): every five minutes ('nfse-emit') the
 * labour of each repair delivered without an invoice is emitted (or listed in 'Serviços a faturar'), and the DPS the
 * Sefin Nacional did not answer are sent again.
 */
export function scheduleNfse(
  scheduler: Pick<AppDeps['scheduler'], 'every'>,
  service: { emitDelivered(): Promise<number> },
): void {
  scheduler.every('nfse-emit', 5, async () => {
    const done = await service.emitDelivered();
    return done === 0 ? null : done === 1 ? '1 NFS-e emitida' : `${done} NFS-e emitidas`;
  });
}
