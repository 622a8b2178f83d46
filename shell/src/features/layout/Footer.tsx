/**
 * The public footer (spec §2): /faq, /about, /contact and /t&c (privacy policy); the other links point to
 * / as the spec says. The about text is placeholder copy (spec §1).
 */
import { Link } from '@marketplace/ui/router';
import { Logo } from './Logo';

const columns: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About us' },
      { to: '/contact', label: 'Contact' },
      { to: '/faq', label: 'FAQ' },
      { to: '/', label: 'Careers' },
    ],
  },
  {
    title: 'Buy & sell',
    links: [
      { to: '/buy-a-car', label: 'Buy a used car' },
      { to: '/sell-a-car', label: 'Sell your car' },
      { to: '/', label: 'Car loans' },
      { to: '/', label: 'Car insurance' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/t&c', label: 'Privacy policy' },
      { to: '/t&c', label: 'Terms & conditions' },
      { to: '/', label: 'Sitemap' },
    ],
  },
];

/** The site footer. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-900 text-slate-300 dark:border-slate-800">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="space-y-4 [&_a]:text-white">
          <Logo onDark />
          <p className="text-sm leading-6 text-slate-400">
            Certified used cars, free test drives and a fair price for your car — in about 1500 cities across
            India.
          </p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{col.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {col.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} CarBazaar. Prices in Indian rupees. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
