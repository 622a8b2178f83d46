/** How a saved search reads in the profile (issue 24): its filters, channels and frequency in words. */
import type { SavedSearch } from '@marketplace/contracts';
import { ALERT_DIGEST_TIME, formatIndianNumber, formatRupees } from '@marketplace/ui';

const LABELS: Record<string, string> = {
  searchTerm: 'Search',
  brands: 'Brands',
  fuelTypes: 'Fuel',
  transmissions: 'Transmission',
  bodyTypes: 'Body type',
  price: 'Price',
  kmDriven: 'Kilometres',
  years: 'Year',
  city: 'City',
};

function range(raw: string, show: (n: number) => string): string {
  const [min = '', max = ''] = raw.split('-');
  if (min && max) return `${show(Number(min))} – ${show(Number(max))}`;
  if (max) return `up to ${show(Number(max))}`;
  return `from ${show(Number(min))}`;
}

/**
 * The filters of a saved search's `query` as 'Fuel: Diesel · Price: up to ₹8,00,000 · City: Pune', brand
 * ids shown by `brandNames` (a brand not found as 'another brand').
 */
export function filtersSummary(query: string, brandNames: Readonly<Record<string, string>>): string {
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    let shown = value.split(',').join(', ');
    if (key === 'brands')
      shown = value
        .split(',')
        .map((id) => brandNames[id] ?? 'another brand')
        .join(', ');
    else if (key === 'price') shown = range(value, formatRupees);
    else if (key === 'kmDriven') shown = range(value, (n) => `${formatIndianNumber(n)} km`);
    else if (key === 'years') shown = range(value, String);
    parts.push(`${LABELS[key] ?? key}: ${shown}`);
  }
  return parts.join(' · ') || 'All cars';
}

/** 'E-mail and SMS', 'E-mail' or 'SMS'. */
export function channelsText(channels: SavedSearch['channels']): string {
  return channels.map((c) => (c === 'email' ? 'E-mail' : 'SMS')).join(' and ');
}

/** 'As soon as a car matches' or 'Daily digest at 9 AM'. */
export function frequencyText(frequency: SavedSearch['frequency']): string {
  if (frequency === 'instant') return 'As soon as a car matches';
  const [h = 9, m = 0] = ALERT_DIGEST_TIME.split(':').map(Number);
  return `Daily digest at ${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}
