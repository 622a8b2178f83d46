/** /purchases (linked from the profile, spec §2): purchases are not part of the product yet. */
import { buttonClasses } from '@marketplace/ui';
import { Link } from '@marketplace/ui/router';

/** The (empty) purchase history. */
export function PurchasesScreen() {
  return (
    <section className="acc:mx-auto acc:max-w-3xl acc:px-4 acc:py-16 acc:text-center">
      <h1 className="acc:text-2xl acc:font-bold">Purchase history</h1>
      <p className="acc:mt-3 acc:text-slate-600 acc:dark:text-slate-300">
        You have no purchases yet. When you buy a car through CarBazaar, it will show up here.
      </p>
      <div className="acc:mt-6 acc:flex acc:flex-wrap acc:justify-center acc:gap-3">
        <Link to="/buy-a-car" className={buttonClasses('primary')}>
          Browse cars
        </Link>
        <Link to="/appointment" className={buttonClasses('secondary')}>
          Your test drives
        </Link>
      </div>
    </section>
  );
}
