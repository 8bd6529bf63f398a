import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { DownloadButton } from './download-button';

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
  return (
    <DownloadButton
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      download={download}
      failedText={failedText}
    >
      {text}
    </DownloadButton>
  );
}
