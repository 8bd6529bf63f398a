/**
 * A package of official XML schemas shipped in apps/api/fiscal-schemas/<package> (the NF-e's PL, the NFS-e's
 * leiaute), validated by libxml2 compiled to WebAssembly (`libxml2-wasm`: no native build). Each package's files
 * are read once and reach libxml2 from memory through an input provider of its own that serves only them under
 * `schema:///<package>/` (no file is opened on a document's say), so several packages live side by side. Each
 * schema is compiled on its first use and kept: a document then validates in a millisecond or two.
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

export interface XsdProblem {
  /** The element's tag ('cClassTrib'), when libxml2 names one. */
  field: string | null;
  /** In Portuguese, for the screen: 'Classificação tributária do IBS/CBS (cClassTrib): valor fora do formato.' */
  message: string;
  /** libxml2's own message. */
  detail: string;
}

export interface XsdResult {
  valid: boolean;
  problems: XsdProblem[];
}

/** The folder of a package: apps/api/fiscal-schemas/<package>, from the sources or from the bundle in dist. */
function schemasDir(name: string): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'fiscal-schemas', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`fiscal-schemas/${name} not found above ${import.meta.dirname}`);
}

/** Serves `files` (read on the first use) under `base` to libxml2's includes and imports; nothing else. */
function providerOf(base: string, files: () => Map<string, Uint8Array> | undefined): XmlInputProvider {
  const open = new Map<number, { bytes: Uint8Array; at: number }>();
  let nextHandle = 1;
  return {
    match: (name) => name.startsWith(base) && (files()?.has(name.slice(base.length)) ?? false),
    open: (name) => {
      const bytes = files()?.get(name.slice(base.length));
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
}

/**
 * The package `name` of fiscal-schemas: `validatorOf(main)` compiles (once) its schema `main`, `validate(xml, main)`
 * checks a document against it and says each problem by `describe` (libxml2's message in the shop's words).
 */
export function schemaPackage(name: string, describe: (detail: string) => XsdProblem) {
  const base = `schema:///${name}/`;
  let files: Map<string, Uint8Array> | undefined;
  const validators = new Map<string, XsdValidator>();

  function load(): Map<string, Uint8Array> {
    if (files) return files;
    const dir = schemasDir(name);
    files = new Map(
      readdirSync(dir)
        .filter((file) => file.endsWith('.xsd'))
        .map((file) => [file, readFileSync(path.join(dir, file))]),
    );
    xmlRegisterInputProvider(providerOf(base, () => files));
    return files;
  }

  function validatorOf(main: string): XsdValidator {
    const cached = validators.get(main);
    if (cached) return cached;
    const bytes = load().get(main);
    if (!bytes) throw new Error(`schema ${main} is not in ${name}`);
    const validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(bytes, { url: `${base}${main}` }));
    validators.set(main, validator);
    return validator;
  }

  function validate(xml: string, main: string): XsdResult {
    const validator = validatorOf(main);
    let doc: XmlDocument;
    try {
      doc = XmlDocument.fromString(xml);
    } catch (error) {
      const detail = (error as Error).message;
      return { valid: false, problems: [{ field: null, message: 'O XML está malformado.', detail }] };
    }
    try {
      validator.validate(doc);
      return { valid: true, problems: [] };
    } catch (error) {
      if (!(error instanceof XmlValidateError)) throw error;
      const details = error.details.length ? error.details.map((d) => d.message.trim()) : [error.message.trim()];
      return { valid: false, problems: details.map(describe) };
    } finally {
      doc.dispose();
    }
  }

  return { validatorOf, validate };
}
