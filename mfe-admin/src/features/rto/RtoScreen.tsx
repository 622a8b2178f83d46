/**
 * /dashboard/state/rto (spec §2 "RTO", §5 "RTO"): RTO offices with a state filter; 'Add New Rto' and
 * 'Update RTO' modals where the state's prefix is shown before a numeric code input; delete confirmation.
 */

import type { Rto, State } from '@marketplace/contracts';
import { SelectField, TextField } from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { useMemo, useState } from 'react';
import { createRto, deleteRto, fetchRtos, updateRto } from '../../api/rtos';
import { fetchStates } from '../../api/states';
import { FormActions } from '../../components/FormCard';
import { actionColumn, type FormProps, ListScreen } from '../../components/ListScreen';
import { useCrudScreen } from '../../lib/crud-screen';
import { matchText } from '../../lib/match-text';
import { useList } from '../../lib/use-list';
import { useSave } from '../../lib/use-save';

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
  const rtos = useCrudScreen({
    load: () => fetchRtos(stateFilter),
    filters: [stateFilter],
    match: matchRto,
    remove: deleteRto,
  });
  const stateById = useMemo(() => new Map(states.rows.map((s) => [s._id, s])), [states.rows]);

  return (
    <ListScreen
      title="RTO"
      addLabel="Add New Rto"
      screen={rtos}
      filters={
        <SelectField
          label="State"
          value={stateFilter}
          onChange={(e) => setStateFilter(e.target.value)}
          placeholder="All states"
          options={states.rows.map((s) => ({ value: s._id, label: s.state }))}
        />
      }
      empty="No RTO codes for this state yet."
      columns={[
        { header: 'RtoCodes', cell: (r) => <span className="adm:font-mono">{r.code}</span> },
        { header: 'City', cell: (r) => r.city },
        actionColumn(rtos, (r) => `${r.code} ${r.city}`),
      ]}
      modalForm
      form={(props) => (
        <RtoDialog {...props} states={states.rows} stateById={stateById} defaultState={stateFilter} />
      )}
    />
  );
}

function RtoDialog({
  record: rto,
  states,
  stateById,
  defaultState,
  onClose,
  onSaved,
}: FormProps<Rto> & { states: State[]; stateById: Map<string, State>; defaultState: string }) {
  const [state, setState] = useState(rto?.state ?? defaultState);
  const [city, setCity] = useState(rto?.city ?? '');
  const [digits, setDigits] = useState(rto ? rtoDigits(rto.code) : '');
  const prefix = stateById.get(state)?.prefix;

  const { busy, onSubmit } = useSave(() => {
    const body = { state, city: city.trim(), code: rtoCode(prefix, digits) };
    return rto ? updateRto(rto._id, body) : createRto(body);
  }, onSaved);

  return (
    <Dialog open onClose={onClose} title={rto ? 'Update RTO' : 'Add New Rto'}>
      <form onSubmit={onSubmit} className="adm:flex adm:flex-col adm:gap-4">
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
        <FormActions
          onCancel={onClose}
          busy={busy}
          label={rto ? 'Update' : 'Submit'}
          className="adm:mt-2 adm:flex adm:justify-end adm:gap-3"
        />
      </form>
    </Dialog>
  );
}
