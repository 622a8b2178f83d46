/** Questions and answers shown as disclosure widgets (native `<details>`: keyboard and screen-reader ready). */

/** One question and its answer. */
export interface Faq {
  q: string;
  a: string;
}

/** The listing's FAQ block (spec §2: finding a car, test drives, financing, warranty). */
export const LISTING_FAQS: Faq[] = [
  {
    q: 'How do I find the right car?',
    a: 'Use the filters on this page: pick brands, fuel, transmission, a price and a kilometre range. Every filter is kept in the address, so you can bookmark or share your search.',
  },
  {
    q: 'Can I take a test drive?',
    a: "Yes, for free. Open a car and choose 'Book free test drive', then pick a date and a time between 9 AM and 7 PM.",
  },
  {
    q: 'Do you help with financing?',
    a: 'Our partner banks and NBFCs offer used-car loans; ask the seller or our support team when you book your test drive.',
  },
  {
    q: 'Is there a warranty?',
    a: 'Every listed car passes our inspection. Warranty terms depend on the seller and are confirmed before you pay.',
  },
];

/** A list of questions with expandable answers. */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="cat:divide-y cat:divide-slate-200 cat:rounded-2xl cat:border cat:border-slate-200 cat:bg-white cat:dark:divide-slate-700 cat:dark:border-slate-700 cat:dark:bg-slate-900">
      {faqs.map((f) => (
        <details key={f.q} className="cat:group cat:p-4">
          <summary className="cat:flex cat:cursor-pointer cat:list-none cat:items-center cat:justify-between cat:gap-4 cat:font-semibold">
            {f.q}
            <span aria-hidden="true" className="cat:transition cat:group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="cat:mt-2 cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">{f.a}</p>
        </details>
      ))}
    </div>
  );
}
