/**
 * Car-loan arithmetic for buyers (issue 25): the monthly instalment (EMI) of a reducing-balance loan, its
 * total interest, and the reverse (the dearest car a monthly budget buys). Pure functions, rupees and
 * percent; the assumptions every screen starts from are {@link LOAN_DEFAULTS}, stated once here.
 */

/**
 * The loan a buyer is assumed to take until they say otherwise: 20 % down, 10.5 % a year, 60 months; the
 * tenure can be 12 to 84 months. The rate is a guess, not a quote: Indian banks advertised used-car loans
 * at roughly 9–15 % a year in 2024–25 (public banks at the low end, NBFCs higher), and 10.5 % sits towards
 * the cheaper end for a buyer with a good credit score. Down payment and tenure are the common defaults of
 * Indian lenders' EMI calculators.
 */
export const LOAN_DEFAULTS = {
  downPaymentPercent: 20,
  annualRatePercent: 10.5,
  months: 60,
  minMonths: 12,
  maxMonths: 84,
} as const;

/**
 * The monthly instalment of a reducing-balance loan of `principal` rupees at `annualRatePercent` a year
 * over `months` months: P·r·(1+r)^n / ((1+r)^n − 1) with r the monthly rate (annual / 12 / 100); at 0 % it
 * is P / n. Not rounded (₹5,00,000 at 10 % over 60 months → 10623.52…). Nothing to borrow, or no months →
 * 0.
 */
export function emi(principal: number, annualRatePercent: number, months: number): number {
  if (!(principal > 0) || !(months > 0)) return 0;
  const r = annualRatePercent / 12 / 100;
  if (r <= 0) return principal / months;
  const growth = (1 + r) ** months;
  return (principal * r * growth) / (growth - 1);
}

/** A loan's monthly instalment, total interest and total paid, each rounded to the rupee. */
export interface LoanSummary {
  monthly: number;
  totalInterest: number;
  totalPaid: number;
}

/** The {@link emi} of the loan with what it costs in all: total paid and total interest (rupees). */
export function loanSummary(principal: number, annualRatePercent: number, months: number): LoanSummary {
  const monthly = emi(principal, annualRatePercent, months);
  const totalPaid = monthly * Math.max(months, 0);
  return {
    monthly: Math.round(monthly),
    totalPaid: Math.round(totalPaid),
    totalInterest: Math.max(0, Math.round(totalPaid - Math.max(principal, 0))),
  };
}

/** The "EMI from ₹X/month" of a car card: the {@link LOAN_DEFAULTS} loan on `price`, rounded to the rupee. */
export function defaultEmi(price: number): number {
  const d = LOAN_DEFAULTS;
  return Math.round(emi(price * (1 - d.downPaymentPercent / 100), d.annualRatePercent, d.months));
}

/**
 * The largest loan a monthly instalment of `monthly` rupees repays at `annualRatePercent` over `months`
 * (the inverse of {@link emi}): E·((1+r)^n − 1) / (r·(1+r)^n); at 0 % E·n.
 */
export function principalForEmi(monthly: number, annualRatePercent: number, months: number): number {
  if (!(monthly > 0) || !(months > 0)) return 0;
  const r = annualRatePercent / 12 / 100;
  if (r <= 0) return monthly * months;
  const growth = (1 + r) ** months;
  return (monthly * (growth - 1)) / (r * growth);
}

/** A monthly budget: the instalment and the loan it assumes. */
export interface MonthlyBudget {
  monthly: number;
  annualRatePercent: number;
  months: number;
  downPaymentPercent: number;
}

/**
 * The dearest car a monthly budget buys, whole rupees rounded down: the loan {@link principalForEmi} gives
 * is the price less the down payment, so price = loan / (1 − down %). A down payment of 100 % or more → 0.
 */
export function maxPriceForBudget(budget: MonthlyBudget): number {
  const financed = 1 - budget.downPaymentPercent / 100;
  if (!(financed > 0)) return 0;
  return Math.floor(principalForEmi(budget.monthly, budget.annualRatePercent, budget.months) / financed);
}
