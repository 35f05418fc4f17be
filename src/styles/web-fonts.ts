import montserratUrl from './fonts/montserrat.woff2?url';
import openSansUrl from './fonts/open-sans.woff2?url';
import { afterFirstScreen } from '../platform/first-screen.ts';
import { localStore } from '../platform/local-storage.ts';
import { WEB_FONTS_KEY, WEB_FONTS_ON_KEY } from '../boot/contract.ts';
import { WEB_FONT_FACES } from './web-font-faces.ts';

/**
 * The two web fonts (self-hosted, one file per family, subset to the five languages by scripts/fonts/build-fonts.py;
 * SIL Open Font License: fonts/OFL-*.txt): Open Sans for text, Montserrat for headings.
 *
 * They are not on a first visit's critical path: on a slow phone they were a third of what the first screen waited
 * for (67 kB of 240). A first visit paints in a local font scaled to each web font's metrics (fallback-fonts.css),
 * downloads the two files once its largest paint has settled, and puts them on at the user's next navigation (a
 * screen changing at the user's click, when a line moving is expected and not counted as a layout shift), never
 * under a reading user's eyes. A later visit, whose browser has the files (hashed, immutable), puts them on before
 * its first render, so its first screen paints in them.
 */
const [openSans, montserrat] = WEB_FONT_FACES;
const FACES = [
  { family: openSans.family, url: openSansUrl, weight: openSans.weight },
  { family: montserrat.family, url: montserratUrl, weight: montserrat.weight },
] as const;

const SIGNATURE = FACES.map((face) => face.url).join(' ');

type State = 'idle' | 'downloading' | 'downloaded' | 'applied';
let state: State = 'idle';
let faces: FontFace[] = [];

/** Whether this browser has both files from an earlier visit. */
function webFontsCached(): boolean {
  return localStore()?.getItem(WEB_FONTS_KEY) === SIGNATURE;
}

function download(): Promise<void> {
  state = 'downloading';
  faces = FACES.map(
    (face) =>
      new FontFace(face.family, `url(${face.url}) format('woff2')`, {
        weight: face.weight,
        style: 'normal',
        display: 'swap',
      }),
  );
  return Promise.all(faces.map((face) => face.load())).then(
    () => {
      if (state === 'downloading') state = 'downloaded';
      try {
        localStore()?.setItem(WEB_FONTS_KEY, SIGNATURE);
      } catch {
        // A full or blocked storage: the next visit downloads them after its first screen again.
      }
    },
    // A file that does not load leaves the scaled local fonts in place; the next visit tries again.
    () => {
      if (state === 'downloading') state = 'idle';
    },
  );
}

function apply(): void {
  state = 'applied';
  for (const face of faces) document.fonts.add(face);
}

/**
 * Starts the web fonts, once per page: put on at once when an earlier visit downloaded these files, else downloaded
 * once the first screen has painted (`afterFirstScreen`) and put on by `applyWebFontsOnNavigation`.
 */
export function startWebFonts(): void {
  if (state !== 'idle' || typeof FontFace === 'undefined') return;
  // A page the server rendered, of a later visit: the boot script has put them on before its first paint.
  if (Reflect.get(window, WEB_FONTS_ON_KEY) === true) {
    state = 'applied';
    return;
  }
  if (webFontsCached()) {
    void download();
    apply();
    return;
  }
  state = 'downloading';
  void afterFirstScreen().then(download);
}

/** The user moved to another screen: the web fonts go on now if they have been downloaded. */
export function applyWebFontsOnNavigation(): void {
  if (state === 'downloaded') apply();
}
