/**
 * schema.org structured data of the public pages (issue 21), written by the server as
 * `<script type="application/ld+json">` for search engines:
 * - a car page: a `Car` (schema.org/Car, a Product and Vehicle) with brand, model, variant, year,
 *   `mileageFromOdometer` in km (UN/CEFACT unit code `KMT`), fuel, transmission and an `Offer` in INR whose
 *   availability is InStock, or SoldOut for a sold car;
 * - the home page: the `Organization` and the `WebSite` with a `SearchAction` that opens the listing with
 *   the searched words (`/buy-a-car?searchTerm=…`, the same query the hero search uses).
 * Sources: schema.org/Car, schema.org/Offer, schema.org/SearchAction; Google Search Central "Vehicle
 * listing" and "Sitelinks search box" structured-data pages.
 */
import type { Car } from '@marketplace/contracts';
import { SITE_NAME } from '@marketplace/ui';
import { carTitle } from './car-title';

/** Absolute URL of a car's page. */
export function carUrl(origin: string, carId: string): string {
  return `${origin}/car-details/${encodeURIComponent(carId)}`;
}

/** Absolute URL of `src` (a site-relative or absolute image URL). */
export function absoluteUrl(origin: string, src: string): string {
  return new URL(src, `${origin}/`).href;
}

/** The `Car` object of a car's page; `origin` is the site's (`https://cars.example.in`). */
export function carJsonLd(car: Car, origin: string): object {
  const url = carUrl(origin, car._id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: `${carTitle(car)} ${car.manufacturerYear}`,
    url,
    ...(car.images.length ? { image: car.images.map((i) => absoluteUrl(origin, i.url)) } : {}),
    ...(car.description ? { description: car.description } : {}),
    brand: { '@type': 'Brand', name: car.brand.name },
    model: car.model.name,
    vehicleConfiguration: car.variant.name,
    vehicleModelDate: String(car.manufacturerYear),
    ...(car.model.bodyType ? { bodyType: car.model.bodyType } : {}),
    fuelType: car.fuelType,
    vehicleTransmission: car.transmission,
    mileageFromOdometer: {
      '@type': 'QuantitativeValue',
      value: car.specifications.kmDriven,
      unitCode: 'KMT',
    },
    ...(car.specifications.engineCapacity
      ? {
          vehicleEngine: {
            '@type': 'EngineSpecification',
            engineDisplacement: {
              '@type': 'QuantitativeValue',
              value: car.specifications.engineCapacity,
              unitCode: 'CMQ',
            },
          },
        }
      : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    offers: {
      '@type': 'Offer',
      url,
      price: car.price,
      priceCurrency: 'INR',
      availability: car.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      ...(car.location.city
        ? {
            availableAtOrFrom: {
              '@type': 'Place',
              address: {
                '@type': 'PostalAddress',
                addressLocality: car.location.city,
                ...(car.location.state ? { addressRegion: car.location.state } : {}),
                addressCountry: 'IN',
              },
            },
          }
        : {}),
    },
  };
}

/** The home page's `Organization` and `WebSite` (with the listing's search as its `SearchAction`). */
export function homeJsonLd(origin: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE_NAME,
      url: `${origin}/`,
      areaServed: 'IN',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${origin}/buy-a-car?searchTerm={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
