import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport (and from then on). For what a page
 * reads only for those who scroll to it: a product's or treatment's reviews sit below the first screen
 * on a phone, so most visitors never need them, and reading them at once put a request and a render
 * into the moments the page is coming alive. Without IntersectionObserver it is true at once;
 * on the server it is false, as in the browser's first render, so hydration matches.
 */
export function useNearViewport<T extends Element>(margin = '400px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  const watch = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      if (!element || near) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          setNear(true);
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.current.observe(element);
    },
    [margin, near],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [watch, near];
}
