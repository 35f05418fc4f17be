/** Text as Windows-1251 bytes (the encoding many 1C setups write), for tests. */
const CP1251 = new Map<string, number>(
  Array.from({ length: 256 }, (_, byte) => [
    new TextDecoder('windows-1251').decode(Uint8Array.of(byte)),
    byte,
  ]),
);

export function iconv1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.replace(/^\uFEFF/, '')) {
    const byte = CP1251.get(char);
    if (byte === undefined) throw new Error(`no Windows-1251 byte for ${char}`);
    bytes.push(byte);
  }
  return Buffer.from(bytes);
}
