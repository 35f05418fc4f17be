/**
 * Turns the bytes of a file 1C sent into text, the way an XML parser does (XML 1.0, appendix F): the byte-order mark
 * decides first (UTF-8, UTF-16LE, UTF-16BE), then the `encoding` of the XML declaration (`windows-1251` is what many
 * 1C setups write), else UTF-8. Decoding is strict: bytes that are not valid in the chosen encoding (a file declared
 * UTF-8 whose bytes are Windows-1251, binary data) are a reason to refuse the file, never replaced by U+FFFD.
 */
import { isUnstorable } from '../../http/storable-text.ts';

export type DecodedFile = { ok: true; text: string; encoding: string } | { ok: false; reason: string };

/** Encodings 1C writes that the portal reads (label as the XML declaration may spell it → TextDecoder label). */
const SUPPORTED: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'windows-1251': 'windows-1251',
  'win-1251': 'windows-1251',
  cp1251: 'windows-1251',
  'x-cp1251': 'windows-1251',
  'utf-16': 'utf-16',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  prefix.every((byte, index) => bytes[index] === byte);

/** The encoding the first bytes announce without a declaration: a BOM, or `<?` in UTF-16 (XML 1.0, F.1). */
function sniff(bytes: Uint8Array): { encoding: string; bom: number } | null {
  if (startsWith(bytes, [0xff, 0xfe, 0x00, 0x00]) || startsWith(bytes, [0x00, 0x00, 0xfe, 0xff])) {
    return { encoding: 'utf-32', bom: 4 };
  }
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', bom: 3 };
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: 'utf-16le', bom: 2 };
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: 'utf-16be', bom: 2 };
  if (startsWith(bytes, [0x3c, 0x00, 0x3f, 0x00])) return { encoding: 'utf-16le', bom: 0 };
  if (startsWith(bytes, [0x00, 0x3c, 0x00, 0x3f])) return { encoding: 'utf-16be', bom: 0 };
  return null;
}

/** `encoding="…"` of an XML declaration at the very start of ASCII-compatible bytes; null when none. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
  const declaration = /^<\?xml\s[^?]*\?>/.exec(head)?.[0];
  if (declaration === undefined) return null;
  const match = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(declaration);
  return (match?.[1] ?? match?.[2] ?? null)?.trim().toLowerCase() ?? null;
}

function strictDecode(bytes: Uint8Array, label: string): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The encoding of a file and where its text starts (after a byte-order mark), or why it cannot be read. */
export type FileEncoding = { ok: true; label: string; start: number } | { ok: false; reason: string };

/** Decides a file's encoding from its first bytes (see the module comment). */
export function encodingOf(bytes: Uint8Array): FileEncoding {
  if (bytes.length === 0) return { ok: false, reason: 'the file is empty' };
  const sniffed = sniff(bytes);
  if (sniffed !== null) {
    if (sniffed.encoding === 'utf-32') return { ok: false, reason: 'UTF-32 files are not supported' };
    return { ok: true, label: sniffed.encoding, start: sniffed.bom };
  }
  const declared = declaredEncoding(bytes);
  if (declared === null) return { ok: true, label: 'utf-8', start: 0 };
  const known = SUPPORTED[declared];
  if (known === undefined) {
    return {
      ok: false,
      reason: `the file's encoding "${declared.slice(0, 40)}" is not supported (UTF-8, Windows-1251, UTF-16)`,
    };
  }
  if (known.startsWith('utf-16')) {
    return { ok: false, reason: `the file declares ${declared} but its bytes are not UTF-16` };
  }
  return { ok: true, label: known, start: 0 };
}

/**
 * Decodes a large file piece by piece (`next()` answers the next piece of text, null at the end), strictly, so a
 * reader can rest between pieces: one big `TextDecoder.decode` of a catalogue keeps the event loop for half a
 * second. Throws `DecodeError` (with the same reasons as `decodeXmlFile`) on bytes invalid in the encoding.
 */
export class DecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecodeError';
  }
}

export interface TextPieces {
  readonly encoding: string;
  next(): string | null;
}

export function decodePieces(bytes: Uint8Array, pieceBytes = 256 * 1024): TextPieces {
  const found = encodingOf(bytes);
  if (!found.ok) throw new DecodeError(found.reason);
  const decoder = new TextDecoder(found.label, { fatal: true, ignoreBOM: true });
  let offset = found.start;
  let done = false;
  return {
    encoding: found.label,
    next(): string | null {
      if (done) return null;
      const end = Math.min(bytes.length, offset + pieceBytes);
      let text: string;
      try {
        text =
          end >= bytes.length
            ? decoder.decode(bytes.subarray(offset, end))
            : decoder.decode(bytes.subarray(offset, end), { stream: true });
      } catch {
        throw new DecodeError(`the file's bytes are not valid ${found.label.toUpperCase()} text`);
      }
      if (end >= bytes.length) done = true;
      offset = end;
      if (isUnstorable(text)) {
        throw new DecodeError('the file holds characters XML does not allow (NUL, unpaired surrogates)');
      }
      return text;
    },
  };
}

/** Decodes a whole file (all its parts joined). */
export function decodeXmlFile(bytes: Uint8Array): DecodedFile {
  const found = encodingOf(bytes);
  if (!found.ok) return found;
  const label = found.label;
  const body = bytes.subarray(found.start);
  const text = strictDecode(body, label);
  if (text === null) {
    return { ok: false, reason: `the file's bytes are not valid ${label.toUpperCase()} text` };
  }
  if (isUnstorable(text)) {
    return { ok: false, reason: 'the file holds characters XML does not allow (NUL, unpaired surrogates)' };
  }
  return { ok: true, text, encoding: label };
}

/** Closing root tag candidates of a CommerceML file in each supported encoding (a part's tail is tested on them). */
const ROOT_END = '</КоммерческаяИнформация>';
const TAIL_ENCODINGS = ['utf-8', 'windows-1251', 'utf-16le', 'utf-16be'] as const;

/** True when these bytes (the last part of a file) end with the root's closing tag in some supported encoding. */
export function endsWithRoot(part: Uint8Array): boolean {
  const tail = part.subarray(Math.max(0, part.length - 256));
  for (const encoding of TAIL_ENCODINGS) {
    // Cut to an even length from the end for UTF-16 so code units line up.
    const bytes = encoding.startsWith('utf-16') && tail.length % 2 === 1 ? tail.subarray(1) : tail;
    const text = new TextDecoder(encoding).decode(bytes).replace(/[\s\0]+$/, '');
    if (text.endsWith(ROOT_END) || /<КоммерческаяИнформация[^<>]*\/>$/.test(text)) return true;
  }
  return false;
}

/** True when these bytes can start an XML file: a BOM, or `<` (after white space) in a supported encoding. */
export function looksLikeXmlStart(part: Uint8Array): boolean {
  if (sniff(part) !== null) return true;
  let index = 0;
  while (index < part.length && [0x20, 0x09, 0x0a, 0x0d].includes(part[index] ?? 0)) index++;
  return part[index] === 0x3c;
}
