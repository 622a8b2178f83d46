/**
 * /dashboard/cars/variant (spec §2 "Variant", §4 "Variant add form", §5 "Variant add"): filters 'Choose a
 * Brand', 'Choose a Models' (depends on the brand), 'Choose a fuelType'; columns No., Name, model,
 * fuelType, transmission, Action; add and edit forms replace the list. A variant's `carBrand` is the brand
 * id, `brandName` the brand's name and `carModel` `{ _id, name }` (issue 19).
 */

import type { Brand, FuelType, Model, Transmission, Variant } from '@marketplace/contracts';
import { Button, SelectField, TextAreaField, TextField } from '@marketplace/ui';
import { useMemo, useState } from 'react';
import { fetchBrands } from '../../api/brands';
import { fetchModels } from '../../api/models';
import { createVariant, deleteVariant, fetchVariants, updateVariant } from '../../api/variants';
import { BrandSelect } from '../../components/BrandSelect';
import { Chips } from '../../components/Chips';
import { FormCard } from '../../components/FormCard';
import { actionColumn, type FormProps, ListScreen } from '../../components/ListScreen';
import { useCrudScreen } from '../../lib/crud-screen';
import { matchText } from '../../lib/match-text';
import { useList } from '../../lib/use-list';
import { useSave } from '../../lib/use-save';
import { FUEL_TYPES } from '../../lib/vocabulary';

const noModels = async (): Promise<Model[]> => [];

const matchVariant = matchText<Variant>((v) => [v.name, v.carModel.name, v.brandName]);

/** Variant list with its filters, or its add/edit form. */
export function VariantScreen() {
  const brands = useList(fetchBrands, []);
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const [fuelType, setFuelType] = useState('');
  const models = useList(brand ? () => fetchModels(brand) : noModels, [brand]);
  const variants = useCrudScreen({
    load: () => fetchVariants({ brand, model, fuelType }),
    filters: [brand, model, fuelType],
    match: matchVariant,
    remove: deleteVariant,
  });

  return (
    <ListScreen
      title="Variant"
      addLabel="Add New Variant"
      screen={variants}
      form={(props) => <VariantForm {...props} brands={brands.rows} />}
      filtersClassName="adm:mb-4 adm:grid adm:gap-3 adm:sm:grid-cols-2 adm:xl:grid-cols-4"
      filters={
        <>
          <BrandSelect
            brands={brands.rows}
            value={brand}
            onChange={(e) => {
              setBrand(e.target.value);
              setModel('');
            }}
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
        </>
      }
      empty="No variants match these filters."
      columns={[
        { header: 'Name', cell: (v) => <span className="adm:font-medium">{v.name}</span> },
        {
          header: 'Model',
          cell: (v) => (
            <span>
              {v.carModel.name}
              <span className="adm:block adm:text-xs adm:text-slate-500">{v.brandName}</span>
            </span>
          ),
        },
        { header: 'FuelType', cell: (v) => <Chips values={[v.fuelType]} /> },
        { header: 'Transmission', cell: (v) => <Chips values={[v.transmission]} /> },
        actionColumn(variants, (v) => `${v.carModel.name} ${v.name}`),
      ]}
    />
  );
}

function VariantForm({
  record: variant,
  brands,
  onClose,
  onSaved,
}: FormProps<Variant> & { brands: Brand[] }) {
  const [carBrand, setCarBrand] = useState(variant?.carBrand ?? '');
  const [carModel, setCarModel] = useState(variant?.carModel._id ?? '');
  const [fuelType, setFuelType] = useState<FuelType | ''>(variant?.fuelType ?? '');
  const [transmission, setTransmission] = useState<Transmission | ''>(variant?.transmission ?? '');
  const [name, setName] = useState(variant?.name ?? '');
  const [description, setDescription] = useState(variant?.description ?? '');
  const [features, setFeatures] = useState<string[]>(variant?.features ?? []);
  const [feature, setFeature] = useState('');
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

  const { busy, onSubmit } = useSave(async () => {
    if (!fuelType || !transmission) return null;
    const body = {
      name: name.trim(),
      carBrand,
      carModel,
      fuelType,
      transmission,
      features,
      description: description.trim(),
    };
    return variant ? updateVariant(variant._id, body) : createVariant(body);
  }, onSaved);

  const fuelOptions = chosenModel?.fuelType ?? (variant ? [variant.fuelType] : []);
  const transmissionOptions = chosenModel?.transmission ?? (variant ? [variant.transmission] : []);
  return (
    <FormCard noun="Variant" editing={variant !== null} onClose={onClose} onSubmit={onSubmit} busy={busy}>
      <BrandSelect
        brands={brands}
        required
        disabled={variant !== null}
        value={carBrand}
        onChange={(e) => chooseBrand(e.target.value)}
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
    </FormCard>
  );
}
