/**
 * The handover code's QR code as a PNG for an inline image (`cid:`): mail clients do not show SVG, and the desk's
 * scanner reads a crisp black-and-white image best. The same `uqr` encoding as the app's order page; the PNG is
 * written here (greyscale, 8 bits, one IDAT) with node:zlib, which is all a QR image needs.
 */
import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `text` as a QR code: `scale` pixels per module, a quiet zone of `border` modules. */
export function qrPng(text: string, scale = 8, border = 4): Buffer {
  const { data } = encode(text, { ecc: 'M', border });
  const modules = data.length;
  const size = modules * scale;
  const row = 1 + size; // filter byte + one byte per pixel
  const pixels = Buffer.alloc(row * size, 0xff);
  for (let y = 0; y < size; y += 1) {
    pixels[y * row] = 0; // filter: none
    const line = data[Math.floor(y / scale)] ?? [];
    for (let x = 0; x < size; x += 1) {
      if (line[Math.floor(x / scale)] === true) pixels[y * row + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  header[10] = 0; // compression
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
