import { useState, type ImgHTMLAttributes } from 'react';
import defaultImageUrl from './default-image.svg';
import { responsiveSrcSet } from './responsive-image';

type ImageWithFallbackProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  alt: string;
};

/** A card's picture: about a third of a wide screen, nearly the whole width of a phone. */
const CARD_SIZES = '(max-width: 600px) 90vw, 360px';

/**
 * An image that shows the default artwork when it has no address or its address fails to load. A
 * catalogue image comes with its narrower copies (srcset), so a phone downloads the one it needs.
 */
export function ImageWithFallback({
  src,
  alt,
  loading = 'lazy',
  sizes = CARD_SIZES,
  fetchPriority,
  // The page's largest picture (fetched first) is decoded with the frame it arrives in: decoded
  // asynchronously it can paint a frame or more later, and Lighthouse then counts the app's script,
  // which has started loading by then, as holding up the largest paint.
  decoding = fetchPriority === 'high' ? 'sync' : 'async',
  ...props
}: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : defaultImageUrl;
  const srcSet = usable === src ? responsiveSrcSet(src) : undefined;
  return (
    <img
      {...props}
      src={usable}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
