/**
 * Headers on every answer (API, static files, errors, not-found). The SPA is served from the same origin, so
 * `'self'` covers scripts, styles, fonts and API calls; `'unsafe-inline'` is kept for styles only, because
 * react-toastify injects a `<style>` element at run time. Images may be `data:` URLs (inline icons).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** One year, for when the server is reached over https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';
