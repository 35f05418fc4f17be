import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

export interface Disclosure {
  open: boolean;
  toggle: () => void;
  close: () => void;
  panelId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  containerRef: RefObject<HTMLDivElement | null>;
}

/**
 * A button that shows and hides a panel (menu on phones, user menu): Escape closes it and gives focus back to
 * the button, a click outside or a navigation closes it.
 */
export function useDisclosure(): Disclosure {
  const { pathname } = useLocation();
  // Open "at" a path: navigating elsewhere closes the panel without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);

  const toggle = useCallback(() => setOpenAt((at) => (at === pathname ? null : pathname)), [pathname]);
  const close = useCallback(() => setOpenAt(null), []);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return { open, toggle, close, panelId, buttonRef, containerRef };
}
