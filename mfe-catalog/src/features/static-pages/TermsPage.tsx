/**
 * /t&c (spec §2 "Static pages"): static legal text, last updated 14/05/2024, covering acknowledgment, entire
 * agreement, Privacy Policy, Additional Terms and Terms of Sale.
 */

import { usePageMeta } from '@marketplace/ui';
import { PageShell } from './PageShell';

const sections: { title: string; paragraphs: string[] }[] = [
  {
    title: 'Acknowledgment',
    paragraphs: [
      'These Terms and Conditions govern your use of this marketplace and form the agreement between you and us. By accessing or using the service you agree to be bound by them; if you disagree with any part, you may not use the service.',
      'You represent that you are over the age of 18. Your use of the service is also conditioned on your acceptance of our Privacy Policy.',
    ],
  },
  {
    title: 'Entire Agreement',
    paragraphs: [
      'These Terms, together with the Privacy Policy and any Additional Terms, are the entire agreement between you and us about the service and replace any earlier agreements.',
    ],
  },
  {
    title: 'Privacy Policy',
    paragraphs: [
      'We collect the personal data you give us (name, e-mail address, mobile number) and data about your use of the service, to run your account, arrange test drives and listings, and keep the service secure.',
      'We do not sell your personal data. You may ask us to correct or delete it at any time through the Contact page.',
    ],
  },
  {
    title: 'Additional Terms',
    paragraphs: [
      'Some features, such as financing or insurance offers from partners, may carry their own terms, which are shown to you before you use them and form part of this agreement.',
    ],
  },
  {
    title: 'Terms of Sale',
    paragraphs: [
      'Cars are sold by their sellers. Prices are in Indian rupees and are set by the seller. A test drive does not oblige you to buy.',
      'The inspection report describes the condition of a car at the time of inspection. Before paying, check the car, its registration certificate, insurance and service records.',
    ],
  },
];

/** The Terms and Conditions / privacy policy page. */
export function TermsPage() {
  usePageMeta({
    title: 'Terms and Conditions',
    description:
      'Terms and Conditions and privacy policy of the used-car marketplace: acknowledgment, privacy, additional terms and terms of sale.',
  });
  return (
    <PageShell title="Terms and Conditions" lead="Last updated: 14/05/2024">
      <div className="cat:space-y-8 cat:text-slate-700 cat:dark:text-slate-200">
        {sections.map((s) => (
          <section key={s.title} aria-labelledby={`terms-${s.title.replace(/\s+/g, '-')}`}>
            <h2
              id={`terms-${s.title.replace(/\s+/g, '-')}`}
              className="cat:text-xl cat:font-bold cat:text-slate-900 cat:dark:text-white"
            >
              {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="cat:mt-2">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>
    </PageShell>
  );
}
