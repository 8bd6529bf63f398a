import {
  apiErrorSchema,
  formatBusinessDateTimeMinutes,
  PURCHASE_ENTRY_TEXTS,
  PURCHASE_TEXTS,
  withCnpjCheckDigits,
} from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { buildTestNfe, TEST_NFE_RECIPIENT_CNPJ, workedExampleNfeSpec } from './nfe/test-nfe';
import { entryCounts, imeis, productNow, sendNfe, setShopCnpj, useFreshNfeShop } from './test-purchases';

/**
 * Issue 57 §3 and §4 (decision 0086): one note, one entry — (issuer CNPJ, model, series, number) as well as the
 * access key — and the signature a note must carry. Through the API on a fresh database each time; figures of
 * the worked example (test-nfe.ts): 10 iPhones at R$ 3.200,00 with R$ 158,02 of freight, 50 cases at R$ 8,00
 * with R$ 1,98, vNF R$ 32.560,00 in two duplicatas of R$ 16.280,00; 5 iPhones in stock before.
 */
describe('one note, one entry; the signature it must carry', () => {
  const { shop, arriving, decisions } = useFreshNfeShop((opened) => setShopCnpj(opened.t, TEST_NFE_RECIPIENT_CNPJ));

  it('refuses the note 69916/1 entered again under another cNF (another key), naming the first entry', async () => {
    const first = buildTestNfe(workedExampleNfeSpec({ number: 69916, series: 1, numericCode: '12345678' }));
    const again = buildTestNfe(workedExampleNfeSpec({ number: 69916, series: 1, numericCode: '87654321' }));
    expect(again.accessKey).not.toBe(first.accessKey);
    const entered = await sendNfe(shop.t, shop.stocker, first.xml, { dryRun: false, decisions: decisions() });
    expect(entered.statusCode, entered.body).toBe(200);
    const { id } = entered.json().data as { id: number };
    const row = await shop.t.db
      .selectFrom('purchases')
      .select(['created_at', 'model'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.model).toBe(55);
    const before = await entryCounts(shop.t);
    // 5 + 10 iPhones; 2 bills of R$ 16.280,00.
    expect(before).toMatchObject({ purchases: 1, payables: 2 });
    expect((await productNow(shop.t, shop.iphone.id)).stock).toBe(15);

    const message = PURCHASE_ENTRY_TEXTS.noteEnteredUnderAnotherKey({
      number: '69916',
      series: '1',
      purchaseId: id,
      accessKey: first.accessKey,
      enteredAt: formatBusinessDateTimeMinutes(new Date(row.created_at)),
      employee: 'Estoquista Demo',
    });
    expect(message).toContain(`nota 69916, série 1`);
    expect(message).toContain(`entrada nº ${id}, chave ${first.accessKey}`);
    const otherPhones = { ...decisions(imeis(10, 201)) };
    const preview = await sendNfe(shop.t, shop.stocker, again.xml, { dryRun: true, decisions: otherPhones });
    expect(preview.statusCode, preview.body).toBe(409);
    const refused = await sendNfe(shop.t, shop.stocker, again.xml, { dryRun: false, decisions: otherPhones });
    expect(refused.statusCode, refused.body).toBe(409);
    const error = apiErrorSchema.parse(refused.json());
    expect(error.code).toBe('PURCHASE_ALREADY_ENTERED');
    expect(error.errors[0]).toContain(`entrada nº ${id}, chave ${first.accessKey}`);
    expect(error.errors[0]).toContain('A nota 69916, série 1, deste emitente já deu entrada');
    // Nothing written: still one entry, 15 iPhones, 2 bills (not 25 iPhones and 4 bills).
    expect(await entryCounts(shop.t)).toEqual(before);
    expect((await productNow(shop.t, shop.iphone.id)).stock).toBe(15);
  });

  it('still takes another number of the same issuer, and the same number of another series', async () => {
    const first = buildTestNfe(workedExampleNfeSpec({ number: 69916, series: 1 }));
    const otherSeries = buildTestNfe(workedExampleNfeSpec({ number: 69916, series: 2 }));
    expect((await sendNfe(shop.t, shop.stocker, first.xml, { dryRun: false, decisions: decisions() })).statusCode).toBe(
      200,
    );
    const res = await sendNfe(shop.t, shop.stocker, otherSeries.xml, {
      dryRun: false,
      decisions: decisions(imeis(10, 201)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await productNow(shop.t, shop.iphone.id)).stock).toBe(25);
  });

  it('refuses a note whose signature was stripped while its protNFe (digVal) stayed, altered or not', async () => {
    const signed = buildTestNfe(workedExampleNfeSpec({ number: 4700 }));
    expect(signed.xml).toContain('<protNFe');
    const stripped = signed.xml.replace(/<Signature[\s\S]*<\/Signature>/, '');
    expect(stripped).not.toContain('Signature');
    expect(stripped).toContain('<digVal>');
    const altered = stripped.replace('<qCom>50.0000</qCom>', '<qCom>60.0000</qCom>');
    for (const xml of [stripped, altered]) {
      for (const dryRun of [true, false]) {
        const res = await sendNfe(shop.t, shop.stocker, xml, {
          dryRun,
          decisions: { ...decisions(), unsignedReason: 'x'.repeat(40) },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(apiErrorSchema.parse(res.json()).errors).toEqual([PURCHASE_TEXTS.nfe.signatureStripped]);
      }
    }
    // Altered under the signature it kept: the digest no longer matches the content.
    const alteredSigned = signed.xml.replace('<qCom>50.0000</qCom>', '<qCom>60.0000</qCom>');
    expect(alteredSigned).not.toBe(signed.xml);
    const res = await sendNfe(shop.t, shop.stocker, alteredSigned, { dryRun: true, decisions: decisions() });
    expect(res.statusCode, res.body).toBe(400);
    expect(apiErrorSchema.parse(res.json()).errors).toEqual([PURCHASE_TEXTS.nfe.signature]);
    expect(await entryCounts(shop.t)).toMatchObject({ purchases: 0, payables: 0 });
  });

  it("enters an unsigned file (no protNFe either) only with a manager's reason of 15 characters, marked", async () => {
    const unsigned = buildTestNfe(workedExampleNfeSpec({ number: 4800, sign: false, bare: true }));
    // 14 characters: refused; 15: taken.
    const short = await sendNfe(shop.t, shop.stocker, unsigned.xml, {
      dryRun: false,
      decisions: { ...decisions(), unsignedReason: 'Sem assinatura' },
    });
    expect(short.statusCode, short.body).toBe(400);
    expect(apiErrorSchema.parse(short.json()).errors).toEqual([PURCHASE_ENTRY_TEXTS.unsignedReasonRequired]);
    expect(PURCHASE_ENTRY_TEXTS.unsignedReasonRequired).toContain('ao menos 15 caracteres');
    const reason = 'Sem assinatura.';
    expect(reason).toHaveLength(15);
    const res = await sendNfe(shop.t, shop.stocker, unsigned.xml, {
      dryRun: false,
      decisions: { ...decisions(), unsignedReason: reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ signatureStatus: 'ABSENT', unsignedReason: reason });
    const list = await shop.t.app.inject({
      method: 'GET',
      url: '/api/purchases',
      headers: { authorization: `Bearer ${shop.stocker}` },
    });
    expect(list.json().data.items[0]).toMatchObject({ signatureStatus: 'ABSENT' });
  });

  it('asks the clerk to accept a certificate that does not name the issuer (its CNPJ root), 400 without it', async () => {
    // The sample certificate names 11222333000181; an issuer of another root (44333222/0001) is warned.
    const otherIssuer = withCnpjCheckDigits('443332220001');
    const note = buildTestNfe(workedExampleNfeSpec({ number: 4900, issuer: { cnpj: otherIssuer } }));
    const preview = await sendNfe(shop.t, shop.stocker, note.xml, { dryRun: true, decisions: decisions() });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      warnings: [{ code: 'CERTIFICATE', needsConfirmation: true, confirmed: false }],
      problems: [PURCHASE_ENTRY_TEXTS.certificateNotAccepted],
      ready: false,
    });
    const refused = await sendNfe(shop.t, shop.stocker, note.xml, { dryRun: false, decisions: decisions() });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).errors).toEqual([PURCHASE_ENTRY_TEXTS.certificateNotAccepted]);
    expect(await entryCounts(shop.t)).toMatchObject({ purchases: 0 });
    const res = await sendNfe(shop.t, shop.stocker, note.xml, {
      dryRun: false,
      decisions: { ...decisions(), acceptCertificate: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Decision 0096: the sample certificate is self-signed, no ICP-Brasil root: 'fora da ICP-Brasil', said on the
    // preview (no warning to accept) and kept on the entry.
    expect(preview.json().data.signature).toEqual({
      status: 'VALID',
      certificate: 'DISTRIBUIDORA MODELO DE CELULARES LTDA:11222333000181',
      chain: 'OUTSIDE',
    });
    expect(res.json().data).toMatchObject({ signatureStatus: 'VALID', signatureChain: 'OUTSIDE' });
    // A branch of the certificate's company (11222333/0002) is its issuer: no warning.
    const branch = buildTestNfe(
      workedExampleNfeSpec({ number: 4901, issuer: { cnpj: withCnpjCheckDigits('112223330002') } }),
    );
    const branchPreview = await sendNfe(shop.t, shop.stocker, branch.xml, {
      dryRun: true,
      decisions: decisions(imeis(10, 301)),
    });
    expect(branchPreview.json().data).toMatchObject({ warnings: [], ready: true });
    expect(arriving).toHaveLength(10);
  });
});
