/**
 * The page's first script: the global styles, then the app once the page has loaded. A public page
 * arrives rendered (entry-server.tsx), so it paints from its HTML and CSS alone; its ~120 KB of
 * JavaScript then no longer competes with them for a slow connection, and hydrates the page after.
 */
import './styles/tokens.css';
import './styles/base.css';
import { holdEarlyTaps } from './early-taps';

holdEarlyTaps();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};

/**
 * After the frame that paints what the load brought (the store's first picture): a callback queued
 * from requestAnimationFrame runs once that frame is painted. The page's largest paint then happens
 * before the app's script is even asked for, so nothing of it holds that paint up. A hidden tab draws
 * no frames: the timer starts the app there (and anywhere a frame is slow to come).
 */
function startAfterNextPaint() {
  const fallback = setTimeout(start, 250);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(fallback);
      start();
    }, 0),
  );
}

if (document.readyState === 'complete') startAfterNextPaint();
else window.addEventListener('load', startAfterNextPaint, { once: true });
