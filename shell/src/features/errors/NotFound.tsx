/** The not-found page (spec §2 "Static pages": 404, 'Sorry, we couldn't find this page.', Back to homepage). */
import { buttonClasses, usePageMeta, usePageStatus } from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';

/** Shown for any path not in the route table; the server answers it with 404. */
export function NotFound() {
  usePageStatus(404);
  usePageMeta({
    title: 'Page not found',
    description: "Sorry, we couldn't find this page.",
    noindex: true,
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">Sorry, we couldn't find this page.</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The page may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className={buttonClasses('primary', 'mt-8')}>
        Back to homepage
      </Link>
    </section>
  );
}
