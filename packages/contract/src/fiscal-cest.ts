/**
 * CEST and ICMS substitution (issue 55 §2). A product sold under a code of ICMS substitution (ICMS-ST) carries its
 * CEST on the note, or the SEFAZ rejects it (806, NT 2015.003); and the CEST must be the one the Convênio ICMS
 * 142/2018 lists for the product's NCM.
 *
 * The annex rows below are those a phone shop sells (Convênio ICMS 142/2018, Anexo XX — segmento 21 'Produtos
 * eletrônicos, eletroeletrônicos e eletrodomésticos' — and segmento 12 'Materiais elétricos'), each with the NCM
 * prefixes the annex gives it (a prefix of 4 or 6 digits takes in every NCM under it). Sources read: the CEST tables
 * systems publish from the Convênios 92/2015 and 142/2018 (e.g. github ATSTI/administra, script/cest.sql: 21.037.00
 * 8504.40.10, 21.039.00 8507.80.00, 21.053.00 8517.12.31, 21.057.00 8518, 21.062.00 8523.51.10, 21.063.00 and
 * 21.064.00 8523.52.00, 21.086.00 8517.70.21, 21.110.00 8517; 12.007.00 8544 and 12.001.00's exclusion of the
 * chargers of 8504.40.10 in another); 21.053.01 'Telefones para redes celulares portáteis, exceto por satélite' in
 * iDempiere's LBR_CEST; the four CESTs of cell phones and cards (21.053.00, 21.053.01, 21.063.00, 21.064.00) as
 * Convênio ICMS 213/2017 names them (as amended, DOU of 25.01.2023); the Convênio consolidated at SEFAZ MT (to
 * Convênio ICMS 95/2024). The phones' NCM 8517.12.31 became 8517.13.00 (smartphones) and 8517.14.31 in the NCM of
 * 2022: the rows take the three (the new codes by that correspondence, not read in a fetched annex text).
 */

/** CSOSN of the Simples Nacional that carry ICMS-ST (charged here: 201–203, 900; charged before: 500). */
export const SUBSTITUTION_CSOSNS: readonly string[] = ['201', '202', '203', '500', '900'];
/** CST of the Regime Normal that carry ICMS-ST (charged here: 10, 30, 70, 90; charged before: 60). */
export const SUBSTITUTION_CSTS: readonly string[] = ['10', '30', '60', '70', '90'];

/** Whether an ICMS code (a CSOSN or a CST) is one of ICMS substitution: the note then needs the item's CEST. */
export function isSubstitutionCode(code: string | null | undefined): boolean {
  if (!code) return false;
  return code.length === 3 ? SUBSTITUTION_CSOSNS.includes(code) : SUBSTITUTION_CSTS.includes(code);
}

export interface CestRow {
  /** 7 digits (21.053.00 → 2105300). */
  cest: string;
  /** The NCM prefixes the annex lists for it, digits only. */
  ncm: readonly string[];
  description: string;
}

/** The annex's rows for the goods of a phone shop (see the module's comment). */
export const CEST_ANNEX: readonly CestRow[] = [
  {
    cest: '1200700',
    ncm: ['8544'],
    description:
      'Fios, cabos (incluídos os cabos coaxiais) e outros condutores, isolados ou não, para usos elétricos, mesmo com peças de conexão',
  },
  { cest: '2103700', ncm: ['85044010'], description: 'Carregadores de acumuladores' },
  { cest: '2103900', ncm: ['85078000'], description: 'Outros acumuladores' },
  {
    cest: '2105300',
    ncm: ['85171300', '85171431', '85171231'],
    description: 'Telefones para redes celulares, exceto por satélite, os de uso automotivo e os do CEST 21.053.01',
  },
  {
    cest: '2105301',
    ncm: ['85171300', '85171431', '85171231'],
    description: 'Telefones para redes celulares portáteis, exceto por satélite',
  },
  {
    cest: '2105700',
    ncm: ['8518'],
    description:
      'Microfones, alto-falantes, fones de ouvido, mesmo combinados com microfone, amplificadores de som; suas partes e acessórios; exceto os de uso automotivo',
  },
  { cest: '2106200', ncm: ['85235110'], description: 'Cartões de memória ("memory cards")' },
  { cest: '2106300', ncm: ['85235200'], description: 'Cartões inteligentes ("smart cards")' },
  { cest: '2106400', ncm: ['85235200'], description: 'Cartões inteligentes ("sim cards")' },
  { cest: '2108600', ncm: ['85177021'], description: 'Antenas próprias para telefones celulares portáteis' },
  {
    cest: '2111000',
    ncm: ['8517'],
    description:
      'Aparelhos elétricos para telefonia e para transmissão ou recepção de voz, imagens ou dados, incluídas suas partes, exceto os de uso automotivo',
  },
];

/** The annex's rows whose NCM takes in `ncm` (8 digits). */
export function cestRowsForNcm(ncm: string): CestRow[] {
  return CEST_ANNEX.filter((row) => row.ncm.some((prefix) => ncm.startsWith(prefix)));
}

/**
 * Whether `cest` may go with `ncm`: true when the annex's row of that CEST lists the NCM; a CEST of a segment the
 * table does not hold (neither 12 nor 21) is not judged here (true).
 */
export function cestFitsNcm(cest: string, ncm: string): boolean {
  const rows = CEST_ANNEX.filter((row) => row.cest === cest);
  if (rows.length === 0) return !['12', '21'].includes(cest.slice(0, 2));
  return rows.some((row) => row.ncm.some((prefix) => ncm.startsWith(prefix)));
}

const dotted = (cest: string) => `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}`;
const dottedNcm = (ncm: string) => `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}`;

export const CEST_TEXTS = {
  /** The CEST given does not go with the NCM (400). */
  mismatch: (cest: string, ncm: string) => {
    const fitting = cestRowsForNcm(ncm).map((row) => dotted(row.cest));
    return `O CEST ${dotted(cest)} não corresponde ao NCM ${dottedNcm(ncm)} no Convênio ICMS 142/2018${
      fitting.length ? ` (para este NCM: ${fitting.join(', ')})` : ''
    }.`;
  },
  /** A CEST without the NCM it is checked against (400). */
  needsNcm: 'Informe o NCM junto com o CEST: o CEST é conferido com o NCM (Convênio ICMS 142/2018).',
  /** A product invoiced under ICMS-ST without its CEST (400). */
  required: (product: string) =>
    `Informe o CEST do produto ${product}: o seu perfil fiscal é de substituição tributária (ICMS-ST) e a nota precisa do CEST.`,
  /** Products assigned an ICMS-ST profile without their CEST (400), named. */
  requiredForProfile: (products: string[]) =>
    `Informe o CEST antes de dar um perfil de substituição tributária (ICMS-ST): ${products.join(', ')}.`,
  /** The product form's helper when the product's profile is ICMS-ST. */
  requiredHelp: 'Obrigatório: o perfil fiscal deste produto é de substituição tributária (ICMS-ST).',
} as const;
