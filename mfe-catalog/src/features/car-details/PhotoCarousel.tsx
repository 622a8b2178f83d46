/**
 * The car's photo carousel (issue 9): Embla (swipe and drag), previous/next buttons, arrow keys on the
 * focused carousel, and one thumbnail button per photo. Photos are responsive and lazy except the first.
 */
import type { CarImage } from '@marketplace/contracts';
import { cn, ResponsiveImage } from '@marketplace/ui';
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';

const PHOTO_SIZES = '(min-width: 1024px) 60vw, 100vw';

const arrow =
  'cat:absolute cat:top-1/2 cat:grid cat:size-10 cat:-translate-y-1/2 cat:place-items-center cat:rounded-full cat:bg-white/90 cat:text-xl cat:text-slate-900 cat:shadow cat:transition cat:hover:bg-white cat:focus-visible:outline-2 cat:focus-visible:outline-brand-600';

/** The photos of one car; `label` names the car for screen readers. */
export function PhotoCarousel({ images, label }: { images: CarImage[]; label: string }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: images.length > 1 });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    }
  };

  if (images.length === 0) {
    return (
      <div className="cat:grid cat:aspect-[4/3] cat:place-items-center cat:rounded-2xl cat:bg-slate-100 cat:text-slate-600 cat:dark:bg-slate-800 cat:dark:text-slate-300">
        No photos yet
      </div>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of the ${label}`}
      className="cat:flex cat:flex-col cat:gap-3"
    >
      <div className="cat:relative">
        <section
          ref={viewportRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the focusable viewport takes the arrow keys
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-label="Photos: use the left and right arrow keys to change photo"
          className="cat:overflow-hidden cat:rounded-2xl cat:bg-slate-100 cat:focus-visible:outline-2 cat:focus-visible:outline-offset-2 cat:focus-visible:outline-brand-600 cat:dark:bg-slate-800"
        >
          <ul className="cat:flex cat:touch-pan-y">
            {images.map((image, i) => (
              <li
                key={image.key}
                aria-label={`Photo ${i + 1} of ${images.length}`}
                className="cat:aspect-[4/3] cat:min-w-0 cat:flex-[0_0_100%]"
              >
                <ResponsiveImage
                  image={image}
                  alt={`${label}, photo ${i + 1} of ${images.length}`}
                  sizes={PHOTO_SIZES}
                  priority={i === 0}
                  width={1280}
                  height={960}
                  draggable={false}
                  className="cat:size-full cat:object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
        {images.length > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous photo"
              onClick={prev}
              className={cn(arrow, 'cat:left-3')}
            >
              ‹
            </button>
            <button type="button" aria-label="Next photo" onClick={next} className={cn(arrow, 'cat:right-3')}>
              ›
            </button>
            <p
              className="cat:absolute cat:right-3 cat:bottom-3 cat:rounded-full cat:bg-black/70 cat:px-3 cat:py-1 cat:text-xs cat:text-white"
              aria-live="polite"
            >
              {selected + 1} / {images.length}
            </p>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="cat:flex cat:gap-2 cat:overflow-x-auto cat:pb-1">
          {images.map((image, i) => (
            <li key={image.key} className="cat:shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(i)}
                className={cn(
                  'cat:block cat:h-16 cat:w-20 cat:overflow-hidden cat:rounded-lg cat:border-2',
                  i === selected
                    ? 'cat:border-brand-600'
                    : 'cat:border-transparent cat:opacity-70 cat:hover:opacity-100',
                )}
              >
                <ResponsiveImage
                  image={image}
                  alt=""
                  sizes="80px"
                  width={320}
                  height={240}
                  className="cat:size-full cat:object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
