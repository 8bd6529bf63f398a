/** Texts of the camera scanner (components/barcode-scanner.tsx). */
export const BARCODE_SCANNER_TEXTS = {
  button: 'Escanear',
  title: 'Escanear código de barras',
  hint: 'Aponte a câmera para o código de barras. Cada código lido entra na lista uma vez.',
  /** One code an opening (a product by its box): the dialog closes once it is read. */
  singleHint: 'Aponte a câmera para o código de barras da caixa.',
  starting: 'Abrindo a câmera…',
  close: 'Concluir',
  video: 'Imagem da câmera',
  read: (code: string) => `Lido: ${code}`,
  alreadyListed: (code: string) => `Já está na lista: ${code}`,
  count: (n: number) => (n === 1 ? '1 código lido' : `${n} códigos lidos`),
  errors: {
    noCamera: 'Este aparelho ou navegador não oferece acesso à câmera (é preciso abrir o sistema por HTTPS).',
    denied:
      'A permissão para usar a câmera foi negada. Libere a câmera para este site nas configurações do navegador e tente de novo.',
    notFound: 'Nenhuma câmera foi encontrada neste aparelho.',
    busy: 'A câmera está em uso por outro aplicativo. Feche-o e tente de novo.',
    detector: 'Não foi possível carregar o leitor de códigos de barras. Tente de novo.',
    generic: 'Não foi possível abrir a câmera. Tente de novo.',
  },
} as const;
