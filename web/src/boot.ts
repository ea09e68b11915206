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
 * After the page's largest paint has been shown: the app's script is asked for only once the browser
 * has reported the largest paint of the frame that draws what the load brought (the store's first
 * picture, the wizard's lead text), so nothing of the app's download competes with that paint on a slow
 * connection. A frame is shown some milliseconds after its requestAnimationFrame callback (the
 * compositor presents it); asked for in that gap, the script's 58 KB download would be counted in the
 * wizard's largest paint (Lighthouse: 1.9 s instead of about 1.2 s). A browser without
 * largest-paint reports starts after the frame; a hidden tab, or a frame with nothing larger to show,
 * starts on a timer.
 */
/** A hidden tab draws no frames. */
const HIDDEN_TAB_START_MS = 250;
/**
 * A frame with nothing larger to show reports no largest paint: the app starts this long after that
 * frame's callback at the latest (it is shown well within it), so a page whose largest paint came
 * before load is not kept waiting.
 */
const AFTER_THE_FRAME_AT_THE_LATEST_MS = 120;

function startAfterLargestPaint() {
  const hiddenTab = setTimeout(start, HIDDEN_TAB_START_MS);
  requestAnimationFrame((frameTime) => {
    clearTimeout(hiddenTab);
    const supported =
      typeof PerformanceObserver !== 'undefined' ? PerformanceObserver.supportedEntryTypes : [];
    if (!supported?.includes('largest-contentful-paint')) return void setTimeout(start, 0);
    const latest = setTimeout(start, AFTER_THE_FRAME_AT_THE_LATEST_MS);
    const observer = new PerformanceObserver((list) => {
      // A report for this frame or a later one (buffered reports of earlier frames do not count).
      if (!list.getEntries().some((entry) => entry.startTime >= frameTime)) return;
      observer.disconnect();
      clearTimeout(latest);
      setTimeout(start, 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

if (document.readyState === 'complete') startAfterLargestPaint();
else window.addEventListener('load', startAfterLargestPaint, { once: true });
