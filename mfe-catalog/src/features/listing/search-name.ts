/** The name a saved search is offered (issue 24): what its filters say, e.g. "Diesel in Pune". */
import { formatIndianNumber, formatLakh, formatRupees, SAVED_SEARCH_NAME_MAX } from '@marketplace/ui';
import { apiQuery, type ListingFilters } from './filters';

/** A money amount as people say it: 800000 → '₹8 lakh', 15000000 → '₹1.5 crore', 90000 → '₹90,000'. */
const rupeesSpoken = (amount: number) => formatLakh(amount, 1);

/** "under X", "from X" or "X–Y" for a range whose ends are whole numbers as text. */
function rangeText(min: string, max: string, show: (n: number) => string): string {
  if (min && max) return `${show(Number(min))}–${show(Number(max))}`;
  if (max) return `under ${show(Number(max))}`;
  return `from ${show(Number(min))}`;
}

/**
 * A short name for the search of `filters`, with brand ids shown by `brandNames`: the car kinds (search
 * term, brands, fuels, body types, transmissions), then the price, km and year ranges, then "in <city>".
 * 'Cars' when no filter is set; cut to SAVED_SEARCH_NAME_MAX characters.
 */
export function suggestSearchName(filters: ListingFilters, brandNames: ReadonlyMap<string, string>): string {
  const kinds = [
    filters.searchTerm.trim() ? `"${filters.searchTerm.trim()}"` : '',
    filters.brands
      .map((id) => brandNames.get(id) ?? '')
      .filter(Boolean)
      .join(' or '),
    filters.fuelTypes.join(' or '),
    filters.bodyTypes.join(' or '),
    filters.transmissions.join(' or '),
  ].filter(Boolean);
  const parts = [kinds.length ? kinds.join(' ') : 'Cars'];
  if (Number(filters.budget.emi) > 0) parts.push(`at ${formatRupees(Number(filters.budget.emi))}/month`);
  if (filters.price.min || filters.price.max)
    parts.push(rangeText(filters.price.min, filters.price.max, rupeesSpoken));
  if (filters.kmDriven.min || filters.kmDriven.max)
    parts.push(rangeText(filters.kmDriven.min, filters.kmDriven.max, (n) => `${formatIndianNumber(n)} km`));
  if (filters.years.min || filters.years.max)
    parts.push(rangeText(filters.years.min, filters.years.max, String).replace('under', 'up to'));
  if (filters.city.trim()) parts.push(`in ${filters.city.trim()}`);
  const name = parts.join(' ');
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

/** The listing's query string of `filters` without sort and page: what a saved search keeps. */
export function savedSearchQuery(filters: ListingFilters): string {
  return new URLSearchParams(apiQuery({ ...filters, sort: 'newest', page: 1 })).toString();
}
