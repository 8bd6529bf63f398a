import { z } from 'zod';
import { plural } from './number';

/**
 * The NF-e's contingency in the SEFAZ Virtual de Contingência (issue 56 §2, decision 0083): entered by the shop
 * ('Entrar em contingência', with its justification) or by itself after repeated outages of the state's SEFAZ; left
 * by the shop ('Sair da contingência') or by itself when the state's SEFAZ answers again.
 */

/** xJust of the note (MOC 7.0, campo B29): 15 to 256 characters. */
export const CONTINGENCY_REASON_MIN = 15;
export const CONTINGENCY_REASON_MAX = 256;

export const SVC_NAMES = ['SVC-AN', 'SVC-RS'] as const;
export type SvcNameOf = (typeof SVC_NAMES)[number];

export const nfeContingencyEnterSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(CONTINGENCY_REASON_MIN, `Escreva a justificativa com ao menos ${CONTINGENCY_REASON_MIN} caracteres.`)
    .max(CONTINGENCY_REASON_MAX, `A justificativa tem no máximo ${CONTINGENCY_REASON_MAX} caracteres.`),
});
export type NfeContingencyEnterBody = z.infer<typeof nfeContingencyEnterSchema>;

export const nfeContingencySchema = z.object({
  /** In contingency now: which SVC, since when, why and who (null: by itself). */
  active: z
    .object({
      svc: z.enum(SVC_NAMES),
      since: z.string(),
      reason: z.string(),
      enteredBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable(),
  /** The SVC the shop's state uses (null while the issuer is not saved). */
  svc: z.enum(SVC_NAMES).nullable(),
  /** The notes not yet answered for good (signed, in processing, NFC-e offline) waiting to be sent. */
  pending: z.object({ nfe: z.number().int(), nfce: z.number().int() }),
  /** What the shop reads on 'Notas fiscais' (null: nothing to say). */
  message: z.string().nullable(),
});
export type NfeContingency = z.infer<typeof nfeContingencySchema>;

export const NFE_CONTINGENCY_TEXTS = {
  enter: 'Entrar em contingência',
  leave: 'Sair da contingência',
  reasonLabel: 'Justificativa (vai em cada NF-e emitida em contingência)',
  alreadyIn: (svc: string) => `A loja já está em contingência (${svc}).`,
  notIn: 'A loja não está em contingência.',
  automaticReason: 'SEFAZ autorizadora sem resposta em três envios seguidos de NF-e',
  leftAutomatically: 'A SEFAZ autorizadora voltou a responder (107 Serviço em Operação).',
  leftByShop: 'Saída da contingência pela loja.',
  /** The SVC answered 113 (being switched off) or 114 (switched off by the state's SEFAZ): back to the state's. */
  leftSvcOff: (svc: string, code: number) =>
    `A ${svc} ${code === 113 ? 'está sendo desativada' : 'foi desabilitada'} pela SEFAZ de origem (${code}): as NF-e voltam para a SEFAZ autorizadora.`,
  issuerMissing: 'Salve o emitente em Fiscal antes de entrar em contingência.',
  throughProvider:
    'As notas são enviadas pela Nuvem Fiscal, que faz a contingência por conta própria: a contingência da loja não se aplica.',
  pending: (nfe: number, nfce: number) =>
    [nfe ? plural(nfe, 'NF-e', 'NF-e') : null, nfce ? plural(nfce, 'NFC-e', 'NFC-e') : null]
      .filter(Boolean)
      .join(' e '),
  bellTitle: 'NF-e em contingência',
  /** 'Notas fiscais' and the bell. */
  active: (svc: string, since: string, pending: string) =>
    `NF-e em contingência (${svc}) desde ${since}: as novas notas vão para a SEFAZ Virtual de Contingência.` +
    (pending ? ` Aguardando envio: ${pending}.` : ''),
  waiting: (pending: string) => `Aguardando a SEFAZ: ${pending}. O envio é tentado de novo a cada 5 minutos.`,
} as const;
