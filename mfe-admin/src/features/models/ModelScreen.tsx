/**
 * /dashboard/cars/model (spec §2 "Model", §5 "Model add/edit"): 'Choose a Brand' filter; table No., Name,
 * year, fuelType chips, transmission chips, Action; add and update forms replace the list. A model's
 * `carBrand` is the brand id and `brandName` the name shown under the model's (issue 19).
 */

import type { Brand, FuelType, Model, Transmission } from '@marketplace/contracts';
import { TextField } from '@marketplace/ui';
import { useState } from 'react';
import { fetchBrands } from '../../api/brands';
import { createModel, deleteModel, fetchModels, updateModel } from '../../api/models';
import { BrandSelect } from '../../components/BrandSelect';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { Chips } from '../../components/Chips';
import { FormCard } from '../../components/FormCard';
import { actionColumn, type FormProps, ListScreen } from '../../components/ListScreen';
import { useCrudScreen } from '../../lib/crud-screen';
import { matchText } from '../../lib/match-text';
import { useList } from '../../lib/use-list';
import { useSave } from '../../lib/use-save';
import { FUEL_TYPES, TRANSMISSIONS } from '../../lib/vocabulary';

const matchModel = matchText<Model>((m) => [m.name, m.brandName]);

/** Model list or its add/update form. */
export function ModelScreen() {
  const brands = useList(fetchBrands, []);
  const [brandFilter, setBrandFilter] = useState('');
  const models = useCrudScreen({
    load: () => fetchModels(brandFilter),
    filters: [brandFilter],
    match: matchModel,
    remove: deleteModel,
  });

  return (
    <ListScreen
      title="Model"
      addLabel="Add New Model"
      screen={models}
      form={(props) => <ModelForm {...props} brands={brands.rows} defaultBrand={brandFilter} />}
      filters={
        <BrandSelect
          brands={brands.rows}
          value={brandFilter}
          onChange={(e) => setBrandFilter(e.target.value)}
        />
      }
      empty="No models for this brand yet."
      columns={[
        {
          header: 'Name',
          cell: (m) => (
            <span>
              <span className="adm:font-medium">{m.name}</span>
              <span className="adm:block adm:text-xs adm:text-slate-500">{m.brandName}</span>
            </span>
          ),
        },
        { header: 'Year', cell: (m) => m.year },
        { header: 'FuelType', cell: (m) => <Chips values={m.fuelType} /> },
        { header: 'Transmission', cell: (m) => <Chips values={m.transmission} /> },
        actionColumn(models, (m) => m.name),
      ]}
    />
  );
}

function ModelForm({
  record: model,
  brands,
  defaultBrand,
  onClose,
  onSaved,
}: FormProps<Model> & { brands: Brand[]; defaultBrand: string }) {
  const [carBrand, setCarBrand] = useState(model?.carBrand ?? defaultBrand);
  const [name, setName] = useState(model?.name ?? '');
  const [year, setYear] = useState(model ? String(model.year) : '');
  const [fuelType, setFuelType] = useState<FuelType[]>(model?.fuelType ?? []);
  const [transmission, setTransmission] = useState<Transmission[]>(model?.transmission ?? []);
  const { busy, onSubmit } = useSave(() => {
    const body = { name: name.trim(), year: Number(year), fuelType, transmission, carBrand };
    return model ? updateModel(model._id, body) : createModel(body);
  }, onSaved);

  return (
    <FormCard noun="Model" editing={model !== null} onClose={onClose} onSubmit={onSubmit} busy={busy}>
      <BrandSelect
        brands={brands}
        required
        disabled={model !== null}
        value={carBrand}
        onChange={(e) => setCarBrand(e.target.value)}
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
    </FormCard>
  );
}
