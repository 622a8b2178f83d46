/** /sell-a-car (spec §2 "Sell-a-car wizard") — placeholder until its issue. */
import { ComingSoon } from '@marketplace/ui';

/** The step-by-step listing wizard. */
export function SellWizardScreen() {
  return (
    <ComingSoon
      title="Sell your car"
      description="Tell us about your car step by step — brand, model, variant, registration, photos — and get it listed."
      issue="#11"
    />
  );
}
