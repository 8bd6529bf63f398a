/**
 * 'Configurações' → 'Fiscal' → 'NFS-e' (issue 56 §4, decision 0085): the screen's own words; the server's refusals
 * are the contract's (nfseSettingsBodySchema, NFSE_TEXTS).
 */
export const NFSE_CARD_TEXTS = {
  title: 'NFS-e (mão de obra dos reparos)',
  text: 'A mão de obra dos reparos é serviço (LC 116/2003, item 14.01) e sai na NFS-e nacional, assinada com o certificado A1; o município é o do emitente.',
  loadFailed: 'Não foi possível carregar as configurações da NFS-e.',
  city: (name: string | null, code: string | null) =>
    name && code ? `Município: ${name} (IBGE ${code})` : 'Salve o emitente para definir o município.',
  national: 'Município aderente ao padrão nacional',
  notNational: "Não aderente: a mão de obra fica em 'Serviços a faturar' para o contador.",
  serviceItem: 'Item da LC 116/2003',
  nationalTaxCode: 'Código de tributação nacional (cTribNac)',
  issRate: 'Alíquota do ISS (%)',
  simples: 'Situação no Simples Nacional',
  simplesOptions: { 1: 'Não optante', 2: 'MEI', 3: 'ME/EPP optante' } as Record<1 | 2 | 3, string>,
  simplesTaxRate: 'Alíquota aproximada do Simples Nacional (%)',
  simplesTaxRateHelp: 'Total aproximado dos tributos da NFS-e (Lei 12.741/2012); exigida para emitir.',
  municipalRegistration: 'Inscrição municipal',
  municipalRegistrationHelp: 'A do cadastro da prefeitura (CNC); em branco se a empresa não tem.',
  dpsSeries: 'Série da DPS',
  nextNumber: (n: number) => `Próximo número da DPS: ${n}`,
  productionUrl: 'Sefin Nacional — produção (vazio: o endereço publicado)',
  homologationUrl: 'Sefin Nacional — produção restrita (vazio: o endereço publicado)',
  save: 'Salvar',
  saving: 'Salvando…',
  saved: 'Configurações da NFS-e salvas.',
  saveFailed: 'Não foi possível salvar as configurações da NFS-e.',
  export: 'Serviços a faturar (CSV)',
  exportFailed: 'Não foi possível baixar os serviços a faturar.',
  exportFile: 'servicos-a-faturar.csv',
} as const;
