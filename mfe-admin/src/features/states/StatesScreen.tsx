import { fetchStates } from '../../api/states';
import { ListScreen } from '../../components/ListScreen';
import { useCrudScreen } from '../../lib/crud-screen';
/** /dashboard/state/state (spec §2 "States"): the states and union territories, read only. */

/** Table No., state. */
export function StatesScreen() {
  const screen = useCrudScreen({ load: fetchStates });
  return <ListScreen title="States" screen={screen} columns={[{ header: 'State', cell: (s) => s.state }]} />;
}
