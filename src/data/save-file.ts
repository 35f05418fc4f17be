/** How long a blob URL handed to the browser stays valid. */
export const BLOB_URL_LIFETIME_MS = 60_000;

/** A downloaded file: its bytes and the name the server gave it. */
export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/** Hands a file to the browser as a download under its own name (the one place the SPA saves a file). */
export function saveFile(file: SavedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}
