import { describe, expect, it } from 'vitest';
import {
  centreOn,
  fitCamera,
  homeCamera,
  keepInView,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  worldRect,
  zoomAt,
} from '#src/features/my-network/tree-camera.ts';

const card = { x: 1000, y: 400, width: 184, height: 76 };

describe('the drawn tree camera', () => {
  it('zooms about a screen point, which stays where it is, within the limits', () => {
    const camera = { x: 100, y: 50, scale: 1 };
    const zoomed = zoomAt(camera, 2, 300, 200);
    expect(zoomed.scale).toBe(MAX_SCALE);
    // The world point under (300, 200) before is under it after.
    const world = { x: (300 - camera.x) / camera.scale, y: (200 - camera.y) / camera.scale };
    expect(world.x * zoomed.scale + zoomed.x).toBeCloseTo(300);
    expect(world.y * zoomed.scale + zoomed.y).toBeCloseTo(200);
    expect(zoomAt(camera, 0.01, 0, 0).scale).toBe(MIN_SCALE);
  });

  it('pans, and turns the canvas (with a margin) into the rectangle of the tree to render', () => {
    const camera = panBy({ x: 0, y: 0, scale: 0.5 }, -200, -100);
    expect(camera).toEqual({ x: -200, y: -100, scale: 0.5 });
    expect(worldRect(camera, 800, 600, 50)).toEqual({ x: 300, y: 100, width: 1800, height: 1400 });
  });

  it('fits the whole tree, centred, and never below the smallest scale', () => {
    const small = fitCamera({ x: 0, y: 0, width: 400, height: 200 }, 1000, 600);
    expect(small.scale).toBe(MAX_SCALE);
    expect(400 * small.scale + 2 * small.x).toBeCloseTo(1000);
    const wide = fitCamera({ x: 0, y: 0, width: 100_000, height: 400 }, 1000, 600);
    expect(wide.scale).toBe(MIN_SCALE);
  });

  it('centres a card, keeps a visible one where it is, and homes the root at the top', () => {
    const camera = { x: 0, y: 0, scale: 1 };
    const centred = centreOn(camera, card, 800, 600);
    expect(card.x + card.width / 2 + centred.x).toBe(400);
    expect(card.y + card.height / 2 + centred.y).toBe(300);
    expect(keepInView(centred, card, 800, 600)).toBe(centred);
    expect(keepInView(camera, card, 800, 600)).toEqual(centred);
    const home = homeCamera(card, 800, true);
    expect(home).toEqual({ scale: 1, x: 400 - (card.x + card.width / 2), y: 16 - card.y });
    expect(homeCamera(card, 800, false).x).toBe(16 - card.x);
  });
});
