import { IBPT_MAX_BYTES, IBPT_TEXTS } from '@backoffice/contract';

/**
 * 'Configurações' → 'Fiscal' → 'Tabela IBPT' (issue 55 §2, decision 0077): the screen's own words; the server's
 * refusals are the contract's (IBPT_TEXTS).
 */
export const IBPT_CARD_TEXTS = {
  title: 'Tabela IBPT',
  text: "Os tributos aproximados que as notas ao consumidor informam (Lei 12.741/2012) vêm da tabela do IBPT ('De Olho no Imposto'), um CSV por UF. Baixe a da UF do emitente no site do IBPT e importe aqui; cada importação substitui a tabela da UF.",
  loadFailed: 'Não foi possível carregar as tabelas IBPT.',
  none: 'Nenhuma tabela importada: as notas saem sem os tributos aproximados.',
  noneForIssuer: (uf: string) =>
    `Nenhuma tabela da UF do emitente (${uf}) importada: as notas saem sem os tributos aproximados.`,
  uf: 'UF da tabela',
  choose: 'Escolher CSV e importar',
  importing: 'Importando…',
  imported: (rows: number, uf: string) => `Tabela IBPT de ${uf} importada: ${rows.toLocaleString('pt-BR')} linhas.`,
  importFailed: 'Não foi possível importar a tabela IBPT.',
  tooLarge: IBPT_TEXTS.tooLarge,
  maxSize: `Até ${IBPT_MAX_BYTES / 1024 / 1024} MB.`,
  table: (uf: string) => `Tabela de ${uf}`,
  fields: {
    version: 'Versão',
    key: 'Chave',
    source: 'Fonte',
    validity: 'Vigência',
    rows: 'Linhas',
    imported: 'Importada',
  },
  validity: (from: string, until: string) => `${from} a ${until}`,
  importedBy: (at: string, by: string | null) => (by ? `${at} por ${by}` : at),
  expired: (until: string) =>
    `A vigência desta tabela terminou em ${until}: as notas saem sem os tributos aproximados até a nova ser importada.`,
} as const;
