/**
 * "Add to compare" on a car card and a car page (issue 24): a toggle button (`aria-pressed`) putting the
 * car in the compare tray or taking it out. At most COMPARE_MAX cars: a fifth is refused with a toast.
 */
import { type CompareItem, useCompareStore } from '../stores/compare';
import { cn } from './cn';

/** Props of {@link CompareButton}: the car as the tray shows it. */
export interface CompareButtonProps {
  car: CompareItem;
  className?: string;
}

/** The compare toggle of one car. */
export function CompareButton({ car, className }: CompareButtonProps) {
  const on = useCompareStore((s) => s.items.some((i) => i.id === car.id));
  const toggle = useCompareStore((s) => s.toggle);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => toggle(car)}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold transition',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        on
          ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-600 dark:bg-slate-800 dark:text-brand-200'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'grid size-4 place-items-center rounded border text-[10px] leading-none',
          on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400',
        )}
      >
        {on ? '✓' : ''}
      </span>
      Add to compare<span className="sr-only">: {car.name}</span>
    </button>
  );
}

/** The tray entry of a car: its id, brand and model, and its first photo (smallest size). */
export function compareItemOf(car: {
  _id: string;
  brand: { name: string };
  model: { name: string };
  images: Array<{ url: string; sizes?: Array<{ width: number; url: string }> | undefined }>;
}): CompareItem {
  const image = car.images[0];
  const small = image?.sizes?.slice().sort((a, b) => a.width - b.width)[0]?.url ?? image?.url;
  return { id: car._id, name: `${car.brand.name} ${car.model.name}`, image: small };
}
