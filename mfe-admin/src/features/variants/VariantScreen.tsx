/**
 * /dashboard/cars/variant (spec §2 "Variant", §4 "Variant add form", §5 "Variant add"): filters 'Choose a
 * Brand', 'Choose a Models' (depends on the brand), 'Choose a fuelType'; columns No., Name, model,
 * fuelType, transmission, Action; add and edit forms replace the list.
 */
import { Button, SelectField, Table, TextAreaField, TextField } from '@marketplace/ui';
import { type FormEvent, useMemo, useState } from 'react';
import {
  type Brand,
  createVariant,
  deleteVariant,
  FUEL_TYPES,
  type FuelType,
  fetchBrands,
  fetchModels,
  fetchVariants,
  type Model,
  type Transmission,
  updateVariant,
  type Variant,
} from '../shared/api';
import {
  Card,
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

const noModels = async (): Promise<Model[]> => [];

const matchVariant = matchText<Variant>((v) => [v.name, v.carModel.name, v.carBrand.name]);

/** Variant list with its filters, or its add/edit form. */
export function VariantScreen() {
  const brands = useList(fetchBrands, []);
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const [fuelType, setFuelType] = useState('');
  const models = useList(brand ? () => fetchModels(brand) : noModels, [brand]);
  const variants = useList(() => fetchVariants({ brand, model, fuelType }), [brand, model, fuelType]);
  const { slice, offset, pager, searchBox } = usePaged(
    variants.rows,
    `${brand}|${model}|${fuelType}`,
    matchVariant,
  );
  const [editing, setEditing] = useState<Variant | 'new' | null>(null);
  const remove = useConfirmDelete(deleteVariant, variants.reload);

  if (editing) {
    return (
      <VariantForm
        variant={editing === 'new' ? null : editing}
        brands={brands.rows}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          variants.reload();
        }}
      />
    );
  }
  return (
    <>
      <ScreenHeader title="Variant">
        <Button onClick={() => setEditing('new')}>Add New Variant</Button>
      </ScreenHeader>
      <Card>
        <div className="adm:mb-4 adm:grid adm:gap-3 adm:sm:grid-cols-2 adm:xl:grid-cols-4">
          <SelectField
            label="Brand"
            value={brand}
            onChange={(e) => {
              setBrand(e.target.value);
              setModel('');
            }}
            placeholder="Choose a Brand"
            options={brands.rows.map((b) => ({ value: b._id, label: b.name }))}
          />
          <SelectField
            label="Model"
            value={model}
            disabled={!brand}
            onChange={(e) => setModel(e.target.value)}
            placeholder="Choose a Models"
            options={models.rows.map((m) => ({ value: m._id, label: m.name }))}
          />
          <SelectField
            label="Fuel type"
            value={fuelType}
            onChange={(e) => setFuelType(e.target.value)}
            placeholder="Choose a fuelType"
            options={FUEL_TYPES.map((f) => ({ value: f, label: f }))}
          />
          {searchBox}
        </div>
        {variants.loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<Variant>>
              numbered={false}
              rows={numbered(slice, offset)}
              rowKey={(r) => r.item._id}
              empty="No variants match these filters."
              columns={[
                noColumn,
                { header: 'Name', cell: (r) => <span className="adm:font-medium">{r.item.name}</span> },
                {
                  header: 'Model',
                  cell: (r) => (
                    <span>
                      {r.item.carModel.name}
                      <span className="adm:block adm:text-xs adm:text-slate-500">{r.item.carBrand.name}</span>
                    </span>
                  ),
                },
                { header: 'FuelType', cell: (r) => <Chips values={[r.item.fuelType]} /> },
                { header: 'Transmission', cell: (r) => <Chips values={[r.item.transmission]} /> },
                {
                  header: 'Action',
                  cell: (r) => (
                    <RowActions
                      name={`${r.item.carModel.name} ${r.item.name}`}
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

function VariantForm({
  variant,
  brands,
  onClose,
  onSaved,
}: {
  variant: Variant | null;
  brands: Brand[];
  onClose(): void;
  onSaved(): void;
}) {
  const [carBrand, setCarBrand] = useState(variant?.carBrand._id ?? '');
  const [carModel, setCarModel] = useState(variant?.carModel._id ?? '');
  const [fuelType, setFuelType] = useState<FuelType | ''>(variant?.fuelType ?? '');
  const [transmission, setTransmission] = useState<Transmission | ''>(variant?.transmission ?? '');
  const [name, setName] = useState(variant?.name ?? '');
  const [description, setDescription] = useState(variant?.description ?? '');
  const [features, setFeatures] = useState<string[]>(variant?.features ?? []);
  const [feature, setFeature] = useState('');
  const [busy, setBusy] = useState(false);
  const models = useList(carBrand ? () => fetchModels(carBrand) : noModels, [carBrand]);
  const chosenModel = useMemo(() => models.rows.find((m) => m._id === carModel), [models.rows, carModel]);

  /** Spec §4: choosing a brand resets model, fuel type and transmission. */
  const chooseBrand = (id: string) => {
    setCarBrand(id);
    setCarModel('');
    setFuelType('');
    setTransmission('');
  };
  /** Spec §4: choosing a model narrows fuel types and transmissions to the model's and resets them. */
  const chooseModel = (id: string) => {
    setCarModel(id);
    setFuelType('');
    setTransmission('');
  };
  /** Spec §5: a feature is added only if non-blank after trimming, and stored trimmed. */
  const addFeature = () => {
    const value = feature.trim();
    if (!value) return;
    setFeatures((list) => (list.includes(value) ? list : [...list, value]));
    setFeature('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!fuelType || !transmission) return;
    setBusy(true);
    try {
      const body = {
        name: name.trim(),
        carBrand,
        carModel,
        fuelType,
        transmission,
        features,
        description: description.trim(),
      };
      notifySuccess(variant ? await updateVariant(variant._id, body) : await createVariant(body));
      onSaved();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const fuelOptions = chosenModel?.fuelType ?? (variant ? [variant.fuelType] : []);
  const transmissionOptions = chosenModel?.transmission ?? (variant ? [variant.transmission] : []);
  const title = variant ? 'Update Variant' : 'Add New Variant';
  return (
    <Card className="adm:max-w-3xl">
      <FormHeader title={title} onClose={onClose} />
      <form onSubmit={(e) => void submit(e)} className="adm:grid adm:gap-4 adm:sm:grid-cols-2">
        <SelectField
          label="Brand"
          required
          disabled={variant !== null}
          value={carBrand}
          onChange={(e) => chooseBrand(e.target.value)}
          placeholder="Choose a Brand"
          options={brands.map((b) => ({ value: b._id, label: b.name }))}
        />
        <SelectField
          label="Model"
          required
          disabled={variant !== null || !carBrand}
          value={carModel}
          onChange={(e) => chooseModel(e.target.value)}
          placeholder="Choose a Models"
          options={
            models.rows.length > 0
              ? models.rows.map((m) => ({ value: m._id, label: m.name }))
              : variant
                ? [{ value: variant.carModel._id, label: variant.carModel.name }]
                : []
          }
        />
        <SelectField
          label="Fuel type"
          required
          disabled={!carModel}
          value={fuelType}
          onChange={(e) => setFuelType(e.target.value as FuelType)}
          placeholder="Choose a fuelType"
          options={fuelOptions.map((f) => ({ value: f, label: f }))}
        />
        <SelectField
          label="Transmission"
          required
          disabled={!carModel}
          value={transmission}
          onChange={(e) => setTransmission(e.target.value as Transmission)}
          placeholder="Choose a transmission"
          options={transmissionOptions.map((t) => ({ value: t, label: t }))}
        />
        <div className="adm:sm:col-span-2">
          <TextField
            label="Variant Name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="adm:sm:col-span-2">
          <TextAreaField
            label="Description (optional)"
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <fieldset className="adm:flex adm:flex-col adm:gap-2 adm:sm:col-span-2">
          <legend className="adm:mb-1 adm:text-sm adm:font-medium adm:text-slate-700 adm:dark:text-slate-200">
            Features
          </legend>
          <div className="adm:flex adm:items-end adm:gap-2">
            <div className="adm:flex-1">
              <TextField
                label="New feature"
                maxLength={200}
                value={feature}
                onChange={(e) => setFeature(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addFeature();
                  }
                }}
              />
            </div>
            <Button variant="secondary" onClick={addFeature} disabled={!feature.trim()}>
              Add feature
            </Button>
          </div>
          {features.length > 0 ? (
            <ul aria-label="Features" className="adm:flex adm:flex-wrap adm:gap-2">
              {features.map((f) => (
                <li
                  key={f}
                  className="adm:flex adm:items-center adm:gap-1 adm:rounded-full adm:bg-slate-100 adm:py-1 adm:pr-1 adm:pl-3 adm:text-sm adm:dark:bg-slate-800"
                >
                  {f}
                  <button
                    type="button"
                    aria-label={`Remove ${f}`}
                    onClick={() => setFeatures((list) => list.filter((x) => x !== f))}
                    className="adm:rounded-full adm:px-1.5 adm:text-slate-500 adm:hover:bg-slate-200 adm:hover:text-slate-900 adm:dark:hover:bg-slate-700"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="adm:text-xs adm:text-slate-500">No features yet.</p>
          )}
        </fieldset>
        <div className="adm:flex adm:justify-end adm:gap-3 adm:sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {variant ? 'Update' : 'Submit'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
