/**
 * The NFS-e's schemas (leiaute 1.00 of the Sistema Nacional NFS-e, apps/api/fiscal-schemas/nfse-1.00, copied from
 * akretion/nfelib's nfelib/nfse/schemas/v1_0) validated by libxml2-wasm as the NF-e's are (fiscal/nfe/xsd.ts): a
 * loader of its own, with its own input provider serving only these files under `schema:///nfse-1.00/`, so the
 * NF-e's package and this one live side by side. Problems are described in the NF-e's words (describeXsdError).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  XmlDocument,
  type XmlInputProvider,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { describeXsdError, type XsdResult } from '../nfe/xsd';

export const NFSE_SCHEMA_PACKAGE = 'nfse-1.00';
const BASE = `schema:///${NFSE_SCHEMA_PACKAGE}/`;

function schemasDir(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'fiscal-schemas', NFSE_SCHEMA_PACKAGE);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`fiscal-schemas/${NFSE_SCHEMA_PACKAGE} not found above ${import.meta.dirname}`);
}

let files: Map<string, Uint8Array> | undefined;
const open = new Map<number, { bytes: Uint8Array; at: number }>();
let nextHandle = 1;

const provider: XmlInputProvider = {
  match: (name) => name.startsWith(BASE) && (files?.has(name.slice(BASE.length)) ?? false),
  open: (name) => {
    const bytes = files?.get(name.slice(BASE.length));
    if (!bytes) return undefined;
    const handle = nextHandle++;
    open.set(handle, { bytes, at: 0 });
    return handle;
  },
  read: (handle, buffer) => {
    const file = open.get(handle as number);
    if (!file) return -1;
    const chunk = file.bytes.subarray(file.at, file.at + buffer.byteLength);
    buffer.set(chunk);
    file.at += chunk.byteLength;
    return chunk.byteLength;
  },
  close: (handle) => open.delete(handle as number),
};

function load(): Map<string, Uint8Array> {
  if (files) return files;
  const dir = schemasDir();
  files = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.xsd'))
      .map((f) => [f, readFileSync(path.join(dir, f))]),
  );
  xmlRegisterInputProvider(provider);
  return files;
}

const validators = new Map<string, XsdValidator>();

function validatorOf(main: string): XsdValidator {
  const cached = validators.get(main);
  if (cached) return cached;
  const bytes = load().get(main);
  if (!bytes) throw new Error(`schema ${main} is not in ${NFSE_SCHEMA_PACKAGE}`);
  const validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(bytes, { url: `${BASE}${main}` }));
  validators.set(main, validator);
  return validator;
}

/** Validates `xml` against `main` of the NFS-e's package ('DPS_v1.00.xsd', 'NFSe_v1.00.xsd', 'pedRegEvento_v1.00.xsd'). */
export function validateNfseSchema(xml: string, main: string): XsdResult {
  const validator = validatorOf(main);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return {
      valid: false,
      problems: [{ field: null, message: 'O XML está malformado.', detail: (error as Error).message }],
    };
  }
  try {
    validator.validate(doc);
    return { valid: true, problems: [] };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    const details = error.details.length ? error.details.map((d) => d.message.trim()) : [error.message.trim()];
    return { valid: false, problems: details.map(describeXsdError) };
  } finally {
    doc.dispose();
  }
}
