/** /about (spec §2 "Static pages"): the story and the values Quality, Integrity, Innovation, Customer Focus, Teamwork. */
import { buttonClasses, usePageMeta } from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';
import { PageShell } from './PageShell';

const values = [
  { name: 'Quality', text: 'Every car is inspected before it is listed, and the report is on its page.' },
  { name: 'Integrity', text: 'Honest prices, honest reports: what you see is the car you get.' },
  { name: 'Innovation', text: 'Search, book and sell from your phone, with paperwork handled online.' },
  {
    name: 'Customer Focus',
    text: 'Free test drives at a time that suits you, and real people on the phone.',
  },
  { name: 'Teamwork', text: 'Inspectors, sellers and our support team working for one good deal.' },
];

/** The About page. */
export function AboutPage() {
  usePageMeta({
    title: 'About us',
    description:
      'Our story and values: a used-car marketplace built on Quality, Integrity, Innovation, Customer Focus and Teamwork.',
  });
  return (
    <PageShell title="About us" lead="Buying a used car in India should be simple, safe and fair.">
      <div className="cat:space-y-4 cat:text-slate-700 cat:dark:text-slate-200">
        <h2 className="cat:text-xl cat:font-bold">Our story</h2>
        <p>
          We started with a simple idea: anyone buying a used car deserves to know exactly what they are
          paying for. Today buyers and sellers in about 1500 cities across India use our marketplace to find
          inspected cars, book free test drives and complete the paperwork without the usual running around.
        </p>
        <p>
          Sellers list in minutes; buyers filter by brand, fuel, budget and kilometres, read the inspection
          report and drive the car before deciding.
        </p>
      </div>
      <h2 className="cat:mt-10 cat:text-xl cat:font-bold">Our values</h2>
      <ul className="cat:mt-4 cat:grid cat:gap-4 cat:sm:grid-cols-2 cat:lg:grid-cols-3">
        {values.map((v) => (
          <li
            key={v.name}
            className="cat:rounded-2xl cat:border cat:border-slate-200 cat:p-5 cat:dark:border-slate-700"
          >
            <h3 className="cat:font-semibold">{v.name}</h3>
            <p className="cat:mt-1 cat:text-sm cat:text-slate-600 cat:dark:text-slate-300">{v.text}</p>
          </li>
        ))}
      </ul>
      <Link to="/buy-a-car" className={buttonClasses('primary', 'cat:mt-10')}>
        Learn More
      </Link>
    </PageShell>
  );
}
