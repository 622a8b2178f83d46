/** Layout of every public route: header, the page, footer (spec §2). */
import { Outlet } from '@marketplace/ui/router';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header + routed page + footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
