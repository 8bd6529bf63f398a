import { PURCHASE_TEXTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { SAMPLE_NFE_CERTIFICATE } from '../../../lib/nfe/sample-nfe-certificate';
import { NfeReadError, readNfe } from './nfe-reader';
import { buildTestNfe, workedExampleNfeSpec } from './test-nfe';

const TEXTS = PURCHASE_TEXTS.nfe;

/** xml-crypto's own, complete XMLDSig validation (parse, reference by Id, C14N, digest, RSA). */
function xmlCryptoAccepts(xml: string): boolean {
  const signed = new SignedXml({ publicCert: SAMPLE_NFE_CERTIFICATE });
  signed.loadSignature(xml.slice(xml.indexOf('<Signature '), xml.indexOf('</Signature>') + '</Signature>'.length));
  try {
    return signed.checkSignature(xml);
  } catch {
    return false;
  }
}

function refusal(xml: string): NfeReadError {
  try {
    readNfe(Buffer.from(xml, 'utf8'));
  } catch (error) {
    if (error instanceof NfeReadError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

const ITEM = { code: 'CEL-1', name: 'Smartphone', qty: 1, unitValue: '1000.00', infAdProd: 'IMEI 352099001761481' };

describe('the NF-e signature (decision 0048)', () => {
  it("agrees with xml-crypto's SignedXml: the test notes are standard XMLDSig (RSA-SHA1, RSA-SHA256, bare NFe, accents and &)", () => {
    const notes = [
      buildTestNfe(workedExampleNfeSpec()).xml,
      buildTestNfe(workedExampleNfeSpec({ sign: 'sha256' })).xml,
      buildTestNfe(workedExampleNfeSpec({ bare: true })).xml,
      buildTestNfe({ issuer: { name: 'AÇÃO & CIA <CELULARES> LTDA' }, items: [ITEM] }).xml,
    ];
    for (const xml of notes) {
      expect(xmlCryptoAccepts(xml)).toBe(true);
      expect(readNfe(Buffer.from(xml)).signature.status).toBe('VALID');
    }
    expect(readNfe(Buffer.from(notes[3] ?? '')).issuer.name).toBe('AÇÃO & CIA <CELULARES> LTDA');
  });

  it('and both refuse the same altered note', () => {
    const xml = buildTestNfe({ items: [ITEM] }).xml.replace('<qCom>1.0000</qCom>', '<qCom>2.0000</qCom>');
    expect(xmlCryptoAccepts(xml)).toBe(false);
    expect(refusal(xml)).toMatchObject({ code: 'signature', message: TEXTS.signature });
  });

  it('a signature value changed by one character is refused', () => {
    const xml = buildTestNfe({ items: [ITEM] }).xml;
    const start = xml.indexOf('<SignatureValue>') + '<SignatureValue>'.length;
    const changed = `${xml.slice(0, start)}${xml[start] === 'A' ? 'B' : 'A'}${xml.slice(start + 1)}`;
    expect(refusal(changed)).toMatchObject({ code: 'signature', message: TEXTS.signature });
  });

  it('signature wrapping: the signed infNFe moved elsewhere and an altered one in its place is refused', () => {
    const { xml } = buildTestNfe({ items: [ITEM] });
    const original = xml.slice(xml.indexOf('<infNFe '), xml.indexOf('</infNFe>') + '</infNFe>'.length);
    const altered = original.replace('<vProd>1000.00</vProd>', '<vProd>10.00</vProd>');
    const wrapped = xml.replace(original, altered).replace('</protNFe>', `<extra>${original}</extra></protNFe>`);
    expect(refusal(wrapped).code).toBe('signature');
  });

  it('only the algorithms SEFAZ uses: HMAC, another canonicalization, a reference to something else are refused', () => {
    const { xml, accessKey } = buildTestNfe({ items: [ITEM] });
    const hmac = xml.replace(
      'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      'http://www.w3.org/2000/09/xmldsig#hmac-sha1',
    );
    expect(refusal(hmac)).toMatchObject({ code: 'signature' });
    expect(refusal(hmac).message).toMatch(/^A assinatura digital da nota não está no padrão da NF-e: /);
    const exclusive = xml.replace(
      '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315">',
      '<CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#">',
    );
    expect(refusal(exclusive).code).toBe('signature');
    expect(refusal(xml.replace(`URI="#NFe${accessKey}"`, 'URI=""')).code).toBe('signature');
  });

  it('a bare NFe without a Signature is ABSENT; stripped from a note with its protNFe, refused; two, refused', () => {
    const { xml } = buildTestNfe({ items: [ITEM] });
    const bare = buildTestNfe({ items: [ITEM], bare: true }).xml;
    const signature = xml.slice(xml.indexOf('<Signature '), xml.indexOf('</Signature>') + '</Signature>'.length);
    const bareSignature = bare.slice(bare.indexOf('<Signature '), bare.indexOf('</Signature>') + 12);
    expect(readNfe(Buffer.from(bare.replace(bareSignature, ''))).signature).toEqual({ status: 'ABSENT' });
    expect(refusal(xml.replace(signature, '')).code).toBe('signature');
    expect(refusal(xml.replace(signature, `${signature}${signature}`)).code).toBe('signature');
  });
});
