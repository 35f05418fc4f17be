#!/usr/bin/python3
"""Builds the two web fonts of the portal (run by hand; the results are committed, `npm ci && npm start` need no Python).

    /usr/bin/python3 scripts/fonts/build-fonts.py [--open-sans FILE] [--montserrat FILE]

Needs fontTools with brotli (Debian: `apt-get install -y python3-fonttools python3-brotli`) and `npm ci` done (it reads
input-sizing metrics of the Fontsource Latin files in node_modules, see `keep_latin_input_metrics`). Without a FILE, the
variable font is downloaded from its Google Fonts source repository at a pinned commit and checked by its sha256.

Writes to src/styles/fonts/:
- open-sans.woff2: Open Sans, the body text, variable weight 400-600 (width pinned at 100);
- montserrat.woff2: Montserrat, the headings, variable weight 600-700;
each subset to the characters of the five languages (Latin with Romanian and Italian letters, Cyrillic for Russian
and Ukrainian, the punctuation, currency and number signs the screens use), hinting dropped, WOFF2. One file per
family instead of Fontsource's one per script and weight, so a page needs at most two font files.
"""
import argparse
import hashlib
import io
import sys
import urllib.request
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / 'src' / 'styles' / 'fonts'

SOURCES = {
    'open-sans': {
        'url': 'https://raw.githubusercontent.com/googlefonts/opensans/'
        'bd7e37632246368c60fdcbd374dbf9bad11969b6/fonts/variable/OpenSans%5Bwdth,wght%5D.ttf',
        'sha256': '36643644f318a812aab2d2ed3bb98f8cf0872527f835fe9398d95fe6b9adb878',
        'axes': {'wdth': 100, 'wght': (400, 600)},
    },
    'montserrat': {
        'url': 'https://raw.githubusercontent.com/googlefonts/Montserrat/'
        '93c725e051a647a975c2cf225e8330bdf2b198e1/fonts/variable/Montserrat%5Bwght%5D.ttf',
        'sha256': '00f5bd8cce8cf086474ca23a6adc6d24acff56f297db5aa0fa564405a8b33c3a',
        'axes': {'wght': (600, 700)},
    },
}

# Basic Latin and Latin-1 (Italian accents, « » and the no-break space), Latin Extended-A (Romanian ă â î), the
# Romanian comma-below letters, combining accents, the general punctuation the texts and Intl use (spaces, – — … “ ”
# „ ‘ ’ • ′ ″ ‹ ›; not ‰ and the like, whose width would widen every input, see `keep_latin_input_metrics`), currency and
# number signs, arrows, and Cyrillic for Russian and Ukrainian (є і ї ґ).
UNICODES = (
    list(range(0x0020, 0x007F))
    + list(range(0x00A0, 0x0100))
    + list(range(0x0100, 0x0180))
    + list(range(0x0218, 0x021C))
    + [0x02BC, 0x02C6, 0x02DA, 0x02DC]
    + list(range(0x0300, 0x0309))
    + list(range(0x0400, 0x0460))
    + [0x0490, 0x0491]
    + list(range(0x2000, 0x2028))
    + [0x202F, 0x2032, 0x2033, 0x2039, 0x203A, 0x2044]
    + [0x20AC, 0x20B4, 0x20BD, 0x2116, 0x2122, 0x2190, 0x2191, 0x2192, 0x2193, 0x2212, 0x2215, 0xFEFF, 0xFFFD]
)

def source_bytes(name, path):
    spec = SOURCES[name]
    data = Path(path).read_bytes() if path else urllib.request.urlopen(spec['url']).read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != spec['sha256']:
        sys.exit(f'{name}: sha256 {digest} is not the pinned {spec["sha256"]}')
    return data


def keep_latin_input_metrics(name, font):
    """
    Browsers size an <input> (its `size` characters) from the primary face's xAvgCharWidth, its bounding box and
    its widest advance. With Fontsource's files the primary face was the Latin one; here Cyrillic capitals (Щ, Ю)
    would widen every input by a pixel or two and push form rows past a 320 px screen. So the merged font states
    the Latin file's values: the text itself is laid out with each glyph's own advance, as before.
    """
    weight = SOURCES[name]['axes']['wght'][0]
    latin = TTFont(ROOT / 'node_modules' / '@fontsource' / name / 'files' / f'{name}-latin-{weight}-normal.woff2')
    font['OS/2'].xAvgCharWidth = latin['OS/2'].xAvgCharWidth
    font['head'].xMin = latin['head'].xMin
    font['head'].xMax = latin['head'].xMax
    font['hhea'].advanceWidthMax = latin['hhea'].advanceWidthMax


def build(name, data):
    # Limit the axes, then read the result back: the subsetter works on a font as saved.
    limited = io.BytesIO()
    instancer.instantiateVariableFont(
        TTFont(io.BytesIO(data)), SOURCES[name]['axes'], updateFontNames=True
    ).save(limited)
    font = TTFont(io.BytesIO(limited.getvalue()))
    options = subset.Options()
    options.flavor = 'woff2'
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = ['*']
    options.layout_features = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'case', 'tnum', 'lnum']
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=UNICODES)
    subsetter.subset(font)
    keep_latin_input_metrics(name, font)
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / f'{name}.woff2'
    font.flavor = 'woff2'
    font.save(target)
    print(f'{target.relative_to(ROOT)}: {target.stat().st_size / 1000:.1f} kB')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--open-sans', help='OpenSans[wdth,wght].ttf (else downloaded)')
    parser.add_argument('--montserrat', help='Montserrat[wght].ttf (else downloaded)')
    args = parser.parse_args()
    build('open-sans', source_bytes('open-sans', args.open_sans))
    build('montserrat', source_bytes('montserrat', args.montserrat))


if __name__ == '__main__':
    main()
