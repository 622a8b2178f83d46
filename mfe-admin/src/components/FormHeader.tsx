/** The title bar of an admin form that replaces its list, with its close icon. */

/** The close icon of a form that replaces a list (spec §2: it returns to the list). */
export function CloseButton({ onClick, label = 'Close' }: { onClick(): void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="adm:rounded-lg adm:p-2 adm:text-slate-500 adm:hover:bg-slate-100 adm:hover:text-slate-900 adm:focus-visible:outline-2 adm:focus-visible:outline-brand-600 adm:dark:hover:bg-slate-800 adm:dark:hover:text-white"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="adm:size-5" fill="currentColor">
        <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
      </svg>
    </button>
  );
}

/** The title bar of a form that replaces a list: heading plus the close icon. */
export function FormHeader({ title, onClose }: { title: string; onClose(): void }) {
  return (
    <div className="adm:mb-5 adm:flex adm:items-center adm:justify-between">
      <h2 className="adm:text-xl adm:font-semibold">{title}</h2>
      <CloseButton onClick={onClose} label={`Close ${title.toLowerCase()} form`} />
    </div>
  );
}
