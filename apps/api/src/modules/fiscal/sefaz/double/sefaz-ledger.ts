/**
 * What the SEFAZ double keeps between requests, as a SEFAZ's database does (the MOC's "Acesso BD NFE", "BD de
 * Inutilização", "BD de Eventos"): the notes it authorised, by number (model, UF, issuer's CNPJ, series, number) and
 * by key, with their protocol, digest and state; the voided ranges; the events registered per key.
 */

export interface KeptNote {
  key: string;
  /** The protNFe it answered (100), for the protocol's query. */
  prot: string;
  protocol: string;
  digest: string;
  /** The lot's receipt (nRec), repeated in the duplicate's texts. */
  receipt: string;
  /** When it was authorised (its dhRecbto): the start of its cancellation window (rejection 501). */
  authorisedAt: Date;
  /**
   * What a cancellation by substitution compares (NT 2018.004, 5P31; sefaz-notes.ts `substitutionFacts`): its dhEmi
   * (with its offset), vNF, vICMS, the recipient and the items.
   */
  issuedAt: string;
  total: string;
  icmsTotal: string;
  /** dest's CNPJ, CPF or idEstrangeiro ('' when the note names no recipient) and its IE. */
  recipient: { document: string; ie: string };
  /** Each item's cProd, cEAN, xProd, NCM, CFOP, uCom, qCom, vUnCom, vProd and indTot, in nItem order. */
  items: string[][];
  cancelled: boolean;
}

export interface VoidedRange {
  stateCode: string;
  cnpj: string;
  model: string;
  series: number;
  from: number;
  to: number;
  protocol: string;
}

/** A note's number as the SEFAZ's database keys it (2B08: Modelo, UF, CNPJ/CPF Emitente, Série, Número). */
export interface NoteNumber {
  model: string;
  stateCode: string;
  cnpj: string;
  series: number;
  number: number;
}

const numberKey = (n: NoteNumber) => `${n.model}|${n.stateCode}|${n.cnpj}|${n.series}|${n.number}`;

export class SefazLedger {
  private readonly byNumber = new Map<string, KeptNote>();
  private readonly byKey = new Map<string, KeptNote>();
  private readonly voided: VoidedRange[] = [];
  /** tpEvento|chNFe|nSeqEvento of every event registered. */
  private readonly events = new Set<string>();
  private sequence = 0;

  /** The next protocol or receipt number: 15 digits (cUF 35, year 26, a sequence). */
  nextNumber(prefix: '1' | '3'): string {
    this.sequence += 1;
    return `35${prefix === '1' ? '26' : '10'}${String(this.sequence).padStart(11, '0')}`;
  }

  noteAt(number: NoteNumber): KeptNote | undefined {
    return this.byNumber.get(numberKey(number));
  }

  note(key: string): KeptNote | undefined {
    return this.byKey.get(key);
  }

  keep(number: NoteNumber, note: Omit<KeptNote, 'cancelled'>): void {
    const kept = { ...note, cancelled: false };
    this.byNumber.set(numberKey(number), kept);
    this.byKey.set(note.key, kept);
  }

  /** The range voided that holds `number`, if any. */
  voidedAt(number: NoteNumber): VoidedRange | undefined {
    return this.voided.find(
      (range) =>
        range.stateCode === number.stateCode &&
        range.cnpj === number.cnpj &&
        range.model === number.model &&
        range.series === number.series &&
        range.from <= number.number &&
        number.number <= range.to,
    );
  }

  /** The ranges voided before for the same issuer, model and series. */
  rangesOf(range: Omit<VoidedRange, 'from' | 'to' | 'protocol'>): VoidedRange[] {
    return this.voided.filter(
      (r) =>
        r.stateCode === range.stateCode &&
        r.cnpj === range.cnpj &&
        r.model === range.model &&
        r.series === range.series,
    );
  }

  /** A number of `from`–`to` that holds an authorised (or cancelled) note, if any. */
  usedIn(range: Omit<VoidedRange, 'protocol'>): number | null {
    for (let number = range.from; number <= range.to; number++)
      if (this.byNumber.has(numberKey({ ...range, number }))) return number;
    return null;
  }

  void(range: VoidedRange): void {
    this.voided.push(range);
  }

  hasEvent(type: string, key: string, sequence: number): boolean {
    return this.events.has(`${type}|${key}|${sequence}`);
  }

  registerEvent(type: string, key: string, sequence: number): void {
    this.events.add(`${type}|${key}|${sequence}`);
    const note = this.byKey.get(key);
    if (note && (type === '110111' || type === '110112')) note.cancelled = true;
  }
}
