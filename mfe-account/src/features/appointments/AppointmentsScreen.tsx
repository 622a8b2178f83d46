/** /appointment (spec §2 "Appointment page") — placeholder until issue #10. */
import { ComingSoon } from '@marketplace/ui';

/** The user's test-drive appointments. */
export function AppointmentsScreen() {
  return (
    <ComingSoon
      title="Your test drives"
      description="Upcoming and past test-drive appointments."
      issue="#10"
    />
  );
}
