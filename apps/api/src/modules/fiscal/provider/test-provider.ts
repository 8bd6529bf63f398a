/**
 * A Nuvem Fiscal of the tests (issue 41: no provider can be reached from these machines): an HTTP server on
 * 127.0.0.1 answering the endpoints provider-client.ts calls, as Nuvem Fiscal's published API 2.60.0 describes them
 * (the OpenAPI its SDKs are generated from: github.com/nuvem-fiscal/nuvemfiscal-sdk-php, docs/Api/NfeApi.md,
 * NfceApi.md, docs/Model/*.md; see provider-client.ts's header for the details):
 * - POST /oauth/token (its tokenUrl): OAuth 2.0 client credentials, the client's id and secret by HTTP Basic (as the
 *   official SDKs send them) or in the form; a wrong pair is 401 { error: 'invalid_client' } (RFC 6749 §5.2);
 *   tokens of `tokenTtlSeconds`, scoped ('nfe', 'nfce'); `revokeTokens()` makes the API answer 401 to them.
 * - POST /nfe and /nfce (NfePedidoEmissao): the body checked as the OpenAPI types it — the required fields of each
 *   group (NfePedidoEmissao, NfeSefazInfNFe, Ide, Dest, Endereco, Det, Prod, ICMS*, PIS*, COFINS*, IBSCBS,
 *   Total, ICMSTot, Transp, Pag, DetPag, Card, Dup), integers, numbers and strings (with their lengths), `ambiente`
 *   'homologacao' | 'producao', 1 to 990 items; a field the layout does not have is refused too (stricter than the
 *   provider may be, to catch a wrong name). A refusal is HTTP 400 `{ error: { code, message } }` naming the field
 *   ("O campo 'infNFe.ide.nNF' é obrigatório."). The issuer must be a company registered here (its certificate is
 *   the shop's test A1, TEST_SIGNER). A `referencia` already used is 409.
 * - Then, as the provider does: the key composed from ide and emit (cNF and cDV made when absent), the note
 *   written as the layout's XML from the JSON (the same names, in the order received, values with the layout's
 *   decimals), signed with the registered certificate, the NFC-e's QR code made with the CSC registered here, and
 *   "sent to the SEFAZ": validated against procNFe_v4.00.xsd (225 'Rejeição: Falha no Schema XML' when it does not).
 *   By default 'autorizado' (100, a protocol, the digest); a script may answer instead 'rejeitado' with a SEFAZ
 *   code, 'denegado', 'pendente' for a number of consultations (GET /nfe/{id}) then 'autorizado', the provider's own
 *   'erro', an HTTP 5xx (optionally keeping the note, as an HTTP 500 did for notes the provider emitted anyway:
 *   suporte.nuvemfiscal.com.br/t/962), or no answer at all (hanging: the client's timeout).
 * - GET /nfe?cpf_cnpj=&ambiente=&referencia= (DfeListagem), GET /nfe/{id} (Dfe), GET /nfe/{id}/xml (the nfeProc,
 *   only once authorised or denied), GET /nfe/{id}/pdf (the DANFE, drawn by danfe.ts).
 * - POST /nfe/{id}/cancelamento, POST /nfe/{id}/carta-correcao (NF-e only): 'registrado' with 135 'Evento registrado
 *   e vinculado a NF-e' and a protocol (the event checked by its schema, 225 otherwise), or scripted; GET
 *   /nfe/eventos/{id}[/xml] (procEventoNFe).
 * - POST /nfe/inutilizacoes and /nfce/inutilizacoes (DfePedidoInutilizacao, its required fields and ranges):
 *   'registrado' with 102 'Inutilização de número homologado'; GET …/inutilizacoes/{id}[/xml] (ProcInutNFe, as its schema names it).
 * A plain module (no test framework); every request is kept in `requests` for the tests to read.
 * The body's checks are in test-provider-body.ts, the notes in test-provider-notes.ts, the events and voidings in
 * test-provider-events.ts, the routes in test-provider-routes.ts, the state they share in test-provider-state.ts.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { route } from './test-provider-routes';
import { type Answer, fail, type ProviderRequest, type ProviderState, type TestProvider } from './test-provider-state';

export type {
  ProviderEventScriptStep,
  ProviderRequest,
  ProviderScriptStep,
  TestProvider,
  TestProviderDocument,
} from './test-provider-state';

/** The request's body: JSON when it says so (undefined when it is not JSON), else a form; null without one. */
function bodyOf(rawBody: string, type: string): unknown {
  if (rawBody && type.includes('application/json')) {
    try {
      return JSON.parse(rawBody);
    } catch {
      return undefined;
    }
  }
  if (rawBody) return Object.fromEntries(new URLSearchParams(rawBody));
  return null;
}

/** An answer written on the response ('hang': kept open until the provider closes). */
function reply(response: http.ServerResponse, answer: Answer, hanging: Set<http.ServerResponse>): void {
  if (answer === 'hang') {
    hanging.add(response);
    return;
  }
  if (answer.json !== undefined) {
    response.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer.json));
  } else {
    response.writeHead(answer.status, { 'Content-Type': answer.type ?? 'text/plain; charset=utf-8' });
    response.end(answer.body ?? '');
  }
}

/** The HTTP server: each request kept in `requests`, routed, answered. */
function providerServer(state: ProviderState, requests: ProviderRequest[], hanging: Set<http.ServerResponse>) {
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const body = bodyOf(rawBody, request.headers['content-type'] ?? '');
        const authorization = request.headers.authorization ?? null;
        requests.push({
          method: request.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body,
          rawBody,
          authorization,
        });
        const answer =
          body === undefined
            ? fail(400, 'ValidationFailed', 'Corpo JSON inválido.')
            : await route(state, request.method ?? 'GET', url, body, rawBody, authorization);
        reply(response, answer, hanging);
      })();
    });
  });
}

export async function startTestProvider(
  options: { clientId?: string; clientSecret?: string; companies?: string[] } = {},
): Promise<TestProvider> {
  const requests: ProviderRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const state: ProviderState = {
    clientId: options.clientId ?? 'backoffice-test-client',
    clientSecret: options.clientSecret ?? 'segredo-de-teste-0123456789',
    companies: new Set(options.companies ?? ['11222333000181']),
    csc: { id: '000001', token: 'CSC-DE-TESTE-DA-NUVEM-FISCAL' },
    script: [],
    eventScript: [],
    tokens: new Map(),
    documents: new Map(),
    events: new Map(),
    issued: 0,
    protocolSeq: 0,
    tokenTtlSeconds: () => provider.tokenTtlSeconds,
  };
  const server = providerServer(state, requests, hanging);
  const provider: TestProvider = {
    url: '',
    tokenUrl: '',
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    requests,
    script: state.script,
    eventScript: state.eventScript,
    tokenTtlSeconds: 3_600,
    tokensIssued: () => state.issued,
    revokeTokens: () => state.tokens.clear(),
    documents: () =>
      [...state.documents.values()].map(({ id, model, referencia, status, key, procXml, schemaProblems }) => ({
        id,
        model,
        referencia,
        status,
        key,
        procXml,
        schemaProblems,
      })),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  provider.url = `http://127.0.0.1:${port}`;
  provider.tokenUrl = `http://127.0.0.1:${port}/oauth/token`;
  return provider;
}
