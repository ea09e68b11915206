import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { App } from './app/app';
import { wakeAllGates } from './components/hydrate-when-visible';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { redirectToSignIn } from './app/sign-in-redirect';
import { SSR_STATE_ID, type SsrState } from './app/ssr-state';
import { setUnauthorizedHandler } from './lib/api';
import { getSessionToken } from './stores/session.store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function serverState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

/**
 * The server renders public pages as a visitor sees them. A signed-in visitor's first render differs
 * (their menu, their saved wizard choices), so that page is rendered afresh instead of hydrated.
 */
function canHydrate(): boolean {
  if (getSessionToken()) return false;
  try {
    return !sessionStorage.getItem('booking-wizard');
  } catch {
    return true;
  }
}

/** The matched screens' code, loaded before hydrating so the first render is the server's markup. */
async function loadMatchedScreens(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  const state = serverState();
  const rendered = state !== null && root.hasChildNodes();
  const hydrating = rendered && canHydrate();
  // The server's answers are the catalogue as anyone sees it: a signed-in visitor's fresh render
  // starts from them too, so it draws the page at once (and the taps made meanwhile find their
  // buttons, early-taps.ts) instead of a skeleton that asks again.
  if (rendered) {
    hydrate(queryClient, state.queries);
    await loadMatchedScreens();
  }
  // The app's code has just been evaluated (one task); hydrating is another, so that a phone's
  // main thread gets a chance to handle input between the two instead of one long block.
  if (hydrating) await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createBrowserRouter(routes);
  // A 401 has already cleared the session in the API client; here it also leads to the sign-in page.
  setUnauthorizedHandler(() => redirectToSignIn(router));
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  if (hydrating) {
    // The first navigation changes the router's context above the parts still held as server markup
    // (hydrate-when-visible.tsx): they are hydrated with it rather than holding it up.
    const stopWaking = router.subscribe(() => {
      stopWaking();
      wakeAllGates();
    });
    // As a transition, hydration yields to the main thread every few milliseconds instead of one
    // long task, so a tap during it is answered (React hydrates what was tapped first).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}

void start(container);
