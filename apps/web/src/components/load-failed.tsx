import { LOAD_TEXTS } from './load-texts';
import { Alert, AlertButton } from './plain/alert';
import './plain/plain.css';

/** In place of a screen whose code could not be fetched: what happened, and a button that loads the page again. */
export function LoadFailed({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className={`pl-load-failed${fullScreen ? ' pl-loader-full' : ''}`}>
      <Alert
        severity="error"
        action={<AlertButton onClick={() => window.location.reload()}>{LOAD_TEXTS.retry}</AlertButton>}
      >
        {LOAD_TEXTS.pageFailed}
      </Alert>
    </div>
  );
}
