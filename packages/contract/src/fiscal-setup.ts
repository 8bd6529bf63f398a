/**
 * The shop's fiscal setup (issue 41 §1, decision 0056): 'Configurações' → 'Fiscal'. The issuer ('Emitente'), the
 * municipalities' search, the A1 certificate and the fiscal profiles ('Perfis fiscais'): their tables, limits and
 * texts here, their schemas in `fiscal-issuer-schemas.ts` and `fiscal-profile-schemas.ts`. The one place these
 * rules are written: the API keeps them, the web's form shows them.
 */

/**
 * The 27 federative units with their IBGE codes: the first two digits of each municipality's IBGE code (and the
 * access key's cUF). `fiscal-municipalities.test.ts` binds this table to the shipped IBGE table.
 */
export const BRAZILIAN_STATES = [
  { uf: 'RO', ibge: 11, name: 'Rondônia' },
  { uf: 'AC', ibge: 12, name: 'Acre' },
  { uf: 'AM', ibge: 13, name: 'Amazonas' },
  { uf: 'RR', ibge: 14, name: 'Roraima' },
  { uf: 'PA', ibge: 15, name: 'Pará' },
  { uf: 'AP', ibge: 16, name: 'Amapá' },
  { uf: 'TO', ibge: 17, name: 'Tocantins' },
  { uf: 'MA', ibge: 21, name: 'Maranhão' },
  { uf: 'PI', ibge: 22, name: 'Piauí' },
  { uf: 'CE', ibge: 23, name: 'Ceará' },
  { uf: 'RN', ibge: 24, name: 'Rio Grande do Norte' },
  { uf: 'PB', ibge: 25, name: 'Paraíba' },
  { uf: 'PE', ibge: 26, name: 'Pernambuco' },
  { uf: 'AL', ibge: 27, name: 'Alagoas' },
  { uf: 'SE', ibge: 28, name: 'Sergipe' },
  { uf: 'BA', ibge: 29, name: 'Bahia' },
  { uf: 'MG', ibge: 31, name: 'Minas Gerais' },
  { uf: 'ES', ibge: 32, name: 'Espírito Santo' },
  { uf: 'RJ', ibge: 33, name: 'Rio de Janeiro' },
  { uf: 'SP', ibge: 35, name: 'São Paulo' },
  { uf: 'PR', ibge: 41, name: 'Paraná' },
  { uf: 'SC', ibge: 42, name: 'Santa Catarina' },
  { uf: 'RS', ibge: 43, name: 'Rio Grande do Sul' },
  { uf: 'MS', ibge: 50, name: 'Mato Grosso do Sul' },
  { uf: 'MT', ibge: 51, name: 'Mato Grosso' },
  { uf: 'GO', ibge: 52, name: 'Goiás' },
  { uf: 'DF', ibge: 53, name: 'Distrito Federal' },
] as const;
export type Uf = (typeof BRAZILIAN_STATES)[number]['uf'];
export const UFS = BRAZILIAN_STATES.map((state) => state.uf) as [Uf, ...Uf[]];

/** The UF's IBGE code (SP → 35), or undefined for what is no UF. */
export function ufIbgeCode(uf: string): number | undefined {
  return BRAZILIAN_STATES.find((state) => state.uf === uf)?.ibge;
}

/** The tax regime (NF-e `CRT`). */
export const TAX_REGIMES = [
  { code: 1, label: 'Simples Nacional' },
  { code: 2, label: 'Simples Nacional - excesso de sublimite de receita bruta' },
  { code: 3, label: 'Regime Normal' },
  { code: 4, label: 'Simples Nacional - Microempreendedor Individual (MEI)' },
] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number]['code'];
/** The regimes whose items carry a CSOSN (Simples Nacional, its excess, MEI); Regime Normal (3) carries the CST. */
export const CSOSN_REGIMES: readonly number[] = [1, 2, 4];
/** Which ICMS code a regime's items carry. */
export const icmsCodeKindOf = (crt: number): 'CST' | 'CSOSN' => (CSOSN_REGIMES.includes(crt) ? 'CSOSN' : 'CST');

