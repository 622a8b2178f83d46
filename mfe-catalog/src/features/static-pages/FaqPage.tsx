/** /faq (spec §2 "Static pages"): answers about buying, selling and test drives. */

import { usePageMeta } from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';
import { type Faq, FaqList, LISTING_FAQS } from '../../components/FaqList';
import { PageShell } from './PageShell';

const sellingFaqs: Faq[] = [
  {
    q: 'How do I sell my car?',
    a: "Sign in, open 'Sell a car' and follow the steps: brand, year, model, variant, registration state, kilometres, location, specifications and photos.",
  },
  {
    q: 'Does it cost anything to list a car?',
    a: 'No. Listing is free, and so is the RC transfer we arrange when your car is sold.',
  },
  {
    q: 'How do I manage my test-drive bookings?',
    a: "Open 'Appointments' from your account menu to change the date or time, or to cancel, while the booking is not yet confirmed.",
  },
];

/** The FAQ page. */
export function FaqPage() {
  usePageMeta({
    title: 'Frequently asked questions',
    description: 'Answers about buying and selling used cars, free test drives, financing and warranty.',
  });
  return (
    <PageShell title="Frequently asked questions" lead="Everything about buying, selling and test drives.">
      <h2 className="cat:mb-4 cat:text-xl cat:font-bold">Buying a car</h2>
      <FaqList faqs={LISTING_FAQS} />
      <h2 className="cat:mt-10 cat:mb-4 cat:text-xl cat:font-bold">Selling and your account</h2>
      <FaqList faqs={sellingFaqs} />
      <p className="cat:mt-10 cat:text-slate-600 cat:dark:text-slate-300">
        Still have a question?{' '}
        <Link
          to="/contact"
          className="cat:font-semibold cat:text-brand-700 cat:underline cat:dark:text-brand-200"
        >
          Contact us
        </Link>
        .
      </p>
    </PageShell>
  );
}
