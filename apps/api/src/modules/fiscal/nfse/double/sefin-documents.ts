/**
 * The Sefin Nacional double's reading of a DPS and of a pedido de evento, and its checks in the order the annex
 * lists them (Anexo I, sheets 'RN_RECEPCAO_DPS' then 'RN DPS_NFS-e'; sefin-refusals.ts names each rule): readable
 * (E1226), schema (E1235), the prestador's CNPJ (E0080), the signature over infDPS (E0714) by the emitente's
 * certificate (E0718), then the content: the Id (E0004), the environment (E0006), the dates (E0008, E0015), the
 * emitente (E9996), the cities (E0037, E0302), the registries (E0018, E0082, E0084, E0116, E0120, E0160: the taxpayers
 * the double knows, `SefinTaxpayer`), the regime (E0162, E0166, E0174, E0175), the service code (E0310), the rate
 * (E0595, E0600, E0604, E0617, E0625) and totTrib (its figures' bounds E0702–E0708, then E0710, E0712, E0713). A DPS
 * Id already used (E0014) is the double's state (test-sefin.ts).
 */
import { isValidCnpj } from '@backoffice/contract';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { municipalityByCode } from '../../municipalities';
import { REFUSALS as SEFAZ_REFUSALS } from '../../sefaz/double/sefaz-refusals';
import { signatureRefusal } from '../../sefaz/double/sefaz-signature';
import { validateNfseSchema } from '../nfse-xsd';
import { SEFIN_REFUSALS, type SefinRefusal } from './sefin-refusals';

/**
 * The national tax codes (cTribNac) the double knows: those of LC 116/2003 item 14 it has been shown (14.01.01,
 * 'Lubrificação, limpeza, lustração, revisão, carga e recarga, conserto, restauração, blindagem, manutenção e
 * conservação de máquinas, veículos, aparelhos, equipamentos, motores, elevadores ou de qualquer objeto').
 */
export const KNOWN_TAX_CODES: ReadonlySet<string> = new Set(['140101', '140201']);

export interface DpsFacts {
  id: string;
  environment: string;
  issuedAt: string;
  competence: string;
  emitterType: string;
  cityCode: string;
  serviceCityCode: string;
  cnpj: string;
  series: string;
  number: string;
  simplesOption: string;
  simplesRegime: string;
  specialRegime: string;
  taxCode: string;
  amount: string;
  rate: string;
  withheld: string;
  /** totTrib's choice: 'vTotTrib', 'pTotTrib', 'indTotTrib', 'pTotTribSN', or '' without totTrib. */
  totalTaxes: string;
  /** vTotTrib's vTotTribFed, vTotTribEst, vTotTribMun ('' when absent). */
  totalTaxValues: string[];
  /** pTotTrib's pTotTribFed, pTotTribEst, pTotTribMun ('' when absent). */
  totalTaxRates: string[];
  /** prest/IM ('' when absent). */
  municipalRegistration: string;
  takerDocument: string | null;
  takerName: string | null;
  description: string;
}

/**
 * A taxpayer as the national registries the Sefin Nacional consults know it (Anexo I's level-2 rules): the CNPJ
 * cadastre (its address's city, the day it was registered), the CNC NFS-e (its complementary registrations: a city
 * and the Inscrição Municipal there) and the Simples Nacional cadastre (its situation). One state, not a history: the
 * double judges every DPS by what it holds now, whatever its dCompet.
 */
export interface SefinTaxpayer {
  cnpj: string;
  /** The IBGE code of the city of its address in the CNPJ cadastre. */
  cityCode: string;
  /** The day its CNPJ was registered ('YYYY-MM-DD'); unknown: not checked (E0018). */
  openedOn?: string;
  /** Its registrations in the CNC NFS-e: the city and its Inscrição Municipal. */
  cnc?: { cityCode: string; im: string }[];
  /** Its situation in the Simples Nacional cadastre: 1 not opting (or not in it), 2 MEI, 3 ME/EPP. */
  simplesOption: 1 | 2 | 3;
}

