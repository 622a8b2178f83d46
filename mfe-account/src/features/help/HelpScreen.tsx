/** /help (linked from the profile, spec §2): where to get answers — the FAQ and the Contact page. */
import { Link } from '@marketplace/ui/router';

const topics: Array<{ title: string; text: string; href: string; link: string }> = [
  {
    title: 'Frequently asked questions',
    text: 'Buying, selling, test drives, documents and RC transfer — most answers are here.',
    href: '/faq',
    link: 'Read the FAQ',
  },
  {
    title: 'Contact us',
    text: 'Still stuck? Write to our team and we will get back to you within one working day.',
    href: '/contact',
    link: 'Contact support',
  },
  {
    title: 'Your test drives',
    text: 'Move or cancel a booking before the seller confirms it.',
    href: '/appointment',
    link: 'Manage test drives',
  },
];

/** Help & Support. */
export function HelpScreen() {
  return (
    <section className="acc:mx-auto acc:max-w-4xl acc:px-4 acc:py-10">
      <h1 className="acc:text-2xl acc:font-bold">Help &amp; Support</h1>
      <p className="acc:mt-2 acc:text-slate-600 acc:dark:text-slate-300">How can we help you today?</p>
      <ul className="acc:mt-6 acc:grid acc:gap-4 acc:md:grid-cols-3">
        {topics.map((t) => (
          <li
            key={t.href}
            className="acc:rounded-2xl acc:border acc:border-slate-200 acc:bg-white acc:p-5 acc:dark:border-slate-700 acc:dark:bg-slate-900"
          >
            <h2 className="acc:font-semibold">{t.title}</h2>
            <p className="acc:mt-2 acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">{t.text}</p>
            <Link
              to={t.href}
              className="acc:mt-3 acc:inline-block acc:text-sm acc:font-semibold acc:text-brand-600 acc:hover:underline acc:dark:text-brand-200"
            >
              {t.link}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
