import { PURCHASE_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { multipart } from '../imports/test-uploads';
import { NfeReadError } from './nfe/nfe-document';
import { nfeReads, readNfeInWorker } from './nfe/nfe-worker';
import { buildTestNfe, manyItemsNfeSpec } from './nfe/test-nfe';

/**
 * The note is read in a worker thread (issue 39): the HTTP thread answers other requests meanwhile. How long
 * /api/health waits during 500-item previews is a speed figure (`npm run bench -- purchases`, docs/benchmarks.md);
 * here only the order of events: the read of a note of the 990 items NF-e allows begins, /api/health is asked and
 * answered, then the read ends. Read on the HTTP thread, the read would end before /api/health could even be routed.
 */
describe('entry by XML: the note read off the HTTP thread', () => {
  let t: TestApp;
  let stocker: string;

  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
  });
  afterAll(() => t.close());

  const preview = (xml: string) => {
    const body = multipart(Buffer.from(xml, 'utf8'), 'nota.xml');
    return t.app.inject({
      method: 'POST',
      url: '/api/purchases/nfe?dryRun=true',
      headers: { ...bearer(stocker), ...body.headers },
      payload: body.payload,
    });
  };

  it('answers /api/health while a 990-item note is being read, and then previews all 990 items', async () => {
    const largest = buildTestNfe(manyItemsNfeSpec(990));
    const events: string[] = [];
    let health: Promise<void> | undefined;
    const started = () => {
      events.push('read started');
      health = t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => {
        events.push(`health ${res.statusCode}`);
      });
    };
    const ended = () => {
      events.push('read ended');
    };
    nfeReads.start.subscribe(started);
    nfeReads.asyncEnd.subscribe(ended);
    try {
      const res = await preview(largest.xml);
      await health;
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect({ items: data.items.length, accessKey: data.accessKey }).toEqual({
        items: 990,
        accessKey: largest.accessKey,
      });
    } finally {
      nfeReads.start.unsubscribe(started);
      nfeReads.asyncEnd.unsubscribe(ended);
    }
    expect(events).toEqual(['read started', 'health 200', 'read ended']);
  });

  it("answers a refused note with the reader's own 400 and message, and reads the next note", async () => {
    const res = await preview('<?xml version="1.0"?><!DOCTYPE nfe [<!ENTITY x "y">]><nfeProc/>');
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { errors: [PURCHASE_TEXTS.nfe.dtd], code: 'NFE_INVALID', details: { reason: 'dtd' } },
    });
    const next = buildTestNfe(manyItemsNfeSpec(5));
    const ok = await preview(next.xml);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.items).toHaveLength(5);
  });

  it('stops a read that passes its time bound with its own message, and reads the next note in a new worker', async () => {
    // A 300-item note takes tens of milliseconds to read: a bound of 1 ms always stops it.
    const note = buildTestNfe(manyItemsNfeSpec(300));
    const bytes = Buffer.from(note.xml, 'utf8');
    const stopped = await readNfeInWorker(bytes, 1).then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(NfeReadError);
    expect({ code: (stopped as NfeReadError).code, message: (stopped as NfeReadError).message }).toEqual({
      code: 'too-slow',
      message:
        'A leitura do arquivo passou de 1 segundo e foi interrompida: confira se é a NF-e do fornecedor e envie de novo.',
    });
    const read = await readNfeInWorker(bytes);
    expect({ items: read.items.length, accessKey: read.accessKey }).toEqual({ items: 300, accessKey: note.accessKey });
  });

  it('refuses at preview a note whose det repeats nItem 3 (never called ready), naming the item', async () => {
    // Four items of the builder's note numbered 1, 2, 3, 3: the fourth det says it is item 3 again.
    const spec = manyItemsNfeSpec(4);
    const repeated = buildTestNfe({
      ...spec,
      items: spec.items.map((item, index) => (index === 3 ? { ...item, itemNumber: 3 } : item)),
    });
    expect(repeated.xml.match(/<det nItem="3">/g)).toHaveLength(2);
    const res = await preview(repeated.xml);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: {
        errors: ['O item nº 3 aparece duas vezes na nota (det nItem="3"): peça ao fornecedor a NF-e correta.'],
        code: 'NFE_INVALID',
        details: { reason: 'not-nfe' },
      },
    });
  });
});
