import { useState, type ImgHTMLAttributes } from 'react';
import defaultImageUrl from './default-image.svg';

type ImageWithFallbackProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  alt: string;
};

/** An image that shows the default artwork when it has no address or its address fails to load. */
export function ImageWithFallback({ src, alt, loading = 'lazy', ...props }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : defaultImageUrl;
  return (
    <img
      {...props}
      src={usable}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
