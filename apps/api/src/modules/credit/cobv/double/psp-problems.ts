/*
 * Every refusal the PSP double answers, with its published type, title and status, and where each is published:
 * - BACEN's Pix API, bacen/pix-api `openapi.yaml` version 2.9.0 ("API Pix"): its `info.description` section
 *   "Tag CobV" lists `CobVNaoEncontrada` (404, `[GET|PATCH] /cobv/{txid}`) and `CobVOperacaoInvalida` (400,
 *   `[PUT|PATCH] /cobv/{txid}`) with each violation's text; the titles are those of its examples
 *   `RequisicaoInvalidaCobVExample1` ('Cobrança inválida.'), `OperacaoInvalidaCobVExample1` ('Operação
 *   inválida.'), `NaoEncontradoExample1` ('Não Encontrado'), `AcessoNegadoExample1` ('Acesso Negado');
 * - its "Tag Webhook" section: `WebhookOperacaoInvalida` (400, `PUT /webhook/{chave}`, its three violations) and
 *   `WebhookNaoEncontrado` (404, `GET|DELETE /webhook/{chave}`); the title 'Webhook inválido.' is this double's;
 * - the OAuth2 token endpoint: RFC 6749 §5.2 (`invalid_client`, 401; `unsupported_grant_type`, 400), and a
 *   missing or unknown bearer token RFC 6750 §3.1 (`invalid_token`, 401).
 */

export const PIX_API_DOCUMENT = 'bacen/pix-api openapi.yaml 2.9.0';
const ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  violacoes?: { razao: string; propriedade: string }[];
}

/** The violations of `PUT|PATCH /cobv/{txid}`, in the words of the document's "Tag CobV" section. */
export const COBV_VIOLATIONS = {
  dueBeforeCreation: 'O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.',
  validityNegative: 'O campo cobv.calendario.validadeAposVencimento é menor do que zero.',
  debtor: 'O objeto cobv.devedor não respeita o _schema_.',
  key: 'O campo cobv.chave não respeita o _schema_.',
  keyNotOwned: 'O campo cobv.chave corresponde a uma conta que não pertence a este usuário recebedor.',
  original: 'O campo cobv.valor.original não respeita o _schema_.',
  originalZero: 'O campo cobv.valor.original apresenta o valor zero.',
  fine: 'O objeto cobv.valor.multa não respeita o _schema_.',
  interest: 'O objeto cobv.valor.juros não respeita o _schema_.',
  discount: 'O objeto cobv.valor.desconto não respeita o _schema_.',
  notActivePut: 'A cobrança já existe, não está ATIVA, e a presente requisição busca alterá-la',
  notActivePatch: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la',
  removeWithChanges:
    'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações',
  status: 'o campo cob.status não respeita o _schema_.',
  txid: 'O campo txid não respeita o _schema_.',
} as const;

/** `CobVOperacaoInvalida` (400) with its violations: 'Cobrança inválida.' as the document's example titles it. */
export function cobvInvalid(violacoes: { razao: string; propriedade: string }[]): Problem {
  return {
    type: `${ERROR_BASE}CobVOperacaoInvalida`,
    title: 'Cobrança inválida.',
    status: 400,
    detail:
      'A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o _schema_ ou está semanticamente errada.',
    violacoes,
  };
}

/** `CobVOperacaoInvalida` (400) of a cobv no longer ATIVA: 'Operação inválida.', the example's detail. */
export function cobvNotActive(razao: string): Problem {
  return {
    type: `${ERROR_BASE}CobVOperacaoInvalida`,
    title: 'Operação inválida.',
    status: 400,
    detail: 'Cobrança não encontra-se mais com o status ATIVA, somente cobranças ativas podem ser revisadas.',
    violacoes: [{ razao, propriedade: 'cobv.status' }],
  };
}

/** `CobVNaoEncontrada` (404): 'Cobrança com vencimento não encontrada para o txid informado.' */
export const cobvNotFound = (): Problem => ({
  type: `${ERROR_BASE}CobVNaoEncontrada`,
  title: 'Não Encontrado',
  status: 404,
  detail: 'Cobrança com vencimento não encontrada para o txid informado.',
});

/**
 * `PixConsultaInvalida` (400) of `GET /pix` with its violation. The document publishes the type, its status and the
 * violations ("Tag Pix") but no example of it: the title and detail are the double's, from its "Significado".
 */
export function pixListInvalid(razao: string, propriedade: string): { status: 400; body: Problem; problem: true } {
  return {
    status: 400,
    problem: true,
    body: {
      type: `${ERROR_BASE}PixConsultaInvalida`,
      title: 'Consulta inválida.',
      status: 400,
      detail:
        'Os parâmetros de consulta à lista de pix recebidos não respeitam o schema ou não fazem sentido semanticamente.',
      violacoes: [{ razao, propriedade }],
    },
  };
}

/** The violations of `PUT /webhook/{chave}`, in the words of the document's "Tag Webhook" section. */
export const WEBHOOK_VIOLATIONS = {
  keyInvalid: 'o parâmetro {chave} não corresponde a uma chave DICT válida.',
  keyNotOwned: 'o parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.',
  url: 'Campo webhook.webhookUrl não respeita o _schema_.',
} as const;

/** `WebhookOperacaoInvalida` (400, `PUT /webhook/{chave}`) with its violation. */
export const webhookInvalid = (razao: string, propriedade: string): Problem => ({
  type: `${ERROR_BASE}WebhookOperacaoInvalida`,
  title: 'Webhook inválido.',
  status: 400,
  detail:
    'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, apresenta semântica inválida.',
  violacoes: [{ razao, propriedade }],
});

/** `WebhookNaoEncontrado` (404, `GET|DELETE /webhook/{chave}`). */
export const webhookNotFound = (): Problem => ({
  type: `${ERROR_BASE}WebhookNaoEncontrado`,
  title: 'Não Encontrado',
  status: 404,
  detail: 'O webhook denotado por {chave} não encontra-se estabelecido.',
});
