/**
 * What the SEFAZ double (../test-sefaz.ts) answers, each code with its text (cStat, xMotivo) word for word as the
 * Manual de Orientação do Contribuinte 7.0 (MOC) and its Notas Técnicas publish it, and the rule that publishes it:
 * - the MOC's Anexo I, "Regras de Validação" of the NF-e/NFC-e (4.2.1 Autorização: A03-10, B23-10, B24-10; the
 *   database rules 2B08-10/20/30 and 3B08-100 as NT 2018.001 §4.3 restates them; the signature's group F, item
 *   4.1.8.4, F03 as NT 2018.001 §4.2.3 restates it);
 * - the MOC's §5.3.4 (NFeInutilizacao, Tabela 5-12: I01, I03, I04.a, I07, I07a, I08);
 * - the generic rules of the event web service (NFeRecepcaoEvento4: P09, P11, P07/P14, P10/P11, P11/P14, 2P12-22,
 *   and the cancellation's nProt check);
 * - the MOC's table of result codes for 100–135 and the service's state (108, 109; the SVC's 113, 114 as
 *   nfephp-org/sped-nfe's storage/cstat.json publishes them);
 * - NT 2018.004 v1.00 §2.7 (the cancellation by substitution's rules P12-48, P31, 2P12-18 and 5P31: 910–919, 920),
 *   read in the NT's table of rules as transcribed in a public repository (pages 8–11 of the NT).
 * The texts were read in the MOC's tables as transcribed in public repositories and checked against the code
 * tables of nfephp-org/sped-nfe (storage/cstat.json) and ACBr (ACBrNFeNotasFiscais.pas, which names the same rules).
 */

export interface Refusal {
  code: number;
  reason: string;
}

const refusal = (code: number, reason: string): Refusal => ({ code, reason });

/** Fifteen digits: a receipt's number as the duplicate's texts carry it ([nRec:…]). */
export type Receipt = string;

