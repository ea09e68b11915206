/**
 * The catalogue keeps each image's web version (`/uploads/<name>.webp`, at most 1200 px wide) with
 * copies 480 and 800 px wide beside it (`<name>.w480.webp`, `<name>.w800.webp`; catalogue README).
 */
const WEB_VERSION = /^\/uploads\/[^/?#]+\.webp$/;
const SIZED_COPY = /\.w\d+\.webp$/;

/** The srcset of a catalogue image, or undefined for anything else (the default artwork, a data URL). */
export function responsiveSrcSet(src: string | null | undefined): string | undefined {
  if (!src || !WEB_VERSION.test(src) || SIZED_COPY.test(src)) return undefined;
  const copy = (width: number) => `${src.replace(/\.webp$/, `.w${width}.webp`)} ${width}w`;
  return `${copy(480)}, ${copy(800)}, ${src} 1200w`;
}
