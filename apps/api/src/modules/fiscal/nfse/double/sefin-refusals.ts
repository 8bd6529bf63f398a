/**
 * What the Sefin Nacional's double refuses (issue 56 §4, decisions 0085 and 0091), each with the code and text the API
 * answers and the document that publishes them. The API's messages are `{ codigo, descricao, complemento }`
 * (MensagemProcessamento of its OpenAPI). The DPS rules are those of the manual's annex 'Anexo I – Leiaute e Regras
 * de Negócio' (ANEXO_I-SEFIN_ADN-DPS_NFSe-SNNFSe.xlsx, sheet 'RN DPS_NFS-e': the rule's number, its CÓD. ERRO and
 * MSG. ERRO copied as published), read from the copy shipped in nfse-nacional/nfse-php (references/, commit
 * 07686b77 of 2026-01-10). The reception rules (sheet 'RN_RECEPCAO_DPS') publish texts without codes: their codes
 * were read in answers of the real API. Four refusals about events and look-ups have no published code: the
 * double's own `DUPLO-…`, marked `published: false`.
 */
export interface SefinRefusal {
  /** The HTTP status: 400 a rejection, 404 nothing with that key or DPS Id. */
  status: 400 | 404;
  code: string;
  text: string;
  /** Whether the code and text were read in a published answer or document (`source`). */
  published: boolean;
  source: string;
}

const OBSERVED = 'answers of the Sefin Nacional recorded in augusttoleao/nfse-api-backend, ENDPOINTS_DESCOBERTOS.md';
const ANNEX = "Anexo I (ANEXO_I-SEFIN_ADN-DPS_NFSe-SNNFSe.xlsx), sheet 'RN DPS_NFS-e'";
const ANNEX_RECEPTION = "Anexo I (ANEXO_I-SEFIN_ADN-DPS_NFSe-SNNFSe.xlsx), sheet 'RN_RECEPCAO_DPS'";
const rule = (n: number) => `${ANNEX}, rule #${n}`;

