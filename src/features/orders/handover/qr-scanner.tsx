import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options?: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's `BarcodeDetector` (Chromium on Android, macOS, ChromeOS) with a camera, else null. */
export function barcodeDetector(): BarcodeDetectorConstructor | null {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  const camera =
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  return typeof ctor === 'function' && camera ? ctor : null;
}

const SCAN_EVERY_MS = 250;

/**
 * "Scan": reads a QR code with the camera and hands its text to `onCode`, then stops the camera. Shown only where
 * the browser has `BarcodeDetector` (feature-detected); elsewhere staff type the code.
 */
export function QrScanner({ onCode, disabled }: { onCode: (text: string) => void; disabled: boolean }) {
  const { t } = useLingui();
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = barcodeDetector();

  useEffect(() => {
    if (!scanning || Detector === null) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const tick = async () => {
      const element = video.current;
      if (stopped || element === null) return;
      const found = await detector.detect(element).catch(() => []);
      const text = found[0]?.rawValue;
      if (text !== undefined && text !== '') {
        onCode(text);
        setScanning(false);
        return;
      }
      timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || video.current === null) return;
        video.current.srcObject = media;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        setFailed(true);
        setScanning(false);
      });
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, Detector, onCode]);

  if (Detector === null) return null;
  return (
    <div className="handover-dialog__scan">
      {scanning ? (
        <>
          <video ref={video} className="handover-dialog__video" muted playsInline aria-label={t`Camera`} />
          <Button variant="secondary" onClick={() => setScanning(false)}>
            {t`Stop scanning`}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => {
            setFailed(false);
            setScanning(true);
          }}
        >
          {t`Scan the QR code`}
        </Button>
      )}
      {failed ? (
        <p className="order-form__error" role="alert">
          {t`The camera could not be opened. Type the code instead.`}
        </p>
      ) : null}
    </div>
  );
}
