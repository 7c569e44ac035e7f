import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { t, useT } from '@/lib/i18n/i18n';
import { pinFromScan } from './scan-pin';

/** How often a video frame is searched for a QR code (ms). */
const SCAN_INTERVAL_MS = 200;

/** The Shape Detection API where the browser has it (Chrome on Android); typed here, not in lib.dom. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Why the camera cannot be used, in words a person can act on (in the language shown). */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return t('connect.cameraDenied');
    case 'NotFoundError':
    case 'OverconstrainedError':
      return t('connect.noCamera');
    case 'NotReadableError':
      return t('connect.cameraBusy');
    default:
      return t('connect.cameraFailed');
  }
}

/** Why this page cannot ask for the camera at all, or null when it can. */
export function cameraUnavailable(): string | null {
  // Browsers leave mediaDevices out entirely on insecure pages.
  const media = (navigator as { mediaDevices?: Partial<MediaDevices> }).mediaDevices;
  if (typeof media?.getUserMedia === 'function') return null;
  if (!window.isSecureContext) {
    return t('connect.insecure');
  }
  return t('connect.noCameraApi');
}

interface QrScannerProps {
  onPin: (pin: string) => void;
  onClose: () => void;
}

/**
 * Scans the display's QR code with the phone camera: BarcodeDetector when the browser has it, jsQR on
 * video frames otherwise. The camera is released when the scanner closes.
 */
export function QrScanner({ onPin, onClose }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const tr = useT();
  const [problem, setProblem] = useState<string | null>(() => cameraUnavailable());
  const [notOurs, setNotOurs] = useState(false);
  const onPinRef = useRef(onPin);
  useEffect(() => {
    onPinRef.current = onPin;
  });

  useEffect(() => {
    if (cameraUnavailable()) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');

    async function decode(
      video: HTMLVideoElement,
      detector: BarcodeDetectorLike | null,
    ): Promise<string | null> {
      if (detector) {
        const codes = await detector.detect(video);
        return codes[0]?.rawValue ?? null;
      }
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return null;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const { default: jsQR } = await import('jsqr');
      return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    }

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        // The scanner closed while the camera was starting: switch the camera off again at once.
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor })
        .BarcodeDetector;
      let detector: BarcodeDetectorLike | null = null;
      try {
        detector = Detector ? new Detector({ formats: ['qr_code'] }) : null;
      } catch {
        detector = null; // QR not supported by this detector: jsQR it is
      }
      const tick = async () => {
        if (stopped) return;
        try {
          const text = await decode(video, detector);
          if (text !== null) {
            const pin = pinFromScan(text);
            if (pin) {
              onPinRef.current(pin);
              return;
            }
            setNotOurs(true);
          }
        } catch {
          // A frame that could not be read: try the next one.
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    }
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Stack spacing={2} component="section" aria-label={tr('connect.scan')}>
      {problem ? (
        <Alert severity="warning">{problem}</Alert>
      ) : (
        <>
          <Box
            sx={{
              position: 'relative',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'common.black',
              aspectRatio: '1 / 1',
            }}
          >
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              aria-label={tr('connect.camera')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                inset: '15%',
                border: '3px solid rgba(255,255,255,0.85)',
                borderRadius: 2,
              }}
            />
          </Box>
          <Typography color="text.secondary" aria-live="polite">
            {notOurs ? tr('connect.notOurs') : tr('connect.pointAtCode')}
          </Typography>
        </>
      )}
      <Button variant="outlined" size="large" onClick={onClose} sx={{ minHeight: 56 }}>
        {problem ? tr('connect.back') : tr('connect.stopScanning')}
      </Button>
    </Stack>
  );
}
