/**
 * The EMI calculator of the car page (issue 25), loaded lazily: down payment (₹), annual interest rate (%)
 * and tenure (a slider, 12–84 months, operable with the arrow keys), showing the monthly instalment, the
 * loan, the total interest and the total paid (reducing-balance formula, `@marketplace/ui`'s `loanSummary`).
 * Starts from `LOAN_DEFAULTS`, which it states as assumptions.
 */
import { formatIndianNumber, formatRupees, LOAN_DEFAULTS, loanSummary } from '@marketplace/ui';
import { useId, useState } from 'react';

const input =
  'cat:mt-1 cat:w-full cat:rounded-lg cat:border cat:border-slate-300 cat:bg-white cat:px-3 cat:py-2 cat:text-sm cat:text-slate-900 cat:focus:border-brand-500 cat:focus:outline-none cat:focus:ring-2 cat:focus:ring-brand-200 cat:dark:border-slate-600 cat:dark:bg-slate-800 cat:dark:text-slate-100';

/** Tenure slider step, months (the arrow keys move by it). */
const TENURE_STEP = 6;

/** '60 months (5 years)', '18 months (1.5 years)'. */
function tenureText(months: number): string {
  const years = months / 12;
  return `${months} months (${Number.isInteger(years) ? years : years.toFixed(1)} ${years === 1 ? 'year' : 'years'})`;
}

/** The calculator for a car of `price` rupees. */
export default function EmiCalculator({ price }: { price: number }) {
  const id = useId();
  const d = LOAN_DEFAULTS;
  const [down, setDown] = useState(() =>
    String(Math.round((price * d.downPaymentPercent) / 100 / 1000) * 1000),
  );
  const [rate, setRate] = useState(String(d.annualRatePercent));
  const [months, setMonths] = useState<number>(d.months);

  const downPayment = Math.min(Number(down) || 0, price);
  const ratePercent = Math.min(Math.max(Number(rate) || 0, 0), 50);
  const loan = Math.max(price - downPayment, 0);
  const summary = loanSummary(loan, ratePercent, months);

  return (
    <div className="cat:grid cat:gap-6 cat:md:grid-cols-2">
      <form className="cat:grid cat:gap-4" onSubmit={(e) => e.preventDefault()} aria-label="Loan details">
        <label htmlFor={`${id}-down`} className="cat:text-sm cat:font-medium">
          Down payment (₹)
          <input
            id={`${id}-down`}
            inputMode="numeric"
            value={down}
            onChange={(e) => setDown(e.target.value.replace(/\D/g, ''))}
            aria-describedby={`${id}-down-hint`}
            className={input}
          />
          <span
            id={`${id}-down-hint`}
            className="cat:mt-1 cat:block cat:text-xs cat:text-slate-600 cat:dark:text-slate-300"
          >
            {formatRupees(downPayment)} of {formatRupees(price)}
          </span>
        </label>
        <label htmlFor={`${id}-rate`} className="cat:text-sm cat:font-medium">
          Interest rate (% a year)
          <input
            id={`${id}-rate`}
            type="number"
            inputMode="decimal"
            min={0}
            max={50}
            step={0.1}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            className={input}
          />
        </label>
        <div>
          <label
            htmlFor={`${id}-tenure`}
            className="cat:flex cat:justify-between cat:text-sm cat:font-medium"
          >
            <span>Tenure</span>
            <span aria-hidden="true">{tenureText(months)}</span>
          </label>
          <input
            id={`${id}-tenure`}
            type="range"
            min={d.minMonths}
            max={d.maxMonths}
            step={TENURE_STEP}
            value={months}
            aria-valuetext={tenureText(months)}
            onChange={(e) => setMonths(Number(e.target.value))}
            className="cat:mt-2 cat:w-full cat:accent-brand-600"
          />
          <div
            aria-hidden="true"
            className="cat:flex cat:justify-between cat:text-xs cat:text-slate-600 cat:dark:text-slate-300"
          >
            <span>{d.minMonths} months</span>
            <span>{d.maxMonths} months</span>
          </div>
        </div>
      </form>
      <div className="cat:rounded-xl cat:bg-slate-50 cat:p-4 cat:dark:bg-slate-800">
        <p className="cat:text-sm">Monthly instalment (EMI)</p>
        <output htmlFor={`${id}-down ${id}-rate ${id}-tenure`} aria-live="polite" className="cat:block">
          <span
            data-testid="emi-amount"
            className="cat:text-3xl cat:font-bold cat:text-brand-700 cat:dark:text-brand-200"
          >
            {formatRupees(summary.monthly)}
          </span>
          <span className="cat:text-sm"> a month</span>
        </output>
        <dl className="cat:mt-4 cat:grid cat:grid-cols-2 cat:gap-2 cat:text-sm">
          <dt>Loan amount</dt>
          <dd className="cat:text-right cat:font-semibold">{formatRupees(loan)}</dd>
          <dt>Total interest</dt>
          <dd className="cat:text-right cat:font-semibold" data-testid="emi-interest">
            {formatRupees(summary.totalInterest)}
          </dd>
          <dt>Total paid</dt>
          <dd className="cat:text-right cat:font-semibold">
            {formatRupees(summary.totalPaid + downPayment)}
          </dd>
        </dl>
        <p className="cat:mt-4 cat:text-xs cat:text-slate-600 cat:dark:text-slate-300">
          Assumptions: {d.downPaymentPercent}% down, {d.annualRatePercent}% a year (typical of Indian banks’
          used-car loans; your lender’s rate will differ), {d.months} months, reducing balance, no fees.{' '}
          {formatIndianNumber(months)} equal instalments.
        </p>
      </div>
    </div>
  );
}
