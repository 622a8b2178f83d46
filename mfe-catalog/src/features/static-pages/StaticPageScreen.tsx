/** FAQ, About, Contact and Terms (spec §2 "Static pages"), one exposed module switching on `page`. */
import type { StaticPageProps } from '@marketplace/ui';
import { AboutPage } from './AboutPage';
import { ContactPage } from './ContactPage';
import { FaqPage } from './FaqPage';
import { TermsPage } from './TermsPage';

/** One static page. */
export function StaticPageScreen({ page }: StaticPageProps) {
  switch (page) {
    case 'faq':
      return <FaqPage />;
    case 'about':
      return <AboutPage />;
    case 'contact':
      return <ContactPage />;
    case 'terms':
      return <TermsPage />;
  }
}
