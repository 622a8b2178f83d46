/**
 * /sell-a-car (spec §2 "Sell-a-car wizard", §6; issue 11): hero, the Sell Your Car wizard, How It Works,
 * Why Us and reviews. A visitor who is not signed in gets the login dialog as soon as the start-up user
 * fetch has answered.
 */
import { useAuthStore, useLoginDialogStore } from '@marketplace/ui';
import { useNavigate } from '@marketplace/ui/router';
import { useEffect } from 'react';
import { SellWizard } from './SellWizard';

const HOW_IT_WORKS = [
  { title: 'Check price', text: 'Tell us about your car in nine quick steps and set your asking price.' },
  { title: 'Schedule pickup', text: 'Buyers book a free test drive at a time that suits you.' },
  { title: 'Get paid', text: 'Agree the deal and receive the full amount before the car leaves.' },
];

const WHY_US = [
  { title: 'Sell in one visit', text: 'Inspection, paperwork and payment in a single meeting.' },
  { title: 'Instant payment', text: 'Money in your bank account the same day, no waiting.' },
  { title: 'Free RC transfer', text: 'We handle the registration certificate transfer at no cost.' },
  { title: 'No pickup fees', text: 'Doorstep pickup across 1500+ cities, free of charge.' },
];

const REVIEWS = [
  {
    name: 'Ananya R., Bengaluru',
    text: 'Listed my Baleno on a Sunday evening and had three test drives booked by Tuesday.',
  },
  {
    name: 'Harpreet S., Ludhiana',
    text: 'The RC transfer was done for me. Easiest car sale I have ever made.',
  },
  {
    name: 'Karthik V., Chennai',
    text: 'Clear steps, a fair price and the payment came through the same day.',
  },
];

function useDocumentMeta(title: string, description: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const oldDescription = meta.content;
    meta.content = description;
    return () => {
      document.title = previous;
      if (created) meta?.remove();
      else if (meta) meta.content = oldDescription;
    };
  }, [title, description]);
}

/** The selling landing page with the wizard. */
export function SellWizardScreen() {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const showLogin = useLoginDialogStore((s) => s.show);
  const navigate = useNavigate();
  useDocumentMeta(
    'Sell your car | Used Car Marketplace',
    'Sell your used car in India: list it in nine quick steps with photos, get test-drive requests and instant payment.',
  );

  useEffect(() => {
    if (ready && !user) showLogin();
  }, [ready, user, showLogin]);

  return (
    <div className="sell:flex sell:flex-col sell:gap-12 sell:pb-12">
      <section className="sell:bg-gradient-to-br sell:from-brand-600 sell:to-brand-700 sell:px-4 sell:py-12 sell:text-white sell:sm:py-16">
        <div className="sell:mx-auto sell:max-w-6xl">
          <h1 className="sell:text-3xl sell:font-bold sell:sm:text-4xl">Sell your car at the best price</h1>
          <p className="sell:mt-3 sell:max-w-2xl sell:text-base sell:text-white/90 sell:sm:text-lg">
            Free listing, genuine buyers and instant payment — trusted by sellers in about 1500 cities across
            India.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="sell-wizard-title"
        className="sell:mx-auto sell:-mt-20 sell:w-full sell:max-w-6xl sell:px-4"
      >
        <SellWizard onListed={() => navigate('/')} />
      </section>

      <section aria-labelledby="sell-how" className="sell:mx-auto sell:w-full sell:max-w-6xl sell:px-4">
        <h2 id="sell-how" className="sell:text-2xl sell:font-bold">
          How It Works
        </h2>
        <ol className="sell:mt-6 sell:grid sell:gap-4 sell:md:grid-cols-3">
          {HOW_IT_WORKS.map((s, i) => (
            <li
              key={s.title}
              className="sell:rounded-xl sell:border sell:border-slate-200 sell:p-5 sell:dark:border-slate-700"
            >
              <span className="sell:grid sell:size-9 sell:place-items-center sell:rounded-full sell:bg-brand-600 sell:font-bold sell:text-white">
                {i + 1}
              </span>
              <h3 className="sell:mt-3 sell:font-semibold">{s.title}</h3>
              <p className="sell:mt-1 sell:text-sm sell:text-slate-600 sell:dark:text-slate-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="sell-why" className="sell:mx-auto sell:w-full sell:max-w-6xl sell:px-4">
        <h2 id="sell-why" className="sell:text-2xl sell:font-bold">
          Why Us
        </h2>
        <ul className="sell:mt-6 sell:grid sell:gap-4 sell:sm:grid-cols-2 sell:lg:grid-cols-4">
          {WHY_US.map((w) => (
            <li key={w.title} className="sell:rounded-xl sell:bg-slate-50 sell:p-5 sell:dark:bg-slate-800">
              <h3 className="sell:font-semibold">{w.title}</h3>
              <p className="sell:mt-1 sell:text-sm sell:text-slate-600 sell:dark:text-slate-300">{w.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sell-reviews" className="sell:mx-auto sell:w-full sell:max-w-6xl sell:px-4">
        <h2 id="sell-reviews" className="sell:text-2xl sell:font-bold">
          What sellers say
        </h2>
        <ul className="sell:mt-6 sell:grid sell:gap-4 sell:md:grid-cols-3">
          {REVIEWS.map((r) => (
            <li
              key={r.name}
              className="sell:rounded-xl sell:border sell:border-slate-200 sell:p-5 sell:dark:border-slate-700"
            >
              <p className="sell:text-amber-600 sell:dark:text-amber-400">
                <span aria-hidden="true">★★★★★</span>
                <span className="sell:sr-only">Rated 5 out of 5</span>
              </p>
              <blockquote className="sell:mt-2 sell:text-sm sell:text-slate-700 sell:dark:text-slate-200">
                “{r.text}”
              </blockquote>
              <p className="sell:mt-3 sell:text-sm sell:font-medium">{r.name}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
