import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  addressValuesOf,
  type AddressValues,
  type BookAddress,
} from '#machines/personal/address-book.machine.ts';
import { AuthField } from '../auth-field.tsx';
import { Button } from '../button.tsx';
import { addressSchema, type AddressFormValues } from './personal.schema.ts';
import { useFieldError } from './use-field-error.ts';
import { useTypedBeforeTakeOver } from './use-typed-before-take-over.ts';

export interface AddressFormProps {
  /** The address edited, or `null` for a new one. */
  address: BookAddress | null;
  saving: boolean;
  /** The translated failure of the last save, or `null`. */
  failure: string | null;
  invalidFields: readonly string[];
  onSave: (values: AddressValues) => void;
  onCancel: () => void;
}

/** Add or edit an address (react-hook-form + zod; the machine sends it). */
export function AddressForm({ address, saving, failure, invalidFields, onSave, onCancel }: AddressFormProps) {
  const { t } = useLingui();
  const id = useId();
  const fieldError = useFieldError(invalidFields);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<AddressFormValues>({
    resolver: zodResolver(addressSchema),
    defaultValues: addressValuesOf(address),
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);

  useEffect(() => setFocus('postIndex'), [setFocus]);

  const title = address === null ? t`New address` : t`Edit the address`;
  return (
    <form
      ref={typedRef}
      className="form address-form"
      noValidate
      aria-busy={saving}
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit((values) => onSave(values))}
    >
      <h3 id={`${id}-title`} className="dash-card__subtitle">
        {title}
      </h3>
      <div className="address-form__grid">
        <AuthField
          id={`${id}-post-index`}
          label={t`Post index`}
          autoComplete="postal-code"
          required
          error={fieldError('postIndex', errors.postIndex?.message)}
          registration={register('postIndex')}
        />
        <AuthField
          id={`${id}-city`}
          label={t`City`}
          autoComplete="address-level2"
          required
          error={fieldError('city', errors.city?.message)}
          registration={register('city')}
        />
        <AuthField
          id={`${id}-street`}
          label={t`Street`}
          autoComplete="address-line1"
          required
          error={fieldError('street', errors.street?.message)}
          registration={register('street')}
        />
        <AuthField
          id={`${id}-house`}
          label={t`House`}
          required
          error={fieldError('house', errors.house?.message)}
          registration={register('house')}
        />
        <AuthField
          id={`${id}-apartment`}
          label={t`Apartment (optional)`}
          error={fieldError('apartment', errors.apartment?.message)}
          registration={register('apartment')}
        />
      </div>
      {address?.isDefault === true ? (
        <p className="dash-card__note">{t`This is your default address.`}</p>
      ) : (
        <label className="checkbox" htmlFor={`${id}-default`}>
          <input id={`${id}-default`} type="checkbox" {...register('isDefault')} />
          {t`Use as the default delivery address`}
        </label>
      )}
      {failure === null ? null : (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="dash-card__actions">
        <Button type="submit" disabled={saving}>
          {saving ? t`Saving…` : t`Save the address`}
        </Button>
        <Button variant="ghost" disabled={saving} onClick={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
