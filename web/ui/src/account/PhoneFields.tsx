/**
 * The phone number fields of the sign-in, registration and contact forms: country (calling code) and
 * national number, shown through the country's phone mask.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Row, SelectField, TextField } from '@parlay/ui/index.ts';
import { countryById } from './countries.ts';
import styles from './PhoneFields.module.css';
import { applyPhoneMask, isPhoneComplete, phoneDigits, usePhoneCountries } from './phone-mask.ts';

/**
 * Country (calling code) and national number; the number is shown through the country's phone mask
 * and must have as many digits as the mask's Min and Max say.
 */
export function PhoneFields({
  lng,
  countryId,
  phoneNumber,
  onCountry,
  onNumber,
}: {
  lng: string;
  countryId: number;
  /** Digits only. */
  phoneNumber: string;
  onCountry(countryId: number): void;
  onNumber(digits: string): void;
}) {
  const t = useT('auth');
  const countries = usePhoneCountries(lng);
  const country = countries.find((c) => c.id === countryId) ?? countries[0]!;
  const validity = (input: HTMLInputElement, digits: string) =>
    input.setCustomValidity(
      digits !== '' && !isPhoneComplete(country, digits)
        ? t(country.min === country.max ? 'fields.phone_digits' : 'fields.phone_digits_range', {
            min: String(country.min),
            max: String(country.max),
          })
        : '',
    );
  return (
    <Row>
      <div className={styles.countryCode}>
        <SelectField
          label={t('fields.phone_code')}
          value={country.id}
          onChange={(e) => onCountry(Number(e.target.value))}
          data-testid="phone-country"
        >
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.telCode} ${c.name ?? t(`countries.${c.code}`)}`}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        hint={
          country.mask ? t('fields.phone_format', { mask: country.mask.replaceAll('#', '0') }) : undefined
        }
        data-mask={country.mask ?? ''}
        value={applyPhoneMask(country.mask, phoneNumber)}
        onChange={(e) => {
          const digits = phoneDigits(e.target.value, country.max);
          validity(e.currentTarget, digits);
          onNumber(digits);
        }}
        onBlur={(e) => validity(e.currentTarget, phoneNumber)}
      />
    </Row>
  );
}

/** The calling code of a phone country id ("+7"). */
export const phoneCodeOf = (countryId: number): string => countryById(countryId).phoneCode;