/**
 * What the double knows besides the DPS: its environment, now, the cities that joined the national NFS-e, and the
 * taxpayers of its registries (by CNPJ).
 */
export interface SefinWorld {
  environment: 1 | 2;
  now: Date;
  cities: ReadonlySet<string>;
  registry: ReadonlyMap<string, SefinTaxpayer>;
}

const text = (root: Element, name: string) => root.getElementsByTagName(name)[0]?.textContent ?? '';

function parse(xml: string): Element | null {
  let failed = false;
  try {
    const document = new DOMParser({ onError: () => (failed = true) }).parseFromString(xml, 'text/xml');
    return failed || !document.documentElement ? null : (document.documentElement as unknown as Element);
  } catch {
    return null;
  }
}

function signed(xml: string, element: string, cnpj: string): SefinRefusal | null {
  const refusal = signatureRefusal(xml, element, cnpj);
  if (!refusal) return null;
  return refusal === SEFAZ_REFUSALS.certificateCnpj ? SEFIN_REFUSALS.certificateCnpj : SEFIN_REFUSALS.signature;
}

function factsOf(root: Element): DpsFacts {
  const infDps = root.getElementsByTagName('infDPS')[0] as Element;
  const prest = root.getElementsByTagName('prest')[0] as Element;
  const toma = root.getElementsByTagName('toma')[0] as Element | undefined;
  return {
    id: infDps.getAttribute('Id') ?? '',
    environment: text(root, 'tpAmb'),
    issuedAt: text(root, 'dhEmi'),
    competence: text(root, 'dCompet'),
    emitterType: text(root, 'tpEmit'),
    cityCode: text(root, 'cLocEmi'),
    serviceCityCode: text(root, 'cLocPrestacao'),
    cnpj: text(prest, 'CNPJ'),
    series: text(root, 'serie'),
    number: text(root, 'nDPS'),
    simplesOption: text(prest, 'opSimpNac'),
    simplesRegime: text(prest, 'regApTribSN'),
    specialRegime: text(prest, 'regEspTrib'),
    taxCode: text(root, 'cTribNac'),
    amount: text(root, 'vServ'),
    rate: text(root, 'pAliq'),
    withheld: text(root, 'tpRetISSQN'),
    totalTaxes: (root.getElementsByTagName('totTrib')[0]?.firstChild as Element | null)?.localName ?? '',
    totalTaxValues: ['Fed', 'Est', 'Mun'].map((sphere) => text(root, `vTotTrib${sphere}`)),
    totalTaxRates: ['Fed', 'Est', 'Mun'].map((sphere) => text(root, `pTotTrib${sphere}`)),
    municipalRegistration: text(prest, 'IM'),
    takerDocument: toma ? text(toma, 'CPF') || text(toma, 'CNPJ') : null,
    takerName: toma ? text(toma, 'xNome') : null,
    description: text(root, 'xDescServ'),
  };
}

/** TSIdDPS: 'DPS' + cLocEmi (7) + tpInsc (2: CNPJ) + CNPJ (14) + série (5) + nDPS (15). */
const expectedId = (f: DpsFacts) =>
  `DPS${f.cityCode}2${f.cnpj.padStart(14, '0')}${f.series.padStart(5, '0')}${f.number.padStart(15, '0')}`;

/** The rate rules (Anexo I #421–#430): when pAliq may be given at all. */
function rateRefusal(f: DpsFacts, world: SefinWorld): SefinRefusal | null {
  if (f.rate === '') return null;
  if (Number(f.rate) > 5) return SEFIN_REFUSALS.rateAbove5;
  if (f.simplesOption === '2') return SEFIN_REFUSALS.rateForMei;
  if (f.specialRegime !== '0') return SEFIN_REFUSALS.rateWithSpecialRegime;
  // The city of incidence is the place of the service (LC 116/2003 art. 3º, repairs: where they are done).
  const active = world.cities.has(f.serviceCityCode);
  if (f.simplesOption === '1' && active) return SEFIN_REFUSALS.rateNotOptant;
  if (f.simplesOption === '3' && f.simplesRegime === '1' && f.withheld === '1' && active)
    return SEFIN_REFUSALS.rateSimples;
  return null;
}

