/**
 * The routes of the Nuvem Fiscal of the tests (test-provider.ts): the token endpoint (client credentials, by HTTP
 * Basic or in the form), then every endpoint behind its bearer token and scope.
 */
import { randomUUID } from 'node:crypto';
import { renderDanfe } from '../danfe/danfe';
import { eventAnswer, noteEvent, voiding } from './test-provider-events';
import { consult, emitNote } from './test-provider-notes';
import { type Answer, fail, json, notFound, type ProviderState } from './test-provider-state';

/** POST /oauth/token: a token of the scopes asked for, to the client's id and secret; RFC 6749's refusals. */
function token(state: ProviderState, form: URLSearchParams, authorization: string | null): Answer {
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    id = decoded.slice(0, colon);
    secret = decoded.slice(colon + 1);
  }
  if (form.get('grant_type') !== 'client_credentials')
    return json(400, { error: 'unsupported_grant_type', error_description: 'Use grant_type=client_credentials.' });
  if (id !== state.clientId || secret !== state.clientSecret)
    return json(401, { error: 'invalid_client', error_description: 'Credenciais de cliente inválidas.' });
  state.issued += 1;
  const accessToken = `nf-test-${state.issued}-${randomUUID()}`;
  const scopes = (form.get('scope') || 'nfe nfce').split(/\s+/).filter(Boolean);
  state.tokens.set(accessToken, scopes);
  return json(200, {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: state.tokenTtlSeconds(),
    scope: scopes.join(' '),
  });
}

export async function route(
  state: ProviderState,
  method: string,
  url: URL,
  body: unknown,
  rawBody: string,
  authorization: string | null,
): Promise<Answer> {
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[0] === 'oauth' && segments[1] === 'token' && method === 'POST')
    return token(state, new URLSearchParams(rawBody), authorization);
  const kind = segments[0];
  if (kind !== 'nfe' && kind !== 'nfce') return notFound();
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
  const scopes = bearer ? state.tokens.get(bearer) : undefined;
  if (!scopes) return fail(401, 'Unauthorized', 'Token de acesso ausente, inválido ou expirado.');
  if (!scopes.includes(kind)) return fail(403, 'Forbidden', `O token não tem o escopo '${kind}'.`);
  const [, first, second, third] = segments;
  const model = kind === 'nfe' ? 55 : 65;
  if (!first) {
    if (method === 'POST') {
      if (body === null || typeof body !== 'object') return fail(400, 'ValidationFailed', 'Corpo JSON inválido.');
      return emitNote(state, kind, body as Record<string, unknown>);
    }
    const cnpj = url.searchParams.get('cpf_cnpj');
    const ambiente = url.searchParams.get('ambiente');
    if (!cnpj || !ambiente) return fail(400, 'ValidationFailed', "Os campos 'cpf_cnpj' e 'ambiente' são obrigatórios.");
    const referencia = url.searchParams.get('referencia');
    const data = [...state.documents.values()]
      .filter((d) => d.model === model && d.cnpj === cnpj && d.environment === ambiente)
      .filter((d) => !referencia || d.referencia === referencia)
      .map((d) => ({ ...d.final, status: d.status }));
    return json(200, { data });
  }
  if (first === 'inutilizacoes') {
    if (!second && method === 'POST') return voiding(state, kind, (body ?? {}) as Record<string, unknown>);
    const stored = second ? state.events.get(second) : undefined;
    if (!stored) return notFound();
    if (third === 'xml') return stored.xml ? { status: 200, body: stored.xml, type: 'application/xml' } : notFound();
    return json(200, eventAnswer(stored));
  }
  if (first === 'eventos') {
    const stored = second ? state.events.get(second) : undefined;
    if (!stored) return notFound();
    if (third === 'xml') return stored.xml ? { status: 200, body: stored.xml, type: 'application/xml' } : notFound();
    return json(200, eventAnswer(stored));
  }
  const document = state.documents.get(first);
  if (!document || document.model !== model) return notFound();
  if (!second && method === 'GET') return json(200, consult(document));
  if (second === 'xml' && method === 'GET')
    return document.procXml && document.status !== 'pendente'
      ? { status: 200, body: document.procXml, type: 'application/xml' }
      : fail(404, 'NotFound', 'O XML só está disponível para notas autorizadas ou denegadas.');
  if (second === 'pdf' && method === 'GET')
    return document.procXml && document.status !== 'pendente'
      ? { status: 200, body: await renderDanfe(document.procXml), type: 'application/pdf' }
      : fail(404, 'NotFound', 'O DANFE só está disponível para notas autorizadas.');
  const payload = (body ?? {}) as Record<string, unknown>;
  if (second === 'cancelamento' && method === 'POST') {
    const reason = typeof payload.justificativa === 'string' && payload.justificativa.trim() !== '';
    return noteEvent(
      state,
      document,
      'cancel',
      reason ? String(payload.justificativa) : 'Cancelamento solicitado pelo emitente',
    );
  }
  if (second === 'carta-correcao' && method === 'POST' && kind === 'nfe') {
    const text = typeof payload.correcao === 'string' ? payload.correcao : '';
    if (text.length > 1000)
      return fail(400, 'ValidationFailed', "O campo 'correcao' deve ter no máximo 1000 caractere(s).");
    return noteEvent(state, document, 'correction', text);
  }
  return notFound();
}
