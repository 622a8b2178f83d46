/**
 * The Images step and the submit (spec §2, §4, §8; issue 11): pick images only, thumbnails with remove,
 * 'No images uploaded yet'; on Submit each image goes through the two-step upload with its own progress,
 * a failed one is skipped and named, 'Image upload failed.' when none succeeded, then the listing is posted.
 */
import type { CarCreateBody } from '@marketplace/contracts';
import {
  Button,
  MAX_UPLOAD_BYTES,
  Spinner,
  toast,
  UPLOAD_CONTENT_TYPES,
  useLoadingStore,
} from '@marketplace/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { createListing } from '../../api/cars';
import { uploadCarImage } from '../../api/images';
import type { Draft } from './draft';
import { StepHeading } from './parts';

/** Most photos per listing (contracts: at most 20 images). */
const MAX_IMAGES = 20;

interface Picked {
  id: string;
  file: File;
  preview: string;
  progress: number | null;
  error?: string;
}

/** The listing body from the draft and the uploaded image keys. */
export function listingBody(d: Draft, keys: string[]): CarCreateBody {
  return {
    brand: d.brand?.id ?? '',
    model: d.model?.id ?? '',
    variant: d.variant?.id ?? '',
    manufacturerYear: d.year ?? 0,
    condition: d.condition as CarCreateBody['condition'],
    fuelType: d.fuelType as CarCreateBody['fuelType'],
    transmission: d.transmission as CarCreateBody['transmission'],
    status: 'used',
    state: d.state?.id ?? '',
    rto: d.rto?.id ?? '',
    price: Number(d.price),
    ...(d.description.trim() ? { description: d.description.trim() } : {}),
    location: {
      street: d.street.trim(),
      city: d.city.trim(),
      state: d.locationState.trim(),
      postal_code: d.postalCode.trim(),
    },
    specifications: {
      regNumber: d.regNumber.trim().toUpperCase(),
      // Sent as typed ("1197 cc", "1.2 L"): the API reads the cc (issue 19).
      ...(d.engineCapacity.trim() ? { engineCapacity: d.engineCapacity.trim() } : {}),
      ...(d.insuranceType && d.validTill
        ? { insurance: { type: d.insuranceType, validTill: d.validTill } }
        : {}),
      spareKey: d.spareKey,
      kmDriven: Number(d.kmDriven),
      ownership: d.ownership as NonNullable<CarCreateBody['specifications']['ownership']>,
    },
    history: [],
    images: keys.map((key) => ({ key })),
  };
}