/**
 * The registries' rules (Anexo I #110, #111, #121, #123, #147): the CNPJ known (E0082), established in cLocEmi by the
 * CNPJ's address or a CNC registration (E0084; the annex's first way needs the city's parameter 'situação padrão …
 * habilitada': the double takes it as enabled), the IM given where the CNC holds one (E0116, a MEI excepted) and only
 * there (E0120), opSimpNac as the Simples cadastre says (E0160).
 */
function registryRefusal(f: DpsFacts, taxpayer: SefinTaxpayer | undefined): SefinRefusal | null {
  if (!taxpayer) return SEFIN_REFUSALS.providerUnknown;
  const cnc = (taxpayer.cnc ?? []).filter((registration) => registration.cityCode === f.cityCode);
  if (taxpayer.cityCode !== f.cityCode && cnc.length === 0) return SEFIN_REFUSALS.providerNotInCity;
  if (cnc.length > 0 && f.municipalRegistration === '' && f.simplesOption !== '2')
    return SEFIN_REFUSALS.municipalRegistrationMissing;
  if (cnc.length === 0 && f.municipalRegistration !== '') return SEFIN_REFUSALS.municipalRegistrationNotAllowed;
  if (String(taxpayer.simplesOption) !== f.simplesOption) return SEFIN_REFUSALS.simplesSituation;
  return null;
}

/** The content rules, in the annex's order. */
function contentRefusal(f: DpsFacts, world: SefinWorld): SefinRefusal | null {
  if (f.id !== expectedId(f)) return SEFIN_REFUSALS.idMismatch;
  if (f.environment !== String(world.environment)) return SEFIN_REFUSALS.environment;
  if (new Date(f.issuedAt).getTime() > world.now.getTime()) return SEFIN_REFUSALS.futureEmission;
  // dCompet against dhEmi's own calendar day (its offset kept).
  if (f.competence > f.issuedAt.slice(0, 10)) return SEFIN_REFUSALS.competenceAfterEmission;
  const taxpayer = world.registry.get(f.cnpj);
  if (taxpayer?.openedOn && f.competence < taxpayer.openedOn) return SEFIN_REFUSALS.competenceBeforeCnpj;
  if (f.emitterType !== '1') return SEFIN_REFUSALS.notByProvider;
  if (!world.cities.has(f.cityCode)) return SEFIN_REFUSALS.emitterCity;
  const registries = registryRefusal(f, taxpayer);
  if (registries) return registries;
  if (f.simplesRegime !== '' && f.simplesOption !== '3') return SEFIN_REFUSALS.regimeNotAllowed;
  if (f.simplesRegime === '' && f.simplesOption === '3') return SEFIN_REFUSALS.regimeMissing;
  if (f.simplesOption === '2' && f.specialRegime !== '0') return SEFIN_REFUSALS.meiSpecialRegime;
  if (f.simplesRegime === '1' && f.specialRegime !== '0') return SEFIN_REFUSALS.simplesSpecialRegime;
  if (f.serviceCityCode !== '0000000' && !municipalityByCode(f.serviceCityCode)) return SEFIN_REFUSALS.serviceCity;
  if (!KNOWN_TAX_CODES.has(f.taxCode)) return SEFIN_REFUSALS.taxCode;
  return rateRefusal(f, world) ?? totalTaxesRefusal(f);
}

