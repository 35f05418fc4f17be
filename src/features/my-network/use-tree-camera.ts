import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { panBy, zoomAt, type Camera } from './tree-camera.ts';

/** A move longer than this (screen px) is a drag, not a click. */
const DRAG_THRESHOLD = 4;

export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * The canvas's size (it takes the viewport's height below its own top: no inner scroller) and its camera moved by
 * the pointer: drag to pan (mouse, pen, one finger), pinch with two fingers or the wheel to zoom.
 */
export function useTreeCamera(canvasRef: RefObject<HTMLDivElement | null>, initial: Camera) {
  const [camera, setCamera] = useState(initial);
  const [size, setSize] = useState<CanvasSize>({ width: 0, height: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  /** A pointer is down on the canvas (a card it focuses is not followed by the camera: it is under the pointer). */
  const pointerDown = useRef(false);
  const travelled = useRef(0);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return undefined;
    const measure = () => {
      const top = canvas.getBoundingClientRect().top + window.scrollY;
      canvas.style.setProperty('--chart-top', `${Math.round(top)}px`);
      setSize({ width: canvas.clientWidth, height: canvas.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvasRef]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = canvas.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
      setCamera((current) => zoomAt(current, factor, event.clientX - box.left, event.clientY - box.top));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [canvasRef]);

  const local = (event: { clientX: number; clientY: number }) => {
    const box = canvasRef.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, local(event));
    pointerDown.current = true;
    if (pointers.current.size === 1) {
      dragged.current = false;
      travelled.current = 0;
    }
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (previous === undefined) return;
    const point = local(event);
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.entries()];
      if (a === undefined || b === undefined) return;
      const other = a[0] === event.pointerId ? b[1] : a[1];
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(point.x - other.x, point.y - other.y);
      const mid = { x: (point.x + other.x) / 2, y: (point.y + other.y) / 2 };
      pointers.current.set(event.pointerId, point);
      dragged.current = true;
      if (before > 0) setCamera((current) => zoomAt(current, after / before, mid.x, mid.y));
      return;
    }
    pointers.current.set(event.pointerId, point);
    const dx = point.x - previous.x;
    const dy = point.y - previous.y;
    travelled.current += Math.hypot(dx, dy);
    if (!dragged.current && travelled.current > DRAG_THRESHOLD) {
      dragged.current = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (dragged.current) setCamera((current) => panBy(current, dx, dy));
  };

  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) pointerDown.current = false;
  };

  /** A click that ends a drag is not a click on a card. */
  const onClickCapture = (event: React.MouseEvent) => {
    if (!dragged.current) return;
    event.preventDefault();
    event.stopPropagation();
    dragged.current = false;
  };

  const zoomBy = useCallback(
    (factor: number) => setCamera((current) => zoomAt(current, factor, size.width / 2, size.height / 2)),
    [size],
  );

  return {
    camera,
    setCamera,
    size,
    zoomBy,
    pointerDown,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onClickCapture,
    },
  };
}
