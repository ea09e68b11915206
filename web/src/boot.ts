/**
 * The page's first script: the global styles, then the app once the page has loaded. A public page
 * arrives rendered (entry-server.tsx), so it paints from its HTML and CSS alone; its ~120 KB of
 * JavaScript then no longer competes with them for a slow connection, and hydrates the page after.
 */
import './styles/tokens.css';
import './styles/base.css';

const start = () => void import('./main');
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
