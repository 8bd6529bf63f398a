// The part of the `qrcode` package (MIT, no types of its own) the DANFE NFC-e uses: the symbol's modules, drawn by
// danfe-nfce.ts as vectors.
declare module 'qrcode' {
  interface QRCodeSymbol {
    version: number;
    modules: { size: number; get(row: number, column: number): number | boolean };
  }
  const QRCode: {
    create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QRCodeSymbol;
  };
  export default QRCode;
}
