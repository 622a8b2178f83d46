/** /dashboard/state/state (spec §2 "States"): the states and union territories, read only. */
import { Table } from '@marketplace/ui';
import { fetchStates, type State } from '../shared/api';
import {
  Card,
  Loading,
  type Numbered,
  noColumn,
  numbered,
  ScreenHeader,
  useList,
  usePaged,
} from '../shared/ui';

/** Table No., state. */
export function StatesScreen() {
  const { rows, loading } = useList(fetchStates, []);
  const { slice, offset, pager } = usePaged(rows, rows);
  return (
    <>
      <ScreenHeader title="States" />
      <Card>
        {loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<State>>
              numbered={false}
              rows={numbered(slice, offset)}
              rowKey={(r) => r.item._id}
              columns={[noColumn, { header: 'State', cell: (r) => r.item.state }]}
            />
            {pager}
          </>
        )}
      </Card>
    </>
  );
}
