/** States, RTOs, brands, models, variants (spec §2 "Admin layout and screens") — placeholders until issue #12. */
import { ComingSoon } from '@marketplace/ui';

/** One reference-data screen. */
export function ReferenceDataScreen({ title }: { title: string }) {
  return (
    <ComingSoon title={title} description={`Create, update and delete ${title.toLowerCase()}.`} issue="#12" />
  );
}
