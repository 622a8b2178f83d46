/** The placeholder testimonial of the home and listing pages (spec §1: placeholder content). */

/** A customer quote card. */
export function Testimonial() {
  return (
    <figure className="cat:mx-auto cat:max-w-3xl cat:rounded-2xl cat:bg-brand-50 cat:p-8 cat:text-center cat:dark:bg-slate-800">
      <blockquote className="cat:text-lg cat:font-medium cat:text-slate-800 cat:dark:text-slate-100">
        “I found a well-kept Baleno in my own city, drove it the next morning and had the RC transferred
        within a week. No haggling, no surprises.”
      </blockquote>
      <figcaption className="cat:mt-4 cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">
        <span className="cat:font-semibold cat:text-slate-900 cat:dark:text-white">Priya Sharma</span> ·
        bought a 2019 Maruti Suzuki Baleno in Pune
      </figcaption>
    </figure>
  );
}
