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
      decoding="async"
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