export const SEFIN_REFUSALS = {
  /** The body is not gzip+base64 of a readable XML. */
  malformed: {
    status: 400,
    code: 'E1226',
    text: 'Estrutura descompactada mal formada.',
    published: true,
    source: `${ANNEX_RECEPTION} #14 (text); code: ${OBSERVED} (POST /nfse, 2026-02-09)`,
  },
  /** A key that is not 50 digits. */
  keyShape: {
    status: 400,
    code: 'E2406',
    text: 'A chave de acesso consultada deve conter 50 números.',
    published: true,
    source: `${OBSERVED} (GET /nfse/emitidas, 2026-02-09)`,
  },
  /** The DPS (or the pedido de evento) does not validate against its schema. */
  schema: {
    status: 400,
    code: 'E1235',
    text: 'Falha no esquema XML do DF-e.',
    published: true,
    source:
      ANNEX_RECEPTION +
      ' #19 (text); code: answer of the Sefin Nacional quoted in nfewizard-org/nfewizard-io issue #100 (2026-07-02)',
  },
  /** The signature over infDPS does not verify (the DPS was changed after signing). */
  signature: {
    status: 400,
    code: 'E0714',
    text: 'Arquivo enviado com erro na assinatura.',
    published: true,
    source: rule(466),
  },
  /** The signing certificate's CNPJ root is not the prestador's (the emitente, tpEmit 1). */
  certificateCnpj: {
    status: 400,
    code: 'E0718',
    text: 'A assinatura deve ser feita com o certificado digital do emitente da DPS.',
    published: true,
    source: rule(470),
  },
  /** infDPS/@Id is not 'DPS' + cLocEmi + tpInsc + CNPJ + série (5) + nDPS (15). */
  idMismatch: {
    status: 400,
    code: 'E0004',
    text: 'Conteúdo do identificador informado na DPS difere da concatenação dos campos correspondentes.',
    published: true,
    source: rule(63),
  },
  /** tpAmb is not the environment that received the DPS. */
  environment: {
    status: 400,
    code: 'E0006',
    text: 'Ambiente informado diverge do ambiente de recebimento para o qual o emitente enviou a DPS.',
    published: true,
    source: rule(64),
  },
  /** dhEmi after the moment the API processes the DPS. */
  futureEmission: {
    status: 400,
    code: 'E0008',
    text: 'A data e hora de emissão da DPS deve ser anterior ou igual à data do seu processamento (dhProc) pelo Sistema Nacional NFS-e.',
    published: true,
    source: rule(65),
  },
  /** A DPS whose Id (city, CNPJ, series, number) already generated an NFS-e. */
  duplicate: {
    status: 400,
    code: 'E0014',
    text: 'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
    published: true,
    source: rule(69),
  },
  /** dCompet after the day of dhEmi. */
  competenceAfterEmission: {
    status: 400,
    code: 'E0015',
    text: 'A data de competência informada na DPS não pode ser posterior à data de emissão (dhEmi) da DPS.',
    published: true,
    source: rule(71),
  },
  /** dCompet before the day the registry says the prestador's CNPJ was registered (its `openedOn`). */
  competenceBeforeCnpj: {
    status: 400,
    code: 'E0018',
    text: 'A data de competência informada na DPS deve ser igual ou posterior à data de inscrição do CNPJ do emitente no cadastro CNPJ.',
    published: true,
    source: rule(74),
  },
  /** tpEmit 2 (tomador) or 3 (intermediário). */
  notByProvider: {
    status: 400,
    code: 'E9996',
    text: 'Nesta versão da aplicação, não é permitida a emissão de NFS-e pelo tomador ou intermediário.',
    published: true,
    source: rule(77),
  },
  /** cLocEmi not a city that has joined the national NFS-e (the double's `cities`). */
  emitterCity: {
    status: 400,
    code: 'E0037',
    text: 'O código do município emissor informado na DPS é inexistente no cadastro de convênio municipal do sistema nacional.',
    published: true,
    source: rule(83),
  },
  /** The prestador's CNPJ fails its check digits. */
  providerCnpj: {
    status: 400,
    code: 'E0080',
    text: 'CNPJ do prestador informado na DPS é inválido.',
    published: true,
    source: rule(109),
  },
  /** The prestador's CNPJ is not in the double's registry (the CNPJ cadastre it knows). */
  providerUnknown: {
    status: 400,
    code: 'E0082',
    text: 'CNPJ do emitente prestador não encontrado no cadastro CNPJ na data de competência.',
    published: true,
    source: rule(110),
  },
  /** cLocEmi is neither the city of the CNPJ's address nor one of its CNC NFS-e registrations. */
  providerNotInCity: {
    status: 400,
    code: 'E0084',
    text: 'CNPJ do emitente prestador não possui estabelecimento ou domicílio em um município correspondente ao município emissor, na data de competência informada na DPS, conforme cadastros CNPJ e CNC NFS-e.',
    published: true,
    source: rule(111),
  },
  /** The prestador has a CNC NFS-e registration in cLocEmi and the DPS carries no IM (a MEI excepted). */
  municipalRegistrationMissing: {
    status: 400,
    code: 'E0116',
    text: 'A IM deve ser informada para o emitente prestador do serviço na DPS, conforme informações complementares registradas no CNC NFS-e do município emissor informado na DPS.',
    published: true,
    source: rule(121),
  },
  /** The DPS carries an IM and the prestador has no CNC NFS-e registration in cLocEmi. */
  municipalRegistrationNotAllowed: {
    status: 400,
    code: 'E0120',
    text: 'IM do prestador não deve ser informado, pois não existem informações complementares registradas no CNC NFS-e do município emissor informado na DPS.',
    published: true,
    source: rule(123),
  },
  /** opSimpNac differs from the registry's Simples situation (a CNPJ not in the Simples cadastre is 1). */
  simplesSituation: {
    status: 400,
    code: 'E0160',
    text: 'No mês de competência da NFS-e, a opção de situação perante o Simples Nacional, do prestador, informada na DPS não está de acordo com o cadastro Simples Nacional.',
    published: true,
    source: rule(147),
  },
  /** regApTribSN given for opSimpNac 1 or 2. */
  regimeNotAllowed: {
    status: 400,
    code: 'E0162',
    text: 'Não é permitido ao não optante do Simples Nacional e o MEI preencherem o campo de indicação do regime de apuração dos tributos apurados.',
    published: true,
    source: rule(149),
  },
  /** regApTribSN missing for opSimpNac 3 (ME/EPP). */
  regimeMissing: {
    status: 400,
    code: 'E0166',
    text: 'É obrigatorio o preenchimento do campo de regime de apuração dos tributos do SN para o optante do Simples Nacional ME/EPP.',
    published: true,
    source: rule(150),
  },
  /** regEspTrib other than 0 for a MEI. */
  meiSpecialRegime: {
    status: 400,
    code: 'E0174',
    text: `Quando o prestador da NFS-e é MEI (opSimpNac = 2) o regime especial de tributação deve ser "Nenhum" (regEspTrib = 0).`,
    published: true,
    source: rule(152),
  },
  /** regEspTrib other than 0 for an ME/EPP whose taxes are in the Simples (regApTribSN 1). */
  simplesSpecialRegime: {
    status: 400,
    code: 'E0175',
    text: 'Quando o prestador optante pelo Simples Nacional tiver o regime de apuração dos tributos ocorrendo também pelo Simples Nacional, o regime especial de tributação do ISSQN deve ser "Nenhum" (regEspTrib = 0).',
    published: true,
    source: rule(153),
  },
  /** cLocPrestacao not an IBGE municipality (nor 0000000). */
  serviceCity: {
    status: 400,
    code: 'E0302',
    text: 'O código do local da prestação do serviço não existe conforme a tabela de municípios IBGE disponibilizada no ANEXO_A-MUNICIPIO_IBGE-PAISES_ISO2-SNNFSe.',
    published: true,
    source: rule(235),
  },
  /** cTribNac not in the national list of services the double knows. */
  taxCode: {
    status: 400,
    code: 'E0310',
    text: 'O código de tributação nacional informado não existe ou não está administrado pelo município de incidência do ISSQN na data de competência informada na DPS,  conforme a lista de serviços nacional do Sistema Nacional NFS-e.',
    published: true,
    source: `${rule(239)}; an older wording was answered by the API (mktoduo-tech/saas-oduo, docs/SOLUCAO_ERRO_E0310.md)`,
  },
  /** pAliq above 5,00 %. */
  rateAbove5: {
    status: 400,
    code: 'E0595',
    text: 'Não é permitido informar alíquota superior a 5%.',
    published: true,
    source: rule(421),
  },
  /** pAliq given by a MEI. */
  rateForMei: {
    status: 400,
    code: 'E0600',
    text: 'Não é permitido informar a alíquota para prestador de serviço optante do simples nacional do tipo MEI.',
    published: true,
    source: rule(422),
  },
  /** pAliq given with regEspTrib other than 0. */
  rateWithSpecialRegime: {
    status: 400,
    code: 'E0604',
    text: 'Não é permitido informar alíquota quando o prestador de serviço possui algum regime especial de tributação.',
    published: true,
    source: rule(424),
  },
  /** pAliq given by a non-optante where the city has joined (the rate is the city's, from its parameters). */
  rateNotOptant: {
    status: 400,
    code: 'E0617',
    text: `Não é permitido informar alíquota quando o prestador de serviço não é optante do simples nacional (opSimpNac = 1) na data de competência informada na DPS, com o município de incidência do ISSQN com situação "ATIVO" no Sistema Nacional NFS-e.`,
    published: true,
    source: rule(427),
  },
  /** pAliq given by an ME/EPP paying the ISS in the Simples (regApTribSN 1), not withheld, city joined. */
  rateSimples: {
    status: 400,
    code: 'E0625',
    text: 'Não é permitido informar alíquota quando não há indicação de retenção do ISSQN (tpRetISSQN = 1) para o prestador de serviço ME/EPP (opSimpNac = 3) na data de competência informada na DPS, com apuração do ISSQN pelo simples nacional (regApTribISSQN = 1), sem benefício municipal ou, se houver, seja diferente de isenção ou alíquota diferenciada, cujo município de incidência esteja Ativo no Sistema Nacional NFS-e.',
    published: true,
    source: rule(430),
  },
  /** totTrib/vTotTrib/vTotTribFed above vServ (below 0 the schema refuses first: TSDec15V2). */
  totalTaxFederalValue: {
    status: 400,
    code: 'E0702',
    text: 'Se o valor for informado, então deve ser igual ou maior que 0 e menor ou igual o valor do serviço.',
    published: true,
    source: rule(457),
  },
  /** totTrib/vTotTrib/vTotTribEst above vServ (below 0 the schema refuses first: TSDec15V2). */
  totalTaxStateValue: {
    status: 400,
    code: 'E0703',
    text: 'Se o valor for informado, então deve ser igual ou maior que 0 e menor ou igual o valor do serviço.',
    published: true,
    source: rule(458),
  },
  /** totTrib/vTotTrib/vTotTribMun above vServ (below 0 the schema refuses first: TSDec15V2). */
  totalTaxMunicipalValue: {
    status: 400,
    code: 'E0704',
    text: 'Se o valor for informado, então deve ser igual ou maior que 0 e menor ou igual o valor do serviço.',
    published: true,
    source: rule(459),
  },
  /** totTrib/pTotTrib/pTotTribFed above 100 % (TSDec3V2 allows up to 999.99; below 0 the schema refuses first). */
  totalTaxFederalRate: {
    status: 400,
    code: 'E0706',
    text: 'Se a alíquota for informada, então deve ser igual ou maior que 0 e menor ou igual a 100%.',
    published: true,
    source: rule(461),
  },
  /** totTrib/pTotTrib/pTotTribEst above 100 % (TSDec3V2 allows up to 999.99; below 0 the schema refuses first). */
  totalTaxStateRate: {
    status: 400,
    code: 'E0707',
    text: 'Se a alíquota for informada, então deve ser igual ou maior que 0 e menor ou igual a 100%.',
    published: true,
    source: rule(462),
  },
  /** totTrib/pTotTrib/pTotTribMun above 100 % (TSDec3V2 allows up to 999.99; below 0 the schema refuses first). */
  totalTaxMunicipalRate: {
    status: 400,
    code: 'E0708',
    text: 'Se a alíquota for informada, então deve ser igual ou maior que 0 e menor ou igual a 100%.',
    published: true,
    source: rule(463),
  },
  /** A MEI's totTrib with pTotTribSN (it may give vTotTrib, pTotTrib or indTotTrib). */
  totalTaxesMei: {
    status: 400,
    code: 'E0710',
    text: 'Para MEI somente um dos 3 poderá ser informado: \ngrupo vTotTrib ou pTotTrib ou indTotTrib;',
    published: true,
    source: rule(464),
  },
  /** An ME/EPP's totTrib with indTotTrib (it may give vTotTrib, pTotTrib or pTotTribSN). */
  totalTaxesSimples: {
    status: 400,
    code: 'E0712',
    text: 'Para ME/EPP somente um dos 3 poderá ser informado: \ngrupo vTotTrib ou pTotTrib ou pTotTribSN;',
    published: true,
    source: rule(465),
  },
  /**
   * A non-optante's totTrib with indTotTrib or pTotTribSN. Not in the annex of commit 07686b77 (rule added by the
   * Nota Técnica 007 of the SN NFS-e): the code as the API answered in nfse-nacional/nfse-php issue #34 (2026-03,
   * a non-optante's DPS with indTotTrib 0), the text as the API answered quoted in TOTVS's TDN page 'DT Rejeição
   * E0713 - NT007 NFS-e' (tdninterno.totvs.com, DMANFATMANUT-14747).
   */
  totalTaxesNotOptant: {
    status: 400,
    code: 'E0713',
    text: 'Para Não Optante do SN os campos, indicador de informação de valor total de tributos e percentual aproximado do total dos tributos da alíquota do Simples Nacional (%), não podem ser informados.',
    published: true,
    source:
      'answer of the Sefin Nacional quoted in nfse-nacional/nfse-php issue #34 (code) and in TOTVS TDN, "DT Rejeição E0713 - NT007 NFS-e" (text)',
  },
  /** The pedido de registro de evento does not validate against pedRegEvento_v1.00.xsd. */
  eventSchema: {
    status: 400,
    code: 'E1235',
    text: 'Falha no esquema XML do DF-e.',
    published: true,
    source: `${ANNEX_RECEPTION} #19 (a pedido de evento is a DF-e too); code as \`schema\``,
  },
  /** No NFS-e with that key. */
  notFound: {
    status: 404,
    code: 'DUPLO-NFSE-INEXISTENTE',
    text: 'NFS-e não encontrada para a chave de acesso informada.',
    published: false,
    source: 'the OpenAPI: 404 ResponseErro on GET /nfse/{chaveAcesso}; code not found published',
  },
  /** No NFS-e generated from that DPS Id. */
  dpsNotFound: {
    status: 404,
    code: 'DUPLO-DPS-INEXISTENTE',
    text: 'Não existe NFS-e gerada a partir da DPS informada.',
    published: false,
    source: 'the OpenAPI: 404 ResponseErro on GET /dps/{id} (Dps_Get); code not found published',
  },
  /** The pedido's chNFSe is not the key of the path. */
  eventKey: {
    status: 400,
    code: 'DUPLO-CHAVE-EVENTO',
    text: 'A chave de acesso do pedido de evento difere da chave informada no caminho.',
    published: false,
    source: 'the OpenAPI (POST /nfse/{chaveAcesso}/eventos); code not found published',
  },
  /** A second cancellation of the same NFS-e. */
  alreadyCancelled: {
    status: 400,
    code: 'DUPLO-JA-CANCELADA',
    text: 'Evento de cancelamento já registrado para a NFS-e.',
    published: false,
    source: 'TSIdEvento (one event per type and request number); code not found published',
  },
} as const satisfies Record<string, SefinRefusal>;