export const REFUSALS = {
  // ——— the lot and the message ———
  /** MOC 7.0 §5.1 (NFeAutorizacao4): the lot (enviNFe_v4.00.xsd) breaks its schema. */
  lotSchema: refusal(225, 'Rejeição: Falha no Schema XML do lote de NFe'),
  /** MOC 7.0 §4.1 (validação da área de dados, every other web service): the message breaks its schema. */
  schema: refusal(215, 'Rejeição: Falha no schema XML'),
  /** MOC 7.0, códigos de resultado do processamento: the service stopped for a while (an outage, not a refusal). */
  pausedShort: refusal(108, 'Serviço Paralisado Momentaneamente (curto prazo)'),
  /** Idem: stopped with no forecast (an outage: the NFC-e goes into contingency). */
  pausedLong: refusal(109, 'Serviço Paralisado sem Previsão'),

  // ——— the signature (MOC 7.0 item 4.1.8, groups E and F) ———
  /** Group E: the signer's certificate names no CNPJ (otherName 2.16.76.1.3.3, or the CN after ':'). */
  certificateWithoutCnpj: refusal(292, 'Rejeição: Certificado Assinatura sem CNPJ'),
  /** Group F (4.1.8.4): the digest of the signed element or the SignatureValue differ from what is computed. */
  signature: refusal(297, 'Rejeição: Assinatura difere do calculado'),
  /** F03 (NT 2018.001 §4.2.3): the certificate's CNPJ root (8 first digits) is not the issuer's (author's). */
  certificateCnpj: refusal(213, 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital'),

  // ——— the note (MOC 7.0 Anexo I, 4.2.1 Autorização de NF-e) ———
  /** A03-10: the key in infNFe/@Id is not the concatenation of cUF, AAMM, CNPJ, mod, serie, nNF, tpEmis, cNF, cDV. */
  keyFields: refusal(
    502,
    'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
  ),
  /** B02-10: the issuer's state (cUF) is not the web service's. */
  issuerState: refusal(226, 'Rejeição: Código da UF do Emitente diverge da UF autorizadora'),
  /** B23-10: the key made of the note's fields has a wrong check digit (cDV). */
  keyCheckDigit: refusal(253, 'Rejeição: Digito Verificador da chave de acesso composta inválida'),
  /** B24-10 (and I01, P09): tpAmb is not the web service's environment. */
  environment: refusal(252, 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'),
  /** 2B08-10 (NT 2011/004; NT 2018.001 §4.3): the number (model, UF, CNPJ, series, number) authorised under another key. */
  duplicateOtherKey: (key: string, receipt: Receipt) =>
    refusal(539, `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${key}][nRec:${receipt}]`),
  /** 2B08-20: the very note already authorised. */
  duplicate: (receipt: Receipt) => refusal(204, `Rejeição: Duplicidade de NF-e [nRec:${receipt}]`),
  /** 2B08-30: the very note, already cancelled. */
  cancelled: (receipt: Receipt) =>
    refusal(218, `Rejeição: NF-e já está cancelada na base de dados da SEFAZ [nRec:${receipt}]`),
  // ——— the kind of emission and the contingency (Anexo I, B22 and B28; sefaz-contingency.ts) ———
  /** B22-30: the state's authoriser receives no note of tpEmis 6 or 7 (the SVC's). */
  svcOnly: refusal(570, 'Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC'),
  /** B22-60: the SVC receives only notes of its own tpEmis (6 SVC-AN, 7 SVC-RS). */
  notSvcEmission: refusal(713, 'Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada'),
  /** B22-70: the SVC authorises no NFC-e. */
  nfceNotInSvc: refusal(783, 'Rejeição: NFC-e não é autorizada pela SVC'),
  /** B28-10: a normal note (tpEmis 1) with the contingency's date or justification. */
  justificationInNormal: refusal(
    556,
    'Rejeição: Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal',
  ),
  /** B28-20: a note in contingency without its justification. */
  justificationMissing: refusal(557, 'Rejeição: A Justificativa de entrada em contingência deve ser informada'),
  /** B28-30: the contingency entered after the note was received. */
  contingencyLater: refusal(558, 'Rejeição: Data de entrada em contingência posterior a data de recebimento'),

  /** 3B08-100 (NT 2011/004): the number is in a voided range. */
  voidedNumber: refusal(206, 'Rejeição: NF-e já está inutilizada na Base de Dados da SEFAZ'),

  // ——— voiding (MOC 7.0 §5.3.4, Tabela 5-12) ———
  /** I03. */
  rangeInverted: refusal(224, 'Rejeição: A faixa inicial é maior que a faixa final'),
  /** I04.a: infInut/@Id is not "ID" + cUF + ano + CNPJ + mod + serie + nNFIni + nNFFin. */
  voidingId: refusal(
    502,
    'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
  ),
  /** I07 (NT 2011.004): the same range voided before (the answer carries that voiding's nProt, NT 2015.002). */
  sameRange: refusal(563, 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização'),
  /** I07a: a number of the range is in a range voided before. */
  rangeVoided: refusal(256, 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ'),
  /** I08: a number of the range holds a note. */
  rangeUsed: refusal(241, 'Rejeição: Um número da faixa já foi utilizado'),

  // ——— events (NFeRecepcaoEvento4: the generic rules of the Registro de Evento) ———
  /** MOC 7.0 §5.8.4 (tpEvento): an event the service does not register (the SVC: only the cancellation). */
  eventType: refusal(491, 'Rejeição: O tpEvento informado inválido'),
  /** P11: the event's key has a wrong check digit. */
  eventKeyDigit: refusal(236, 'Rejeição: Chave de Acesso com dígito verificador inválido'),
  /** P07/P14. */
  eventId: refusal(
    572,
    'Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (“ID” + tpEvento + chNFe + nSeqEvento)',
  ),
  /** P10/P11 (2P12-10): no note of that key, for an event that requires one (cancellation, correction letter). */
  unknownKey: refusal(494, 'Rejeição: Chave de Acesso inexistente'),
  /** P11/P14: the same tpEvento + chNFe + nSeqEvento registered before. */
  duplicateEvent: refusal(573, 'Rejeição: Duplicidade de Evento'),
  /** P10/P11: the author's CNPJ is not the one in the key. */
  eventAuthor: refusal(574, 'Rejeição: O autor do evento diverge do emissor da NF-e'),
  /** 2P12-22: the note is cancelled (or denied). */
  notAuthorised: refusal(580, 'Rejeição: Evento exige uma NF-e autorizada'),
  /** The cancellation's nProt is not the note's authorisation protocol. */
  protocolDiffers: refusal(222, 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado'),
  /**
   * The cancellation's dhEvento later than the note's authorisation plus its window (NF-e 24 h, NFC-e 30 min: the
   * table of fiscal/nfe/cancellation-windows.ts with its sources; MOC's rule of the cancellation event, NT 2015/002).
   */
  cancelDeadline: refusal(501, 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação'),

  // ——— the cancellation by substitution, 110112 (NT 2018.004 v1.00 §2.7, 'Validação das Regras de Negócio') ———
  /** P12-48: the note cancelled is not of tpEmis 1 (normal), or its substitute (chNFeRef) not of tpEmis 9. */
  substitutionEmission: refusal(920, 'Rejeição: Tipo de Emissão inválido no Cancelamento por Substituição'),
  /** P31-10 to P31-34: the substitute's key is malformed (its check digit, UF, year, month, CNPJ, model, number). */
  substituteInvalid: (part: 'Dígito' | 'Código UF' | 'Ano' | 'Mês' | 'CNPJ/CPF' | 'Modelo' | 'Número') =>
    refusal(910, `Rejeição: Chave de Acesso NF-e Substituta inválida (${part})`),
  /** P31-38 to P31-52: the substitute is the note itself, or of another UF, issuer or model. */
  substituteWrong: (part: 'mesma Chave de Acesso' | 'Código da UF' | 'CNPJ/CPF' | 'Modelo') =>
    refusal(911, `Rejeição: Chave de Acesso NF-e Substituta incorreta (${part})`),
  /** 5P31-10: the SEFAZ holds no note of the substitute's key. */
  substituteUnknown: refusal(912, 'Rejeição: NF-e Substituta inexistente'),
  /** 5P31-14: the substitute is denied or cancelled. */
  substituteCancelled: refusal(913, 'Rejeição: NF-e Substituta Denegada ou Cancelada'),
  /** 5P31-20: the substitute issued more than 2 hours after the note it replaces. */
  substituteLate: refusal(
    914,
    'Rejeição: Data de emissão da NF-e Substituta maior que 2 horas da data de emissão da NF-e a ser cancelada',
  ),
  /** 5P31-24: the substitute's total (vNF) is not the note's. */
  substituteTotal: refusal(915, 'Rejeição: Valor total da NF-e Substituta difere do valor da NF-e a ser cancelada'),
  /** 5P31-28: the substitute's ICMS total (ICMSTot/vICMS) is not the note's. */
  substituteIcms: refusal(
    916,
    'Rejeição: Valor total do ICMS da NF-e Substituta difere do valor da NF-e a ser cancelada',
  ),
  /** 5P31-32: the note named a recipient (CNPJ, CPF or idEstrangeiro) and the substitute's (with its IE) differs. */
  substituteRecipient: refusal(
    917,
    'Rejeição: Identificação do destinatário da NF-e Substituta difere da identificação do destinatário da NF-e a ser cancelada.',
  ),
  /** 5P31-36: the substitute has another number of items. */
  substituteItemCount: refusal(
    918,
    'Rejeição: Quantidade de itens da NF-e Substituta difere da quantidade de itens da NF-e a ser cancelada.',
  ),
  /** 5P31-40: an item differs from the note's same item in cProd, cEAN, xProd, NCM, CFOP, uCom, qCom, vUnCom, vProd or indTot. */
  substituteItem: refusal(919, 'Rejeição: Item da NF-e Substituta difere do mesmo item da NF-e a ser cancelada.'),

  // ——— the SEFAZ Virtual de Contingência's own state (MOC 7.0, códigos de resultado; svc.ts) ———
  /**
   * The SVC is being switched off for the state: '…SVC será desabilitada para a SEFAZ-XX em dd/mm/aa às hh:mm horas'
   * (the text's placeholders filled by the double with the state and the moment).
   */
  svcClosing: (uf: string, at: string) =>
    refusal(113, `SVC em processo de desativação SVC será desabilitada para a SEFAZ-${uf} em ${at} horas`),
  /** The state's SEFAZ has switched its SVC off ('SVC-RS desabilitada…' for SVC-RS; 'SVC-AN…' for SVC-AN). */
  svcDisabled: (svc: 'SVC-AN' | 'SVC-RS') => refusal(114, `${svc} desabilitada pela SEFAZ de Origem`),
} as const;
