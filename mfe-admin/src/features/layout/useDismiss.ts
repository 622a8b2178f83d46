/** Closing an open panel on a click outside it or on Escape (spec §2, §9 "Escape key closes dropdowns"). */
import { type RefObject, useEffect } from 'react';

/**
 * While `open`, calls `close` on a pointer press outside every element of `refs` and on Escape (then
 * focus goes back to `returnFocus`, the element that opened the panel).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  refs: Array<RefObject<HTMLElement | null>>,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (refs.every((r) => !r.current?.contains(target))) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      returnFocus?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, refs, returnFocus]);
}
