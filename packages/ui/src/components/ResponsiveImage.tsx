/**
 * A lazily loaded image in responsive sizes: the stored WebP widths (320/640/1280, contracts `CarImage.sizes`)
 * go into `srcset`, so a phone downloads the small file and a wide screen the large one. Carries no classes of
 * its own: the caller styles it.
 */
import type { CarImage } from '@marketplace/contracts';
import type { ImgHTMLAttributes } from 'react';

/** The `srcset` of an image's responsive sizes (`url 320w, …`), or undefined when it has none. */
export function imageSrcSet(image: Pick<CarImage, 'sizes'>): string | undefined {
  const sizes = image.sizes ?? [];
  if (sizes.length === 0) return undefined;
  return [...sizes]
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');
}

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading'> {
  image: Pick<CarImage, 'url' | 'sizes'>;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. `(min-width: 1024px) 33vw, 100vw`. */
  sizes: string;
  /** Above the fold (e.g. the first carousel photo): load at once with high priority instead of lazily. */
  priority?: boolean;
}

/** `<img>` with `srcset`/`sizes` from the image's WebP sizes, lazy unless `priority`. */
export function ResponsiveImage({ image, alt, sizes, priority = false, ...rest }: ResponsiveImageProps) {
  const srcSet = imageSrcSet(image);
  const fallback = image.sizes?.find((s) => s.width >= 640)?.url ?? image.url;
  return (
    <img
      src={fallback}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      {...rest}
    />
  );
}
