import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

/** The source of each inline `<script>` (one without `src`) of a page, exactly as the browser hashes it. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => body ?? '',
  );
}

/**
 * The Content-Security-Policy of the app's page (index.html): the API's, with `script-src` also allowing the page's
 * own inline scripts by their sha256 (the boot script, vite.config.ts `preloadBoot`), and no other inline script.
 */
export function pageContentSecurityPolicy(html: string): string {
  const hashes = inlineScriptSources(html).map(
    (source) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`,
  );
  if (hashes.length === 0) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
}