const VALUE_BOUNDS = [
  SEFIN_REFUSALS.totalTaxFederalValue,
  SEFIN_REFUSALS.totalTaxStateValue,
  SEFIN_REFUSALS.totalTaxMunicipalValue,
];
const RATE_BOUNDS = [
  SEFIN_REFUSALS.totalTaxFederalRate,
  SEFIN_REFUSALS.totalTaxStateRate,
  SEFIN_REFUSALS.totalTaxMunicipalRate,
];

/**
 * totTrib: its figures' bounds (Anexo I #457–#463: each value of vTotTrib 0 to vServ, E0702–E0704; each percentage
 * of pTotTrib 0 to 100 %, E0706–E0708; below 0 the schema refuses), then the choice by the Simples situation (#464
 * E0710 and #465 E0712; E0713 as the API answers it): a MEI gives vTotTrib, pTotTrib or indTotTrib; an ME/EPP
 * vTotTrib, pTotTrib or pTotTribSN; a non-optante neither indTotTrib nor pTotTribSN.
 */
function totalTaxesRefusal(f: DpsFacts): SefinRefusal | null {
  const value = f.totalTaxValues.findIndex((v) => v !== '' && Number(v) > Number(f.amount));
  if (value >= 0) return VALUE_BOUNDS[value] as SefinRefusal;
  const rate = f.totalTaxRates.findIndex((p) => p !== '' && Number(p) > 100);
  if (rate >= 0) return RATE_BOUNDS[rate] as SefinRefusal;
  if (f.simplesOption === '2' && f.totalTaxes === 'pTotTribSN') return SEFIN_REFUSALS.totalTaxesMei;
  if (f.simplesOption === '3' && f.totalTaxes === 'indTotTrib') return SEFIN_REFUSALS.totalTaxesSimples;
  if (f.simplesOption === '1' && (f.totalTaxes === 'indTotTrib' || f.totalTaxes === 'pTotTribSN'))
    return SEFIN_REFUSALS.totalTaxesNotOptant;
  return null;
}

/** The DPS's facts, or the refusal of the first rule it breaks. */
export function checkDps(xml: string, world: SefinWorld): DpsFacts | SefinRefusal {
  const root = parse(xml);
  if (root?.localName !== 'DPS') return SEFIN_REFUSALS.malformed;
  if (!validateNfseSchema(xml, 'DPS_v1.00.xsd').valid) return SEFIN_REFUSALS.schema;
  const facts = factsOf(root);
  if (!isValidCnpj(facts.cnpj)) return SEFIN_REFUSALS.providerCnpj;
  return signed(xml, 'infDPS', facts.cnpj) ?? contentRefusal(facts, world) ?? facts;
}

export interface EventFacts {
  environment: string;
  accessKey: string;
  type: string;
  sequence: string;
  author: string;
}

/** The pedido de registro de evento's facts, or its refusal. */
export function checkEventRequest(xml: string, environment: 1 | 2): EventFacts | SefinRefusal {
  const root = parse(xml);
  if (root?.localName !== 'pedRegEvento') return SEFIN_REFUSALS.malformed;
  if (!validateNfseSchema(xml, 'pedRegEvento_v1.00.xsd').valid) return SEFIN_REFUSALS.eventSchema;
  const facts: EventFacts = {
    environment: text(root, 'tpAmb'),
    accessKey: text(root, 'chNFSe'),
    type: /^e(\d{6})$/.exec(
      (root.getElementsByTagName('nPedRegEvento')[0]?.nextSibling as Element | null)?.localName ?? '',
    )?.[1] as string,
    sequence: text(root, 'nPedRegEvento'),
    author: text(root, 'CNPJAutor'),
  };
  const badSignature = signed(xml, 'infPedReg', facts.author);
  if (badSignature) return badSignature;
  if (facts.environment !== String(environment)) return SEFIN_REFUSALS.environment;
  return facts;
}

export const isRefusal = (value: object): value is SefinRefusal => 'code' in value && 'status' in value;
