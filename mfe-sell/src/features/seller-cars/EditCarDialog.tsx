/**
 * The edit form of a listed car (issue 11: the spec's edit icon made real): price, kilometres,
 * description, photos (remove or add through the two-step upload) and "mark as sold".
 */
import type { Car, CarUpdateBody, SellerCar } from '@marketplace/contracts';
import {
  Button,
  formatRupees,
  isUploadableImage,
  Spinner,
  TextAreaField,
  TextField,
  toast,
  UPLOAD_CONTENT_TYPES,
} from '@marketplace/ui';
import { Dialog } from '@marketplace/ui/overlays';
import { useEffect, useId, useState } from 'react';
import { fetchCar, updateCar } from '../../api/cars';
import { uploadCarImage } from '../../api/images';

interface Photo {
  key?: string;
  url: string;
  file?: File;
}

/** The dialog; `car` null = closed. `onSaved` reloads the list. */
export function EditCarDialog({
  car,
  onClose,
  onSaved,
}: {
  car: SellerCar | null;
  onClose(): void;
  onSaved(): void;
}) {
  return (
    <Dialog open={car !== null} onClose={onClose} title="Edit your car" size="sell:max-w-2xl">
      {car ? <EditForm key={car._id} car={car} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function EditForm({ car, onClose, onSaved }: { car: SellerCar; onClose(): void; onSaved(): void }) {
  const [details, setDetails] = useState<Car | null>(null);
  const [price, setPrice] = useState(String(car.price));
  const [km, setKm] = useState('');
  const [description, setDescription] = useState('');
  const [sold, setSold] = useState(car.status === 'sold');
  const [photos, setPhotos] = useState<Photo[]>(car.images.map((i) => ({ key: i.key, url: i.url })));
  const [photosChanged, setPhotosChanged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fileId = useId();

  useEffect(() => {
    let live = true;
    fetchCar(car._id).then((c) => {
      if (!live || !c) return;
      setDetails(c);
      setKm(String(c.specifications.kmDriven));
      setDescription(c.description ?? '');
    });
    return () => {
      live = false;
    };
  }, [car._id]);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const ok = Array.from(files).filter(isUploadableImage);
    if (ok.length < files.length) setError('Only JPEG, PNG or WebP images up to 10 MB can be added.');
    if (ok.length) {
      setPhotos((p) => [...p, ...ok.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
      setPhotosChanged(true);
    }
  };

  const save = async () => {
    setError(null);
    const body: CarUpdateBody = {};
    const p = Number(price);
    if (!(p > 0) || !Number.isInteger(p)) return setError('Please enter the price.');
    if (p !== car.price) body.price = p;
    if (km.trim() !== '') {
      const k = Number(km);
      if (!(k >= 0) || !Number.isInteger(k))
        return setError('Kindly provide the number of kilometers driven.');
      if (!details || k !== details.specifications.kmDriven) body.specifications = { kmDriven: k };
    }
    if (details && description.trim() !== (details.description ?? '')) body.description = description.trim();
    if (sold !== (car.status === 'sold')) body.status = sold ? 'sold' : 'used';
    if (photos.length === 0) return setError('Keep at least one photo of the car.');
    setSaving(true);
    try {
      if (photosChanged) {
        const keys: string[] = [];
        for (const photo of photos) {
          if (photo.key) keys.push(photo.key);
          else if (photo.file) {
            const result = await uploadCarImage(photo.file, () => undefined);
            if (result.success) keys.push(result.key);
            else toast.error(`${photo.file.name}: ${result.message}`);
          }
        }
        if (keys.length === 0) return setError('Image upload failed.');
        body.images = keys.map((key) => ({ key }));
      }
      if (Object.keys(body).length === 0) {
        onClose();
        return;
      }
      toast.success(await updateCar(car._id, body));
      onSaved();
      onClose();
    } catch {
      // the API client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="sell:-mx-1 sell:flex sell:max-h-[calc(100dvh-9rem)] sell:flex-col sell:gap-4 sell:overflow-y-auto sell:px-1"
    >
      <p className="sell:text-sm sell:text-slate-600 sell:dark:text-slate-300">
        {[car.brand.name, car.model?.name, car.manufacturerYear].filter(Boolean).join(' ')}
      </p>
      {error ? (
        <p
          role="alert"
          className="sell:rounded-lg sell:bg-red-50 sell:px-3 sell:py-2 sell:text-sm sell:text-red-700"
        >
          {error}
        </p>
      ) : null}
      <div className="sell:grid sell:gap-4 sell:sm:grid-cols-2">
        <TextField
          label="Price (₹)"
          inputMode="numeric"
          value={price}
          onChange={(e) => setPrice(e.target.value.replace(/\D/g, ''))}
          {...(Number(price) > 0 ? { hint: formatRupees(Number(price)) } : {})}
        />
        <TextField
          label="Kilometres driven"
          inputMode="numeric"
          value={km}
          onChange={(e) => setKm(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <TextAreaField
        label="Description"
        value={description}
        maxLength={5000}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset>
        <legend className="sell:mb-2 sell:text-sm sell:font-medium">Photos</legend>
        <ul className="sell:grid sell:grid-cols-3 sell:gap-2 sell:sm:grid-cols-4">
          {photos.map((photo, i) => (
            <li key={photo.key ?? photo.url} className="sell:relative">
              <img
                src={photo.url}
                alt={`${i + 1} of ${photos.length}`}
                className="sell:aspect-[4/3] sell:w-full sell:rounded-md sell:object-cover"
              />
              <button
                type="button"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => {
                  setPhotos((list) => list.filter((_, j) => j !== i));
                  setPhotosChanged(true);
                }}
                className="sell:absolute sell:top-1 sell:right-1 sell:grid sell:size-7 sell:place-items-center sell:rounded-full sell:bg-slate-900/70 sell:text-white sell:hover:bg-slate-900"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <label
          htmlFor={fileId}
          className="sell:mt-2 sell:inline-flex sell:cursor-pointer sell:rounded-lg sell:border sell:border-dashed sell:border-slate-400 sell:px-3 sell:py-2 sell:text-sm sell:has-[:focus-visible]:outline-2 sell:has-[:focus-visible]:outline-brand-600"
        >
          Add photos
          <input
            id={fileId}
            type="file"
            multiple
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            className="sell:sr-only"
            onChange={(e) => addFiles(e.target.files)}
          />
        </label>
      </fieldset>
      <label className="sell:flex sell:items-center sell:gap-2 sell:text-sm">
        <input
          type="checkbox"
          checked={sold}
          onChange={(e) => setSold(e.target.checked)}
          className="sell:size-4"
        />
        Mark as sold
      </label>
      <div className="sell:flex sell:justify-end sell:gap-3">
        {saving ? <Spinner label="Saving" className="sell:scale-75" /> : null}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
