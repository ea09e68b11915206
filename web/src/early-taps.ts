/**
 * Taps that come before the app has taken over. A public page arrives rendered (entry-server.tsx) and
 * its buttons show at once, but they do nothing until the app runs, a second or more later on a slow
 * phone: a shopper who taps "+" and "Add to Cart" in that time would see nothing happen, and a submit
 * button would send its form the old way (a full page load). So the page's first script holds such
 * taps (which button, in order) and the app, once interactive, taps them again.
 *
 * A hydrated page keeps the very elements the server sent. A signed-in visitor's page is rendered
 * afresh instead (main.tsx), so a held button may have been replaced: its successor is the button with
 * the same name at the same place among its namesakes. A button that no longer exists under that name
 * ("Add to favorites" that is now "Remove from favorites") is let go rather than guessed at.
 */
interface HeldTap {
  control: HTMLElement;
  name: string;
  /** Which of the buttons with this name it was, in document order. */
  index: number;
}

const CONTROLS = 'button, [role="button"], input[type="submit"]';
const held: HeldTap[] = [];
let holding = false;

function nameOf(control: HTMLElement): string {
  const text = control instanceof HTMLInputElement ? control.value : control.textContent;
  return (control.getAttribute('aria-label') ?? text ?? '').trim();
}

function namesakes(name: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => nameOf(control) === name);
}

function holdTap(event: MouseEvent) {
  if (!event.isTrusted || !(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>(CONTROLS);
  if (!control) return;
  event.preventDefault();
  event.stopPropagation();
  const name = nameOf(control);
  held.push({ control, name, index: namesakes(name).indexOf(control) });
}

function successorOf(tap: HeldTap): HTMLElement | undefined {
  if (tap.control.isConnected) return tap.control;
  if (!tap.name || tap.index < 0) return undefined;
  return namesakes(tap.name)[tap.index];
}

/** Called by the page's first script: from here until the app is interactive, taps are held. */
export function holdEarlyTaps(): void {
  if (holding) return;
  holding = true;
  document.addEventListener('click', holdTap, true);
}

/**
 * Called once the app is interactive: stop holding and tap again what was held, one per task so each
 * tap's update has rendered before the next reads it ("+" then "Add to Cart" adds two).
 */
export async function replayEarlyTaps(): Promise<void> {
  if (!holding) return;
  holding = false;
  document.removeEventListener('click', holdTap, true);
  for (const tap of held.splice(0)) {
    await new Promise((next) => setTimeout(next, 0));
    const control = successorOf(tap);
    if (control && !(control as HTMLButtonElement).disabled) control.click();
  }
}
