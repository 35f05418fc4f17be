import type { Rect } from '#machines/genealogy/genealogy.layout.rules.ts';

/**
 * Where the drawn genealogy is looked at from: a point of the tree (world) appears on the canvas at
 * `world * scale + (x, y)`. Pure functions; the canvas keeps one camera in its state.
 */
export interface Camera {
  x: number;
  y: number;
  scale: number;
}

/** Below this the cards would be too many to keep the DOM small and too small to read. */
export const MIN_SCALE = 0.45;
export const MAX_SCALE = 1.75;
/** Step of the +/− buttons and keys. */
export const ZOOM_STEP = 1.25;
/** Step of the pan buttons and Shift+arrow keys, in screen pixels. */
export const PAN_STEP = 120;

const clampScale = (scale: number) => Math.min(Math.max(scale, MIN_SCALE), MAX_SCALE);

/** Zooms by `factor` keeping the screen point (px, py) where it is. */
export function zoomAt(camera: Camera, factor: number, px: number, py: number): Camera {
  const scale = clampScale(camera.scale * factor);
  const ratio = scale / camera.scale;
  return { scale, x: px - (px - camera.x) * ratio, y: py - (py - camera.y) * ratio };
}

export const panBy = (camera: Camera, dx: number, dy: number): Camera => ({
  ...camera,
  x: camera.x + dx,
  y: camera.y + dy,
});

/** The part of the tree on a canvas of `width` × `height`, grown by `margin` screen pixels on each side. */
export function worldRect(camera: Camera, width: number, height: number, margin: number): Rect {
  return {
    x: (-camera.x - margin) / camera.scale,
    y: (-camera.y - margin) / camera.scale,
    width: (width + 2 * margin) / camera.scale,
    height: (height + 2 * margin) / camera.scale,
  };
}

/** The whole tree in view (as large as it can be, within the zoom limits), centred. */
export function fitCamera(bounds: Rect, width: number, height: number, padding = 24): Camera {
  const scale = clampScale(
    Math.min(
      (width - 2 * padding) / Math.max(bounds.width, 1),
      (height - 2 * padding) / Math.max(bounds.height, 1),
    ),
  );
  const x = width / 2 - (bounds.x + bounds.width / 2) * scale;
  const y =
    bounds.height * scale <= height - 2 * padding
      ? height / 2 - (bounds.y + bounds.height / 2) * scale
      : padding;
  return { scale, x, y };
}

/** Scale 1 with the card `target` at the top, centred across (wide layout) or at the left (indented layout). */
export function homeCamera(target: Rect, width: number, centred: boolean, padding = 16): Camera {
  return {
    scale: 1,
    x: centred ? width / 2 - (target.x + target.width / 2) : padding - target.x,
    y: padding - target.y,
  };
}

/** The camera moved so the card `target` is in the middle of the canvas. */
export const centreOn = (camera: Camera, target: Rect, width: number, height: number): Camera => ({
  ...camera,
  x: width / 2 - (target.x + target.width / 2) * camera.scale,
  y: height / 2 - (target.y + target.height / 2) * camera.scale,
});

/** The same camera when the card `target` is fully in view (with `padding`); else centred on it. */
export function keepInView(
  camera: Camera,
  target: Rect,
  width: number,
  height: number,
  padding = 16,
): Camera {
  const left = target.x * camera.scale + camera.x;
  const top = target.y * camera.scale + camera.y;
  const right = left + target.width * camera.scale;
  const bottom = top + target.height * camera.scale;
  const inside = left >= padding && top >= padding && right <= width - padding && bottom <= height - padding;
  return inside ? camera : centreOn(camera, target, width, height);
}
