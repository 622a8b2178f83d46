/** /dashboard/state/state (spec §2 "States"): the states and union territories, read only. */
import { fetchStates } from '../shared/api';
import { ListScreen, useCrudScreen } from '../shared/crud';

/** Table No., state. */
export function StatesScreen() {
  const screen = useCrudScreen({ load: fetchStates });
  return <ListScreen title="States" screen={screen} columns={[{ header: 'State', cell: (s) => s.state }]} />;
}
