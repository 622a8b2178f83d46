/**
 * /dashboard/cars/model (spec §2 "Model", §5 "Model add/edit"): 'Choose a Brand' filter; table No., Name,
 * year, fuelType chips, transmission chips, Action; add and update forms replace the list.
 */
import { Button, SelectField, Table, TextField } from '@marketplace/ui';
import { type FormEvent, useState } from 'react';
import {
  type Brand,
  createModel,
  deleteModel,
  FUEL_TYPES,
  type FuelType,
  fetchBrands,
  fetchModels,
  type Model,
  TRANSMISSIONS,
  type Transmission,
  updateModel,
} from '../shared/api';
import {
  Card,
  CheckboxGroup,
  Chips,
  FormHeader,
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

const matchModel = matchText<Model>((m) => [m.name, m.carBrand.name]);

/** Model list or its add/update form. */
export function ModelScreen() {
  const brands = useList(fetchBrands, []);
  const [brandFilter, setBrandFilter] = useState('');
  const models = useList(() => fetchModels(brandFilter), [brandFilter]);
  const { slice, offset, pager, searchBox } = usePaged(models.rows, brandFilter, matchModel);
  const [editing, setEditing] = useState<Model | 'new' | null>(null);
  const remove = useConfirmDelete(deleteModel, models.reload);

  if (editing) {
    return (
      <ModelForm
        model={editing === 'new' ? null : editing}
        brands={brands.rows}
        defaultBrand={brandFilter}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          models.reload();
        }}
      />
    );
  }
  return (
    <>
      <ScreenHeader title="Model">
        <Button onClick={() => setEditing('new')}>Add New Model</Button>
      </ScreenHeader>
      <Card>
        <div className="adm:mb-4 adm:grid adm:gap-3 adm:sm:grid-cols-2 adm:lg:max-w-2xl">
          <SelectField
            label="Brand"
            value={brandFilter}
            onChange={(e) => setBrandFilter(e.target.value)}
            placeholder="Choose a Brand"
            options={brands.rows.map((b) => ({ value: b._id, label: b.name }))}
          />
          {searchBox}
        </div>
        {models.loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<Model>>
              numbered={false}
              rows={numbered(slice, offset)}
              rowKey={(r) => r.item._id}
              empty="No models for this brand yet."
              columns={[
                noColumn,
                {
                  header: 'Name',
                  cell: (r) => (
                    <span>
                      <span className="adm:font-medium">{r.item.name}</span>
                      <span className="adm:block adm:text-xs adm:text-slate-500">{r.item.carBrand.name}</span>
                    </span>
                  ),
                },
                { header: 'Year', cell: (r) => r.item.year },
                { header: 'FuelType', cell: (r) => <Chips values={r.item.fuelType} /> },
                { header: 'Transmission', cell: (r) => <Chips values={r.item.transmission} /> },
                {
                  header: 'Action',
                  cell: (r) => (
                    <RowActions
                      name={r.item.name}
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
      {remove.dialog}
    </>
  );
}

function ModelForm({
  model,
  brands,
  defaultBrand,
  onClose,
  onSaved,
}: {
  model: Model | null;
  brands: Brand[];
  defaultBrand: string;
  onClose(): void;
  onSaved(): void;
}) {
  const [carBrand, setCarBrand] = useState(model?.carBrand._id ?? defaultBrand);
  const [name, setName] = useState(model?.name ?? '');
  const [year, setYear] = useState(model ? String(model.year) : '');
  const [fuelType, setFuelType] = useState<FuelType[]>(model?.fuelType ?? []);
  const [transmission, setTransmission] = useState<Transmission[]>(model?.transmission ?? []);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const body = { name: name.trim(), year: Number(year), fuelType, transmission, carBrand };
      notifySuccess(model ? await updateModel(model._id, body) : await createModel(body));
      onSaved();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const title = model ? 'Update Model' : 'Add New Model';
  return (
    <Card className="adm:max-w-3xl">
      <FormHeader title={title} onClose={onClose} />
      <form onSubmit={(e) => void submit(e)} className="adm:grid adm:gap-4 adm:sm:grid-cols-2">
        <SelectField
          label="Brand"
          required
          disabled={model !== null}
          value={carBrand}
          onChange={(e) => setCarBrand(e.target.value)}
          placeholder="Choose a Brand"
          options={brands.map((b) => ({ value: b._id, label: b.name }))}
        />
        <TextField
          label="Model Name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Year"
          type="number"
          required
          min={1980}
          max={new Date().getFullYear() + 1}
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
        <div className="adm:hidden adm:sm:block" />
        <CheckboxGroup legend="Fuel type" options={FUEL_TYPES} value={fuelType} onChange={setFuelType} />
        <CheckboxGroup
          legend="Transmission"
          options={TRANSMISSIONS}
          value={transmission}
          onChange={setTransmission}
        />
        <div className="adm:flex adm:justify-end adm:gap-3 adm:sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {model ? 'Update' : 'Submit'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
