/**
 * Buying (issue 39): stock entry from the supplier's NF-e XML. The texts of reading the note (decision 0048)
 * are shared: the API answers them and the web shows them as sent.
 */

/** The largest NF-e XML accepted (2 MB): a 500-item note is about 1 MB. */
export const NFE_MAX_MEGABYTES = 2;

export const PURCHASE_TEXTS = {
  nfe: {
    /** Over NFE_MAX_BYTES, refused before it is read. */
    tooLarge: `O arquivo passa de ${NFE_MAX_MEGABYTES} MB.`,
    /** Not UTF-8 text (NF-e XML is always UTF-8). */
    encoding: 'O arquivo não é um XML em UTF-8 (a NF-e é sempre UTF-8).',
    /** A DOCTYPE, DTD or entity declaration (XXE, "billion laughs"), refused before parsing. */
    dtd: 'O arquivo declara um DOCTYPE ou entidades (DTD), o que uma NF-e nunca faz: por segurança, ele não é lido.',
    /** Not well-formed XML; `detail` is the parser's. */
    notXml: (detail: string) => `O arquivo não é um XML válido: ${detail}`,
    /** Well-formed XML, but no nfeProc/NFe of the portalfiscal namespace, or a structure no NF-e has. */
    notNfe: 'O arquivo não é uma NF-e (modelo 55, versão 4.00).',
    /** ide/mod is not 55 (e.g. an NFC-e, model 65). */
    model: (model: string) =>
      `O arquivo é um documento fiscal modelo ${model}, não uma NF-e modelo 55 (a NFC-e, modelo 65, não serve para entrada de compra).`,
    /** infNFe/@versao is not 4.00. */
    version: (version: string) => `A NF-e está na versão ${version} do leiaute; só a versão 4.00 é aceita.`,
    /** A field the note must have is missing. */
    missing: (field: string) => `A NF-e não tem o campo obrigatório ${field}.`,
    /** The access key (infNFe/@Id) is not 44 characters. */
    accessKeyFormat: (id: string) => `A chave de acesso "${id}" não tem 44 caracteres (NFe seguido de 44 dígitos).`,
    /** The key's mod-11 check digit does not match. */
    accessKeyDigit: (key: string) => `A chave de acesso ${key} tem o dígito verificador errado.`,
    /** The key does not match the note's fields (cUF, AAMM, CNPJ, modelo, série, número, tpEmis, cNF, cDV). */
    accessKeyParts: (key: string, field: string) =>
      `A chave de acesso ${key} não confere com o campo ${field} da nota: o arquivo foi montado errado ou alterado.`,
    /** protNFe/infProt/chNFe is another note's key. */
    protocolOtherNote: 'O protocolo de autorização anexado é de outra nota (a chave não confere).',
    /** protNFe/infProt/cStat is not 100/150: SEFAZ did not authorise the note's use. */
    notAuthorised: (status: string, reason: string) =>
      `A SEFAZ não autorizou o uso desta nota (situação ${status}${reason ? `: ${reason}` : ''}).`,
    /** A signature that does not verify: the note was changed after it was signed. */
    signature: 'A assinatura digital da nota não confere: o arquivo foi alterado depois de assinado.',
    /** A signature of a form SEFAZ does not use (algorithm, reference, certificate). */
    signatureForm: (detail: string) => `A assinatura digital da nota não está no padrão da NF-e: ${detail}`,
    /** protNFe/infProt/digVal differs from the signature's DigestValue. */
    signatureProtocol:
      'A assinatura digital não é a que a SEFAZ autorizou (o digVal do protocolo difere): o arquivo foi alterado depois de autorizado.',
    /** An amount with more than 2 decimals, negative or not a number. */
    value: (field: string, value: string) =>
      `O valor ${field} "${value}" não é um valor em reais com até 2 casas decimais.`,
    /** A quantity with more than 4 decimals, zero or not a number. */
    quantity: (field: string, value: string) =>
      `A quantidade ${field} "${value}" não é uma quantidade positiva com até 4 casas decimais.`,
    /** A date that is not YYYY-MM-DD (dVenc) or an ISO date-time (dhEmi, dhRecbto). */
    date: (field: string, value: string) => `A data ${field} "${value}" não é válida.`,
  },
} as const;
