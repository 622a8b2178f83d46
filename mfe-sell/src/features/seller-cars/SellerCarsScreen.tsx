/**
 * /sold (spec §2 "Seller listing"; issue 11): the signed-in seller's cars in a table — CarID (row
 * number), CarName, FuelType, Transmission, Price, Image, Options — with a real edit form and a delete
 * behind the shared confirmation.
 */
import type { SellerCar } from '@marketplace/contracts';
import {
  buttonClasses,
  formatRupees,
  Spinner,
  Table,
  toast,
  useAuthStore,
  useCarsStore,
  useLoginDialogStore,
} from '@marketplace/ui';
import { ConfirmDialog } from '@marketplace/ui/overlays';
import { Link } from '@marketplace/ui/router';
import { useCallback, useEffect, useState } from 'react';
import { deleteCar, fetchSellerCars } from '../../api/cars';
import { EditCarDialog } from './EditCarDialog';

const iconButton =
  'sell:grid sell:size-9 sell:place-items-center sell:rounded-md sell:text-slate-600 sell:hover:bg-slate-100 sell:focus-visible:outline-2 sell:focus-visible:outline-brand-600 sell:dark:text-slate-300 sell:dark:hover:bg-slate-800';

/** The seller's cars. */
export function SellerCarsScreen() {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const showLogin = useLoginDialogStore((s) => s.show);
  const patchCars = useCarsStore((s) => s.patch);
  const [cars, setCars] = useState<SellerCar[] | null>(null);
  const [editing, setEditing] = useState<SellerCar | null>(null);
  const [deleting, setDeleting] = useState<SellerCar | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'My cars | Used Car Marketplace';
  }, []);

  const load = useCallback(async () => {
    try {
      const list = await fetchSellerCars();
      setCars(list);
      patchCars({ sellerCar: list });
    } catch {
      setCars([]);
    }
  }, [patchCars]);

  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      toast.success(await deleteCar(deleting._id));
      setDeleting(null);
      await load();
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  if (!ready) {
    return (
      <div className="sell:flex sell:justify-center sell:py-16">
        <Spinner />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="sell:mx-auto sell:flex sell:max-w-md sell:flex-col sell:items-center sell:gap-4 sell:px-4 sell:py-16 sell:text-center">
        <h1 className="sell:text-2xl sell:font-bold">Your listings</h1>
        <p className="sell:text-slate-600 sell:dark:text-slate-300">
          Please login to see the cars you have listed.
        </p>
        <button type="button" className={buttonClasses('primary')} onClick={showLogin}>
          Log In
        </button>
      </div>
    );
  }

  const rows = (cars ?? []).map((car, index) => ({ car, index }));
  return (
    <div className="sell:mx-auto sell:flex sell:max-w-6xl sell:flex-col sell:gap-6 sell:px-4 sell:py-8">
      <div className="sell:flex sell:flex-wrap sell:items-center sell:justify-between sell:gap-3">
        <h1 className="sell:text-2xl sell:font-bold">Your listings</h1>
        <Link to="/sell-a-car" className={buttonClasses('primary')}>
          Sell another car
        </Link>
      </div>
      {cars === null ? (
        <div className="sell:flex sell:justify-center sell:py-16">
          <Spinner />
        </div>
      ) : (
        <>
          <ul aria-label="Your cars" className="sell:flex sell:flex-col sell:gap-3 sell:md:hidden">
            {cars.length === 0 ? (
              <li className="sell:rounded-xl sell:border sell:border-slate-200 sell:p-6 sell:text-center sell:text-slate-500 sell:dark:border-slate-700">
                You have not listed any cars yet.
              </li>
            ) : null}
            {rows.map(({ car, index }) => {
              const name = [car.brand.name, car.model?.name].filter(Boolean).join(' ');
              const image = car.images[0];
              return (
                <li
                  key={car._id}
                  className="sell:flex sell:gap-3 sell:rounded-xl sell:border sell:border-slate-200 sell:bg-white sell:p-3 sell:dark:border-slate-700 sell:dark:bg-slate-900"
                >
                  {image ? (
                    <img
                      src={image.sizes?.find((s) => s.width === 320)?.url ?? image.url}
                      alt={name}
                      loading="lazy"
                      className="sell:h-20 sell:w-28 sell:shrink-0 sell:rounded-md sell:object-cover"
                    />
                  ) : null}
                  <div className="sell:flex sell:min-w-0 sell:flex-1 sell:flex-col sell:gap-0.5">
                    <span className="sell:text-xs sell:text-slate-500">Car {index + 1}</span>
                    <Link
                      to={`/car-details/${car._id}`}
                      className="sell:truncate sell:font-medium sell:text-brand-700 sell:dark:text-brand-200"
                    >
                      {name}
                    </Link>
                    <span className="sell:text-xs sell:text-slate-600 sell:dark:text-slate-300">
                      {car.fuelType} · {car.transmission}
                      {car.status === 'sold' ? ' · Sold' : ''}
                    </span>
                    <span className="sell:font-semibold">{formatRupees(car.price)}</span>
                  </div>
                  <span className="sell:flex sell:flex-col sell:gap-1">
                    <button
                      type="button"
                      aria-label={`Edit ${name}`}
                      className={iconButton}
                      onClick={() => setEditing(car)}
                    >
                      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="sell:size-4">
                        <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-9 9-3.7.9.9-3.7 9-9Z" />
                      </svg>
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${name}`}
                      className={`${iconButton} sell:text-red-600 sell:dark:text-red-400`}
                      onClick={() => setDeleting(car)}
                    >
                      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="sell:size-4">
                        <path d="M7 2h6l1 2h4v2H2V4h4l1-2Zm-3 5h12l-1 11H5L4 7Z" />
                      </svg>
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="sell:hidden sell:md:block">
            <Table
              numbered={false}
              rows={rows}
              rowKey={(r) => r.car._id}
              empty="You have not listed any cars yet."
              columns={[
                { header: 'CarID', cell: (r) => r.index + 1 },
                {
                  header: 'CarName',
                  cell: ({ car }) => (
                    <span className="sell:flex sell:flex-col">
                      <Link
                        to={`/car-details/${car._id}`}
                        className="sell:font-medium sell:text-brand-700 sell:hover:underline sell:dark:text-brand-200"
                      >
                        {[car.brand.name, car.model?.name].filter(Boolean).join(' ')}
                      </Link>
                      {car.status === 'sold' ? (
                        <span className="sell:mt-1 sell:w-fit sell:rounded sell:bg-slate-200 sell:px-1.5 sell:text-xs sell:font-semibold sell:text-slate-700 sell:dark:bg-slate-700 sell:dark:text-slate-100">
                          Sold
                        </span>
                      ) : null}
                    </span>
                  ),
                },
                { header: 'FuelType', cell: ({ car }) => car.fuelType },
                { header: 'Transmission', cell: ({ car }) => car.transmission },
                {
                  header: 'Price',
                  cell: ({ car }) => (
                    <span className="sell:whitespace-nowrap">{formatRupees(car.price)}</span>
                  ),
                },
                {
                  header: 'Image',
                  cell: ({ car }) =>
                    car.images[0] ? (
                      <img
                        src={car.images[0].sizes?.find((s) => s.width === 320)?.url ?? car.images[0].url}
                        alt={[car.brand.name, car.model?.name].filter(Boolean).join(' ')}
                        loading="lazy"
                        className="sell:h-14 sell:w-20 sell:rounded-md sell:object-cover"
                      />
                    ) : (
                      <span className="sell:text-xs sell:text-slate-500">No photo</span>
                    ),
                },
                {
                  header: 'Options',
                  cell: ({ car }) => {
                    const name = [car.brand.name, car.model?.name].filter(Boolean).join(' ');
                    return (
                      <span className="sell:flex sell:gap-1">
                        <button
                          type="button"
                          aria-label={`Edit ${name}`}
                          className={iconButton}
                          onClick={() => setEditing(car)}
                        >
                          <svg
                            viewBox="0 0 20 20"
                            fill="currentColor"
                            aria-hidden="true"
                            className="sell:size-4"
                          >
                            <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-9 9-3.7.9.9-3.7 9-9Z" />
                          </svg>
                        </button>
                        <button
                          type="button"
                          aria-label={`Delete ${name}`}
                          className={`${iconButton} sell:text-red-600 sell:dark:text-red-400`}
                          onClick={() => setDeleting(car)}
                        >
                          <svg
                            viewBox="0 0 20 20"
                            fill="currentColor"
                            aria-hidden="true"
                            className="sell:size-4"
                          >
                            <path d="M7 2h6l1 2h4v2H2V4h4l1-2Zm-3 5h12l-1 11H5L4 7Z" />
                          </svg>
                        </button>
                      </span>
                    );
                  },
                },
              ]}
            />
          </div>
        </>
      )}
      <EditCarDialog car={editing} onClose={() => setEditing(null)} onSaved={() => void load()} />
      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
