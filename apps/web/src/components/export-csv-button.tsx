import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { refusalMessage } from '../lib/api-client';
import { useNotify } from './notifier';

/**
 * A page's 'Exportar CSV': runs `download` (the server's CSV of what the page shows), disabled until it ends; a
 * failure is said in the snackbar, the server's message or `failedText`.
 */
export function ExportCsvButton({
  text,
  failedText,
  download,
}: {
  text: string;
  failedText: string;
  download: () => Promise<void>;
}) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await download();
    } catch (error) {
      notify.error(refusalMessage(error, failedText));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      onClick={() => void exportCsv()}
      disabled={exporting}
    >
      {text}
    </Button>
  );
}
