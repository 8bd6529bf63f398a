import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { type CodeDetector, type CodeFormat, createCodeDetector, detectNewCodes } from './barcode-detection';
import { BARCODE_SCANNER_TEXTS as T } from './barcode-scanner-texts';

/** How often a frame is read (a code is found well within a second, the phone stays cool). */
const FRAME_INTERVAL_MS = 150;
/** How long a read code is shown over the video. */
const CONFIRMATION_MS = 1500;

interface Props {
  /**
   * A code read (each once per opening): true when it was added to the list, false when the list already
   * had it. The scanner says which over the video.
   */
  onDetected: (code: string) => boolean;
  formats?: readonly CodeFormat[];
  /**
   * One code an opening (a product picked by its box): the dialog closes as soon as a code is read, so the
   * same box scanned again (another 'Escanear') counts again.
   */
  single?: boolean;
  /** The button's accessible name when a screen has more than one scanner (its text stays 'Escanear'). */
  label?: string;
}

const DEFAULT_FORMATS: readonly CodeFormat[] = ['code_128'];

type CameraError = keyof typeof T.errors;

/** Why the camera did not open, in words for the person (getUserMedia's DOMException names). */
function cameraError(error: unknown): CameraError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'generic';
}

/** The open dialog: the camera (the back one on a phone), read every FRAME_INTERVAL_MS until closed. */
function ScannerDialog({
  onClose,
  onDetected,
  formats,
  single,
}: Required<Pick<Props, 'onDetected' | 'formats' | 'single'>> & { onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<CameraError | null>(null);
  const [ready, setReady] = useState(false);
  const [last, setLast] = useState<{ code: string; added: boolean; at: number } | null>(null);
  const [count, setCount] = useState(0);
  const detected = useRef(onDetected);
  detected.current = onDetected;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set<string>();

    const loop = (detector: CodeDetector) => {
      const video = videoRef.current;
      if (stopped || !video) return;
      const next = () => {
        if (!stopped) timer = setTimeout(() => loop(detector), FRAME_INTERVAL_MS);
      };
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return next();
      detectNewCodes(detector, video, seen)
        .then((codes) => {
          if (stopped) return;
          if (single && codes[0] !== undefined) {
            detected.current(codes[0]);
            navigator.vibrate?.(60);
            stopped = true;
            close.current();
            return;
          }
          for (const code of codes) {
            const added = detected.current(code);
            setLast({ code, added, at: Date.now() });
            if (added) setCount((n) => n + 1);
            navigator.vibrate?.(60);
          }
        })
        .catch(() => undefined) // a frame that cannot be read: the next one
        .finally(next);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError('noCamera');
        return;
      }
      const detectorPromise = createCodeDetector(formats);
      detectorPromise.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (cause) {
        if (!stopped) setError(cameraError(cause));
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        try {
          await video.play();
        } catch {
          // muted and inline it plays; if not, the frames are read as they come
        }
      }
      let detector: CodeDetector;
      try {
        detector = await detectorPromise;
      } catch {
        if (!stopped) setError('detector');
        return;
      }
      if (stopped) return;
      setReady(true);
      loop(detector);
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [formats, single]);

  // the confirmation fades after a moment
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => setLast((shown) => (shown === last ? null : shown)), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [last]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="barcode-scanner-title">
      <DialogTitle id="barcode-scanner-title">{T.title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{T.errors[error]}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {single ? T.singleHint : T.hint}
            </Typography>
            <Box
              sx={{
                position: 'relative',
                bgcolor: 'common.black',
                borderRadius: 1,
                overflow: 'hidden',
                aspectRatio: '4 / 3',
                outline: 4,
                outlineColor: last ? (last.added ? 'success.main' : 'warning.main') : 'transparent',
                transition: 'outline-color 150ms',
              }}
            >
              <Box
                component="video"
                ref={videoRef}
                muted
                playsInline
                aria-label={T.video}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {!ready && (
                <Box
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'flex',
                    gap: 1,
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: 'common.white',
                  }}
                >
                  <CircularProgress size={20} color="inherit" />
                  <Typography variant="body2">{T.starting}</Typography>
                </Box>
              )}
              {last && (
                <Alert
                  severity={last.added ? 'success' : 'warning'}
                  variant="filled"
                  sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, fontFamily: 'monospace' }}
                >
                  {last.added ? T.read(last.code) : T.alreadyListed(last.code)}
                </Alert>
              )}
            </Box>
            {!single && (
              <Typography variant="body2" role="status" sx={{ mt: 1 }}>
                {T.count(count)}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Escanear': a button that opens the camera and adds each code read to a list (`onDetected`). Load it
 * with `lazy(() => import(...))`: the detector (and its WebAssembly) loads only when the dialog opens.
 */
export default function BarcodeScanner({ onDetected, formats = DEFAULT_FORMATS, single = false, label }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<QrCodeScannerIcon />}
        onClick={() => setOpen(true)}
        {...(label ? { 'aria-label': label } : {})}
      >
        {T.button}
      </Button>
      {open && (
        <ScannerDialog onClose={() => setOpen(false)} onDetected={onDetected} formats={formats} single={single} />
      )}
    </>
  );
}
