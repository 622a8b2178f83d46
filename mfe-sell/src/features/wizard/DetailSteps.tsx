/**
 * The form steps of the sell wizard (spec §2, §5; issue 11): kilometres, price, condition and ownership;
 * the car's location; its specifications. Each validates on Next (the wizard shows the alert). The price
 * step shows what cars like the seller's sell for (issue 25, ValuationHint).
 */
import { DateInput, formatRupees, SelectField, TextAreaField, TextField } from '@marketplace/ui';
import { CONDITIONS, OWNERSHIPS } from './draft';
import { StepForm } from './parts';
import type { FormStepProps } from './step-props';
import { ValuationHint } from './ValuationHint';

/** Insurance types offered in the Specifications step. */
const INSURANCE_TYPES = ['Comprehensive', 'Third Party', 'Zero Depreciation'];

/** Step 6: kilometres driven and price (digits only, the price also in rupees), condition, ownership. */
export function KmsStep({ draft, update, onNext }: FormStepProps) {
  return (
    <StepForm title="Kilometres, price and condition" onNext={onNext}>
      <TextField
        label="Kilometres driven"
        inputMode="numeric"
        value={draft.kmDriven}
        onChange={(e) => update({ kmDriven: e.target.value.replace(/\D/g, '') })}
        placeholder="e.g. 45000"
      />
      <TextField
        label="Price (₹)"
        inputMode="numeric"
        value={draft.price}
        onChange={(e) => update({ price: e.target.value.replace(/\D/g, '') })}
        placeholder="e.g. 575000"
        {...(Number(draft.price) > 0 ? { hint: formatRupees(Number(draft.price)) } : {})}
      />
      <ValuationHint draft={draft} />
      <SelectField
        label="Condition"
        value={draft.condition}
        onChange={(e) => update({ condition: e.target.value })}
        options={CONDITIONS.map((c) => ({ value: c, label: c[0]?.toUpperCase() + c.slice(1) }))}
      />
      <SelectField
        label="Ownership"
        value={draft.ownership}
        onChange={(e) => update({ ownership: e.target.value })}
        options={OWNERSHIPS.map((o) => ({ value: o, label: o === 'More than Four' ? o : `${o} owner` }))}
      />
    </StepForm>
  );
}

/** Step 7: where buyers can see the car (street, city, state, 6-digit PIN code). */
export function LocationStep({ draft, update, onNext }: FormStepProps) {
  return (
    <StepForm title="Where can buyers see the car?" onNext={onNext}>
      <div className="sell:sm:col-span-2">
        <TextField
          label="Street"
          autoComplete="street-address"
          value={draft.street}
          onChange={(e) => update({ street: e.target.value })}
        />
      </div>
      <TextField
        label="City"
        autoComplete="address-level2"
        value={draft.city}
        onChange={(e) => update({ city: e.target.value })}
      />
      <TextField
        label="State"
        autoComplete="address-level1"
        value={draft.locationState}
        onChange={(e) => update({ locationState: e.target.value })}
      />
      <TextField
        label="PIN code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        value={draft.postalCode}
        onChange={(e) => update({ postalCode: e.target.value.replace(/\D/g, '') })}
      />
    </StepForm>
  );
}

/** Step 8: registration number, engine capacity, spare key, insurance and its date, description. */
export function SpecificationsStep({ draft, update, onNext }: FormStepProps) {
  return (
    <StepForm title="Specifications" onNext={onNext}>
      <TextField
        label="Registration number"
        value={draft.regNumber}
        placeholder={draft.rto ? `${draft.rto.name}-AB-1234` : 'KA-01-AB-1234'}
        onChange={(e) => update({ regNumber: e.target.value.toUpperCase() })}
      />
      <TextField
        label="Engine capacity"
        maxLength={20}
        value={draft.engineCapacity}
        placeholder="e.g. 1197 cc or 1.2 L"
        onChange={(e) => update({ engineCapacity: e.target.value })}
      />
      <SelectField
        label="Spare key"
        value={draft.spareKey ? 'yes' : 'no'}
        onChange={(e) => update({ spareKey: e.target.value === 'yes' })}
        options={[
          { value: 'no', label: 'No' },
          { value: 'yes', label: 'Yes' },
        ]}
      />
      <SelectField
        label="Insurance type"
        value={draft.insuranceType}
        onChange={(e) =>
          update({ insuranceType: e.target.value, ...(e.target.value ? {} : { validTill: '' }) })
        }
        placeholder="No insurance"
        options={INSURANCE_TYPES.map((t) => ({ value: t, label: t }))}
      />
      <DateInput
        label="Insurance valid till"
        value={draft.validTill}
        required={draft.insuranceType !== ''}
        disabled={draft.insuranceType === ''}
        onChange={(e) => update({ validTill: e.target.value })}
      />
      <div className="sell:sm:col-span-2">
        <TextAreaField
          label="Description (optional)"
          value={draft.description}
          maxLength={5000}
          onChange={(e) => update({ description: e.target.value })}
        />
      </div>
    </StepForm>
  );
}
