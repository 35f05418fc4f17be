import { encode } from 'uqr';
import './qr-code.css';

/** The dark modules of a QR code as one SVG path (1 unit per module, `border` modules of quiet zone). */
export function qrPath(text: string, border = 2): { size: number; path: string } {
  const { data } = encode(text, { ecc: 'M', border });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size: data.length, path: parts.join('') };
}

/**
 * A QR code drawn as an SVG image with an accessible name: the handover code of an order, a distributor's invitation
 * link. It shrinks with a narrow card (never wider than its box).
 */
export function QrCode({ text, label, pixels = 176 }: { text: string; label: string; pixels?: number }) {
  const { size, path } = qrPath(text);
  return (
    <svg
      role="img"
      aria-label={label}
      className="qr-code"
      width={pixels}
      height={pixels}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
