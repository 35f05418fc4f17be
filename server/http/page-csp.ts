import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

/**
 * The Content-Security-Policy of the app's page (index.html): the API's, with `script-src` also allowing the page's
 * inline boot script by the sha256 the build computed (server/http/boot-manifest.ts), and no other inline script.
 * Without a boot manifest, no inline script at all.
 */
export function pageContentSecurityPolicy(boot: { scriptHash: string } | null): string {
  if (boot === null) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' '${boot.scriptHash}'`);
}
