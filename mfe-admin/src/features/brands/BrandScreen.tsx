/**
 * /dashboard/cars/brand (spec §2 "Brand", §5 "Brand add"): table No., logo, Name, founded, country,
 * Action; add and update forms replace the list; the logo is uploaded by the two-step storage flow.
 */
import { Button, Table, TextField, TOAST_AUTO_CLOSE_MS, toast } from '@marketplace/ui';
import { type FormEvent, useState } from 'react';
import {
  type Brand,
  createBrandWithLogo,
  deleteBrand,
  fetchBrands,
  updateBrand,
  uploadLogo,
} from '../shared/api';
import {
  Card,
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

const matchBrand = matchText<Brand>((b) => [b.name, b.country]);

/** Brand list or its add/update form. */
export function BrandScreen() {
  const brands = useList(fetchBrands, []);
  const { slice, offset, pager, searchBox } = usePaged(brands.rows, null, matchBrand);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const remove = useConfirmDelete(deleteBrand, brands.reload);

  if (editing) {
    return (
      <BrandForm
        brand={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          brands.reload();
        }}
      />
    );
  }
  return (
    <>
      <ScreenHeader title="Brand">
        <Button onClick={() => setEditing('new')}>Add New Brand</Button>
      </ScreenHeader>
      <Card>
        <div className="adm:mb-4 adm:max-w-xs">{searchBox}</div>
        {brands.loading ? (
          <Loading />
        ) : (
          <>
            <Table<Numbered<Brand>>
              numbered={false}
              rows={numbered(slice, offset)}
              rowKey={(r) => r.item._id}
              columns={[
                noColumn,
                {
                  header: 'Logo',
                  cell: (r) =>
                    r.item.logo?.url ? (
                      <img
                        src={r.item.logo.url}
                        alt={`${r.item.name} logo`}
                        className="adm:size-10 adm:rounded-md adm:bg-white adm:object-contain"
                        loading="lazy"
                      />
                    ) : (
                      <span className="adm:text-xs adm:text-slate-500">No logo</span>
                    ),
                },
                { header: 'Name', cell: (r) => <span className="adm:font-medium">{r.item.name}</span> },
                { header: 'Founded', cell: (r) => r.item.founded },
                { header: 'Country', cell: (r) => r.item.country },
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

function BrandForm({ brand, onClose, onSaved }: { brand: Brand | null; onClose(): void; onSaved(): void }) {
  const [name, setName] = useState(brand?.name ?? '');
  const [country, setCountry] = useState(brand?.country ?? '');
  const [founded, setFounded] = useState(brand ? String(brand.founded) : '');
  const [website, setWebsite] = useState(brand?.website ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = logo ? URL.createObjectURL(logo) : brand?.logo?.url;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const body = {
      name: name.trim(),
      country: country.trim(),
      founded: Number(founded),
      website: website.trim(),
    };
    try {
      if (!brand) {
        const result = await createBrandWithLogo(body, logo);
        if (!result.success) {
          toast.error(result.message, { duration: TOAST_AUTO_CLOSE_MS });
          return;
        }
        notifySuccess(result.message);
        onSaved();
        return;
      }
      let logoKey: string | undefined;
      if (logo) {
        const upload = await uploadLogo(logo);
        if (!upload.success) {
          toast.error(upload.message, { duration: TOAST_AUTO_CLOSE_MS });
          return;
        }
        logoKey = upload.key;
      }
      notifySuccess(await updateBrand(brand._id, logoKey ? { ...body, logoKey } : body));
      onSaved();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const title = brand ? 'Update Brand' : 'Add New Brand';
  return (
    <Card className="adm:max-w-3xl">
      <FormHeader title={title} onClose={onClose} />
      <form onSubmit={(e) => void submit(e)} className="adm:grid adm:gap-4 adm:sm:grid-cols-2">
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
        <div className="adm:flex adm:justify-end adm:gap-3 adm:sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : brand ? 'Update' : 'Submit'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
