/**
 * The API base: `VITE_API_BASE` at build time (`https://api.example.com/api/v3`), else `/api/v3` on the app's own
 * origin (the reference server serves both). A module of its own: the entry reads it without the client.
 */
export const API_BASE: string = (() => {
  const configured: unknown = import.meta.env.VITE_API_BASE;
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : '/api/v3';
})();
