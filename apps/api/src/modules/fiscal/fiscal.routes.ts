import {
  CERTIFICATE_MAX_BYTES,
  FISCAL_SETUP_TEXTS,
  fiscalCertificateSchema,
  fiscalIssuerBodySchema,
  fiscalIssuerSchema,
  fiscalProfileAssignBodySchema,
  fiscalProfileAssignedSchema,
  fiscalProfileBodySchema,
  fiscalProfileSchema,
  idParamSchema,
  municipalitiesQuerySchema,
  municipalitySchema,
  PERMISSIONS,
} from '@backoffice/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { AppError, badRequest } from '../../lib/errors';
import { moduleRoutes } from '../../lib/module-routes';
import { readUpload } from '../../lib/uploads';
import { principalOf } from '../../plugins/auth';
import { createFiscalService } from './fiscal.service';

/**
 * 'Configurações' → 'Fiscal' (issue 41 §1, decision 0056). Every call is the settings permission's; reading the
 * issuer may later open to whoever emits, kept at settings for now.
 */
const config = { permissions: [PERMISSIONS.settings] };
const params = z.object({ id: idParamSchema(FISCAL_SETUP_TEXTS.profileIdInvalid) });
/** The password field of the upload: a real one is far shorter. */
const PASSWORD_MAX = 200;

const tooLarge = () => new AppError(413, FISCAL_SETUP_TEXTS.certificateTooLarge, { code: 'PAYLOAD_TOO_LARGE' });

export const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file's limit is the multipart parser's: a larger file is cut off while it streams, never read whole.
  await app.register(multipart, {
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 1, fieldSize: 4 * PASSWORD_MAX, parts: 2 },
  });
  const service = createFiscalService(app.deps.db, app.deps.config.jwtSecret);
  const tags = ['fiscal'];
  const route = moduleRoutes(app, tags, config);

  route.get('/fiscal/issuer', {
    summary:
      "O emitente das notas (CNPJ, IE, razão social, regime, endereço com o código IBGE, ambiente, série e próximo número da NF-e e da NFC-e, CSC): nunca salvo, `saved: false` com o CNPJ e o nome de 'Configurações da Empresa' como sugestão. O CSC nunca é respondido (`cscConfigured`)",
    data: fiscalIssuerSchema,
    handler: () => service.issuer(),
  });

  route.put('/fiscal/issuer', {
    summary:
      'Salva o emitente inteiro: CNPJ com dígitos verificadores, IE (dígitos ou ISENTO), CRT 1–4, município pelo código IBGE (7 dígitos, da UF, existente na tabela do IBGE: o nome oficial é guardado), ambiente 1 ou 2, série 0–999 e próximo número 1–999.999.999 por modelo; `cscToken` ausente mantém o salvo, null remove. Auditado com antes e depois (sem o CSC)',
    body: fiscalIssuerBodySchema,
    data: fiscalIssuerSchema,
    handler: (request) => service.saveIssuer(principalOf(request), request.body),
  });

  route.get('/fiscal/municipalities', {
    summary:
      'Busca municípios da tabela do IBGE pelo nome (sem acentos nem caixa; o nome exato primeiro) ou pelo código de 7 dígitos, numa UF se informada; até 20',
    querystring: municipalitiesQuerySchema,
    data: z.array(municipalitySchema),
    handler: (request) => service.municipalities(request.query),
  });

  route.get('/fiscal/certificate', {
    summary:
      'O certificado A1 instalado (titular, CNPJ, série, impressão digital SHA-1, validade, dias até vencer, quem enviou e quando), ou null; nunca o arquivo nem a senha',
    data: fiscalCertificateSchema.nullable(),
    handler: () => service.certificate(),
  });

  app.post(
    '/fiscal/certificate',
    {
      config,
      schema: {
        tags,
        summary:
          'Instala o certificado A1 (multipart: `file`, o .pfx/.p12 até 64 KB, e `password`), substituindo o anterior; recusa senha incorreta, arquivo que não é PKCS#12, que pede mais de 100.000 iterações ou leva mais de 10 s para abrir, sem chave privada, vencido e de outro CNPJ que o do emitente. Guardado cifrado; auditado',
        description:
          'Corpo multipart/form-data: `file` (o certificado A1, PKCS#12, até 64 KB: acima disso 413 antes de ler o resto) e `password`. O CNPJ do certificado é o do campo otherName 2.16.76.1.3.3 (ICP-Brasil) ou o que segue os dois-pontos do CN; deve ser da empresa do emitente (os 8 primeiros caracteres, como a SEFAZ compara). O arquivo e a senha são cifrados com AES-256-GCM, chave derivada do segredo do servidor; nunca são devolvidos.',
        consumes: ['multipart/form-data'],
        response: { 201: data(fiscalCertificateSchema) },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readUpload(request, ['password'], {
        tooLarge,
        missing: () => badRequest(FISCAL_SETUP_TEXTS.certificateFileRequired),
      });
      const password = fields.password ?? '';
      if (password === '' || password.length > PASSWORD_MAX) {
        throw badRequest(FISCAL_SETUP_TEXTS.certificatePasswordRequired);
      }
      return reply
        .status(201)
        .send({ data: await service.installCertificate(principalOf(request), { file, password }) });
    },
  );

  app.delete(
    '/fiscal/certificate',
    {
      config,
      schema: {
        tags,
        summary: 'Remove o certificado A1 instalado (404 sem nenhum); auditado',
        response: { 200: data(z.null()) },
      },
    },
    async (request) => {
      await service.removeCertificate(principalOf(request));
      return { data: null };
    },
  );

  route.get('/fiscal/profiles', {
    summary: 'Os perfis fiscais por nome, cada um com quantos produtos o usam',
    data: z.array(fiscalProfileSchema),
    handler: () => service.profiles(),
  });

  route.post('/fiscal/profiles', {
    summary:
      'Cria um perfil fiscal: nome único, CFOP dentro (5xxx) e fora (6xxx) do estado, CST do ICMS (Regime Normal) ou CSOSN (Simples), alíquotas em % com até 4 casas, PIS/COFINS, IBS/CBS (CST, cClassTrib, alíquotas) ou null; `isDefault` o torna o padrão da loja. Auditado',
    body: fiscalProfileBodySchema,
    data: fiscalProfileSchema,
    status: 201,
    handler: (request) => service.createProfile(principalOf(request), request.body),
  });

  route.put('/fiscal/profiles/:id', {
    summary: 'Altera um perfil fiscal (o perfil inteiro); auditado com antes e depois',
    params,
    body: fiscalProfileBodySchema,
    data: fiscalProfileSchema,
    handler: (request) => service.updateProfile(principalOf(request), request.params.id, request.body),
  });

  route.delete('/fiscal/profiles/:id', {
    summary: 'Exclui um perfil fiscal; recusado (409 IN_USE) enquanto um produto o usa. Auditado',
    params,
    data: z.object({ id: z.number().int() }),
    handler: (request) => service.deleteProfile(principalOf(request), request.params.id),
  });

  route.put('/fiscal/profiles/:id/products', {
    summary:
      'Atribui o perfil aos produtos dados (1 a 1000 ids), todos ou nenhum numa transação (um produto inexistente: 404 com cada id); auditado no histórico de cada produto que mudou',
    params,
    body: fiscalProfileAssignBodySchema,
    data: fiscalProfileAssignedSchema,
    handler: (request) => service.assignProfile(principalOf(request), request.params.id, request.body.productIds),
  });
};
