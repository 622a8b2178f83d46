/** /car-details/:carId (spec §2 "Car detail page") — placeholder until issue #9. */
import { ComingSoon } from '@marketplace/ui';
import { useParams } from 'react-router-dom';

/** One car's page. */
export function CarDetailsScreen() {
  const { carId } = useParams();
  return (
    <ComingSoon
      title="Car details"
      description={`Photos, specifications and the inspection report of car ${carId ?? ''}.`}
      issue="#9"
    />
  );
}
