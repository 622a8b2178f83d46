/** schema.org data of the car page and the home page (issue 21). */
import type { Car } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { carJsonLd, homeJsonLd } from '../src/lib/structured-data';

const origin = 'https://cars.example.in';
const car = {
  _id: '65f000000000000000000001',
  images: [{ url: '/api/storage/images/k/640.webp', key: 'k' }],
  brand: { _id: 'b', name: 'Hyundai' },
  model: { _id: 'm', name: 'Creta', bodyType: 'SUV' },
  variant: { _id: 'v', name: 'SX', features: [] },
  fuelType: 'Diesel',
  transmission: 'Automatic',
  status: 'used',
  price: 1250000,
  createdAt: '2026-01-01T00:00:00+05:30',
  manufacturerYear: 2021,
  location: { city: 'Pune', state: 'Maharashtra' },
  specifications: { kmDriven: 38000, engineCapacity: 1493 },
  inspectionReport: [],
} as unknown as Car;

describe('carJsonLd', () => {
  it('is a Car with an INR offer, mileage in km, fuel, transmission and year', () => {
    const ld = carJsonLd(car, origin) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: 'Hyundai Creta SX 2021',
      url: `${origin}/car-details/${car._id}`,
      image: [`${origin}/api/storage/images/k/640.webp`],
      brand: { '@type': 'Brand', name: 'Hyundai' },
      model: 'Creta',
      vehicleModelDate: '2021',
      bodyType: 'SUV',
      fuelType: 'Diesel',
      vehicleTransmission: 'Automatic',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 38000, unitCode: 'KMT' },
      offers: {
        '@type': 'Offer',
        price: 1250000,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        availableAtOrFrom: {
          address: { addressLocality: 'Pune', addressRegion: 'Maharashtra', addressCountry: 'IN' },
        },
      },
    });
  });

  it('marks a sold car SoldOut', () => {
    const ld = carJsonLd({ ...car, status: 'sold' }, origin) as { offers: { availability: string } };
    expect(ld.offers.availability).toBe('https://schema.org/SoldOut');
  });
});

describe('homeJsonLd', () => {
  it("is the Organization and the WebSite whose SearchAction opens the listing's search", () => {
    const [org, site] = homeJsonLd(origin) as [Record<string, unknown>, Record<string, unknown>];
    expect(org).toMatchObject({ '@type': 'Organization', name: 'CarBazaar', url: `${origin}/` });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${origin}/buy-a-car?searchTerm={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
