/**
 * The browser's side of web push (docs/adr/0103-web-push.md): the service worker (`/sw.js`, from `public/`), the
 * permission, and the push subscription made with the portal's VAPID key. Nothing here talks to the portal's API:
 * the personal-data actors do, with what this answers.
 */

export type PushSupport = 'unsupported' | 'install' | 'supported';
export type PushPermission = 'default' | 'granted' | 'denied';

const SERVICE_WORKER = '/sw.js';

function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  // iPadOS announces itself as a Mac with touch.
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Whether this browser can receive web push, or first needs the portal on the Home Screen (iPhone, iPad). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported';
  const complete = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (complete) return 'supported';
  return isAppleMobile() && !isStandalone() ? 'install' : 'unsupported';
}

export function pushPermission(): PushPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** The service worker's registration (registered on first use; the browser keeps it afterwards). */
export async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for permission (a refusal rejects with `{ code: 'PERMISSION_DENIED' }`) and subscribes with the portal's
 * public key; an earlier subscription made with another key is replaced.
 */
export async function subscribePush(publicKey: string): Promise<SubscriptionJson> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw Object.assign(new Error('notifications are not allowed'), { code: 'PERMISSION_DENIED' });
  const registration = await serviceWorker();
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const sameKey =
    subscription?.options.applicationServerKey !== null &&
    subscription?.options.applicationServerKey !== undefined &&
    new Uint8Array(subscription.options.applicationServerKey).every(
      (byte, index) => byte === applicationServerKey[index],
    );
  if (subscription !== null && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (json.endpoint === undefined || p256dh === undefined || auth === undefined)
    throw new Error('the browser gave a subscription without keys');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/** Ends this browser's subscription; answers its endpoint (null when there was none). */
export async function unsubscribePush(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (subscription === null) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** How the device shows in the list: the browser and the system, from the user agent. */
export function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : isAppleMobile()
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system === '' ? browser : `${browser} · ${system}`;
}