/** SEFAZ's environment (NF-e `tpAmb`): 1 produção, 2 homologação (the default: a note there has no fiscal value). */
export const FISCAL_ENVIRONMENTS = [
  { code: 1, label: 'Produção' },
  { code: 2, label: 'Homologação' },
] as const;
export const DEFAULT_FISCAL_ENVIRONMENT = 2;

/** The two models the shop issues, and the series and next number an issuer starts with until saved. */
export const FISCAL_MODELS = [
  { model: 55, key: 'nfe', label: 'NF-e' },
  { model: 65, key: 'nfce', label: 'NFC-e' },
] as const;
export const DEFAULT_FISCAL_SERIES = 1;
export const MAX_FISCAL_SERIES = 999;
export const MAX_FISCAL_NUMBER = 999_999_999;

/** The A1 certificate's file (.pfx/.p12): at most 64 KB (a real one is 3 to 10 KB). */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;
/** The bell warns this many days before the certificate expires. */
export const CERTIFICATE_WARNING_DAYS = 30;
/** At most this many municipalities per search. */
export const MUNICIPALITY_SEARCH_LIMIT = 20;
/** At most this many products per assignment of a profile. */
export const FISCAL_PROFILE_ASSIGN_MAX = 1000;

export const FISCAL_SETUP_TEXTS = {
  providerCredentialsMissing: 'Para enviar pela Nuvem Fiscal, informe o client ID e o client secret.',
  providerSecretUnreadable:
    'O client secret da Nuvem Fiscal não pôde ser aberto (o segredo do servidor mudou?): informe-o de novo.',
  title: 'Fiscal',
  // The issuer.
  cnpjRequired: 'Informe o CNPJ do emitente.',
  cnpjInvalid: 'CNPJ do emitente inválido.',
  ieInvalid: "Informe a inscrição estadual: de 2 a 14 dígitos, ou 'ISENTO'.",
  legalNameInvalid: 'Informe a razão social (2 a 60 caracteres).',
  tradeNameInvalid: 'O nome fantasia deve ter de 1 a 60 caracteres.',
  crtInvalid:
    'Informe o regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal ou 4 MEI.',
  streetInvalid: 'Informe o logradouro (2 a 60 caracteres).',
  numberInvalid: "Informe o número do endereço (até 60 caracteres; 'S/N' quando não houver).",
  complementInvalid: 'O complemento deve ter de 1 a 60 caracteres.',
  districtInvalid: 'Informe o bairro (2 a 60 caracteres).',
  cepInvalid: 'Informe o CEP com 8 dígitos (ex.: 01310-100).',
  ufInvalid: 'Informe a UF: a sigla do estado (ex.: SP).',
  cityNameInvalid: 'Informe o município (2 a 60 caracteres).',
  cityCodeInvalid: 'Informe o código IBGE do município: 7 dígitos (ex.: 3550308).',
  cityCodeOtherUf: (uf: string, prefix: number) =>
    `O código IBGE do município não é de ${uf}: os municípios de ${uf} começam por ${prefix}.`,
  cityCodeUnknown: (code: string) => `O código IBGE ${code} não é de nenhum município.`,
  cityNameDiffers: (typed: string, name: string, code: string) =>
    `O município ${typed} não é o do código IBGE ${code} (${name}).`,
  phoneInvalid: 'Informe o telefone com DDD (ex.: (11) 3456-7890).',
  environmentInvalid: 'Informe o ambiente: 1 (produção) ou 2 (homologação).',
  seriesInvalid: `Informe a série: um número de 0 a ${MAX_FISCAL_SERIES}.`,
  nextNumberInvalid: 'Informe o próximo número: de 1 a 999.999.999.',
  cscIdInvalid: 'Informe o identificador do CSC: até 6 dígitos (ex.: 000001).',
  cscTokenInvalid: 'Informe o CSC (código de segurança do contribuinte): até 36 letras e números.',
  cscIdRequired: 'Informe o identificador do CSC junto com o CSC.',
  // The 'responsável técnico' (infRespTec, NT 2018.005).
  techCnpjInvalid: 'CNPJ do responsável técnico inválido.',
  techContactInvalid: 'Informe o nome do contato do responsável técnico (2 a 60 caracteres).',
  techEmailInvalid: 'Informe o e-mail do responsável técnico (6 a 60 caracteres).',
  techPhoneInvalid: 'Informe o telefone do responsável técnico: 6 a 14 dígitos, com o DDD.',
  csrtIdInvalid: 'O identificador do CSRT tem dois dígitos (01, 02…).',
  csrtInvalid: 'Informe o CSRT: até 36 letras e números.',
  csrtIdRequired: 'Informe o identificador do CSRT junto com o CSRT.',
  csrtUnreadable: 'O CSRT salvo não pôde ser aberto (o segredo do servidor mudou?): informe-o de novo.',
  cscMissing: 'Informe o CSC e o seu identificador em Configurações → Fiscal para emitir NFC-e.',
  cscUnreadable:
    'Não foi possível abrir o CSC guardado: o segredo do servidor (JWT_SECRET) mudou desde que foi salvo. Informe o CSC de novo em Configurações → Fiscal.',
  textCharacters: 'Use letras, números e sinais comuns (sem emojis nem símbolos especiais).',
  issuerSaved: 'Dados do emitente salvos.',
  // The municipalities.
  searchInvalid: 'Informe até 60 caracteres para buscar o município.',
  // The certificate.
  certificateFileRequired: 'Envie o arquivo do certificado A1 (.pfx ou .p12).',
  certificateTooLarge: 'O arquivo passa de 64 KB: envie o .pfx (ou .p12) do certificado A1.',
  certificatePasswordRequired: 'Informe a senha do certificado.',
  certificatePasswordWrong: 'Senha do certificado incorreta.',
  certificateNotPfx: 'O arquivo não é um certificado A1 (.pfx ou .p12).',
  certificateNoPrivateKey: 'O arquivo não traz a chave privada (RSA) do certificado.',
  certificateNoCertificate: 'O arquivo não traz o certificado da chave privada.',
  certificateUnsupported:
    'O arquivo usa um formato de PKCS#12 que não é lido aqui: exporte o certificado de novo como .pfx protegido por senha.',
  certificateTooManyIterations: (limit: string) =>
    `O arquivo pede mais de ${limit} iterações para abrir com a senha (um certificado A1 usa de 2.048 a 10.000) e não foi lido: exporte o certificado de novo como .pfx protegido por senha.`,
  certificateTooSlow: (seconds: number) =>
    `O certificado levou mais de ${seconds} s para abrir e a leitura foi interrompida: exporte o certificado de novo como .pfx protegido por senha.`,
  certificateExpired: (date: string) => `O certificado venceu em ${date}.`,
  certificateNotYetValid: (date: string) => `O certificado só vale a partir de ${date}.`,
  certificateNoCnpj: 'O certificado não traz um CNPJ: envie o e-CNPJ A1 da empresa.',
  certificateTwoCnpjs: (inName: string, inOtherName: string) =>
    `O certificado traz dois CNPJs diferentes: ${inName} no nome e ${inOtherName} no campo do CNPJ (ICP-Brasil).`,
  certificateOtherCnpj: (certificate: string, issuer: string) =>
    `O certificado é do CNPJ ${certificate}, não do emitente (${issuer}).`,
  certificateIssuerRequired: 'Salve os dados do emitente (CNPJ) antes de enviar o certificado.',
  certificateNone: 'Nenhum certificado A1 instalado: envie-o em Configurações → Fiscal.',
  certificateExpiredInstalled: (date: string) =>
    `O certificado A1 venceu em ${date}: envie o novo em Configurações → Fiscal.`,
  certificateUnreadable:
    'Não foi possível abrir o certificado guardado: o segredo do servidor (JWT_SECRET) mudou desde o envio. Envie o certificado de novo em Configurações → Fiscal.',
  issuerCnpjLocked: (cnpj: string) =>
    `O certificado instalado é do CNPJ ${cnpj}: remova-o antes de mudar o CNPJ do emitente para outra empresa.`,
  certificateUploaded: 'Certificado instalado.',
  certificateNotIcpBrasil: 'Certificado não emitido pela ICP-Brasil: a SEFAZ o recusará.',
  certificateRemoved: 'Certificado removido.',
  bellTitle: 'Certificado digital vencendo',
  bellExpiredTitle: 'Certificado digital vencido',
  bellBody: (holder: string, days: number, date: string) =>
    days === 0
      ? `O certificado A1 de ${holder} vence hoje, ${date}. Envie o novo em Configurações → Fiscal.`
      : `O certificado A1 de ${holder} vence em ${days} ${days === 1 ? 'dia' : 'dias'}, em ${date}. Envie o novo em Configurações → Fiscal.`,
  bellExpiredBody: (holder: string, date: string) =>
    `O certificado A1 de ${holder} venceu em ${date}: nenhuma nota é emitida até o novo ser enviado em Configurações → Fiscal.`,
  // The profiles.
  profileIdInvalid: 'Perfil fiscal não encontrado.',
  profileNotFound: 'Perfil fiscal não encontrado.',
  profileNameInvalid: 'Informe o nome do perfil (1 a 60 caracteres).',
  profileNameTaken: (name: string) => `Já existe um perfil fiscal chamado ${name}.`,
  cfopInStateInvalid: 'Informe o CFOP dentro do estado: 4 dígitos começando por 5 (ex.: 5102).',
  cfopOutOfStateInvalid: 'Informe o CFOP para fora do estado: 4 dígitos começando por 6 (ex.: 6102).',
  icmsCstInvalid: 'CST do ICMS inválido: use 00, 40, 41, 50 ou 60.',
  icmsCsosnInvalid: 'CSOSN inválido: use 101, 102, 103, 300, 400 ou 500.',
  icmsOneCode: 'Informe o CST do ICMS (Regime Normal) ou o CSOSN (Simples Nacional), um dos dois.',
  icmsCodeForRegime: (kind: 'CST' | 'CSOSN', regime: string) =>
    kind === 'CSOSN'
      ? `O emitente é do ${regime}: informe o CSOSN do ICMS, não o CST.`
      : `O emitente é do ${regime}: informe o CST do ICMS, não o CSOSN.`,
  pisCstInvalid: 'CST do PIS inválido numa venda: use 01, 02, 04 a 09, 49 ou 99.',
  cofinsCstInvalid: 'CST da COFINS inválido numa venda: use 01, 02, 04 a 09, 49 ou 99.',
  ibsCbsCstInvalid: 'Informe o CST do IBS/CBS: 3 dígitos (ex.: 000).',
  cClassTribInvalid: 'Informe o cClassTrib: 6 dígitos (ex.: 000001).',
  cClassTribOfCst: 'O cClassTrib deve começar pelo CST do IBS/CBS (ex.: CST 000, cClassTrib 000001).',
  rateInvalid: 'Informe a alíquota em %, de 0 a 100, com até 4 casas decimais.',
  productIdsInvalid: `Informe de 1 a ${FISCAL_PROFILE_ASSIGN_MAX} produtos, cada um uma vez.`,
  productsNotFound: (ids: readonly number[]) => `Produto(s) não encontrado(s): ${ids.join(', ')}.`,
  profileInUse: (name: string, count: number) =>
    `O perfil ${name} está em ${count} ${count === 1 ? 'produto' : 'produtos'}: passe-os para outro perfil antes de excluí-lo.`,
  profileSaved: (name: string) => `Perfil ${name} salvo.`,
  profileDeleted: (name: string) => `Perfil ${name} excluído.`,
  profileAssigned: (name: string, count: number) =>
    `${count} ${count === 1 ? 'produto passou' : 'produtos passaram'} para o perfil ${name}.`,
} as const;
