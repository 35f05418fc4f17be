import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { Button } from '#src/ui/button.tsx';

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
 * "Scan": reads a QR code with the camera and hands its text to the machine (`handover.change`), which turns the
 * camera off. Whether it is on or failed is the machine's (`view.scanning`, `view.scanFailed`); this view only runs
 * the device while it is on. Shown only where the browser has `BarcodeDetector` (feature-detected); elsewhere staff
 * type the code.
 */
export function QrScanner({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const Detector = barcodeDetector();
  const scanning = view.scanning;

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
        send({ type: 'handover.change', code: text });
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
      .catch(() => send({ type: 'handover.scan.failed' }));
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, Detector, send]);

  if (Detector === null) return null;
  return (
    <div className="handover-dialog__scan">
      {scanning ? (
        <>
          <video ref={video} className="handover-dialog__video" muted playsInline aria-label={t`Camera`} />
          <Button variant="secondary" onClick={() => send({ type: 'handover.scan.stop' })}>
            {t`Stop scanning`}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          disabled={view.busy}
          onClick={() => send({ type: 'handover.scan.start' })}
        >
          {t`Scan the QR code`}
        </Button>
      )}
      {view.scanFailed ? (
        <p className="order-form__error" role="alert">
          {t`The camera could not be opened. Type the code instead.`}
        </p>
      ) : null}
    </div>
  );
}
