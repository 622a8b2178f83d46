/**
 * The listing's MONTHLY BUDGET filter (issue 25): the EMI a buyer can pay, and the loan it assumes (annual
 * rate, tenure, down payment; the defaults of `LOAN_DEFAULTS` until edited), turned into the dearest price
 * the search shows ("Cars up to ₹6.2 lakh"). Kept in the URL as `emi=` (and `emiRate=`, `emiMonths=`,
 * `emiDown=` when edited), so a reload or a shared link keeps it.
 */
import { cn, formatLakh, LOAN_DEFAULTS } from '@marketplace/ui';
import { useId } from 'react';
import { DebouncedInput } from './DebouncedInput';
import { type BudgetFilter as Budget, budgetLoan, budgetMaxPrice } from './filters';

/** Tenures offered, in months: 12 to 84 in steps of a year. */
const TENURES = Array.from(
  { length: (LOAN_DEFAULTS.maxMonths - LOAN_DEFAULTS.minMonths) / 12 + 1 },
  (_, i) => LOAN_DEFAULTS.minMonths + i * 12,
);

/** A rate as typed: digits and at most one point with two decimals ('10.5'); anything else is dropped. */
const rateText = (v: string) => /^\d{0,2}(?:\.\d{0,2})?/.exec(v.replace(/[^\d.]/g, ''))?.[0] ?? '';

export interface BudgetFilterProps {
  value: Budget;
  /** `input` is the shared class of the panel's text inputs. */
  input: string;
  onChange(next: Budget): void;
}

/** The monthly budget inputs and the price cap they give. */
export function BudgetFilter({ value, input, onChange }: BudgetFilterProps) {
  const id = useId();
  const loan = budgetLoan(value);
  const cap = budgetMaxPrice(value);
  const small = 'cat:text-xs cat:text-slate-600 cat:dark:text-slate-300';
  return (
    <div className="cat:flex cat:flex-col cat:gap-2">
      <label htmlFor={`${id}-emi`} className={small}>
        EMI you can pay (₹ a month)
        <DebouncedInput
          id={`${id}-emi`}
          numeric
          placeholder="e.g. 15000"
          value={value.emi}
          onCommit={(emi) => onChange({ ...value, emi })}
          className={cn(input, 'cat:mt-1')}
        />
      </label>
      <p id={`${id}-cap`} aria-live="polite" className="cat:text-sm cat:font-medium">
        {cap !== undefined ? `Cars up to ${formatLakh(cap, 1)}` : ''}
      </p>
      <details className="cat:text-sm">
        <summary className="cat:cursor-pointer cat:text-brand-700 cat:dark:text-brand-200">
          Loan: {loan.rate}% a year · {loan.months} months · {loan.down}% down
        </summary>
        <div className="cat:mt-2 cat:grid cat:grid-cols-3 cat:gap-2">
          <label htmlFor={`${id}-rate`} className={small}>
            Rate (%)
            <DebouncedInput
              id={`${id}-rate`}
              inputMode="decimal"
              placeholder={String(LOAN_DEFAULTS.annualRatePercent)}
              value={value.rate}
              onCommit={(rate) => onChange({ ...value, rate: rateText(rate) })}
              className={cn(input, 'cat:mt-1')}
            />
          </label>
          <label htmlFor={`${id}-months`} className={small}>
            Months
            <select
              id={`${id}-months`}
              value={value.months || String(LOAN_DEFAULTS.months)}
              onChange={(e) =>
                onChange({
                  ...value,
                  months: e.target.value === String(LOAN_DEFAULTS.months) ? '' : e.target.value,
                })
              }
              className={cn(input, 'cat:mt-1 cat:px-1')}
            >
              {TENURES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-down`} className={small}>
            Down (%)
            <DebouncedInput
              id={`${id}-down`}
              numeric
              placeholder={String(LOAN_DEFAULTS.downPaymentPercent)}
              value={value.down}
              onCommit={(down) => onChange({ ...value, down })}
              className={cn(input, 'cat:mt-1')}
            />
          </label>
        </div>
      </details>
    </div>
  );
}
