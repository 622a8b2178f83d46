/**
 * Display formats shared by the front ends.
 */

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const kilometres = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * A price in rupees with the rupee sign and Indian digit grouping (lakh, crore): 575000 → '₹5,75,000'
 * (issue 9, spec §9 "Currency label"). Fractions of a rupee are rounded away.
 */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** Kilometres driven with Indian digit grouping: 125000 → '1,25,000 km'. */
export function formatKm(km: number): string {
  return `${kilometres.format(km)} km`;
}
