/** /sold (spec §2 "Seller listing") — placeholder until its issue. */
import { ComingSoon } from '@marketplace/ui';

/** The signed-in seller's cars. */
export function SellerCarsScreen() {
  return <ComingSoon title="Your listings" description="The cars you have listed for sale." issue="#11" />;
}
