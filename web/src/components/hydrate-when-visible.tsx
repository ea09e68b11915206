import { Suspense, type ReactNode } from 'react';

/**
 * Server-rendered content below the fold, brought to life only when it is needed (issue #19).
 *
 * A public page arrives as HTML and is hydrated in the browser: the whole tree is rendered once more
 * to attach its handlers. On the home page that is ~1,000 elements, one long task of half a second on
 * a mid-range phone, mostly for carousels nobody has scrolled to yet. Inside this boundary the
 * server's markup is kept as it is (visible, its links working as plain links) and hydrated when it
 * comes within a screen of the viewport or the visitor points at, touches or tabs into it.
 *
 * How: while the page is being hydrated, the gate suspends with a promise that settles on that moment.
 * Preact keeps a suspended subtree's server DOM during hydration and, when the promise settles,
 * resumes hydrating it in place (same nodes, so focus and a pressed pointer are not lost; the resume
 * is a microtask, so it is done before the click that follows a pointerdown). Needs the child's root
 * element to carry `elementId`; rendering the page in the browser (a client-side visit) never waits.
 */
let hydratingServerMarkup = false;

/** main.tsx runs the (synchronous, with Preact) hydration of a server-rendered page through this. */
export function whileHydratingServerMarkup<T>(hydrate: () => T): T {
  hydratingServerMarkup = true;
  try {
    return hydrate();
  } finally {
    hydratingServerMarkup = false;
  }
}

const WAKE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Hydrate a little before it scrolls into view, so it is ready when it is seen. */
const AHEAD = '300px 0px';

const waiting = new Map<string, Promise<void>>();

function whenNeeded(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) wake();
            },
            { rootMargin: AHEAD },
          );
    function wake() {
      observer?.disconnect();
      for (const type of WAKE_EVENTS) element.removeEventListener(type, wake, true);
      resolve();
    }
    for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { capture: true, passive: true });
    if (observer) observer.observe(element);
    else wake();
  });
}

function Gate({ elementId, children }: { elementId: string; children: ReactNode }) {
  const pending = waiting.get(elementId);
  // Suspense's protocol: a suspending component throws the promise it waits on.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Preact's Suspense catches a thrown promise
  if (pending) throw pending;
  if (hydratingServerMarkup) {
    const element = document.getElementById(elementId);
    if (element) {
      const needed = whenNeeded(element).then(() => {
        waiting.delete(elementId);
      });
      waiting.set(elementId, needed);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- Preact's Suspense catches a thrown promise
      throw needed;
    }
  }
  return <>{children}</>;
}

export function HydrateWhenVisible({ elementId, children }: { elementId: string; children: ReactNode }) {
  // A boundary of its own: a suspension elsewhere (a lazy screen) never waits for this one, nor it for them.
  return (
    <Suspense fallback={null}>
      <Gate elementId={elementId}>{children}</Gate>
    </Suspense>
  );
}
