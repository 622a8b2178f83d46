/** /buy-a-car (spec §2 "Car listing page") — placeholder until issue #9. */
import { ComingSoon } from '@marketplace/ui';

/** The car listing with filters. */
export function CarListScreen() {
  return (
    <ComingSoon
      title="Buy a used car"
      description="Search and filter every car for sale, 9 to a page."
      issue="#9"
    />
  );
}
