import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { refusalMessage } from '../lib/api-client';
import { useNotify } from './notifier';

export type DownloadButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & {
  /** The button's text ('Exportar CSV', 'DANFE', 'Recibo'). */
  children: string;
  /** Fetches the file with the token and saves it (lib/download.ts). */
  download: () => Promise<void>;
  /** Said when the server does not say why the file failed (a 5xx, no answer). */
  failedText: string;
};

/**
 * A download as a button runs it: `run` starts it, `busy` until it ends; a failure is said in the snackbar in the
 * words `failure` gives it (the server's message, or the screen's text).
 */
export function useDownload(download: () => Promise<void>, failure: (error: unknown) => string) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run: () => void start() };
}

/**
 * A button that downloads a file (a CSV, a PDF, an XML): disabled until the download ends; a failure said in the
 * snackbar, the server's message or `failedText`.
 */
export function DownloadButton({ children, download, failedText, ...props }: DownloadButtonProps) {
  const file = useDownload(download, (error) => refusalMessage(error, failedText));
  return (
    <Button {...props} onClick={file.run} disabled={file.busy}>
      {children}
    </Button>
  );
}
