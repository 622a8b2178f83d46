/** The outline icons of the admin layout and overview. */

/** A 24 px outline icon drawn from one SVG path (`d`), in the current text colour; decorative. */
export function StrokeIcon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="adm:size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
    >
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}
