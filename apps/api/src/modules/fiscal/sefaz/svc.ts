/**
 * The SEFAZ Virtual de Contingência of the NF-e (issue 56 §2, decision 0083): which one each state's notes go to
 * while its own authoriser is away, and its web services by environment. Both as the Portal Nacional da NF-e's
 * 'Relação de Serviços Web' publishes them and nfephp-org/sped-nfe keeps them: the states' table in
 * src/Factories/Contingency.php (`activate`: AC, AL, AP, CE, DF, ES, MG, PA, PB, PI, RJ, RN, RO, RR, RS, SC, SE, SP,
 * TO → SVCAN; AM, BA, GO, MA, MS, MT, PE, PR → SVCRS), the addresses in storage/wsnfe_4.00_mod55.xml (entries
 * SVCAN and SVCRS: SVC-AN on the Ambiente Nacional's sefazvirtual.fazenda.gov.br, SVC-RS on the SVRS's NF-e
 * services). The SVC is of the NF-e only (MOC 7.0 rule B22-70: 783 'NFC-e não é autorizada pela SVC'), and it offers
 * no voiding (no NfeInutilizacao in the SVC's list of the Portal): numbers are voided at the state's SEFAZ.
 */
import type { SefazUrls } from './sefaz-urls';

export type SvcName = 'SVC-AN' | 'SVC-RS';

/** tpEmis of each SVC (MOC 7.0, campo B22: 6 SVC-AN, 7 SVC-RS). */
export const SVC_EMISSION_TYPE: Readonly<Record<SvcName, 6 | 7>> = { 'SVC-AN': 6, 'SVC-RS': 7 };

const AN = 'AC AL AP CE DF ES MG PA PB PI RJ RN RO RR RS SC SE SP TO'.split(' ');
const RS = 'AM BA GO MA MS MT PE PR'.split(' ');

/** The SVC of each state's NF-e. */
export const SVC_OF_STATE: Readonly<Record<string, SvcName>> = Object.fromEntries([
  ...AN.map((uf) => [uf, 'SVC-AN'] as const),
  ...RS.map((uf) => [uf, 'SVC-RS'] as const),
]);

/** The SVC that serves `uf`'s NF-e; an unknown state is an error of the issuer's settings. */
export function svcOf(uf: string): SvcName {
  const svc = SVC_OF_STATE[uf];
  if (!svc) throw new Error(`UF sem SEFAZ Virtual de Contingência: ${uf}`);
  return svc;
}

type SvcUrls = Omit<SefazUrls, 'voidNumbers'>;

const AN_AT = (host: string): SvcUrls => ({
  status: `https://${host}/NFeStatusServico4/NFeStatusServico4.asmx`,
  authorize: `https://${host}/NFeAutorizacao4/NFeAutorizacao4.asmx`,
  receipt: `https://${host}/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx`,
  protocol: `https://${host}/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx`,
  event: `https://${host}/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx`,
});
const RS_AT = (host: string): SvcUrls => ({
  status: `https://${host}/ws/NfeStatusServico/NfeStatusServico4.asmx`,
  authorize: `https://${host}/ws/NfeAutorizacao/NFeAutorizacao4.asmx`,
  receipt: `https://${host}/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx`,
  protocol: `https://${host}/ws/NfeConsulta/NfeConsulta4.asmx`,
  event: `https://${host}/ws/recepcaoevento/recepcaoevento4.asmx`,
});

const SVC_URLS: Readonly<Record<SvcName, { homologation: SvcUrls; production: SvcUrls }>> = {
  'SVC-AN': {
    homologation: AN_AT('hom.sefazvirtual.fazenda.gov.br'),
    production: AN_AT('www.sefazvirtual.fazenda.gov.br'),
  },
  'SVC-RS': { homologation: RS_AT('nfe-homologacao.svrs.rs.gov.br'), production: RS_AT('nfe.svrs.rs.gov.br') },
};

/**
 * The web services of the SVC `svc` in `environment` (1 produção, 2 homologação). The voiding's address is the
 * state's own (`normal.voidNumbers`): the SVC has none.
 */
export function svcUrls(svc: SvcName, environment: 1 | 2, normal: SefazUrls): SefazUrls {
  const urls = environment === 1 ? SVC_URLS[svc].production : SVC_URLS[svc].homologation;
  return { ...urls, voidNumbers: normal.voidNumbers };
}
