import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Server-rendered content below the fold, brought to life only when it is needed.
 *
 * A public page arrives as HTML and is hydrated in the browser: the whole tree is rendered once more
 * to attach its handlers. On the home page that is ~1,000 elements, one long task of half a second on
 * a mid-range phone, mostly for carousels nobody has scrolled to yet. Inside this boundary the
 * server's markup is kept as it is (visible, its links working as plain links) and hydrated when it
 * comes within a screen of the viewport or the visitor points at, touches or tabs into it.
 *
 * How: while React hydrates the page, the gate suspends on a promise that settles at that moment.
 * React keeps a suspended boundary's server DOM (a dehydrated boundary) and hydrates it in place when
 * the promise settles. A press inside it reaches React first as an attempt to hydrate it at once: the
 * gate has been woken by then (its listeners are on the document, in the capture phase, so they run
 * before React's on the root), so that attempt succeeds and the press lands on the same nodes.
 * Rendering the page in the browser (a client-side visit, a signed-in visitor's fresh render) never
 * waits: the gate only holds during hydration.
 */

/** Hydrate a little before it scrolls into view, so it is ready when it is seen. */
const AHEAD = '300px 0px';
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

interface Held {
  element: Element;
  settled: Promise<void>;
  wake: () => void;
}

/** The gates holding server markup, by the id of their child's root element. */
const held = new Map<string, Held>();
/** Gates that have been woken: from then on they render their children, hydrating or not. */
const awake = new Set<string>();
let observer: IntersectionObserver | undefined;

function onInteraction(event: Event) {
  if (!(event.target instanceof Node)) return;
  for (const gate of held.values()) if (gate.element.contains(event.target)) gate.wake();
}

function listen(on: boolean) {
  for (const type of WAKE_EVENTS)
    if (on) document.addEventListener(type, onInteraction, { capture: true, passive: true });
    else document.removeEventListener(type, onInteraction, { capture: true });
}

function hold(elementId: string, element: Element): Held {
  let resolve!: () => void;
  const settled = new Promise<void>((done) => (resolve = done));
  const gate: Held = {
    element,
    settled,
    wake() {
      // Synchronously: React may try to hydrate the boundary in this very event (a press inside it).
      awake.add(elementId);
      held.delete(elementId);
      observer?.unobserve(element);
      if (held.size === 0) listen(false);
      resolve();
    },
  };
  if (typeof IntersectionObserver === 'undefined') {
    gate.wake();
    return gate;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting)
          for (const each of held.values()) if (each.element === entry.target) each.wake();
    },
    { rootMargin: AHEAD },
  );
  if (held.size === 0) listen(true);
  held.set(elementId, gate);
  observer.observe(element);
  return gate;
}

/**
 * Wakes every gate. React hydrates a dehydrated boundary before it applies a change of context from
 * above it (a navigation changes the router's), and a gate still holding would then keep that change
 * (a transition) from ever being shown: main.tsx calls this when the router's state first changes.
 */
export function wakeAllGates(): void {
  for (const gate of [...held.values()]) gate.wake();
}

const subscribeToNothing = () => () => undefined;
const inClientRender = () => false;
const inHydration = () => true;

function Gate({ elementId, children }: { elementId: string; children: ReactNode }) {
  // React reads the server snapshot while it hydrates (and on the server), the other in a client render.
  const hydrating = useSyncExternalStore(subscribeToNothing, inClientRender, inHydration);
  if (hydrating && typeof document !== 'undefined' && !awake.has(elementId)) {
    const element = document.getElementById(elementId);
    const gate = held.get(elementId) ?? (element ? hold(elementId, element) : undefined);
    if (gate && !awake.has(elementId)) use(gate.settled);
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
