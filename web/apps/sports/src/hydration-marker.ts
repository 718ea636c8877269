/**
 * Marks a rendered element data-hydrated="true" once the browser has hydrated it, without a state
 * change: a state flip re-rendered the whole sports tree right after hydration (the main source of
 * blocking time on a first load). The element renders data-hydrated="false"; React never rewrites an
 * attribute whose value did not change, so the mark stays.
 */
import { type RefObject, useEffect, useRef } from 'react';

export function useHydrationMarker<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.setAttribute('data-hydrated', 'true');
  }, []);
  return ref;
}