/** The last step: photos and Submit. `checkAnswers` moves to the first incomplete step and says why. */
export function ImagesStep({
  draft,
  setAlert,
  checkAnswers,
  onListed,
}: {
  draft: Draft;
  setAlert(message: string | null): void;
  checkAnswers(): boolean;
  onListed(): void;
}) {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const pickedRef = useRef(picked);
  pickedRef.current = picked;

  useEffect(
    () => () => {
      for (const p of pickedRef.current) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  const add = (files: FileList | null) => {
    if (!files) return;
    const refused: string[] = [];
    const added: Picked[] = [];
    for (const file of Array.from(files)) {
      if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type))
        refused.push(`${file.name} is not an image (JPEG, PNG or WebP).`);
      else if (file.size > MAX_UPLOAD_BYTES) refused.push(`${file.name} is larger than 10 MB.`);
      else if (picked.length + added.length >= MAX_IMAGES)
        refused.push(`At most ${MAX_IMAGES} photos per car.`);
      else added.push({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file), progress: null });
    }
    if (refused.length) setAlert(refused.join(' '));
    if (added.length) setPicked((p) => [...p, ...added]);
    if (inputRef.current) inputRef.current.value = '';
  };

  const remove = (id: string) =>
    setPicked((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((p) => p.id !== id);
    });

  const setProgress = (id: string, patch: Partial<Picked>) =>
    setPicked((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const submit = async () => {
    if (!checkAnswers()) return;
    if (picked.length === 0) {
      setAlert('Please add at least one photo of the car.');
      return;
    }
    const loading = useLoadingStore.getState();
    setSubmitting(true);
    loading.start();
    try {
      const keys: string[] = [];
      const failed: string[] = [];
      for (const p of picked) {
        setProgress(p.id, { progress: 0, error: undefined });
        const result = await uploadCarImage(p.file, (progress) => setProgress(p.id, { progress }));
        if (result.success) keys.push(result.key);
        else {
          failed.push(p.file.name);
          setProgress(p.id, { progress: null, error: result.message });
        }
      }
      if (keys.length === 0) {
        setAlert('Image upload failed.');
        toast.error('Image upload failed.');
        return;
      }
      if (failed.length)
        toast.warning(
          `Skipped ${failed.length === 1 ? 'a photo' : 'photos'} that failed to upload: ${failed.join(', ')}`,
        );
      let message: string;
      try {
        message = await createListing(listingBody(draft, keys));
      } catch {
        return; // the API client has shown the server's message
      }
      toast.success(message);
      for (const p of picked) URL.revokeObjectURL(p.preview);
      setPicked([]);
      onListed();
    } finally {
      loading.stop();
      setSubmitting(false);
    }
  };

  return (
    <div className="sell:flex sell:flex-col sell:gap-4">
      <StepHeading
        title="Photos"
        help="Add clear photos of the outside and inside: JPEG, PNG or WebP up to 10 MB each."
      />
      <div>
        <label
          htmlFor={inputId}
          className="sell:inline-flex sell:cursor-pointer sell:items-center sell:gap-2 sell:rounded-lg sell:border sell:border-dashed sell:border-slate-400 sell:px-4 sell:py-3 sell:text-sm sell:font-medium sell:hover:border-brand-500 sell:has-[:focus-visible]:outline-2 sell:has-[:focus-visible]:outline-brand-600 sell:dark:border-slate-500"
        >
          Add photos
          <input
            id={inputId}
            ref={inputRef}
            type="file"
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            multiple
            disabled={submitting}
            onChange={(e) => add(e.target.files)}
            className="sell:sr-only"
          />
        </label>
      </div>
      {picked.length === 0 ? (
        <p className="sell:rounded-lg sell:bg-slate-50 sell:py-8 sell:text-center sell:text-sm sell:text-slate-500 sell:dark:bg-slate-800 sell:dark:text-slate-400">
          No images uploaded yet
        </p>
      ) : (
        <ul
          aria-label="Chosen photos"
          className="sell:grid sell:grid-cols-2 sell:gap-3 sell:sm:grid-cols-3 sell:lg:grid-cols-4"
        >
          {picked.map((p, i) => (
            <li
              key={p.id}
              className="sell:relative sell:overflow-hidden sell:rounded-lg sell:border sell:border-slate-200 sell:dark:border-slate-700"
            >
              <img
                src={p.preview}
                alt={`${i + 1}: ${p.file.name}`}
                className="sell:aspect-[4/3] sell:w-full sell:object-cover"
              />
              <button
                type="button"
                aria-label={`Remove ${p.file.name}`}
                disabled={submitting}
                onClick={() => remove(p.id)}
                className="sell:absolute sell:top-1 sell:right-1 sell:grid sell:size-8 sell:place-items-center sell:rounded-full sell:bg-slate-900/70 sell:text-white sell:hover:bg-slate-900 sell:focus-visible:outline-2 sell:focus-visible:outline-white"
              >
                <span aria-hidden="true">×</span>
              </button>
              {p.progress !== null ? (
                <progress
                  max={100}
                  value={p.progress}
                  aria-label={`Uploading ${p.file.name}`}
                  className="sell:absolute sell:inset-x-0 sell:bottom-0 sell:h-1.5 sell:w-full"
                />
              ) : null}
              {p.error ? (
                <p className="sell:bg-red-50 sell:px-2 sell:py-1 sell:text-xs sell:text-red-700">{p.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="sell:flex sell:items-center sell:gap-3">
        <Button onClick={submit} disabled={submitting}>
          Submit
        </Button>
        {submitting ? <Spinner label="Listing your car" className="sell:scale-75" /> : null}
      </div>
    </div>
  );
}
