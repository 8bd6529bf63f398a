/**
 * What the Sefin Nacional's double refuses (issue 56 §4, decision 0085), each with the code and text the API
 * answers and where they were read. The API's messages are `{ codigo, descricao }` (NFSePostResponseErro /
 * ResponseErro of its OpenAPI). Three codes were read in published answers of the real API; for the others the
 * list of codes of the manual's annex (Anexo I, 'Leiaute e regras de negócio') was not reachable from here: their
 * codes are the double's own, marked `published: false`, to be replaced by the annex's (decision 0085 lists them).
 */
export interface SefinRefusal {
  /** The HTTP status: 400 a rejection, 404 nothing with that key. */
  status: 400 | 404;
  code: string;
  text: string;
  /** Whether the code and text were read in a published answer or document (`source`). */
  published: boolean;
  source: string;
}

const OBSERVED = 'answers of the Sefin Nacional recorded in augusttoleao/nfse-api-backend, ENDPOINTS_DESCOBERTOS.md';

export const SEFIN_REFUSALS = {
  /** The body is not gzip+base64 of a readable XML. */
  malformed: {
    status: 400,
    code: 'E1226',
    text: 'Estrutura descompactada mal formada.',
    published: true,
    source: `${OBSERVED} (POST /nfse, 2026-02-09)`,
  },
  /** A key that is not 50 digits. */
  keyShape: {
    status: 400,
    code: 'E2406',
    text: 'A chave de acesso consultada deve conter 50 números.',
    published: true,
    source: `${OBSERVED} (GET /nfse/emitidas, 2026-02-09)`,
  },
  /** cTribNac not in the national list of services. */
  taxCode: {
    status: 400,
    code: 'E0310',
    text: 'O código de tributação nacional informado não existe conforme a lista de serviços nacional do Sistema Nacional NFS-e.',
    published: true,
    source: 'answer of the Sefin Nacional recorded in mktoduo-tech/saas-oduo, docs/SOLUCAO_ERRO_E0310.md',
  },
  schema: {
    status: 400,
    code: 'DUPLO-SCHEMA',
    text: 'O XML da DPS não atende ao schema DPS_v1.00.xsd.',
    published: false,
    source: 'DPS_v1.00.xsd (the rule); code not found published',
  },
  signature: {
    status: 400,
    code: 'DUPLO-ASSINATURA',
    text: 'Assinatura digital da DPS inválida.',
    published: false,
    source: 'tiposComplexos_v1.00.xsd (ds:Signature of TCDPS); code not found published',
  },
  certificateCnpj: {
    status: 400,
    code: 'DUPLO-CNPJ-CERTIFICADO',
    text: 'O CNPJ do prestador difere do CNPJ base do certificado digital.',
    published: false,
    source: 'the rule of the issue (prestador = certificate); code not found published',
  },
  environment: {
    status: 400,
    code: 'DUPLO-AMBIENTE',
    text: 'O tipo de ambiente informado difere do ambiente de recepção.',
    published: false,
    source: 'TSTipoAmbiente (1 produção, 2 homologação); code not found published',
  },
  duplicate: {
    status: 400,
    code: 'DUPLO-DPS-DUPLICADA',
    text: 'Já existe NFS-e gerada para a DPS informada (mesmo identificador).',
    published: false,
    source: 'TSIdDPS (the DPS identified by city, CNPJ, series and number); code not found published',
  },
  notFound: {
    status: 404,
    code: 'DUPLO-NFSE-INEXISTENTE',
    text: 'NFS-e não encontrada para a chave de acesso informada.',
    published: false,
    source: 'the OpenAPI: 404 ResponseErro on GET /nfse/{chaveAcesso}; code not found published',
  },
  eventSchema: {
    status: 400,
    code: 'DUPLO-SCHEMA-EVENTO',
    text: 'O XML do pedido de registro de evento não atende ao schema pedRegEvento_v1.00.xsd.',
    published: false,
    source: 'pedRegEvento_v1.00.xsd (the rule); code not found published',
  },
  eventKey: {
    status: 400,
    code: 'DUPLO-CHAVE-EVENTO',
    text: 'A chave de acesso do pedido de evento difere da chave informada no caminho.',
    published: false,
    source: 'the OpenAPI (POST /nfse/{chaveAcesso}/eventos); code not found published',
  },
  alreadyCancelled: {
    status: 400,
    code: 'DUPLO-JA-CANCELADA',
    text: 'Evento de cancelamento já registrado para a NFS-e.',
    published: false,
    source: 'TSIdEvento (one event per type and request number); code not found published',
  },
} as const satisfies Record<string, SefinRefusal>;
