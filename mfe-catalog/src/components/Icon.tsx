/** Small line icons of the catalog's marketing blocks (inline SVG: no icon font, no emoji font needed). */

const paths = {
  shield: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zm-3 9l2 2 4-4',
  car: 'M5 16h14M6 16l1.5-5h9l1.5 5M7 16v2M17 16v2M8 13.5h.01M16 13.5h.01',
  document: 'M7 3h7l4 4v14H7V3zm7 0v4h4M9.5 12h6M9.5 16h6',
  rupee: 'M7 5h10M7 9h10M13 5c2.5 0 3.5 1.8 3.5 3.5S15 12 12.5 12H8l7 7',
  wrench: 'M14.5 5.5a4 4 0 00-5 5L4 16l4 4 5.5-5.5a4 4 0 005-5l-2.5 2.5-2.5-.5-.5-2.5 2.5-2.5z',
  brush: 'M4 20c3 0 4-1.5 4-3.5a2.5 2.5 0 015 0C13 19 9 20 4 20zm8-5L20 5l-1-1-10 8',
  tyre: 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 5a4 4 0 100 8 4 4 0 000-8z',
  sedan: 'M3 15h18M5 15l2-4h9l3 4M6 15v2M18 15v2',
  suv: 'M3 15h18M4 15V9h12l4 3v3M6 15v2M18 15v2',
  convertible: 'M3 15h18M5 15l1-3h12l1 3M9 12l2-3M6 15v2M18 15v2',
  sports: 'M2 15h20M4 15l4-3h8l5 3M6 15v2M18 15v2',
} as const;

/** The icon names. */
export type IconName = keyof typeof paths;

/** A 24×24 line icon, decorative (hidden from screen readers). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className ?? 'cat:size-7 cat:text-brand-600'}
    >
      <path d={paths[name]} />
    </svg>
  );
}
