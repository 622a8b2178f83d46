/** FAQ, About, Contact and Terms (spec §2 "Static pages") — placeholders until issue #9. */
import { ComingSoon, type StaticPageName, type StaticPageProps } from '@marketplace/ui';

const pages: Record<StaticPageName, { title: string; description: string }> = {
  faq: { title: 'Frequently asked questions', description: 'Answers about buying, selling and test drives.' },
  about: {
    title: 'About us',
    description: 'Our story and values: Quality, Integrity, Innovation, Customer Focus, Teamwork.',
  },
  contact: { title: 'Contact us', description: 'Write to us, call, or visit our office.' },
  terms: { title: 'Terms and Conditions', description: 'Terms of use, privacy policy and terms of sale.' },
};

/** One static page. */
export function StaticPageScreen({ page }: StaticPageProps) {
  const p = pages[page];
  return <ComingSoon title={p.title} description={p.description} issue="#9" />;
}
