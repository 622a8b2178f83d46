/** The brand select of the model and variant screens. */
import type { Brand } from '@marketplace/contracts';
import { SelectField } from '@marketplace/ui';
import type { ComponentProps } from 'react';

/** The 'Brand' select of the model and variant filters and forms ('Choose a Brand', spec §2). */
export function BrandSelect({
  brands,
  ...rest
}: { brands: Brand[] } & Omit<ComponentProps<typeof SelectField>, 'label' | 'placeholder' | 'options'>) {
  return (
    <SelectField
      label="Brand"
      placeholder="Choose a Brand"
      options={brands.map((b) => ({ value: b._id, label: b.name }))}
      {...rest}
    />
  );
}
