import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { catalogueQueries, type ProductVariant } from '#src/data/catalogue.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { productPath } from '#src/ui/paths.ts';
import { localized } from '../catalogue/product-name.ts';

export interface VariantPickerProps {
  variants: ProductVariant[];
  /** The current variant's label in the active language. */
  current: string | null;
  /** Colour dots (a make-up's shades) rather than text chips (a fragrance's formats). */
  swatches: boolean;
}

/**
 * The family's variants as links (each variant is its own page, so Back and a shared link keep the choice); the
 * current one is marked `aria-current`, one not available here says so in its name. Pointing at one starts
 * reading its page, so the switch shows at once.
 */
export function VariantPicker({ variants, current, swatches }: VariantPickerProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const labelId = useId();
  const client = useQueryClient();
  const prefetch = (id: number) => void client.prefetchQuery(catalogueQueries.details(id));
  return (
    <div className="variant-picker">
      <p id={labelId} className="variant-picker__label">
        {swatches ? t`Shade` : t`Format`}
        {current !== null ? <span className="variant-picker__current">: {current}</span> : null}
      </p>
      <ul
        className={`variant-picker__list${swatches ? ' variant-picker__list--swatches' : ''}`}
        aria-labelledby={labelId}
      >
        {variants.map((variant) => {
          const label = localized(variant.label, locale);
          const name = variant.available ? label : t`${label} (not available)`;
          return (
            <li key={variant.id}>
              <Link
                className={`variant-picker__option${variant.available ? '' : ' variant-picker__option--unavailable'}`}
                to={productPath(variant)}
                replace
                preventScrollReset
                aria-current={variant.isCurrent ? 'page' : undefined}
                aria-label={swatches ? name : undefined}
                title={swatches ? name : undefined}
                onPointerEnter={() => prefetch(variant.id)}
                onFocus={() => prefetch(variant.id)}
              >
                {swatches ? (
                  <span
                    className="variant-picker__swatch"
                    style={{ backgroundColor: variant.swatch ?? undefined }}
                    aria-hidden="true"
                  />
                ) : (
                  <>
                    {label}
                    {variant.available ? null : (
                      <span className="visually-hidden"> {t`(not available)`}</span>
                    )}
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
