/**
 * /dashboard/cars/brand (spec §2 "Brand", §5 "Brand add"): table No., logo, Name, founded, country,
 * Action; add and update forms replace the list; the logo is uploaded by the two-step storage flow.
 */

import type { Brand } from '@marketplace/contracts';
import { TextField, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { useState } from 'react';
import { createBrandWithLogo, deleteBrand, fetchBrands, updateBrand, uploadLogo } from '../../api/brands';
import { FormCard } from '../../components/FormCard';
import { actionColumn, type FormProps, ListScreen } from '../../components/ListScreen';
import { useCrudScreen } from '../../lib/crud-screen';
import { matchText } from '../../lib/match-text';
import { useSave } from '../../lib/use-save';

const matchBrand = matchText<Brand>((b) => [b.name, b.country]);

/** Brand list or its add/update form. */
export function BrandScreen() {
  const brands = useCrudScreen({ load: fetchBrands, match: matchBrand, remove: deleteBrand });
  return (
    <ListScreen
      title="Brand"
      addLabel="Add New Brand"
      screen={brands}
      form={(props) => <BrandForm {...props} />}
      filtersClassName="adm:mb-4 adm:max-w-xs"
      columns={[
        {
          header: 'Logo',
          cell: (b) =>
            b.logo?.url ? (
              <img
                src={b.logo.url}
                alt={`${b.name} logo`}
                className="adm:size-10 adm:rounded-md adm:bg-white adm:object-contain"
                loading="lazy"
              />
            ) : (
              <span className="adm:text-xs adm:text-slate-500">No logo</span>
            ),
        },
        { header: 'Name', cell: (b) => <span className="adm:font-medium">{b.name}</span> },
        { header: 'Founded', cell: (b) => b.founded },
        { header: 'Country', cell: (b) => b.country },
        actionColumn(brands, (b) => b.name),
      ]}
    />
  );
}

/** Shows a failed helper's message (spec §8); null tells `useSave` that no success follows. */
function failed(message: string): null {
  toast.error(message, { duration: TOAST_AUTO_CLOSE_MS });
  return null;
}

function BrandForm({ record: brand, onClose, onSaved }: FormProps<Brand>) {
  const [name, setName] = useState(brand?.name ?? '');
  const [country, setCountry] = useState(brand?.country ?? '');
  const [founded, setFounded] = useState(brand ? String(brand.founded) : '');
  const [website, setWebsite] = useState(brand?.website ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const preview = logo ? URL.createObjectURL(logo) : brand?.logo?.url;

  const { busy, onSubmit } = useSave(async () => {
    const body = {
      name: name.trim(),
      country: country.trim(),
      founded: Number(founded),
      website: website.trim(),
    };
    if (!brand) {
      const result = await createBrandWithLogo(body, logo);
      return result.success ? result.message : failed(result.message);
    }
    let logoKey: string | undefined;
    if (logo) {
      const upload = await uploadLogo(logo);
      if (!upload.success) return failed(upload.message);
      logoKey = upload.key;
    }
    return await updateBrand(brand._id, logoKey ? { ...body, logoKey } : body);
  }, onSaved);

  return (
    <FormCard
      noun="Brand"
      editing={brand !== null}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      busyLabel="Saving…"
    >
      <TextField
        label="Brand Name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Country"
        required
        maxLength={100}
        value={country}
        onChange={(e) => setCountry(e.target.value)}
      />
      <TextField
        label="Founded"
        type="number"
        required
        min={1800}
        max={new Date().getFullYear()}
        value={founded}
        onChange={(e) => setFounded(e.target.value)}
      />
      <TextField
        label="Website (optional)"
        type="url"
        placeholder="https://"
        value={website}
        onChange={(e) => setWebsite(e.target.value)}
      />
      <div className="adm:flex adm:items-center adm:gap-4 adm:sm:col-span-2">
        {preview ? (
          <img
            src={preview}
            alt="Logo preview"
            className="adm:size-16 adm:rounded-lg adm:border adm:border-slate-200 adm:bg-white adm:object-contain"
          />
        ) : null}
        <div className="adm:flex-1">
          <TextField
            label={brand ? 'New logo (optional)' : 'Logo (optional)'}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
          />
        </div>
      </div>
    </FormCard>
  );
}
