/**
 * `zip=yes`: 1C sends one archive (`v8_XXXX.zip`) holding the XML files and the pictures, and the first `import`
 * call unpacks it. Read with yauzl, which checks every entry's real size against the size it declares and refuses
 * names that climb out (`..`) or start at a root; on top of that the portal caps the archive: the number of entries,
 * each entry's size, the whole, and how much an entry may grow when inflated (a zip bomb inflates a few kilobytes to
 * gigabytes). An archive over any cap, damaged or encrypted is a `failure` with the reason, and nothing of it is
 * kept.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { safeFileName } from './files.ts';

export interface ArchiveLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
  /** inflated ÷ compressed, for entries above `ratioFloorBytes` */
  ratio: number;
  ratioFloorBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  entries: 20_000,
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 256 * 1024 * 1024,
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
};

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const open = (bytes: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) =>
        error === null && zip !== undefined ? resolve(zip) : reject(error ?? new Error('no zip')),
    );
  });

function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error !== null || stream === undefined) {
        reject(error ?? new Error('no stream'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy(new ArchiveError(`the entry ${entry.fileName} inflates past ${limit} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The files of an archive, by their (checked) names, directories left out. Throws `ArchiveError` saying why an
 * archive is refused.
 */
export async function unpackArchive(
  bytes: Uint8Array,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<Map<string, Buffer>> {
  let zip: ZipFile;
  try {
    zip = await open(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new ArchiveError(
      `not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw new ArchiveError(`the archive holds ${zip.entryCount} entries; at most ${limits.entries} are read`);
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(error));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          const name = entry.fileName;
          if (name.endsWith('/')) {
            zip.readEntry();
            return;
          }
          const safe = safeFileName(name);
          if (safe === null)
            throw new ArchiveError(`the archive holds an entry named ${JSON.stringify(name)}`);
          if ((entry.generalPurposeBitFlag & 0x1) !== 0)
            throw new ArchiveError(`the entry ${name} is encrypted`);
          if (entry.uncompressedSize > limits.entryBytes) {
            throw new ArchiveError(
              `the entry ${name} is ${entry.uncompressedSize} bytes; at most ${limits.entryBytes}`,
            );
          }
          if (
            entry.uncompressedSize > limits.ratioFloorBytes &&
            entry.uncompressedSize > limits.ratio * Math.max(1, entry.compressedSize)
          ) {
            throw new ArchiveError(
              `the entry ${name} inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times; at most ${limits.ratio}`,
            );
          }
          total += entry.uncompressedSize;
          if (total > limits.totalBytes) {
            throw new ArchiveError(`the archive inflates past ${limits.totalBytes} bytes`);
          }
          files.set(safe, await readEntry(zip, entry, Math.min(limits.entryBytes, entry.uncompressedSize)));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    throw error instanceof ArchiveError
      ? error
      : new ArchiveError(
          `the archive could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
  } finally {
    zip.close();
  }
  return files;
}
