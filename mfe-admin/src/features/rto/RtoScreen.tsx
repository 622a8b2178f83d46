/**
 * /dashboard/state/rto (spec §2 "RTO", §5 "RTO"): RTO offices with a state filter; 'Add New Rto' and
 * 'Update RTO' modals where the state's prefix is shown before a numeric code input; delete confirmation.
 */
import { Button, SelectField, Table, TextField } from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { type FormEvent, useMemo, useState } from 'react';
import { createRto, deleteRto, fetchRtos, fetchStates, type Rto, type State, updateRto } from '../shared/api';
import {
  Card,
  Loading,
  matchText,
  type Numbered,
  noColumn,
  notifySuccess,
  numbered,
  RowActions,
  ScreenHeader,
  useConfirmDelete,
  useList,
  usePaged,
} from '../shared/ui';

/** The code as sent: `<PREFIX>-<digits>`, or the digits alone for a state without a prefix (spec §5). */
export function rtoCode(prefix: string | undefined, digits: string): string {
  return prefix ? `${prefix}-${digits}` : digits;
}

/** The digits of a stored code, its prefix letters stripped for editing (spec §5). */
export function rtoDigits(code: string): string {
  return code.replace(/^[A-Za-z]+-?/, '');
}

const matchRto = matchText<Rto>((r) => [r.code, r.city]);

/** RTO list, filter, modals. */
export function RtoScreen() {
  const states = useList(fetchStates, []);
  const [stateFilter, setStateFilter] = useState('');
  const rtos = useList(() => fetchRtos(stateFilter), [stateFilter]);
  const { slice, offset, pager, searchBox } = usePaged(rtos.rows, stateFilter, matchRto);
  const [editing, setEditing] = useState<Rto | 'new' | null>(null);
  const remove = useConfirmDelete(deleteRto, rtos.reload);
  const stateById = useMemo(() => new Map(states.rows.map((s) => [s._id, s])), [states.rows]);

  return (
    <>
      <ScreenHeader title="RTO">
        <Button onClick={() => setEditing('new')}>Add New Rto</Button>
      </ScreenHeader>
      <Card>
        <div className="adm:mb-4 adm:grid adm:gap-3 adm:sm:grid-cols-2 adm:lg:max-w-2xl">
          <SelectField
            label="State"
            value={stateFilter}
            onChange={(e) => setStateFilter(e.target.value)}
            placeholder="All states"
            options={states.rows.map((s) => ({ value: s._id, label: s.state }))}
          />
          {searchBox}
        </div>
        {rtos.loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<Rto>>
              numbered={false}
              rows={numbered(slice, offset)}
              rowKey={(r) => r.item._id}
              empty="No RTO codes for this state yet."
              columns={[
                noColumn,
                { header: 'RtoCodes', cell: (r) => <span className="adm:font-mono">{r.item.code}</span> },
                { header: 'City', cell: (r) => r.item.city },
                {
                  header: 'Action',
                  cell: (r) => (
                    <RowActions
                      name={`${r.item.code} ${r.item.city}`}
                      onEdit={() => setEditing(r.item)}
                      onDelete={() => remove.ask(r.item._id)}
                    />
                  ),
                },
              ]}
            />
            {pager}
          </>
        )}
      </Card>
      {editing ? (
        <RtoDialog
          rto={editing === 'new' ? null : editing}
          states={states.rows}
          stateById={stateById}
          defaultState={stateFilter}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            rtos.reload();
          }}
        />
      ) : null}
      {remove.dialog}
    </>
  );
}

function RtoDialog({
  rto,
  states,
  stateById,
  defaultState,
  onClose,
  onSaved,
}: {
  rto: Rto | null;
  states: State[];
  stateById: Map<string, State>;
  defaultState: string;
  onClose(): void;
  onSaved(): void;
}) {
  const [state, setState] = useState(rto?.state ?? defaultState);
  const [city, setCity] = useState(rto?.city ?? '');
  const [digits, setDigits] = useState(rto ? rtoDigits(rto.code) : '');
  const [busy, setBusy] = useState(false);
  const prefix = stateById.get(state)?.prefix;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const body = { state, city: city.trim(), code: rtoCode(prefix, digits) };
      notifySuccess(rto ? await updateRto(rto._id, body) : await createRto(body));
      onSaved();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={rto ? 'Update RTO' : 'Add New Rto'}>
      <form onSubmit={(e) => void submit(e)} className="adm:flex adm:flex-col adm:gap-4">
        <SelectField
          label="State"
          required
          disabled={rto !== null}
          value={state}
          onChange={(e) => setState(e.target.value)}
          placeholder="Choose a State"
          options={states.map((s) => ({ value: s._id, label: s.state }))}
        />
        <TextField
          label="City"
          required
          maxLength={100}
          value={city}
          onChange={(e) => setCity(e.target.value)}
        />
        <div className="adm:flex adm:items-start adm:gap-2">
          {prefix ? (
            <span
              className="adm:mt-6 adm:rounded-lg adm:bg-slate-100 adm:px-3 adm:py-2 adm:font-mono adm:text-sm adm:dark:bg-slate-800"
              data-testid="rto-prefix"
            >
              {prefix}-
            </span>
          ) : null}
          <div className="adm:flex-1">
            <TextField
              label="RTO code number"
              required
              inputMode="numeric"
              pattern="[0-9]{1,3}"
              maxLength={3}
              title="1 to 3 digits"
              value={digits}
              onChange={(e) => setDigits(e.target.value.replace(/\D/g, ''))}
              hint={prefix ? `Saved as ${rtoCode(prefix, digits || '01')}` : undefined}
            />
          </div>
        </div>
        <div className="adm:mt-2 adm:flex adm:justify-end adm:gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {rto ? 'Update' : 'Submit'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
